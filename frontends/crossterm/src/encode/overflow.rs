//! The cells a grapheme of several characters may spill into.
//!
//! Terminals disagree on the width of such a grapheme: kitty 0.26 draws a family of three as
//! three glyphs in six cells, tmux a thumb with a skin tone in four, where Unicode gives
//! both two. After writing one, the encoder writes the rest of its row again from an absolute
//! move (`Encoder::write_changed`), and blanks the few cells past the row's compared part that
//! the grapheme may have spilled into, which it believes blank. A terminal may as well draw one
//! narrower: xterm and tmux give `❤️` (a heart and the emoji variation selector) one cell where
//! Unicode gives two, so the cells it is to take are blanked before it is written.

use ratatui::layout::Position;

use super::Encoder;
use super::tails::Tails;
use crate::cell::{Ink, Shade};

/// The most cells past its own a grapheme of several characters is taken to spill into: a
/// family of four drawn as four glyphs takes eight cells where it should take two.
pub(super) const CLUSTER_OVERFLOW: u16 = 6;

impl Encoder {
    /// Blanks the two cells from `at`, where a grapheme of several characters two cells wide
    /// is to be written, and comes back to `at`: a terminal that draws it in one cell then
    /// shows a blank in the second, not what the cell showed before.
    pub(super) fn blank_under_cluster(&mut self, out: &mut Vec<u8>, at: Position) {
        out.extend_from_slice(b"  ");
        // After the last column the cursor waits to wrap: only an absolute move comes back, or
        // a return to the row's start (autowrap is off, so the row is the same).
        self.lose_column(at.y);
        self.move_to(out, at);
    }

    /// Blanks the cells of row `y` from column `from` to `end`, believed blank, which a grapheme
    /// written before them may have spilled into: with `ESC[K` where an erase may reach the
    /// screen's edge from them (`tails`), with spaces otherwise.
    pub(super) fn blank_spill(
        &mut self,
        out: &mut Vec<u8>,
        y: u16,
        from: u16,
        end: u16,
        tails: Tails,
    ) {
        if from >= end {
            return;
        }
        self.move_to(out, Position::new(from, y));
        if tails == Tails::Erasable {
            self.erase_to_row_end(out, Ink::RESET);
        } else {
            self.set_style(out, Shade::BLANK);
            out.resize(out.len() + usize::from(end - from), b' ');
            self.advance(end - from);
        }
    }
}
