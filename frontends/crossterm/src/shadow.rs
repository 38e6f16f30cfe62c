//! What the encoder believes the screen shows, cell by cell.

use std::ops::Range;

use arrayvec::ArrayVec;
use ratatui::layout::Size;

use crate::cell::{Cell, Glyph, Shade};

/// What one cell of the screen shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Seen {
    /// The encoder cannot tell.
    Unknown,
    /// The right part of a wide glyph.
    Covered,
    /// A glyph.
    Glyph(Glyph),
}

impl Seen {
    /// Whether the screen already shows `cell` here: writing it would change nothing visible.
    pub fn shows(&self, cell: &Cell) -> bool {
        match (self, cell) {
            (Self::Covered, Cell::Covered) => true,
            (Self::Glyph(seen), Cell::Glyph(glyph)) => seen.looks_like(glyph),
            _ => false,
        }
    }
}

impl From<&Cell> for Seen {
    fn from(cell: &Cell) -> Self {
        match cell {
            Cell::Glyph(glyph) => Self::Glyph(glyph.clone()),
            Cell::Covered => Self::Covered,
        }
    }
}

/// Every cell of the screen as the encoder last left it.
///
/// Each row also knows the column from which it is blank to its end, so that an erase costs a
/// store per row rather than per cell, and a frame compares only the part of a row that shows
/// something now or showed something before. Cells stored past that column are stale.
#[derive(Debug)]
pub struct Shadow {
    size: Size,
    cells: Vec<Seen>,
    blank_from: Vec<u16>,
}

/// What a cell past its row's `blank_from` shows.
static BLANK: Seen = Seen::Glyph(Glyph::BLANK);

impl Shadow {
    /// A screen of `size` whose contents are unknown.
    pub fn new(size: Size) -> Self {
        let mut cells = Vec::new();
        cells.resize_with(usize::from(size.width) * usize::from(size.height), || {
            Seen::Unknown
        });
        Self {
            size,
            cells,
            blank_from: vec![size.width; usize::from(size.height)],
        }
    }

    /// The screen's size.
    pub fn size(&self) -> Size {
        self.size
    }

    /// Whether (`x`, `y`) is on the screen.
    pub fn contains(&self, x: u16, y: u16) -> bool {
        x < self.size.width && y < self.size.height
    }

    fn index(&self, x: u16, y: u16) -> usize {
        usize::from(y) * usize::from(self.size.width) + usize::from(x)
    }

    /// What (`x`, `y`) shows; only for a cell on the screen.
    pub fn seen(&self, x: u16, y: u16) -> &Seen {
        if x >= self.blank_from[usize::from(y)] {
            &BLANK
        } else {
            &self.cells[self.index(x, y)]
        }
    }

    /// The column from which row `y` (on the screen) is blank to its end.
    pub fn blank_from(&self, y: u16) -> u16 {
        self.blank_from[usize::from(y)]
    }

    /// Makes the cells of row `y` before column `end` hold what they show, so that they can
    /// be [`put`](Self::put); the row is blank from `end` on, as before.
    pub fn open_row(&mut self, y: u16, end: u16) {
        let from = self.blank_from(y);
        if end > from && y < self.size.height {
            let end = end.min(self.size.width);
            let row = self.index(0, y);
            self.cells[row + usize::from(from)..row + usize::from(end)]
                .fill_with(|| Seen::Glyph(Glyph::BLANK));
            self.blank_from[usize::from(y)] = end;
        }
    }

    /// Notes row `y` blank from column `x` on (after a row was drawn to its end).
    pub fn blank_row_from(&mut self, y: u16, x: u16) {
        if y < self.size.height {
            self.blank_from[usize::from(y)] = x.min(self.size.width);
        }
    }

    /// Notes `cell` shown at (`x`, `y`), a cell of an [opened](Self::open_row) part of a row.
    pub fn put(&mut self, x: u16, y: u16, cell: &Cell) {
        if self.contains(x, y) && x < self.blank_from(y) {
            let at = self.index(x, y);
            self.cells[at] = Seen::from(cell);
        }
    }

    /// Appends to `into` the bytes that rewrite `columns` of row `y` as they are, in the
    /// terminal's current `style`, if every one of them is a known one-byte character that
    /// style shows alike and they fit; says whether it did (`into` is untouched otherwise).
    pub fn reprint<const ROOM: usize>(
        &self,
        into: &mut ArrayVec<u8, ROOM>,
        y: u16,
        columns: Range<u16>,
        style: Shade,
    ) -> bool {
        let before = into.len();
        for x in columns {
            let byte = match self.seen(x, y) {
                Seen::Glyph(glyph)
                    if glyph.shade == style
                        || (glyph.is_blank() && style.paints_blank_as(glyph.shade.bg)) =>
                {
                    glyph.byte()
                }
                _ => None,
            };
            if byte.and_then(|byte| into.try_push(byte).ok()).is_none() {
                into.truncate(before);
                return false;
            }
        }
        true
    }

    /// Notes the whole screen erased.
    pub fn blank_all(&mut self) {
        self.blank_from.fill(0);
    }

    /// Notes everything from (`x`, `y`) to the end of the screen erased.
    pub fn blank_after(&mut self, x: u16, y: u16) {
        if self.contains(x, y) {
            self.blank_row(y, x);
            self.blank_from[usize::from(y) + 1..].fill(0);
        }
    }

    /// Notes row `y` erased from column `x` on.
    pub fn blank_row(&mut self, y: u16, x: u16) {
        if self.contains(x, y) {
            let from = &mut self.blank_from[usize::from(y)];
            *from = (*from).min(x);
        }
    }

    /// Forgets every cell.
    pub fn forget(&mut self) {
        self.cells.fill_with(|| Seen::Unknown);
        self.blank_from.fill(self.size.width);
    }
}
