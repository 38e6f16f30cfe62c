//! Rows that get shorter: erased at their tails, or, on a screen the terminal rewraps (an
//! inline form's), cleared whole, with how far each row's cells were ever written kept.

use ratatui::layout::Position;

use super::Encoder;
use crate::cell::Shade;

/// What becomes of a row that would hold written cells past its new painting.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Shrinking {
    /// Its blank tail is erased to the end of the line (`ESC[K`): what shows is right.
    #[default]
    EraseTail,
    /// It is cleared whole (`ESC[2K`) and drawn again. A terminal that rewraps its lines as it
    /// narrows (tmux) takes every cell a line ever held, up to its last, for text, and an
    /// erase to the end of the line does not take that back; an inline form's rows would
    /// otherwise come back as extra lines, and copies of them, when the terminal narrows and
    /// grows again.
    ClearRow,
}

/// How far a row's cells are unknown to have been cleared: every row when the screen is not
/// known.
pub(super) const USED_UNKNOWN: u16 = u16::MAX;

impl Encoder {
    /// Says what becomes of a row that gets shorter.
    pub fn set_shrinking(&mut self, shrinking: Shrinking) {
        self.shrinking = shrinking;
    }

    /// How far row `y`'s cells were written since it was last cleared whole.
    pub(super) fn used(&self, y: u16) -> u16 {
        self.used
            .get(usize::from(y))
            .copied()
            .unwrap_or(USED_UNKNOWN)
    }

    /// Notes row `y`'s cells written up to column `end`.
    pub(super) fn note_written_to(&mut self, y: u16, end: u16) {
        if let Some(used) = self.used.get_mut(usize::from(y)) {
            *used = (*used).max(end);
        }
    }

    /// Notes rows cleared whole.
    pub(super) fn note_cleared(&mut self, rows: std::ops::Range<u16>) {
        let end = usize::from(rows.end).min(self.used.len());
        let start = usize::from(rows.start).min(end);
        self.used[start..end].fill(0);
    }

    /// Clears row `y` whole, where rows are cleared rather than erased to their end
    /// ([`Shrinking::ClearRow`]) and the row holds written cells past `end`; returns whether
    /// it did, and so whether every cell of the row is to be written again.
    pub(super) fn clear_if_shrinking(&mut self, out: &mut Vec<u8>, y: u16, end: u16) -> bool {
        let shrinking = self.shrinking == Shrinking::ClearRow && self.used(y) > end;
        if shrinking {
            self.move_to(out, Position::new(0, y));
            self.set_style(out, Shade::BLANK);
            out.extend_from_slice(b"\x1b[2K");
            self.shadow.blank_row(y, 0);
            self.note_cleared(y..y + 1);
        }
        shrinking
    }
}
