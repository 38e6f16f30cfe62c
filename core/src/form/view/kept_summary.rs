//! The review's summary as the last frames laid it out, kept while the drafts, the width and
//! which notes show stay the same: paging down a written answer of megabytes lays out the rows
//! the new page reaches, not every row above it again.

use crate::draw::Line;

/// How the summary shows each question.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum SummaryForm {
    /// The label and the prompt, the answer on the lines below, a blank line between
    /// questions.
    Full,
    /// The label and the answer on one line, no blank lines: a screen too short for the full
    /// summary shows every answer before it must scroll.
    Compact,
}

/// The summary lines laid out so far, question by question and in each form, and what they
/// were laid out for.
#[derive(Debug, Default)]
pub(super) struct KeptSummary {
    /// The columns, whether every note shows, and the drafts' count of changes
    /// ([`Drafts::changes`](super::super::drafts::Drafts::changes)): no change to an answer or
    /// a note goes unseen, and the drafts are neither compared nor copied.
    key: Option<(usize, bool, u64)>,
    /// Each question's lines in the full form, as many as were asked for.
    full: Vec<KeptLines>,
    /// Each question's lines in the compact form, as many as were asked for.
    compact: Vec<KeptLines>,
}

/// One question's summary lines, laid out for `budget`: the first `budget` of them are those
/// the question shows, whatever follows.
#[derive(Debug)]
struct KeptLines {
    lines: Vec<Line<'static>>,
    budget: usize,
}

impl KeptSummary {
    /// Forgets every line unless they were laid out at `columns`, with every note showing or
    /// not as `all_notes` says, from the drafts as they were after `changes` changes.
    pub(super) fn follow(&mut self, columns: usize, all_notes: bool, changes: u64) {
        let key = Some((columns, all_notes, changes));
        if self.key != key {
            self.key = key;
            self.full.clear();
            self.compact.clear();
        }
    }

    /// The first `budget` summary lines of question `index` in `form` (all of them when it
    /// has fewer), laid out by `lay_out` for a budget at least that large when the lines kept
    /// do not reach it. A budget that grows lays out twice as many, so paging down lays a
    /// long answer out a few times, not once a page.
    pub(super) fn lines(
        &mut self,
        form: SummaryForm,
        index: usize,
        budget: usize,
        lay_out: impl FnOnce(usize) -> Vec<Line<'static>>,
    ) -> &[Line<'static>] {
        let questions = match form {
            SummaryForm::Full => &mut self.full,
            SummaryForm::Compact => &mut self.compact,
        };
        if questions.len() <= index {
            questions.resize_with(index + 1, || KeptLines {
                lines: Vec::new(),
                budget: 0,
            });
        }
        let kept = &mut questions[index];
        if kept.budget < budget {
            let larger = budget.max(kept.budget.saturating_mul(2));
            kept.lines = lay_out(larger);
            kept.budget = larger;
        }
        &kept.lines[..budget.min(kept.lines.len())]
    }
}
