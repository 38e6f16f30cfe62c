//! Where a [`SummaryPlace`] is in the summary as laid out for a frame, and which place a row of
//! it is: the review keeps its top as a place, so a frame at another width (or in the other
//! form) shows the same text at the top.

use std::cell::RefMut;

use super::super::Form;
use super::super::state::SummaryPlace;
use super::kept_summary::{KeptSummary, SummaryForm};
use crate::draw::owned_lines;

/// How a summary is laid out: its columns and its form.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct SummaryLayout {
    /// The columns its lines wrap at.
    pub(super) columns: usize,
    /// Full or compact.
    pub(super) form: SummaryForm,
}

impl Default for SummaryLayout {
    fn default() -> Self {
        Self {
            columns: 0,
            form: SummaryForm::Full,
        }
    }
}

/// What a walk down one question's part looks for.
#[derive(Clone, Copy)]
enum Seek {
    /// The row that starts `cells` cells into the part, or the last that starts before.
    Cells(usize),
    /// Row `row` of the part, or its last.
    Row(usize),
}

/// Where a walk down one question's part stopped: the row and the cells above it, or the
/// part's end.
enum Found {
    /// The row sought.
    At { row: usize, cells: usize },
    /// The part ended first, after `rows` rows holding `cells` cells.
    End { rows: usize, cells: usize },
}

impl Form {
    /// The summary's lines as the last frames laid them out, for `layout`.
    fn kept_summary_for(&self, layout: SummaryLayout) -> RefMut<'_, KeptSummary> {
        let mut kept = self.memory.summary.borrow_mut();
        kept.follow(
            layout.columns,
            self.review_shows_all_notes(),
            self.state.drafts.changes(),
        );
        kept
    }

    /// Finds in question `index`'s part of the summary (the blank line before it in the full
    /// form, then its lines) the row `seek` names, laying out only as many rows as reach it,
    /// from the cells kept above each row.
    fn seek_in_part(
        &self,
        kept: &mut KeptSummary,
        layout: SummaryLayout,
        index: usize,
        seek: Seek,
    ) -> Found {
        let separator = usize::from(index > 0 && layout.form == SummaryForm::Full);
        if separator == 1 && matches!(seek, Seek::Row(0) | Seek::Cells(0)) {
            return Found::At { row: 0, cells: 0 };
        }
        let mut budget = 64;
        loop {
            let counted = kept.counted_lines(layout.form, index, budget, |budget| {
                owned_lines(self.summary_lines(index, layout.columns, budget, layout.form))
            });
            let (shown, above) = (counted.lines.len(), counted.cells_above);
            let line = match seek {
                Seek::Row(row) => row - separator,
                // The row whose text holds the cell sought: the first that ends past it.
                Seek::Cells(cells) => {
                    let sought = cells - separator;
                    above[1..].partition_point(|&end| end <= sought)
                }
            };
            if line < shown {
                return Found::At {
                    row: separator + line,
                    cells: separator + above[line],
                };
            }
            if shown < budget {
                return Found::End {
                    rows: separator + shown,
                    cells: separator + above[shown],
                };
            }
            budget = budget.saturating_mul(2);
        }
    }

    /// The summary row of `place` in `layout`: the row of its question's part that starts
    /// at its cells or the last before, or the part's last row when the part holds fewer.
    pub(super) fn summary_row_of(&self, place: SummaryPlace, layout: SummaryLayout) -> usize {
        let questions = self.call.request().questions.len();
        let question = place.question.min(questions.saturating_sub(1));
        let mut kept = self.kept_summary_for(layout);
        let mut start = 0;
        for index in 0..question {
            if let Found::End { rows, .. } =
                self.seek_in_part(&mut kept, layout, index, Seek::Row(usize::MAX))
            {
                start += rows;
            }
        }
        match self.seek_in_part(&mut kept, layout, question, Seek::Cells(place.cells)) {
            Found::At { row, .. } => start + row,
            Found::End { rows, .. } => start + rows.saturating_sub(1),
        }
    }

    /// The place of summary row `row` in `layout`; a row past the end is as far past the
    /// end of the last question's part, a cell a row.
    pub(super) fn summary_place_of(&self, row: usize, layout: SummaryLayout) -> SummaryPlace {
        let questions = self.call.request().questions.len();
        let mut kept = self.kept_summary_for(layout);
        let mut start = 0;
        for question in 0..questions {
            match self.seek_in_part(&mut kept, layout, question, Seek::Row(row - start)) {
                Found::At { cells, .. } => return SummaryPlace { question, cells },
                Found::End { rows, cells } if question + 1 == questions => {
                    let past = (row - start).saturating_sub(rows);
                    return SummaryPlace {
                        question,
                        cells: cells + past,
                    };
                }
                Found::End { rows, .. } => start += rows,
            }
        }
        SummaryPlace::default()
    }
}
