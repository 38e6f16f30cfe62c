//! A band of rows that moved up or down together between two frames (a list scrolled by an
//! option, a summary by a line): the terminal shifts it in a scrolling region, and only the
//! rows it uncovers are drawn, rather than every row of the band again.

use std::ops::Range;

use pi_agent_ask_core::draw::{DrawCmd, Frame};

use super::rows::{RowChange, RowIndex, row_change};

/// The fewest rows that may differ before a frame is searched for a band that moved: a
/// highlight that moves changes two.
const SEARCHED_FROM: usize = 6;
/// A row of a band that moved differs from what it showed within its first columns (a list's
/// marker, number or label, a summary's line); a row that kept them changed beside them (a
/// preview beside the list, from column 43 on) and is not looked for moved.
const LEFT_COLUMNS: u16 = 32;
/// How many rows, from a third of the way through those that differ, are looked at for two
/// to look for among the last frame's rows.
const ANCHORS_LOOKED_AT: usize = 3;
/// The most rows a band is looked for moved by.
const LONGEST_SHIFT: u16 = 8;
/// The fewest rows of a band that moved, of those that differ, for the band to be scrolled
/// rather than drawn.
const FEWEST_SAVED: usize = 3;

/// A band of rows of the new frame that show the last frame's rows `by` further down (further
/// up when negative).
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) struct Shift {
    /// The band, in the new frame's rows.
    pub rows: Range<u16>,
    /// How far down in the last frame the band's rows were.
    pub by: i16,
}

impl Shift {
    /// The rows the terminal scrolls: where the band came from and where it goes.
    pub fn region(&self) -> Range<u16> {
        let count = self.by.unsigned_abs();
        if self.by > 0 {
            self.rows.start..self.rows.end + count
        } else {
            self.rows.start - count..self.rows.end
        }
    }

    /// The row of the last frame that row `y` of the new frame shows once the band moved, or
    /// `None` where the scroll uncovered it and it is blank.
    pub fn shown_before(&self, y: u16) -> Option<u16> {
        if self.rows.contains(&y) {
            y.checked_add_signed(self.by)
        } else if self.region().contains(&y) {
            None
        } else {
            Some(y)
        }
    }
}

/// The band that moved between `old` and `new` and saves the most rows to scroll, when one
/// saves [`FEWEST_SAVED`] of the rows that differ (`changed`, one flag a row).
///
/// Most frames with many rows changed moved nothing (a preview switched, a page of text), and
/// the search must cost them little: two of the rows that differ from a third of the way
/// through them, and differ within their first [`LEFT_COLUMNS`], are looked for among the
/// last frame's rows near them, by outline first (see [`RowIndex::same_outline`]), and a shift
/// is followed over the other rows only once one of them was found moved by it.
pub(super) fn find_shift(
    new: (&Frame, &RowIndex),
    old: (&Frame, &RowIndex),
    changed: &[bool],
) -> Option<Shift> {
    if changed.iter().filter(|&&row| row).count() < SEARCHED_FROM {
        return None;
    }
    let height = u16::try_from(changed.len()).ok()?;
    let first = u16::try_from(changed.iter().position(|&row| row)?).ok()?;
    let last = u16::try_from(changed.iter().rposition(|&row| row)?).ok()?;
    let same = |y: u16, before: u16| {
        before < height
            && new.1.same_outline(new.0, y, old.1, old.0, before)
            && same_row(new.1.runs(new.0, y), old.1.runs(old.0, before))
    };
    let span = last - first;
    let changes_on_the_left =
        |row: u16| match row_change(new.1.runs(new.0, row), old.1.runs(old.0, row)) {
            RowChange::From(column) | RowChange::BlankFrom(column) => column < LEFT_COLUMNS,
            RowChange::Same => false,
        };
    let mut anchors = [None; 2];
    let mut candidates = (first + span / 3..=last)
        .take(ANCHORS_LOOKED_AT)
        .filter(|&row| !new.1.is_empty(row) && changes_on_the_left(row));
    for anchor in &mut anchors {
        *anchor = candidates.next();
    }
    anchors[0]?;
    let mut best: Option<(usize, Shift)> = None;
    for distance in 1..=LONGEST_SHIFT.min(height / 2) {
        let distance = i16::try_from(distance).ok()?;
        for by in [distance, -distance] {
            let moved = anchors.iter().flatten().any(|&anchor| {
                anchor
                    .checked_add_signed(by)
                    .is_some_and(|before| same(anchor, before))
            });
            if !moved {
                continue;
            }
            let mut band: Option<u16> = None;
            for y in first..=last + 1 {
                let moved = y <= last
                    && y.checked_add_signed(by)
                        .is_some_and(|before| same(y, before));
                match (moved, band) {
                    (true, None) => band = Some(y),
                    (false, Some(start)) => {
                        let saved = (start..y).filter(|&row| changed[usize::from(row)]).count();
                        if saved >= FEWEST_SAVED
                            && best.as_ref().is_none_or(|(most, _)| saved > *most)
                        {
                            best = Some((saved, Shift { rows: start..y, by }));
                        }
                        band = None;
                    }
                    _ => {}
                }
            }
        }
    }
    best.map(|(_, shift)| shift)
}

/// Whether two rows' runs are the same but for the row they are on.
fn same_row<'a>(
    mut new: impl Iterator<Item = &'a DrawCmd>,
    mut old: impl Iterator<Item = &'a DrawCmd>,
) -> bool {
    loop {
        match (new.next(), old.next()) {
            (None, None) => return true,
            (Some(one), Some(other)) => {
                let (
                    DrawCmd::Text { pos, text, style },
                    DrawCmd::Text {
                        pos: other_pos,
                        text: other_text,
                        style: other_style,
                    },
                ) = (one, other);
                if pos.x != other_pos.x || text != other_text || style != other_style {
                    return false;
                }
            }
            _ => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use pi_agent_ask_core::draw::{Pos, Size, Style};

    use super::*;

    /// A frame of one run a row, each at `column`, from `lines`.
    fn frame(lines: &[&str], column: u16) -> (Frame, RowIndex) {
        let height = u16::try_from(lines.len()).expect("a few rows");
        let cmds = (0..height)
            .zip(lines)
            .filter(|(_, line)| !line.is_empty())
            .map(|(y, line)| DrawCmd::text(Pos::new(column, y), *line, Style::default()))
            .collect();
        let frame = Frame::new(Size::new(80, height), cmds);
        let mut rows = RowIndex::default();
        rows.group(&frame, height);
        (frame, rows)
    }

    fn all_changed(height: usize) -> Vec<bool> {
        vec![true; height]
    }

    const LIST: [&str; 12] = [
        "title", "one", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten",
        "footer",
    ];

    /// [`LIST`] scrolled up a row, the footer kept.
    const MOVED_UP: [&str; 12] = [
        "title", "two", "three", "four", "five", "six", "seven", "eight", "nine", "ten", "eleven",
        "footer",
    ];

    #[test]
    fn a_band_moved_up_by_a_row_is_found_with_the_row_it_uncovers() {
        let old = frame(&LIST, 1);
        let new = frame(&MOVED_UP, 1);
        let shift = find_shift((&new.0, &new.1), (&old.0, &old.1), &all_changed(12))
            .expect("a band that moved");
        assert_eq!(shift, Shift { rows: 1..10, by: 1 });
        assert_eq!(shift.region(), 1..11);
        assert_eq!(shift.shown_before(3), Some(4));
        assert_eq!(shift.shown_before(10), None, "uncovered");
        assert_eq!(shift.shown_before(11), Some(11));
    }

    #[test]
    fn a_band_moved_down_by_two_rows_is_found() {
        let old = frame(&LIST, 1);
        let moved = [
            "title",
            "minus one",
            "zero",
            "one",
            "two",
            "three",
            "four",
            "five",
            "six",
            "seven",
            "eight",
            "footer",
        ];
        let new = frame(&moved, 1);
        let shift = find_shift((&new.0, &new.1), (&old.0, &old.1), &all_changed(12))
            .expect("a band that moved");
        assert_eq!(
            shift,
            Shift {
                rows: 3..11,
                by: -2
            }
        );
        assert_eq!(shift.region(), 1..11);
        assert_eq!(shift.shown_before(1), None);
        assert_eq!(shift.shown_before(2), None);
    }

    #[test]
    fn rows_that_changed_right_of_their_first_columns_or_too_few_are_not_searched() {
        let old = frame(&LIST, 50);
        let beside = frame(&MOVED_UP, 50);
        assert_eq!(
            find_shift((&beside.0, &beside.1), (&old.0, &old.1), &all_changed(12)),
            None,
            "a pane beside a list"
        );
        let old = frame(&LIST, 1);
        let new = frame(&MOVED_UP, 1);
        let mut few = vec![false; 12];
        few[1..6].fill(true);
        assert_eq!(find_shift((&new.0, &new.1), (&old.0, &old.1), &few), None);
    }
}
