//! Erases: what each clears of the screen, and what the encoder forgets when it cannot tell.

use super::Encoder;
use super::shrinking::USED_UNKNOWN;
use crate::cell::Shade;

/// What an erase clears.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Erase {
    /// The whole screen.
    All,
    /// From the cursor to the end of the screen.
    AfterCursor,
    /// The cursor's line.
    CurrentLine,
    /// From the cursor to the end of its line.
    UntilNewLine,
    /// Anything else: the encoder forgets what the screen shows.
    Other,
}

impl Encoder {
    /// Appends the bytes of `erase` and notes what it cleared.
    pub fn erase(&mut self, out: &mut Vec<u8>, erase: Erase) {
        self.set_style(out, Shade::BLANK);
        let code: &[u8] = match erase {
            Erase::All => b"\x1b[2J",
            Erase::AfterCursor => b"\x1b[J",
            Erase::CurrentLine => b"\x1b[2K",
            Erase::UntilNewLine => b"\x1b[K",
            Erase::Other => {
                self.forget();
                return;
            }
        };
        out.extend_from_slice(code);
        self.epoch += 1;
        let height = self.shadow.size().height;
        match (erase, self.cursor) {
            (Erase::All, _) => {
                self.shadow.blank_all();
                self.note_cleared(0..height);
            }
            (Erase::AfterCursor, Some(at)) => {
                self.shadow.blank_after(at.x, at.y);
                let first = if at.x == 0 { at.y } else { at.y + 1 };
                self.note_cleared(first..height);
            }
            (Erase::CurrentLine, Some(at)) => {
                self.shadow.blank_row(at.y, 0);
                self.note_cleared(at.y..at.y + 1);
            }
            (Erase::UntilNewLine, Some(at)) => self.shadow.blank_row(at.y, at.x),
            _ => {
                self.shadow.forget();
                self.used.fill(USED_UNKNOWN);
            }
        }
    }

    /// Forgets what the screen shows and where the cursor is, after bytes the encoder did not
    /// write (lines appended, the screen scrolled).
    pub fn forget(&mut self) {
        self.shadow.forget();
        self.used.fill(USED_UNKNOWN);
        self.cursor = None;
        self.lost_column_row = None;
        self.epoch += 1;
    }
}
