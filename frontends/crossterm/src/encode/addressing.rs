//! Whether the encoder may name a cell by its row and column, or only move relative to the
//! cursor.

use ratatui::layout::Position;

use super::Encoder;
use super::moves::absolute_len;

/// How the encoder may name the cell it moves the cursor to.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Addressing {
    /// By its row and column (`ESC[row;columnH`) where that is shortest.
    #[default]
    Absolute,
    /// Only relative to the cursor, where the encoder knows it: a terminal moves the cursor
    /// with the rows of a screen it resizes or rewraps, also while the bytes of a frame are on
    /// their way, so rows of the shell's screen (an inline form's) are reached even after the
    /// terminal moved them, where a row's number would name the shell's line that took their
    /// place.
    Relative,
}

impl Encoder {
    /// Notes that the terminal's cursor may stand anywhere on row `y` (after a grapheme whose
    /// width terminals disagree on, or in the last column, where it may wait to wrap): the
    /// next move names the cell, or, relative to the cursor, first returns to the row's start
    /// (autowrap is off, so the cursor never leaves its row).
    pub(super) fn lose_column(&mut self, y: u16) {
        self.cursor = None;
        self.lost_column_row = Some(y);
    }

    /// Where a move can start from when the encoder does not know where the cursor is:
    /// relative to the cursor, the start of the row a cursor whose column was lost stands on,
    /// once a return took it there; `None` when only naming the cell will do.
    pub(super) fn regain_cursor(&self, out: &mut Vec<u8>) -> Option<Position> {
        match (self.addressing, self.lost_column_row) {
            (Addressing::Relative, Some(y)) => {
                out.push(b'\r');
                Some(Position::new(0, y))
            }
            _ => None,
        }
    }

    /// Says how the cell the cursor moves to may be named.
    pub fn set_addressing(&mut self, addressing: Addressing) {
        self.addressing = addressing;
    }

    /// The bytes an absolute move to `to` takes, if the encoder may make one.
    #[inline]
    pub(super) fn absolute_len(&self, to: Position) -> usize {
        match self.addressing {
            Addressing::Absolute => absolute_len(to),
            Addressing::Relative => usize::MAX,
        }
    }
}

#[cfg(test)]
mod tests {
    use ratatui::layout::{Position, Size};

    use super::Addressing;
    use crate::encode::Encoder;
    use crate::encode::tests::moved_with as moved;

    #[test]
    fn relative_addressing_reaches_every_cell_from_the_cursor_without_naming_a_row() {
        let at = Position::new(10, 5);
        assert_eq!(moved(Addressing::Absolute, at, Position::ORIGIN), b"\x1b[H");
        assert_eq!(
            moved(Addressing::Relative, at, Position::ORIGIN),
            b"\r\x1b[5A"
        );
        assert_eq!(
            moved(Addressing::Absolute, at, Position::new(70, 30)),
            b"\x1b[31;71H"
        );
        assert_eq!(
            moved(Addressing::Relative, at, Position::new(70, 30)),
            b"\x1b[25B\x1b[60C"
        );
        assert_eq!(
            moved(Addressing::Relative, at, Position::new(90, 6)),
            b"\r\n\x1b[90C"
        );
        assert_eq!(
            moved(Addressing::Relative, at, Position::new(12, 5)),
            b"\x1b[2C"
        );
    }

    #[test]
    fn a_cursor_that_lost_its_column_is_found_again_at_its_rows_start() {
        let mut encoder = Encoder::new(Size::new(120, 40));
        let mut out = Vec::new();
        encoder.move_to(&mut out, Position::new(3, 7));
        encoder.lose_column(7);
        out.clear();
        encoder.move_to(&mut out, Position::new(10, 9));
        assert_eq!(out, b"\x1b[10;11H", "named, where names may be used");
        encoder.set_addressing(Addressing::Relative);
        encoder.lose_column(9);
        out.clear();
        encoder.move_to(&mut out, Position::new(10, 7));
        assert_eq!(
            out, b"\r\x1b[2A\x1b[10C",
            "back to the row's start, then on"
        );
    }
}
