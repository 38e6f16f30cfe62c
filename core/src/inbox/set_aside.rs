//! Forms whose askers went away after the person had started on them, kept for a while so an
//! asker that reconnects with the same ask id gets its form back as it was left.

use std::collections::VecDeque;

use serde_json::Value;

use super::Entry;
use crate::input::AskId;

/// How many forms are kept aside; the oldest goes first.
pub(super) const KEPT: usize = 32;

/// The forms set aside, the oldest first.
#[derive(Debug, Default)]
pub(super) struct SetAside {
    entries: VecDeque<Aside>,
}

/// A form set aside, and how its asker left it.
#[derive(Debug)]
struct Aside {
    entry: Entry,
    /// Whether its asker took what the form held back ([`super::Inbox`]'s recall) to keep it
    /// elsewhere (a journal): an asker that comes again bringing drafts brings that, or what
    /// became of it since, and this copy may be older.
    handed_back: bool,
}

impl SetAside {
    /// Keeps `entry`, dropping the oldest beyond [`KEPT`]; `handed_back` when its asker took
    /// what it held.
    pub(super) fn keep(&mut self, entry: Entry, handed_back: bool) {
        self.entries.retain(|kept| kept.entry.ask != entry.ask);
        self.entries.push_back(Aside { entry, handed_back });
        while self.entries.len() > KEPT {
            self.entries.pop_front();
        }
    }

    /// Takes the form kept for `ask`, when it asks the same arguments; a form kept for the
    /// same id with other arguments is dropped, since its answers are for other questions,
    /// and so is one whose drafts its asker took back, when the asker comes again with drafts
    /// (`brings_drafts`): those are the ones to open with.
    pub(super) fn take(
        &mut self,
        ask: &AskId,
        arguments: &Value,
        brings_drafts: bool,
    ) -> Option<Entry> {
        let index = self
            .entries
            .iter()
            .position(|kept| kept.entry.ask == *ask)?;
        let kept = self.entries.remove(index)?;
        let same = kept.entry.form().call().arguments() == *arguments;
        (same && !(kept.handed_back && brings_drafts)).then_some(kept.entry)
    }
}
