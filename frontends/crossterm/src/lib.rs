//! The terminal frontend of pi-agent-ask.
//!
//! Crossterm events become core [`Input`](pi_agent_ask_core::Input)s ([`event`]), and semantic
//! roles become terminal styles ([`theme`]). Unix only.

pub mod event;
pub mod theme;

pub use theme::{ColorMode, Theme};
