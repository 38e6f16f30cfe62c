//! The terminal frontend of pi-agent-ask.
//!
//! Crossterm events become core [`Input`](pi_agent_ask_core::Input)s ([`event`]), core frames
//! are painted into ratatui buffers ([`paint`]) with a [`theme`], and a [`counting`] writer
//! measures what a redraw costs. Unix only.

pub mod counting;
pub mod event;
pub mod paint;
pub mod theme;

pub use counting::{ByteCount, CountingWriter};
pub use theme::{ColorMode, Theme};
