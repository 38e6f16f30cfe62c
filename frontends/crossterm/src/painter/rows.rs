//! The comparison of a frame's runs with the last frame's: which rows may differ, and from
//! which column.
//!
//! A frame's runs come in the order the core drew them, rows interleaved. They are grouped by
//! row once a frame ([`RowIndex`]). One pass over the two lists side by side, from both ends,
//! finds the rows that may differ ([`changed_rows`]): a frame drawn after a keystroke differs
//! from the last in a few runs, and most rows are then not compared run by run at all. A row
//! that may differ is compared run by run for the first column that does ([`row_change`]).

use std::ops::Range;

use pi_agent_ask_core::draw::{DrawCmd, Frame};

use crate::fresh::ends_by;

/// Which of the first `height` rows may differ between `new` and `old`, one flag a row (kept in
/// `changed`). The runs both lists start with and end with, pair by pair alike, are set
/// aside; between them, when both lists have as many runs, a run that differs from the one
/// at its place in the other list marks its row in both frames, and otherwise every run there
/// marks its row. A row left unmarked has the same runs, in the same order, in both frames:
/// a preview taken away or brought back leaves the tabs above it and the key hints below it
/// uncompared run by run.
pub(super) fn changed_rows<'c>(
    new: &Frame,
    old: &Frame,
    height: u16,
    changed: &'c mut Vec<bool>,
) -> &'c [bool] {
    changed.clear();
    changed.resize(usize::from(height), false);
    let (new, old) = (new.cmds.as_slice(), old.cmds.as_slice());
    let before = new
        .iter()
        .zip(old)
        .take_while(|(one, other)| one == other)
        .count();
    let (new, old) = (&new[before..], &old[before..]);
    let after = new
        .iter()
        .rev()
        .zip(old.iter().rev())
        .take_while(|(one, other)| one == other)
        .count();
    let (new, old) = (&new[..new.len() - after], &old[..old.len() - after]);
    let mut mark = |cmd: &DrawCmd| {
        if let Some(row) = changed.get_mut(usize::from(row_of(cmd))) {
            *row = true;
        }
    };
    if new.len() == old.len() {
        for (one, other) in new.iter().zip(old) {
            if one != other {
                mark(one);
                mark(other);
            }
        }
    } else {
        new.iter().chain(old).for_each(mark);
    }
    changed
}

/// The row a run is on.
fn row_of(cmd: &DrawCmd) -> u16 {
    let DrawCmd::Text { pos, .. } = cmd;
    pos.y
}

/// How a row painted from a frame's runs differs from the same row painted from the last
/// frame's.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RowChange {
    /// Not at all: the runs are the same.
    Same,
    /// Possibly from this column on: the runs differ from it, and a wide glyph whose right
    /// half a run starting there covers breaks, so the cell before it may change too.
    From(u16),
    /// Only in being blank from this column on: the row kept its first runs and lost the
    /// others, which all lay past where the kept ones end (a preview taken away, a shorter
    /// line). An erase is all such a row needs.
    BlankFrom(u16),
}

/// How a row painted from the runs `new` differs from one painted from `old`. Both paint their
/// common first runs alike; past them, only the cells the other runs cover can differ, and the
/// cell before the first of them, which holds a wide glyph that a run starting on its right
/// half breaks. A row that only lost its last runs, past the end of those it kept, is blank
/// from the first one lost.
pub(super) fn row_change<'a>(
    new: impl Iterator<Item = &'a DrawCmd> + Clone,
    mut old: impl Iterator<Item = &'a DrawCmd>,
) -> RowChange {
    let kept = new.clone();
    let mut new = new;
    let mut shared = 0;
    loop {
        match (new.next(), old.next()) {
            (None, None) => return RowChange::Same,
            (Some(one), Some(other)) if one == other => shared += 1,
            (None, Some(lost)) => {
                let first = old.map(column).fold(column(lost), u16::min);
                return if kept.take(shared).all(|run| ends_by(run, first)) {
                    RowChange::BlankFrom(first)
                } else {
                    RowChange::From(first)
                };
            }
            (one, other) => {
                let first = one
                    .into_iter()
                    .chain(other)
                    .chain(new)
                    .chain(old)
                    .map(column)
                    .min()
                    .unwrap_or(0);
                return RowChange::From(first);
            }
        }
    }
}

/// The column a run starts at.
fn column(cmd: &DrawCmd) -> u16 {
    let DrawCmd::Text { pos, .. } = cmd;
    pos.x
}

/// A frame's runs grouped by row, each row's in the frame's order.
#[derive(Debug, Default)]
pub(super) struct RowIndex {
    /// Indexes into the frame's commands, row after row.
    order: Vec<u32>,
    /// Where each row's indexes start in `order`, and one more for the end.
    starts: Vec<u32>,
    /// Where the next index of each row goes, while grouping.
    next: Vec<u32>,
}

impl RowIndex {
    /// The runs of `frame` grouped for `height` rows; runs below them are left out.
    #[cfg(test)]
    fn new(frame: &Frame, height: u16) -> Self {
        let mut rows = Self::default();
        rows.group(frame, height);
        rows
    }

    /// Groups the runs of `frame` for `height` rows, in the room the index already has;
    /// runs below them are left out.
    pub(super) fn group(&mut self, frame: &Frame, height: u16) {
        let row_of = |cmd: &DrawCmd| {
            let DrawCmd::Text { pos, .. } = cmd;
            (pos.y < height).then_some(usize::from(pos.y))
        };
        let Self {
            order,
            starts,
            next,
        } = self;
        starts.clear();
        starts.resize(usize::from(height) + 1, 0);
        for row in frame.cmds.iter().filter_map(row_of) {
            starts[row + 1] += 1;
        }
        for row in 0..usize::from(height) {
            starts[row + 1] += starts[row];
        }
        next.clone_from(starts);
        order.clear();
        order.resize(starts[usize::from(height)] as usize, 0);
        for (index, cmd) in (0_u32..).zip(&frame.cmds) {
            if let Some(row) = row_of(cmd) {
                order[next[row] as usize] = index;
                next[row] += 1;
            }
        }
    }

    /// The indexes of row `y`'s runs in `order`.
    fn span(&self, y: u16) -> Range<usize> {
        let y = usize::from(y);
        self.starts[y] as usize..self.starts[y + 1] as usize
    }

    /// Whether row `y` of `frame` and row `before` of `old` (indexed by `old_rows`) agree in
    /// outline: as many runs, the first at the same column with as much text in the same
    /// style. Rows that do not agree differ; rows that agree may not.
    pub(super) fn same_outline(
        &self,
        frame: &Frame,
        y: u16,
        old_rows: &Self,
        old: &Frame,
        before: u16,
    ) -> bool {
        let (span, old_span) = (self.span(y), old_rows.span(before));
        if span.len() != old_span.len() {
            return false;
        }
        if span.is_empty() {
            return true;
        }
        let DrawCmd::Text { pos, text, style } = &frame.cmds[self.order[span.start] as usize];
        let DrawCmd::Text {
            pos: old_pos,
            text: old_text,
            style: old_style,
        } = &old.cmds[old_rows.order[old_span.start] as usize];
        pos.x == old_pos.x && text.len() == old_text.len() && style == old_style
    }

    /// Whether row `y` has no runs.
    pub(super) fn is_empty(&self, y: u16) -> bool {
        self.span(y).is_empty()
    }

    /// Row `y`'s runs of `frame`, in the frame's order.
    pub(super) fn runs<'a>(
        &'a self,
        frame: &'a Frame,
        y: u16,
    ) -> impl Iterator<Item = &'a DrawCmd> + Clone + 'a {
        self.order[self.span(y)]
            .iter()
            .map(move |&index| &frame.cmds[index as usize])
    }
}

#[cfg(test)]
mod tests {
    use pi_agent_ask_core::draw::{Pos, Size as FrameSize, Style};

    use super::*;

    fn frame(runs: &[(u16, u16, &str)]) -> Frame {
        let cmds = runs
            .iter()
            .map(|&(x, y, text)| DrawCmd::text(Pos::new(x, y), text, Style::default()))
            .collect();
        Frame::new(FrameSize::new(10, 3), cmds)
    }

    #[test]
    fn rows_whose_runs_match_in_place_are_unchanged_and_a_moved_run_changes_both_rows() {
        let old = frame(&[(0, 0, "a"), (0, 1, "b"), (0, 2, "c")]);
        let mut changed = Vec::new();
        let mut rows = |new: &Frame| changed_rows(new, &old, 3, &mut changed).to_vec();
        assert_eq!(rows(&old), [false, false, false]);
        let moved = frame(&[(0, 0, "a"), (0, 2, "b"), (0, 2, "c")]);
        assert_eq!(rows(&moved), [false, true, true], "b left row 1 for row 2");
        let below = frame(&[(0, 0, "a"), (0, 1, "b"), (0, 7, "c")]);
        assert_eq!(
            rows(&below),
            [false, false, true],
            "a run below the rows marks none of them"
        );
        let longer = frame(&[(0, 0, "a"), (0, 1, "b"), (0, 2, "c"), (1, 2, "d")]);
        assert_eq!(
            rows(&longer),
            [false, false, true],
            "a run added after the shared ones marks its row"
        );
    }

    #[test]
    fn between_the_runs_both_frames_start_and_end_with_every_run_marks_its_row() {
        let old = frame(&[
            (0, 0, "tabs"),
            (0, 1, "│"),
            (2, 1, "long text"),
            (0, 2, "│"),
            (2, 2, "more"),
            (0, 3, "hints"),
        ]);
        let shorter = frame(&[(0, 0, "tabs"), (0, 1, "│"), (0, 2, "│"), (0, 3, "hints")]);
        let mut changed = Vec::new();
        assert_eq!(
            changed_rows(&shorter, &old, 4, &mut changed),
            [false, true, true, false],
            "the first and last rows kept their runs"
        );
        assert_eq!(
            changed_rows(&old, &shorter, 4, &mut changed),
            [false, true, true, false],
            "and the other way round"
        );
        let grown = frame(&[(0, 0, "tabs"), (0, 1, "x"), (0, 3, "hints"), (0, 1, "│")]);
        let short = frame(&[(0, 0, "tabs"), (0, 1, "│")]);
        assert_eq!(
            changed_rows(&grown, &short, 4, &mut changed),
            [false, true, false, true],
            "runs put in between the shared ones mark their rows, shared runs or not"
        );
    }

    #[test]
    fn runs_are_grouped_by_row_in_frame_order() {
        let frame = frame(&[(0, 2, "c"), (0, 0, "a"), (5, 2, "d"), (0, 7, "below")]);
        let rows = RowIndex::new(&frame, 3);
        let texts = |y| {
            rows.runs(&frame, y)
                .map(|DrawCmd::Text { text, .. }| text.as_str())
                .collect::<Vec<_>>()
        };
        assert_eq!(texts(0), ["a"]);
        assert!(texts(1).is_empty());
        assert_eq!(texts(2), ["c", "d"]);
    }

    #[test]
    fn rows_differ_from_the_first_run_they_do_not_share_or_the_glyph_it_may_break() {
        let old = frame(&[(0, 0, "日本"), (6, 0, "same"), (3, 1, "x")]);
        let new = frame(&[(0, 0, "日本"), (6, 0, "sane"), (1, 1, "y"), (3, 1, "x")]);
        let (old_rows, new_rows) = (RowIndex::new(&old, 3), RowIndex::new(&new, 3));
        let change = |y| row_change(new_rows.runs(&new, y), old_rows.runs(&old, y));
        assert_eq!(change(0), RowChange::From(6), "the run at 6 differs");
        assert_eq!(
            change(1),
            RowChange::From(1),
            "a run put in before the old one"
        );
        assert_eq!(change(2), RowChange::Same, "no runs in either");
        let moved = frame(&[(0, 0, "日本"), (3, 0, "b"), (6, 0, "same")]);
        let moved_rows = RowIndex::new(&moved, 3);
        assert_eq!(
            row_change(moved_rows.runs(&moved, 0), old_rows.runs(&old, 0)),
            RowChange::From(3),
            "a run on the right half of 本 breaks it: its left half, at 2, changes with it"
        );
    }

    #[test]
    fn a_row_that_lost_its_last_runs_past_the_kept_ones_is_blank_from_the_first_lost() {
        let old = frame(&[
            (0, 0, "│"),
            (4, 0, "text"),
            (9, 0, "x"),
            (0, 1, "wide"),
            (2, 1, "y"),
            (0, 2, "ab"),
            (1, 2, "z"),
        ]);
        let new = frame(&[(0, 0, "│"), (0, 1, "wide"), (0, 2, "ab")]);
        let (old_rows, new_rows) = (RowIndex::new(&old, 3), RowIndex::new(&new, 3));
        let change = |y| row_change(new_rows.runs(&new, y), old_rows.runs(&old, y));
        assert_eq!(change(0), RowChange::BlankFrom(4));
        assert_eq!(
            change(1),
            RowChange::From(2),
            "the lost run lay over the kept one, whose cells show again"
        );
        assert_eq!(change(2), RowChange::From(1), "even over its last cell");
        let bordered = frame(&[(2, 0, "│"), (4, 0, "text"), (3, 1, "日"), (4, 1, "text")]);
        let border_only = frame(&[(2, 0, "│"), (3, 1, "日")]);
        let (bordered_rows, border_rows) =
            (RowIndex::new(&bordered, 3), RowIndex::new(&border_only, 3));
        let change = |y| {
            row_change(
                border_rows.runs(&border_only, y),
                bordered_rows.runs(&bordered, y),
            )
        };
        assert_eq!(
            change(0),
            RowChange::BlankFrom(4),
            "│ (three bytes, one character) ends by column 4"
        );
        assert_eq!(
            change(1),
            RowChange::From(4),
            "日 (one character, two cells) runs past column 4"
        );
        let emptied = frame(&[]);
        let emptied_rows = RowIndex::new(&emptied, 3);
        assert_eq!(
            row_change(emptied_rows.runs(&emptied, 0), old_rows.runs(&old, 0)),
            RowChange::BlankFrom(0)
        );
    }
}
