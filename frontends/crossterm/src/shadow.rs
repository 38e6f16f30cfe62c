//! What the encoder believes the screen shows, cell by cell.

use ratatui::layout::Size;

use self::written::Written;
use crate::cell::{Cell, Shade};
use crate::fresh::Glyphs;

/// Every cell of the screen as the encoder last left it.
///
/// A row holds only the cells up to the column from which it is blank to its end, so that an
/// erase costs a store per row rather than per cell, a frame compares only the part of a row
/// that shows something now or showed something before, and a screen that shows a short form
/// keeps a few hundred cells rather than every cell of the screen. Text written straight onto
/// a row's blank cells (a preview brought back) is kept as written, a byte a cell rather than a
/// cell's few words, and turned into cells only when a later frame compares them or a move
/// may write some of them again.
#[derive(Debug)]
pub struct Shadow {
    size: Size,
    rows: Vec<Row>,
}

/// One row of the screen.
#[derive(Debug)]
enum Row {
    /// The encoder cannot tell what any of it shows.
    Unknown,
    /// These cells (some of which it may not tell), then the text written past them onto
    /// blank cells, then blank cells to the end of the row.
    Known { cells: Vec<Cell>, written: Written },
}

impl Row {
    /// A row of these cells, then blank ones.
    fn known(cells: Vec<Cell>) -> Self {
        Self::Known {
            cells,
            written: Written::default(),
        }
    }
}

/// Moves `rows` `by` places, towards the start when positive, as a scrolled region moves its
/// rows; returns those it uncovered, at the end or at the start, for the caller to blank.
/// `by` is shorter than the rows.
pub fn scrolled<T>(rows: &mut [T], by: i16) -> &mut [T] {
    let count = usize::from(by.unsigned_abs());
    if by > 0 {
        rows.rotate_left(count);
        let length = rows.len();
        &mut rows[length - count..]
    } else {
        rows.rotate_right(count);
        &mut rows[..count]
    }
}

impl Shadow {
    /// A screen of `size` whose contents are unknown.
    pub fn new(size: Size) -> Self {
        let mut rows = Vec::new();
        rows.resize_with(usize::from(size.height), || Row::Unknown);
        Self { size, rows }
    }

    /// The screen's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Whether (`x`, `y`) is on the screen.
    pub fn contains(&self, x: u16, y: u16) -> bool {
        x < self.size.width && y < self.size.height
    }

    /// The cells of row `y` up to the column from which it is blank, `None` when the encoder
    /// cannot tell them as cells: the row is unknown, or holds text written onto it that was
    /// not needed as cells yet ([`Self::unpack_near`] turns it into cells where a move needs).
    #[cfg(test)]
    pub fn row(&self, y: u16) -> Option<&[Cell]> {
        match self.rows.get(usize::from(y))? {
            Row::Known { cells, written } if written.is_empty() => Some(cells),
            _ => None,
        }
    }

    /// Makes the cells of row `y` (see [`Self::cells`]) tell columns `near..x`: text written
    /// onto the row there is turned into cells, and only where it reaches past `near`. What a
    /// move that may write a few cells again before `x` looks at.
    #[inline]
    pub fn unpack_near(&mut self, y: u16, near: u16, x: u16) {
        if let Some(Row::Known { cells, written }) = self.rows.get_mut(usize::from(y))
            && written.right().is_some_and(|right| right > near)
        {
            written.unpack_before(x, cells);
        }
    }

    /// The cells of row `y` before the text written onto it, `None` when the encoder cannot
    /// tell any of them. Past them the row is blank up to that text, which starts past the
    /// columns [`Self::unpack_near`] was asked for.
    pub fn cells(&self, y: u16) -> Option<&[Cell]> {
        match self.rows.get(usize::from(y))? {
            Row::Unknown => None,
            Row::Known { cells, .. } => Some(cells),
        }
    }

    /// Takes the cells of row `y`, [opened](Self::open_row) first, out of the shadow, to be
    /// compared with a new row and changed in one pass, then [put back](Self::put_cells).
    pub fn take_cells(&mut self, y: u16) -> Vec<Cell> {
        match self.rows.get_mut(usize::from(y)) {
            Some(Row::Known { cells, written }) => {
                written.unpack(cells);
                std::mem::take(cells)
            }
            _ => Vec::new(),
        }
    }

    /// Puts back the cells of row `y`, [taken](Self::take_cells) and changed to what the
    /// screen shows now.
    pub fn put_cells(&mut self, y: u16, cells: Vec<Cell>) {
        if let Some(row) = self.rows.get_mut(usize::from(y)) {
            *row = Row::known(cells);
        }
    }

    /// Notes `text` written on row `y` from column `x` on, where the row is known blank: its
    /// `cells` cells hold its characters (a cell a byte for [`Glyphs::Ascii`]), in `shade`.
    /// The text is kept as written, and turned into cells only when they are needed.
    pub fn note_written(
        &mut self,
        y: u16,
        x: u16,
        text: &str,
        cells: u16,
        glyphs: Glyphs,
        shade: Shade,
    ) {
        if let Some(Row::Known {
            cells: known,
            written,
        }) = self.rows.get_mut(usize::from(y))
        {
            debug_assert!(known.len() <= usize::from(x));
            written.push(x, text, cells, glyphs, shade);
        }
    }

    /// The column from which row `y` (on the screen) is known to be blank to its end.
    #[inline]
    pub fn blank_from(&self, y: u16) -> u16 {
        match &self.rows[usize::from(y)] {
            Row::Unknown => self.size.width,
            Row::Known { cells, written } => written
                .right()
                .unwrap_or_else(|| u16::try_from(cells.len()).unwrap_or(u16::MAX)),
        }
    }

    /// Whether row `y` is known to be blank from column `x` on.
    pub fn is_blank_from(&self, x: u16, y: u16) -> bool {
        matches!(self.rows.get(usize::from(y)), Some(Row::Known { .. })) && self.blank_from(y) <= x
    }

    /// Makes the cells of row `y` before column `end` hold what they show, so that they can
    /// be [taken](Self::take_cells).
    pub fn open_row(&mut self, y: u16, end: u16) {
        let width = usize::from(self.size.width);
        let end = usize::from(end).min(width);
        match self.rows.get_mut(usize::from(y)) {
            Some(row @ Row::Unknown) => {
                let mut cells = Vec::with_capacity(width);
                cells.resize(width, Cell::UNKNOWN);
                *row = Row::known(cells);
            }
            Some(Row::Known { cells, written }) => {
                written.unpack(cells);
                if cells.len() < end {
                    cells.resize(end, Cell::BLANK);
                }
            }
            None => {}
        }
    }

    /// Notes the whole screen erased.
    pub fn blank_all(&mut self) {
        for y in 0..self.size.height {
            self.blank_row(y, 0);
        }
    }

    /// Notes everything from (`x`, `y`) to the end of the screen erased.
    pub fn blank_after(&mut self, x: u16, y: u16) {
        if self.contains(x, y) {
            self.blank_row(y, x);
            for below in y + 1..self.size.height {
                self.blank_row(below, 0);
            }
        }
    }

    /// Notes row `y` erased from column `x` on. Of a row the encoder could not tell, the
    /// cells before `x` stay unknown.
    pub fn blank_row(&mut self, y: u16, x: u16) {
        if !self.contains(x, y) {
            return;
        }
        match &mut self.rows[usize::from(y)] {
            Row::Known { cells, written } => {
                written.blank_from(x, cells);
                cells.truncate(usize::from(x));
            }
            // Only the cells before `x` are held; a row erased whole holds none.
            row @ Row::Unknown => {
                let cells = vec![Cell::UNKNOWN; usize::from(x)];
                *row = Row::known(cells);
            }
        }
    }

    /// Notes rows `top..bottom` scrolled `by` rows (up when positive), those uncovered
    /// blank. The caller keeps `by` shorter than the rows.
    pub fn scroll_rows(&mut self, top: u16, bottom: u16, by: i16) {
        scrolled(&mut self.rows[usize::from(top)..usize::from(bottom)], by)
            .fill_with(|| Row::known(Vec::new()));
    }

    /// Forgets every cell.
    pub fn forget(&mut self) {
        self.rows.fill_with(|| Row::Unknown);
    }
}

mod written;

#[cfg(test)]
mod tests {
    use ratatui::style::Color;

    use super::*;
    use crate::cell::{Ink, Text};

    /// The cells the shadow holds room for, over all rows.
    fn held(shadow: &Shadow) -> usize {
        shadow
            .rows
            .iter()
            .map(|row| match row {
                Row::Unknown => 0,
                Row::Known { cells, .. } => cells.capacity(),
            })
            .sum()
    }

    #[test]
    fn rows_scrolled_up_or_down_uncover_as_many_at_the_other_end() {
        let mut rows = [1, 2, 3, 4, 5];
        assert_eq!(scrolled(&mut rows, 2), [1, 2]);
        assert_eq!(rows, [3, 4, 5, 1, 2]);
        let mut rows = [1, 2, 3, 4, 5];
        assert_eq!(scrolled(&mut rows, -1), [5]);
        assert_eq!(rows, [5, 1, 2, 3, 4]);
    }

    #[test]
    fn an_erased_screen_holds_no_cells() {
        let mut shadow = Shadow::new(Size::new(120, 40));
        for y in 0..40 {
            shadow.blank_row(y, 0);
        }
        assert_eq!(held(&shadow), 0);
        assert_eq!(shadow.blank_from(3), 0);
    }

    /// Cells of `text` in `shade`, a character each.
    fn cells_of(text: &str, shade: Shade) -> Vec<Cell> {
        text.chars()
            .map(|ch| Cell::new(Text::char(ch), shade))
            .collect()
    }

    /// A 20×2 screen, erased, with "abcd" written on its first row from column 2 and "─é" in
    /// cyan from column 10, and the cells that row shows up to where it is blank.
    fn written_row() -> (Shadow, Vec<Cell>) {
        let cyan = Shade {
            fg: Ink::of(Color::Cyan),
            ..Shade::BLANK
        };
        let mut shadow = Shadow::new(Size::new(20, 2));
        shadow.blank_all();
        shadow.note_written(0, 2, "abcd", 4, Glyphs::Ascii, Shade::BLANK);
        shadow.note_written(0, 10, "─é", 2, Glyphs::Narrow, cyan);
        let mut shown = cells_of("  abcd    ", Shade::BLANK);
        shown.extend(cells_of("─é", cyan));
        (shadow, shown)
    }

    #[test]
    fn text_written_onto_blank_cells_is_told_as_the_cells_it_fills() {
        let (mut shadow, shown) = written_row();
        assert_eq!(shadow.blank_from(0), 12);
        assert!(shadow.is_blank_from(12, 0) && !shadow.is_blank_from(11, 0));
        assert_eq!(shadow.row(0), None, "not cells yet");
        assert_eq!(shadow.take_cells(0), shown);
    }

    #[test]
    fn an_erase_through_written_text_keeps_what_lies_before_it() {
        for (erased_from, blank_from, why) in [
            (10, 6, "the piece erased from its start is gone"),
            (4, 4, "a piece erased from its middle is cut"),
            (15, 12, "an erase past the text leaves it"),
        ] {
            let (mut shadow, shown) = written_row();
            shadow.blank_row(0, erased_from);
            assert_eq!(shadow.blank_from(0), blank_from, "{why}");
            assert_eq!(
                shadow.take_cells(0),
                shown[..usize::from(blank_from)],
                "{why}"
            );
        }
    }

    #[test]
    fn a_move_sees_the_written_cells_it_may_write_again_and_no_others() {
        let (mut shadow, shown) = written_row();
        shadow.unpack_near(0, 7, 10);
        assert_eq!(
            shadow.cells(0),
            Some(&shown[..6]),
            "columns 7 to 9 are blank, and the text from 10 on is not looked at"
        );
        assert_eq!(shadow.blank_from(0), 12);
        shadow.unpack_near(0, 9, 12);
        assert_eq!(shadow.cells(0), Some(shown.as_slice()));
        let (mut shadow, _) = written_row();
        shadow.unpack_near(0, 14, 18);
        assert_eq!(shadow.cells(0), Some([].as_slice()), "nothing written near");
    }

    #[test]
    fn a_drawn_row_holds_about_what_it_shows() {
        let mut shadow = Shadow::new(Size::new(120, 40));
        shadow.blank_row(5, 0);
        shadow.open_row(5, 10);
        assert!(held(&shadow) < 120, "{} cells held", held(&shadow));
        assert_eq!(shadow.blank_from(5), 10);
    }
}
