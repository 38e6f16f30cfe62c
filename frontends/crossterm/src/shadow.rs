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
#[derive(Debug)]
pub struct Shadow {
    size: Size,
    cells: Vec<Seen>,
}

impl Shadow {
    /// A screen of `size` whose contents are unknown.
    pub fn new(size: Size) -> Self {
        Self {
            size,
            cells: vec![Seen::Unknown; usize::from(size.width) * usize::from(size.height)],
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

    /// Row `y` from column `x` to the right edge; empty when (`x`, `y`) is off the screen.
    pub fn row_from(&self, x: u16, y: u16) -> &[Seen] {
        if !self.contains(x, y) {
            return &[];
        }
        let start = self.index(x, y);
        &self.cells[start..self.index(0, y) + usize::from(self.size.width)]
    }

    /// Notes `cell` shown at (`x`, `y`).
    pub fn put(&mut self, x: u16, y: u16, cell: &Cell) {
        if self.contains(x, y) {
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
            let byte = match &self.cells[self.index(x, y)] {
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
        self.cells.fill(Seen::Glyph(Glyph::BLANK));
    }

    /// Notes everything from (`x`, `y`) to the end of the screen erased.
    pub fn blank_after(&mut self, x: u16, y: u16) {
        if self.contains(x, y) {
            let start = self.index(x, y);
            self.cells[start..].fill(Seen::Glyph(Glyph::BLANK));
        }
    }

    /// Notes row `y` erased from column `x` on.
    pub fn blank_row(&mut self, y: u16, x: u16) {
        if self.contains(x, y) {
            let start = self.index(x, y);
            let end = self.index(0, y) + usize::from(self.size.width);
            self.cells[start..end].fill(Seen::Glyph(Glyph::BLANK));
        }
    }

    /// Forgets every cell.
    pub fn forget(&mut self) {
        self.cells.fill(Seen::Unknown);
    }
}
