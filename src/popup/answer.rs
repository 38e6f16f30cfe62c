//! What asking in a popup gives: a result and how the popup ended, or why it gave none.

/// Why a popup did not give a result.
#[derive(Debug, thiserror::Error)]
pub enum PopupError {
    /// The host did not open the popup (it refused, or the popup's program never started):
    /// the caller asks on its next surface.
    #[error("{host} did not open the popup: {reason}")]
    Refused {
        /// The host's name.
        host: &'static str,
        /// What it said, or what was seen.
        reason: String,
    },
    /// The handoff failed, or the popup's program could not ask.
    #[error("the popup failed: {0}")]
    Failed(String),
}

/// How a popup ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum PopupEnding {
    /// The form ended in the popup; the status its program exited with (0, `128 + n` when its
    /// terminal went away on signal `n`, 101 after a crash).
    Ended(u8),
    /// The popup closed without a result (its program was killed): the call's cancelled
    /// result.
    Closed,
    /// The caller cancelled: the popup was closed and the form taken back before the person
    /// ended it, with the answers so far when the form could still say them (and what it
    /// held, in [`PopupAnswer::kept`]).
    Cancelled,
}

/// A popup's tool result and how it ended.
#[derive(Clone, Debug, PartialEq)]
pub struct PopupAnswer {
    /// The tool result document, printed as `ask` prints every result.
    pub result: serde_json::Value,
    /// How the popup ended.
    pub ending: PopupEnding,
    /// What the form held when it was ended from outside, one draft per question.
    pub kept: Option<Vec<pi_agent_ask_core::contract::answers::Draft>>,
}
