//! Scrolling part of the screen: a list that moves by a row is shifted by the terminal, not
//! written again, and only the rows it uncovers are drawn.

use std::io::Write as _;

use ratatui::layout::Position;

use super::{Addressing, Encoder};
use crate::cell::Shade;
use crate::shadow::scrolled;

impl Encoder {
    /// Appends the bytes that scroll rows `top..bottom` of the screen `by` rows, up when it
    /// is positive (row `top + by` comes to `top`) and down when it is negative, inside a
    /// scrolling region (`ESC [ top ; bottom r`, then line feeds on its last row or reverse
    /// indexes on its first, then the region reset to the whole screen), and notes that the
    /// rows moved and that those they uncovered are blank. The style is reset first, so the uncovered rows take the default
    /// background; setting and resetting the region leaves the cursor at the top-left corner.
    /// Returns whether it did: not for rows off the screen, or a shift of none or of them all,
    /// nor when it may only move relative to the cursor (a region is set by row numbers, and
    /// setting it takes the cursor to the screen's corner).
    pub fn scroll_rows(&mut self, out: &mut Vec<u8>, top: u16, bottom: u16, by: i16) -> bool {
        let height = self.shadow.size().height;
        let count = by.unsigned_abs();
        if by == 0
            || top >= bottom
            || bottom > height
            || count >= bottom - top
            || self.addressing == Addressing::Relative
        {
            return false;
        }
        self.set_style(out, Shade::BLANK);
        // Writing to a vector cannot fail.
        let _ = write!(out, "\x1b[{};{}r", top + 1, bottom);
        // A line feed on the region's last row scrolls it up, a reverse index on its first
        // scrolls it down: VT100's own, which every terminal has (the Linux console has no
        // `ESC [ n S`).
        let (row, step): (u16, &[u8]) = if by > 0 {
            (bottom, b"\n")
        } else {
            (top + 1, b"\x1bM")
        };
        let _ = write!(out, "\x1b[{row}H");
        for _ in 0..count {
            out.extend_from_slice(step);
        }
        out.extend_from_slice(b"\x1b[r");
        self.cursor = Some(Position::ORIGIN);
        self.shadow.scroll_rows(top, bottom, by);
        scrolled(&mut self.used[usize::from(top)..usize::from(bottom)], by).fill(0);
        true
    }
}
