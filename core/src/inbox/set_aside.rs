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

    /// Takes what was kept for `ask`, when it asks the same arguments (a form kept for other
    /// arguments is dropped, since its answers are for other questions): the form whole when
    /// its asker brings no drafts or the ones it opened with (`brings`); else, since the
    /// drafts brought were journaled after the copy was set aside (handed back from it, or
    /// written elsewhere since), the brought drafts with the copy's answer to each question
    /// they left as the copy opened with, so what was answered only here is not lost.
    pub(super) fn take(
        &mut self,
        ask: &AskId,
        arguments: &Value,
        brings: Option<&[Draft]>,
    ) -> Option<Taken> {
        let index = self.entries.iter().position(|kept| kept.ask == *ask)?;
        let entry = self.entries.remove(index)?;
        if entry.form().call().arguments() != *arguments {
            return None;
        }
        let Some(brought) = brings.filter(|&brought| entry.opened_with.as_deref() != Some(brought))
        else {
            return Some(Taken::Whole(Box::new(entry)));
        };
        let kept = entry.form().kept_drafts();
        let opened = entry
            .opened_with
            .clone()
            .unwrap_or_else(|| vec![Draft::default(); kept.len()]);
        if kept.len() != brought.len() || opened.len() != brought.len() {
            return None;
        }
        let merged = brought
            .iter()
            .zip(opened)
            .zip(kept)
            .map(|((brought, opened), kept)| {
                if *brought == opened {
                    kept
                } else {
                    brought.clone()
                }
            })
            .collect();
        Some(Taken::Merged(merged))
    }
}

/// What an asker asking again takes from the copy kept for its ask.
#[derive(Debug)]
pub(super) enum Taken {
    /// The form as it was left: nothing newer came since.
    Whole(Box<Entry>),
    /// The drafts to open a new form with: those the asker brought, and the copy's where the
    /// brought ones did not change a question since the copy opened.
    Merged(Vec<Draft>),
}
