//! Forms whose askers went away after the person had started on them, kept for a while so an
//! asker that reconnects with the same ask id gets its form back as it was left.

use std::collections::VecDeque;

use serde_json::Value;

use super::Entry;
use crate::contract::answers::Draft;
use crate::input::AskId;

/// How many forms are kept aside; the oldest goes first.
pub(super) const KEPT: usize = 32;

/// The forms set aside, the oldest first.
#[derive(Debug, Default)]
pub(super) struct SetAside {
    entries: VecDeque<Entry>,
}

impl SetAside {
    /// Keeps `entry`, dropping the oldest beyond [`KEPT`].
    pub(super) fn keep(&mut self, entry: Entry) {
        self.entries.retain(|kept| kept.ask != entry.ask);
        self.entries.push_back(entry);
        while self.entries.len() > KEPT {
            self.entries.pop_front();
        }
    }

    /// Takes the form kept for `ask`, when it asks the same arguments and its asker brings no
    /// drafts or the ones it opened with (`brings`): a form kept for other arguments is
    /// dropped, since its answers are for other questions, and so is one whose asker brings
    /// other drafts, which its journal took in after the copy was set aside (handed back from
    /// it, or written elsewhere since) and are the newer.
    pub(super) fn take(
        &mut self,
        ask: &AskId,
        arguments: &Value,
        brings: Option<&[Draft]>,
    ) -> Option<Entry> {
        let index = self.entries.iter().position(|kept| kept.ask == *ask)?;
        let entry = self.entries.remove(index)?;
        let same_questions = entry.form().call().arguments() == *arguments;
        let nothing_newer = brings.is_none() || entry.opened_with.as_deref() == brings;
        (same_questions && nothing_newer).then_some(entry)
    }
}
