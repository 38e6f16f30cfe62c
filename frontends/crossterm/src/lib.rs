//! The terminal frontend of pi-agent-ask.
//!
//! Crossterm events become core [`Input`](pi_agent_ask_core::Input)s ([`event`]). Unix only.

pub mod event;
