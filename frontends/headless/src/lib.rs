//! The headless frontend: frames as text grids and key scripts as inputs and waits.
//!
//! Golden-screen tests and the `render` command drive a form with the steps of [`parse_keys`]
//! (inputs, and waits on a scripted clock) and print its frames with [`render_plain`] or, to
//! review roles and attributes, [`render_styled`]; lines that are no screen (a transcript) print
//! with [`render_lines_plain`] and [`render_lines_styled`].

mod grid;
mod lines;
mod render;
mod script;

#[cfg(test)]
mod render_tests;
#[cfg(test)]
mod script_tests;

pub use lines::{StyledRun, render_lines_plain, render_lines_runs, render_lines_styled};
pub use render::{CURSOR_GLYPH, CursorMarker, render_plain, render_plain_with, render_styled};
pub use script::{MAX_REPEAT, MAX_SCREEN_SIDE, ScriptError, ScriptProblem, ScriptStep, parse_keys};
