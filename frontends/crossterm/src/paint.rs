//! Core [`Frame`]s painted into rows of [`Cell`]s.
//!
//! A run's graphemes take one cell each, or two for a wide one, and are cut off at the right
//! edge; zero-width ones are left out. Runs are meant to arrive sanitized, but as a second line
//! of defence every control character (C0, DEL, C1, and so ESC) is replaced by [`PLACEHOLDER`]
//! first: nothing a frame carries can become a terminal escape sequence.

use std::borrow::Cow;

use pi_agent_ask_core::draw::{DrawCmd, Frame, Pos};
use pi_agent_ask_core::text::{
    graphemes, is_printable_ascii, narrow_standalone_cells, standalone_chars,
};
use ratatui::layout::{Position, Size};

use crate::cell::{Cell, Clusters, PaintedRow, Patch, Shade, Text};
use crate::theme::Theme;

/// The character that stands in for a control character found in a text run.
pub const PLACEHOLDER: char = '\u{FFFD}';

/// The cells of one row, painted again for row after row: only the cells the last painting
/// reached are blanked before the next, so a blank row costs nothing. The clusters its cells
/// name are kept across rows and frames, since the encoder's belief of the screen names them
/// too.
#[derive(Debug, Default)]
pub struct RowCells {
    cells: Vec<Cell>,
    painted: usize,
    clusters: Clusters,
}

impl RowCells {
    /// The row's cells.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// How far the last painting reached: every cell from here on is blank.
    pub fn painted(&self) -> usize {
        self.painted
    }

    /// The clusters the cells of this row, and of rows painted before, name.
    pub fn clusters(&self) -> &Clusters {
        &self.clusters
    }

    /// The row as the encoder takes it, its cells before `unchanged_before` known to be
    /// those the screen shows.
    pub fn as_painted(&self, unchanged_before: usize) -> PaintedRow<'_> {
        PaintedRow {
            cells: &self.cells,
            painted: self.painted,
            clusters: &self.clusters,
            unchanged_before,
        }
    }

    /// Whether so many clusters are kept that the painter should start afresh
    /// ([`Self::forget_clusters`]).
    pub fn holds_too_many_clusters(&self) -> bool {
        self.clusters.len() > Clusters::MOST
    }

    /// Forgets every cluster; the cells that named them must be forgotten too.
    pub fn forget_clusters(&mut self) {
        self.clusters.clear();
    }
}

/// Paints `runs`, in order, into `row`: first `width` blank cells, then each run at its column,
/// later runs over earlier ones.
pub fn paint_row<'a>(
    runs: impl IntoIterator<Item = &'a DrawCmd>,
    theme: &Theme,
    width: u16,
    row: &mut RowCells,
) {
    let RowCells {
        cells,
        painted,
        clusters,
    } = row;
    if cells.len() == usize::from(width) {
        cells[..*painted].fill(Cell::BLANK);
    } else {
        cells.clear();
        cells.resize(usize::from(width), Cell::BLANK);
    }
    let mut reached = 0;
    for cmd in runs {
        let DrawCmd::Text { pos, text, style } = cmd;
        let style = Patch::from(theme.style(*style));
        let mut x = usize::from(pos.x);
        if is_printable_ascii(text) {
            // One cell per byte: no graphemes to find or measure. Past every run put so far,
            // as most runs are, the cells are blank: no shade under them to lay the style over.
            x = if x >= reached {
                put_fresh_bytes(cells, x, text.as_bytes(), Shade::BLANK.patched(style))
            } else {
                put_bytes(cells, x, text.as_bytes(), style)
            };
        } else if let Some(glyph) = repeated_narrow(text).filter(|_| x >= reached) {
            // One narrow character over and over (a rule) on blank cells: one cell, copied.
            let cell = Cell::new(Text::char(glyph.character), Shade::BLANK.patched(style));
            let end = (x + glyph.count).min(cells.len());
            cells[x.min(end)..end].fill(cell);
            x = end.max(x);
        } else if let Some(chars) = standalone_chars(text) {
            // A character per grapheme (rules, arrows, accented letters): measured one by one.
            let glyphs = chars.map(|(ch, width)| (Text::char(ch), width));
            x = if x >= reached {
                let shade = Shade::BLANK.patched(style);
                put_glyphs(cells, x, glyphs, |row, at, text, wide| {
                    put_fresh(row, at, text, shade, wide);
                })
            } else {
                put_glyphs(cells, x, glyphs, |row, at, text, wide| {
                    put(row, at, text, style, wide);
                })
            };
        } else {
            let clean = without_controls(text);
            let glyphs =
                graphemes(&clean).map(|(grapheme, width)| (Text::of(grapheme, clusters), width));
            x = put_glyphs(cells, x, glyphs, |row, at, text, wide| {
                put(row, at, text, style, wide);
            });
        }
        reached = reached.max(x);
    }
    *painted = reached.min(cells.len());
}

/// A run of one character over and over.
#[derive(Clone, Copy)]
struct Repeated {
    character: char,
    count: usize,
}

/// The character `text` repeats and how many times, when that is all it is and the character
/// stands alone and takes one cell (a rule's line): looked up once, not once a cell. A text is
/// one character over and over when it equals itself shifted by that character's bytes, which
/// one comparison of the bytes tells, not a decoding of each character.
fn repeated_narrow(text: &str) -> Option<Repeated> {
    let character = text.chars().next()?;
    let step = character.len_utf8();
    let bytes = text.as_bytes();
    let repeated = bytes.len().is_multiple_of(step) && bytes[step..] == bytes[..bytes.len() - step];
    let narrow = || narrow_standalone_cells(character.encode_utf8(&mut [0; 4])) == Some(1);
    (repeated && narrow()).then_some(Repeated {
        character,
        count: bytes.len() / step,
    })
}

/// Writes `bytes`, printable ASCII, a cell each in `shade` from column `x` on, as far as the
/// row goes, over blank cells: nothing under them to keep. Returns the column after the last
/// one written.
fn put_fresh_bytes(cells: &mut [Cell], x: usize, bytes: &[u8], shade: Shade) -> usize {
    let end = (x + bytes.len()).min(cells.len());
    for (cell, &byte) in cells[x.min(end)..end].iter_mut().zip(bytes) {
        *cell = Cell::new(Text::char(char::from(byte)), shade);
    }
    end.max(x)
}

/// Writes `bytes`, printable ASCII, a cell each from column `x` on, as far as the row goes.
/// Returns the column after the last one written. Where no wide glyph is touched, as in most
/// rows, each cell only takes its byte and the style over its shade.
fn put_bytes(cells: &mut [Cell], x: usize, bytes: &[u8], style: Patch) -> usize {
    let end = (x + bytes.len()).min(cells.len());
    let touched = &cells[x.min(end)..(end + 1).min(cells.len())];
    if touched.iter().any(Cell::is_covered) {
        for (at, &byte) in (x..end).zip(bytes) {
            put(cells, at, Text::char(char::from(byte)), style, false);
        }
        return end.max(x);
    }
    for (cell, &byte) in cells[x.min(end)..end].iter_mut().zip(bytes) {
        cell.text = Text::char(char::from(byte));
        cell.shade = cell.shade.patched(style);
    }
    end.max(x)
}

/// Writes `glyphs`, each with the cells it takes, from column `x` on until one does not fit,
/// each with `place` (given the row, its column, its text and whether it is wide); zero-width
/// ones are dropped. Returns the column after the last one written.
fn put_glyphs(
    cells: &mut [Cell],
    mut x: usize,
    glyphs: impl Iterator<Item = (Text, usize)>,
    mut place: impl FnMut(&mut [Cell], usize, Text, bool),
) -> usize {
    for (text, width) in glyphs {
        if width == 0 {
            continue;
        }
        if x + width > cells.len() {
            break;
        }
        place(cells, x, text, width > 1);
        x += width;
    }
    x
}

/// Writes a glyph of `text` at `x` in `shade` over blank cells: no glyph under it to break,
/// no shade to keep; a wide glyph covers the next cell.
fn put_fresh(row: &mut [Cell], x: usize, text: Text, shade: Shade, wide: bool) {
    row[x] = Cell::new(text, shade);
    if wide {
        row[x + 1] = Cell::COVERED;
    }
}

/// Writes a glyph of `text` at `x`, in `style` laid over what the cell had; a wide glyph
/// covers the next cell. A wide glyph partly overwritten is replaced by a blank.
fn put(row: &mut [Cell], x: usize, text: Text, style: Patch, wide: bool) {
    let under = if row[x].is_covered() {
        break_glyph(row, x - 1);
        Shade::BLANK
    } else {
        row[x].shade
    };
    let shade = under.patched(style);
    let next = x + 1;
    let covered_next = |row: &[Cell], at: usize| row.get(at).is_some_and(Cell::is_covered);
    if covered_next(row, next) && !wide {
        row[next] = Cell::BLANK;
    }
    if wide {
        if covered_next(row, next + 1) {
            break_glyph(row, next);
        }
        row[next] = Cell::COVERED;
    }
    row[x] = Cell::new(text, shade);
}

/// Replaces the wide glyph at `x` by a blank in its shade, the cell it covered by a blank.
fn break_glyph(row: &mut [Cell], x: usize) {
    if !row[x].is_covered() {
        row[x].text = Text::char(' ');
    }
    if row.get(x + 1).is_some_and(Cell::is_covered) {
        row[x + 1] = Cell::BLANK;
    }
}

/// The whole picture of `frame` in an area of `size`: every row painted, top to bottom, and
/// the clusters their cells name.
pub fn paint_screen(frame: &Frame, theme: &Theme, size: Size) -> (Vec<Vec<Cell>>, Clusters) {
    let mut row = RowCells::default();
    let rows = (0..size.height)
        .map(|y| {
            let runs = frame
                .cmds
                .iter()
                .filter(|cmd| matches!(cmd, DrawCmd::Text { pos, .. } if pos.y == y));
            paint_row(runs, theme, size.width, &mut row);
            row.cells.clone()
        })
        .collect();
    (rows, row.clusters)
}

/// Where the frame's cursor stands on the screen, for an area starting at `origin`, if the
/// frame has a cursor inside its `width` × `height` area.
pub fn screen_cursor(frame: &Frame, origin: Position, width: u16, height: u16) -> Option<Position> {
    let Pos { x, y } = frame.cursor?;
    (x < width && y < height).then(|| Position::new(origin.x + x, origin.y + y))
}

/// The text with every control character replaced by [`PLACEHOLDER`]; borrowed when clean.
pub fn without_controls(text: &str) -> Cow<'_, str> {
    if text.chars().any(char::is_control) {
        Cow::Owned(
            text.chars()
                .map(|c| if c.is_control() { PLACEHOLDER } else { c })
                .collect(),
        )
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests;
