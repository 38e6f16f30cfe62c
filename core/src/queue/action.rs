//! What the background queue asks its surface to do, as data: save, answer, open, signal and
//! deliver, in the order they must happen.

use serde::ser::{Serialize, SerializeMap, Serializer};

use crate::contract::Call;
use crate::contract::background::{BackgroundAnswer, Receipt, WaitResult};

/// The channel an open background form's blocked status goes out on.
pub const BLOCKED_CHANNEL: &str = "herdr:blocked";

/// The label of the blocked status while a background form waits for the user.
pub const BLOCKED_LABEL: &str = "Waiting for user response";

/// The `herdr:blocked` status: the agent keeps working while a form waits for the user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Blocked {
    /// A background form opened: `{active: true, label: "Waiting for user response"}`.
    Active,
    /// It closed: `{active: false}`.
    Cleared,
}

impl Serialize for Blocked {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        match self {
            Self::Active => {
                let mut map = serializer.serialize_map(Some(2))?;
                map.serialize_entry("active", &true)?;
                map.serialize_entry("label", BLOCKED_LABEL)?;
                map.end()
            }
            Self::Cleared => {
                let mut map = serializer.serialize_map(Some(1))?;
                map.serialize_entry("active", &false)?;
                map.end()
            }
        }
    }
}

/// One thing the surface does for the queue, in the order given.
#[derive(Clone, Debug, PartialEq)]
pub enum Action {
    /// Save the queued call (its request, under its request id) before the receipt is given.
    SaveRequest {
        /// The queued form's request id.
        request_id: String,
    },
    /// Answer the queued call with its receipt.
    Receipt(Receipt),
    /// Ask this background form now; the input lock is its own until it finishes.
    Open(Box<Call>),
    /// The foreground ask with this id holds the input lock now and may ask.
    Grant {
        /// The id the foreground ask asked for the lock under.
        id: String,
    },
    /// The foreground ask with this id left the line before its turn, because the person
    /// closed where it was counted as waiting ([`super::Queue::close_line`]): it ends with
    /// its cancelled result, unasked.
    Dismiss {
        /// The id the foreground ask asked for the lock under.
        id: String,
    },
    /// Send the blocked status.
    Blocked(Blocked),
    /// Save a finished form's end before it is delivered anywhere.
    SaveCompletion(BackgroundAnswer),
    /// Answer the wait with this id.
    Deliver {
        /// The id the wait was registered under.
        waiter: String,
        /// Every form's end not delivered before.
        result: WaitResult,
    },
}
