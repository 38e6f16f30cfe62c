//! The pure core of pi-agent-ask.
//!
//! Everything here is data in, data out: tool arguments become a validated [`contract`] request,
//! [`input::Input`] events drive a form, the form answers with [`effect::Effect`]s and draws
//! [`draw::Frame`]s made of semantic draw commands, and a [`runner::Runner`] carries the effects
//! between any surface and the program. Nothing in this crate touches a terminal, the
//! file system, a clock or a source of randomness; ids, times and file contents are passed in.

pub mod contract;
pub mod dialog;
pub mod draw;
pub mod effect;
pub mod events;
pub mod form;
pub mod inbox;
pub mod input;
pub mod journal;
pub mod json;
pub mod keys;
pub mod queue;
pub mod runner;
pub mod settings;
pub mod settings_panel;
pub mod settling;
pub mod surrogates;
pub mod text;

pub use draw::{Frame, Size};
pub use effect::{Effect, Surface};
pub use input::Input;
pub use runner::{Handler, Runner};
