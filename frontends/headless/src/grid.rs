//! A frame painted into a grid of cells, the way a terminal would show it.

use pi_agent_ask_core::draw::{DrawCmd, Frame, Pos, Role, Style};
use pi_agent_ask_core::text::graphemes;

/// What one cell shows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Symbol {
    /// Nothing painted, or a half of a wide character that was overwritten.
    Blank,
    /// A grapheme of width 1, with any zero-width graphemes painted after it.
    Narrow(String),
    /// The first cell of a grapheme of width 2.
    WideHead(String),
    /// The second cell of a wide grapheme; shows nothing of its own.
    WideTail,
}

/// One cell: what it shows and how.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) struct Cell {
    pub(crate) symbol: Symbol,
    pub(crate) style: Style,
}

impl Cell {
    const BLANK: Self = Self {
        symbol: Symbol::Blank,
        style: Style::new(Role::Text),
    };

    /// The text the cell contributes to a line.
    pub(crate) fn text(&self) -> &str {
        match &self.symbol {
            Symbol::Blank => " ",
            Symbol::Narrow(text) | Symbol::WideHead(text) => text,
            Symbol::WideTail => "",
        }
    }
}

/// The cells of a frame, row by row.
#[derive(Clone, Debug)]
pub(crate) struct Grid {
    width: usize,
    height: usize,
    cells: Vec<Cell>,
}

impl Grid {
    /// Paints every command of `frame`, in order, onto blank cells.
    pub(crate) fn paint(frame: &Frame) -> Self {
        let width = usize::from(frame.size.width);
        let height = usize::from(frame.size.height);
        let mut grid = Self {
            width,
            height,
            cells: vec![Cell::BLANK; width * height],
        };
        for cmd in &frame.cmds {
            match cmd {
                DrawCmd::Text { pos, text, style } => grid.paint_text(*pos, text, *style),
            }
        }
        grid
    }

    /// The rows of cells, top to bottom.
    pub(crate) fn rows(&self) -> impl Iterator<Item = &[Cell]> {
        (0..self.height).map(|y| &self.cells[y * self.width..(y + 1) * self.width])
    }

    /// Whether the cell at `pos` shows nothing: never painted, or painted with a space. A
    /// position outside the grid is not blank.
    pub(crate) fn is_blank(&self, pos: Pos) -> bool {
        let (x, y) = (usize::from(pos.x), usize::from(pos.y));
        if x >= self.width || y >= self.height {
            return false;
        }
        match &self.cells[y * self.width + x].symbol {
            Symbol::Blank => true,
            Symbol::Narrow(text) => text == " ",
            Symbol::WideHead(_) | Symbol::WideTail => false,
        }
    }

    /// Paints a run cell by cell. Cells past the right edge are dropped (core never sends them);
    /// overwriting one half of a wide character blanks the other half.
    pub(crate) fn paint_text(&mut self, pos: Pos, text: &str, style: Style) {
        let y = usize::from(pos.y);
        if y >= self.height {
            return;
        }
        let row_start = y * self.width;
        let mut x = usize::from(pos.x);
        let mut last_painted = None;
        for (grapheme, cells) in graphemes(text) {
            if cells == 0 {
                if let Some(index) = last_painted {
                    self.attach(index, grapheme);
                }
                continue;
            }
            if x + cells > self.width {
                break;
            }
            self.blank_cut_halves(row_start, x, cells);
            let index = row_start + x;
            self.cells[index] = if cells == 1 {
                Cell {
                    symbol: Symbol::Narrow(grapheme.to_owned()),
                    style,
                }
            } else {
                self.cells[index + 1] = Cell {
                    symbol: Symbol::WideTail,
                    style,
                };
                Cell {
                    symbol: Symbol::WideHead(grapheme.to_owned()),
                    style,
                }
            };
            last_painted = Some(index);
            x += cells;
        }
    }

    /// Appends a zero-width grapheme (a combining mark) to the cell it follows.
    fn attach(&mut self, index: usize, grapheme: &str) {
        if let Symbol::Narrow(text) | Symbol::WideHead(text) = &mut self.cells[index].symbol {
            text.push_str(grapheme);
        }
    }

    /// Before cells `x..x + count` of a row are painted: blanks the halves of wide characters
    /// that stick out of that range.
    fn blank_cut_halves(&mut self, row_start: usize, x: usize, count: usize) {
        let first = row_start + x;
        let last = first + count - 1;
        if self.cells[first].symbol == Symbol::WideTail && x > 0 {
            self.cells[first - 1].symbol = Symbol::Blank;
        }
        if matches!(self.cells[last].symbol, Symbol::WideHead(_)) && x + count < self.width {
            self.cells[last + 1].symbol = Symbol::Blank;
        }
    }
}
