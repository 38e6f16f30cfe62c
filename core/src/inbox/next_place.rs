//! The front place an asker that holds asks back keeps for its next one. An MCP server sends
//! its queue to the inbox one form at a time, the next once the last is answered: without the
//! place kept, an ask that arrived meanwhile from elsewhere would come before the server's
//! forms, queued long before it, and the idle screen would flash between two of its forms.
//! The answered form stays on the screen until the next shows, taking no input, or until
//! [`Timer::NextHeldBack`] runs out (the asker's next ask never came: withdrawn, say).

use super::{Entry, Inbox};
use crate::effect::Effect;
use crate::input::{Arrival, Timer};

/// The place kept: whose it is, and the answered form, drawn as it was left.
#[derive(Debug)]
pub(super) struct NextPlace {
    /// The process of the asker it is kept for.
    process: u32,
    /// The form just answered.
    pub(super) answered: Box<Entry>,
}

impl Inbox {
    /// After `entry` was answered: keeps the front place for its asker's next ask when the
    /// asker holds more back and said its process, giving the timer to start; `None` when no
    /// place is kept.
    pub(super) fn keep_place_after(&mut self, entry: Entry) -> Option<Effect> {
        let process = entry.process.filter(|_| entry.behind > 0)?;
        self.next_place = Some(NextPlace {
            process,
            answered: Box::new(entry),
        });
        Some(Effect::StartTimer(Timer::NextHeldBack))
    }

    /// Whether `arrival` takes the kept place: it comes from the asker it was kept for.
    pub(super) fn takes_kept_place(&self, arrival: &Arrival) -> bool {
        self.next_place
            .as_ref()
            .is_some_and(|place| arrival.process == Some(place.process))
    }

    /// Gives the kept place up (its asker's next ask came to it, or the wait ran out): the
    /// form at the front shows, or the idle screen.
    pub(super) fn release_place(&mut self) -> Vec<Effect> {
        if self.next_place.take().is_none() {
            return Vec::new();
        }
        self.show_front()
    }

    /// The answered form drawn while its place is kept.
    pub(super) fn kept_place_form(&self) -> Option<&Entry> {
        self.next_place.as_ref().map(|place| &*place.answered)
    }
}
