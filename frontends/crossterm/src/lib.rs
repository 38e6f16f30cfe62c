//! The terminal frontend of pi-agent-ask.
//!
//! It drives any core [`Surface`](pi_agent_ask_core::Surface) on the terminal: crossterm events
//! are decoded from the terminal's bytes ([`decode`]) and become core
//! [`Input`](pi_agent_ask_core::Input)s ([`event`]), core frames are painted row by
//! row with a [`theme`] ([`paint`]) where their runs changed ([`painter`]), and the [`encode`]r
//! writes only the cells the screen does not show yet to `/dev/tty` ([`terminal`]), so
//! standard output stays free for the tool result.
//! [`run_with`] ties them together around a core
//! [`Runner`](pi_agent_ask_core::runner::Runner), which keeps the timers a surface starts and
//! hands the program every other effect, and restores the terminal on every way out: a
//! finished flow, an error, a panic, a signal, or the terminal going away; [`run_with_source`]
//! also waits on one more source of inputs ([`ExternalInputs`], an inbox's askers). Unix only.

pub mod backend;
pub mod cell;
pub mod counting;
pub mod decode;
pub mod drain;
pub mod encode;
pub mod event;
pub mod fresh;
pub mod inline;
pub mod jobs;
pub mod lean;
pub mod notify;
pub mod output_watch;
pub mod paint;
pub mod painter;
mod reader;
mod release;
pub mod run;
pub mod sgr;
pub mod shadow;
pub mod signals;
pub mod terminal;
pub mod theme;
mod waiting;
pub mod wake;

pub use counting::{ByteCount, CountingWriter};
pub use lean::{LeanBackend, ScreenSize};
pub use output_watch::{OutputWatch, standard_output_with_a_reader};
pub use run::{End, ExternalInputs, Outcome, run, run_with, run_with_source};
pub use signals::Signal;
pub use terminal::{Screen, TerminalOptions, TerminalSession, has_tty};
pub use theme::{ColorMode, Theme};
pub use wake::wake_pipe;
