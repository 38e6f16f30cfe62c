//! Text written straight onto a row's blank cells, kept as it was written until a cell of it
//! is needed: a preview brought back writes a thousand cells whose shadow is then read, if at
//! all, only where a later frame changes them.

use crate::cell::{Cell, Shade, Text};
use crate::fresh::Glyphs;

/// The pieces of text written on a row past its known cells, in column order, none over
/// another, blank cells between them.
#[derive(Debug, Default)]
pub(super) struct Written {
    /// Every piece's text, one after another.
    text: String,
    pieces: Vec<Piece>,
}

/// One piece: where it lies, and where its text ends in [`Written::text`].
#[derive(Clone, Copy, Debug)]
struct Piece {
    x: u16,
    cells: u16,
    end: usize,
    glyphs: Glyphs,
    shade: Shade,
}

impl Piece {
    /// The column past its last cell.
    fn right(self) -> u16 {
        self.x.saturating_add(self.cells)
    }
}

impl Written {
    /// Whether no piece is kept.
    #[cfg(test)]
    pub(super) fn is_empty(&self) -> bool {
        self.pieces.is_empty()
    }

    /// The column past the last piece, if there is one.
    #[inline]
    pub(super) fn right(&self) -> Option<u16> {
        self.pieces.last().map(|piece| piece.right())
    }

    /// Keeps `text`, `cells` cells of `glyphs` in `shade` from column `x` on, past every piece
    /// kept.
    pub(super) fn push(&mut self, x: u16, text: &str, cells: u16, glyphs: Glyphs, shade: Shade) {
        debug_assert!(self.right().is_none_or(|right| right <= x));
        self.text.push_str(text);
        self.pieces.push(Piece {
            x,
            cells,
            end: self.text.len(),
            glyphs,
            shade,
        });
    }

    /// Turns the pieces that start before column `before` into cells of `cells`, which ends
    /// before the first piece; the others are kept as they are.
    #[inline]
    pub(super) fn unpack_before(&mut self, before: u16, cells: &mut Vec<Cell>) {
        if self.pieces.first().is_some_and(|piece| piece.x < before) {
            self.unpack_some(before, cells);
        }
    }

    /// [`Self::unpack_before`], where some piece starts before `before`.
    fn unpack_some(&mut self, before: u16, cells: &mut Vec<Cell>) {
        let count = self.pieces.partition_point(|piece| piece.x < before);
        let mut start = 0;
        for piece in &self.pieces[..count] {
            cells.resize(usize::from(piece.x), Cell::BLANK);
            let text = &self.text[start..piece.end];
            match piece.glyphs {
                Glyphs::Ascii => cells.extend(
                    text.bytes()
                        .map(|byte| Cell::new(Text::char(char::from(byte)), piece.shade)),
                ),
                Glyphs::Narrow => {
                    cells.extend(
                        text.chars()
                            .map(|ch| Cell::new(Text::char(ch), piece.shade)),
                    );
                }
            }
            start = piece.end;
        }
        if count == self.pieces.len() {
            self.clear();
        } else {
            self.text.drain(..start);
            self.pieces.drain(..count);
            for piece in &mut self.pieces {
                piece.end -= start;
            }
        }
    }

    /// Turns every piece into cells of `cells`.
    pub(super) fn unpack(&mut self, cells: &mut Vec<Cell>) {
        self.unpack_before(u16::MAX, cells);
    }

    /// Forgets the pieces from column `x` on, as an erase from there does; a piece that
    /// straddles `x`, with those before it, is turned into cells of `cells` first, whose caller
    /// cuts them at `x`.
    pub(super) fn blank_from(&mut self, x: u16, cells: &mut Vec<Cell>) {
        if self.pieces.first().is_none_or(|piece| piece.x >= x) {
            self.clear();
            return;
        }
        let kept = self.pieces.partition_point(|piece| piece.x < x);
        self.pieces.truncate(kept);
        self.text
            .truncate(self.pieces.last().map_or(0, |piece| piece.end));
        if self.right().is_some_and(|right| right > x) {
            self.unpack(cells);
        }
    }

    /// Forgets every piece.
    pub(super) fn clear(&mut self) {
        self.text.clear();
        self.pieces.clear();
    }
}
