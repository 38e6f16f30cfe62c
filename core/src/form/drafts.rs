//! The answers being written, one draft a question, and a count of the changes made to them.
//!
//! A draft is changed only through [`Drafts::get_mut`] or [`Drafts::replace`], each of which
//! counts a change, so a view that laid something out from the drafts (the review's summary)
//! keeps it while the count stays the same: it neither compares the drafts, which may hold a
//! pasted log of megabytes and its images, nor keeps a copy of them.

use std::ops::Deref;

use crate::contract::answers::Draft;

/// Every question's draft, read as a slice, changed only through methods that count it.
#[derive(Clone, Debug, Default)]
pub struct Drafts {
    drafts: Vec<Draft>,
    changes: u64,
}

impl Drafts {
    /// An empty draft for each of `questions` questions.
    pub fn new(questions: usize) -> Self {
        Self {
            drafts: vec![Draft::default(); questions],
            changes: 0,
        }
    }

    /// Draft `index`, to change; counted as changed.
    ///
    /// # Panics
    /// When there is no question `index`, as indexing the slice would.
    pub fn get_mut(&mut self, index: usize) -> &mut Draft {
        self.changes += 1;
        &mut self.drafts[index]
    }

    /// Puts `drafts` in place of every draft.
    pub fn replace(&mut self, drafts: Vec<Draft>) {
        self.changes += 1;
        self.drafts = drafts;
    }

    /// How many times the drafts were handed out to change or replaced: equal counts mean the
    /// same drafts.
    pub fn changes(&self) -> u64 {
        self.changes
    }
}

impl Deref for Drafts {
    type Target = [Draft];

    fn deref(&self) -> &[Draft] {
        &self.drafts
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_way_to_change_a_draft_is_counted() {
        let mut drafts = Drafts::new(2);
        let before = drafts.changes();
        drafts.get_mut(1).custom_text = "typed".into();
        let changed = drafts.changes();
        assert!(changed > before);
        assert_eq!(drafts[1].custom_text, "typed");
        drafts.replace(vec![Draft::default()]);
        assert!(drafts.changes() > changed);
        assert_eq!(drafts.len(), 1);
    }
}
