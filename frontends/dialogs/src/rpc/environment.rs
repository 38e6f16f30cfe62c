//! What a [`super::Session`] takes from outside, so that a transcript is reproducible.

use pi_agent_ask_core::contract::{Call, InvalidCall, Tool};
use pi_agent_ask_core::journal::Moment;
use serde_json::Value;

/// What a session needs from outside: fresh ids, the time, argument checking (which reads
/// preview files and the settings), and the journal.
pub trait Environment {
    /// A fresh unique id: dialog request ids and `ask_user` request ids.
    fn new_id(&mut self) -> String;

    /// The current time in milliseconds since the Unix epoch, as events carry it.
    fn now(&mut self) -> u64;

    /// Validates and normalizes a call's arguments: [`Call::parse`] with the settings'
    /// presentation switch, the preview files of the working directory, and
    /// [`Environment::new_id`] for the request id.
    fn parse_call(&mut self, tool: Tool, arguments: &Value) -> Result<Call, InvalidCall>;

    /// Keeps `entry` in the session's journal; a session without one (no `--session`) keeps
    /// nothing. A journal that cannot be written reports it itself: the answers still go out.
    fn journal(&mut self, entry: Moment<'_>) {
        let _ = entry;
    }

    /// Whether the session keeps a journal, from which the next session on it takes up the
    /// background forms this one leaves.
    fn keeps_journal(&self) -> bool {
        false
    }
}
