//! What the encoder believes the screen shows, cell by cell.

use std::ops::Range;

use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};
use ratatui::style::{Color, Modifier};
use unicode_width::UnicodeWidthStr;

/// Modifiers that show on a blank cell.
const SHOWN_ON_BLANK: Modifier = Modifier::REVERSED
    .union(Modifier::UNDERLINED)
    .union(Modifier::CROSSED_OUT);

/// A cell's one-byte text, if it has one, and its style.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shade {
    /// The cell's text when it is one printable ASCII byte, else 0.
    pub ch: u8,
    /// The foreground colour.
    pub fg: Color,
    /// The background colour.
    pub bg: Color,
    /// Bold, reverse and the other attributes.
    pub modifier: Modifier,
}

impl Shade {
    /// A space in the default style: what an erased cell holds.
    pub const BLANK: Self = Self {
        ch: b' ',
        fg: Color::Reset,
        bg: Color::Reset,
        modifier: Modifier::empty(),
    };

    /// The shade of a ratatui cell.
    pub fn of(cell: &Cell) -> Self {
        let ch = match cell.symbol().as_bytes() {
            &[byte] if byte.is_ascii_graphic() || byte == b' ' => byte,
            _ => 0,
        };
        Self {
            ch,
            fg: cell.fg,
            bg: cell.bg,
            modifier: cell.modifier,
        }
    }

    /// Whether the cell shows nothing but its background.
    pub fn is_blank(&self) -> bool {
        self.ch == b' ' && !self.modifier.intersects(SHOWN_ON_BLANK)
    }

    /// Whether a space written in this style shows as a blank cell of background `bg`.
    pub fn paints_blank_as(&self, bg: Color) -> bool {
        self.bg == bg && !self.modifier.intersects(SHOWN_ON_BLANK)
    }

    /// Whether the two have the same colours and attributes, whatever their text.
    pub fn same_style(&self, other: &Self) -> bool {
        self.fg == other.fg && self.bg == other.bg && self.modifier == other.modifier
    }
}

/// What one cell of the screen shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Seen {
    /// The encoder cannot tell.
    Unknown,
    /// The right part of a wide character.
    Covered,
    /// A character in a style.
    Glyph(Shade),
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

    /// Notes `cell` written at (`x`, `y`), and the cells a wide character covers.
    pub fn put(&mut self, x: u16, y: u16, cell: &Cell) {
        let at = self.index(x, y);
        self.cells[at] = Seen::Glyph(Shade::of(cell));
        let width = u16::try_from(cell.symbol().width()).unwrap_or(1);
        for covered in x.saturating_add(1)..x.saturating_add(width).min(self.size.width) {
            let at = self.index(covered, y);
            self.cells[at] = Seen::Covered;
        }
    }

    /// Whether the screen already shows (`x`, `y`) as `shade` would: both blank on the same
    /// background, so writing it would change nothing visible.
    pub fn looks_like(&self, x: u16, y: u16, shade: Shade) -> bool {
        matches!(self.cells[self.index(x, y)],
            Seen::Glyph(seen) if seen.is_blank() && shade.is_blank() && seen.bg == shade.bg)
    }

    /// Whether every cell from `x` to the end of row `y` is blank with background `bg`.
    pub fn blank_from(&self, x: u16, y: u16, bg: Color) -> bool {
        let row = self.index(0, y);
        self.cells[row + usize::from(x)..row + usize::from(self.size.width)]
            .iter()
            .all(|seen| matches!(seen, Seen::Glyph(shade) if shade.is_blank() && shade.bg == bg))
    }

    /// The bytes that rewrite `columns` of row `y` as they are, in the terminal's current
    /// `style`, if every one of them is a known one-byte character that style shows alike.
    pub fn reprint(&self, y: u16, columns: Range<u16>, style: Shade) -> Option<Vec<u8>> {
        columns
            .map(|x| match self.cells[self.index(x, y)] {
                Seen::Glyph(shade)
                    if shade.ch != 0
                        && (shade.same_style(&style)
                            || (shade.is_blank() && style.paints_blank_as(shade.bg))) =>
                {
                    Some(shade.ch)
                }
                _ => None,
            })
            .collect()
    }

    /// Notes the whole screen erased.
    pub fn blank_all(&mut self) {
        self.cells.fill(Seen::Glyph(Shade::BLANK));
    }

    /// Notes everything from `at` to the end of the screen erased.
    pub fn blank_after(&mut self, at: Position) {
        if self.contains(at.x, at.y) {
            let start = self.index(at.x, at.y);
            self.cells[start..].fill(Seen::Glyph(Shade::BLANK));
        }
    }

    /// Notes row `y` erased from column `x` on.
    pub fn blank_row(&mut self, y: u16, x: u16) {
        if self.contains(x, y) {
            let start = self.index(x, y);
            let end = self.index(0, y) + usize::from(self.size.width);
            self.cells[start..end].fill(Seen::Glyph(Shade::BLANK));
        }
    }

    /// Forgets every cell.
    pub fn forget(&mut self) {
        self.cells.fill(Seen::Unknown);
    }
}
