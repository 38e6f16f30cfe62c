//! The review's summary as the last frames laid it out, kept while the drafts, the width and
//! which notes show stay the same: paging down a written answer of megabytes lays out the rows
//! the new page reaches, not every row above it again.

use crate::draw::{Line, line_width};

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
    /// The cells of text above each line and after the last ([`row_cells`] added up), so a
    /// place in the summary is found without walking the rows above it.
    cells_above: Vec<usize>,
}

/// The cells a place in the summary counts for a row: its text without the indentation, at
/// least one, so each row down counts more than the one above.
pub(super) fn row_cells(line: &Line<'_>) -> usize {
    let mut indent = 0;
    for span in line {
        let text = span.text();
        let spaces = text.len() - text.trim_start_matches(' ').len();
        indent += spaces;
        if spaces < text.len() {
            break;
        }
    }
    line_width(line).saturating_sub(indent).max(1)
}

/// The first lines of a question's summary and the cells of text above each of them and
/// after the last (one more entry than lines).
pub(super) struct CountedLines<'a> {
    /// The lines.
    pub(super) lines: &'a [Line<'static>],
    /// The cells above each line, and after the last.
    pub(super) cells_above: &'a [usize],
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
        self.counted_lines(form, index, budget, lay_out).lines
    }

    /// [`Self::lines`], with the cells of text above each line.
    pub(super) fn counted_lines(
        &mut self,
        form: SummaryForm,
        index: usize,
        budget: usize,
        lay_out: impl FnOnce(usize) -> Vec<Line<'static>>,
    ) -> CountedLines<'_> {
        let questions = match form {
            SummaryForm::Full => &mut self.full,
            SummaryForm::Compact => &mut self.compact,
        };
        if questions.len() <= index {
            questions.resize_with(index + 1, || KeptLines {
                lines: Vec::new(),
                budget: 0,
                cells_above: vec![0],
            });
        }
        let kept = &mut questions[index];
        if kept.budget < budget {
            let larger = budget.max(kept.budget.saturating_mul(2));
            kept.lines = lay_out(larger);
            kept.budget = larger;
            kept.cells_above.clear();
            kept.cells_above.push(0);
            let mut cells = 0;
            for line in &kept.lines {
                cells += row_cells(line);
                kept.cells_above.push(cells);
            }
        }
        let shown = budget.min(kept.lines.len());
        CountedLines {
            lines: &kept.lines[..shown],
            cells_above: &kept.cells_above[..=shown],
        }
    }
}
