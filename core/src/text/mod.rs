//! Text measurement and shaping for drawing: sanitizing, display widths and wrapping.
//!
//! Payload text goes through [`sanitize`] or [`sanitize_line`] before anything measures or
//! draws it; the other functions expect sanitized text. All of them run every frame, so they
//! borrow from their input whenever they can.

mod ascii;
mod closest;
mod pasted;
mod position;
mod sanitize;
mod width;
mod wrap;

#[cfg(test)]
mod wrap_tests;

pub use sanitize::{
    INVISIBLE_CONTROL_MARK, LINE_BREAK_MARK, TAB, sanitize, sanitize_line, sanitize_lines,
};
pub use width::{
    ELLIPSIS, fit, grapheme_width, graphemes, narrow_standalone_cells, standalone_chars, truncate,
    width,
};
pub(crate) use wrap::wrap_ascii_line_into;
pub use wrap::{wrap, wrap_into, wrapped_line_count};

pub use ascii::is_printable_ascii;
pub use closest::closest;
pub use pasted::pasted;
pub use position::{
    byte_at_char, chars_of_cluster_after, chars_of_cluster_before, cluster_start_at,
};
pub(crate) use wrap::fitting_line;
