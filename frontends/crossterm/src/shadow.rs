//! What the encoder believes the screen shows, cell by cell.

use ratatui::layout::Size;

use crate::cell::Cell;

/// Every cell of the screen as the encoder last left it.
///
/// A row holds only the cells up to the column from which it is blank to its end, so that an
/// erase costs a store per row rather than per cell, a frame compares only the part of a row
/// that shows something now or showed something before, and a screen that shows a short form
/// keeps a few hundred cells rather than every cell of the screen.
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
    /// These cells (some of which it may not tell), then blank cells to the end of the row.
    Known(Vec<Cell>),
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
    /// cannot tell any of them.
    pub fn row(&self, y: u16) -> Option<&[Cell]> {
        match self.rows.get(usize::from(y))? {
            Row::Unknown => None,
            Row::Known(cells) => Some(cells),
        }
    }

    /// Takes the cells of row `y`, [opened](Self::open_row) first, out of the shadow, to be
    /// compared with a new row and changed in one pass, then [put back](Self::put_cells).
    pub fn take_cells(&mut self, y: u16) -> Vec<Cell> {
        match self.rows.get_mut(usize::from(y)) {
            Some(Row::Known(cells)) => std::mem::take(cells),
            _ => Vec::new(),
        }
    }

    /// Puts back the cells of row `y`, [taken](Self::take_cells) and changed to what the
    /// screen shows now.
    pub fn put_cells(&mut self, y: u16, cells: Vec<Cell>) {
        if let Some(row) = self.rows.get_mut(usize::from(y)) {
            *row = Row::Known(cells);
        }
    }

    /// The column from which row `y` (on the screen) is known to be blank to its end.
    pub fn blank_from(&self, y: u16) -> u16 {
        match &self.rows[usize::from(y)] {
            Row::Unknown => self.size.width,
            Row::Known(cells) => u16::try_from(cells.len()).unwrap_or(u16::MAX),
        }
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
                *row = Row::Known(cells);
            }
            Some(Row::Known(cells)) if cells.len() < end => {
                cells.resize(end, Cell::BLANK);
            }
            _ => {}
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
            Row::Known(cells) => cells.truncate(usize::from(x)),
            // Only the cells before `x` are held; a row erased whole holds none.
            row @ Row::Unknown => {
                let cells = vec![Cell::UNKNOWN; usize::from(x)];
                *row = Row::Known(cells);
            }
        }
    }

    /// Forgets every cell.
    pub fn forget(&mut self) {
        self.rows.fill_with(|| Row::Unknown);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The cells the shadow holds room for, over all rows.
    fn held(shadow: &Shadow) -> usize {
        shadow
            .rows
            .iter()
            .map(|row| match row {
                Row::Unknown => 0,
                Row::Known(cells) => cells.capacity(),
            })
            .sum()
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

    #[test]
    fn a_drawn_row_holds_about_what_it_shows() {
        let mut shadow = Shadow::new(Size::new(120, 40));
        shadow.blank_row(5, 0);
        shadow.open_row(5, 10);
        assert!(held(&shadow) < 120, "{} cells held", held(&shadow));
        assert_eq!(shadow.blank_from(5), 10);
    }
}
