//! The footer's layouts kept from one frame to the next.

use super::{Hint, fit_hints};
use crate::draw::Line;

/// The footer as last laid out, and what it was laid out from: the layout asks for it every
/// frame (for its height, and the drawing reads what it found), and it mostly stays the same
/// from one frame to the next, so it is laid out again only when its hints or its room change.
/// The layout before is kept too: moving on and off a row whose hints differ (the written
/// answer's, where `enter` writes) goes back and forth between two layouts.
#[derive(Debug, Default)]
pub(in crate::form) struct FooterMemo {
    /// The layout the last frame used.
    pub(super) current: FooterLayout,
    /// The one before, which the next frame may want again.
    previous: FooterLayout,
    /// How many layouts were made: each gets the next number.
    layouts: u64,
    /// The room the last frame gave the footer, if it had one.
    room: Option<FooterRoom>,
}

/// The room a frame gives the footer: what its hints are laid out in, and the screen's rows,
/// which decide some of the hints.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(in crate::form) struct FooterRoom {
    /// The cells of a line.
    pub columns: usize,
    /// The most lines the footer may take.
    pub rows: usize,
    /// The screen's rows.
    pub screen_rows: usize,
}

/// Hints laid out for some room, and the number that names these lines.
#[derive(Debug, Default)]
pub(super) struct FooterLayout {
    hints: Vec<Hint<'static>>,
    pub(super) columns: usize,
    rows: usize,
    pub(super) lines: Vec<Line<'static>>,
    /// Which layout this is: the same number, the same lines.
    number: u64,
}

impl FooterLayout {
    /// Whether these lines are what laying `hints` out in `rows` of `columns` would give. Fewer
    /// rows than they were laid out for give the same lines when those fit them: hints are
    /// dropped in one order, and it stops at the first set that fits.
    fn serves(&self, hints: &[Hint<'_>], columns: usize, rows: usize) -> bool {
        let fits = self.rows == rows || (rows < self.rows && self.lines.len() <= rows);
        fits && self.columns == columns && self.hints == hints
    }
}

impl FooterMemo {
    /// Which layout the memo holds: the same number, the same lines.
    pub fn laid_out(&self) -> u64 {
        self.current.number
    }

    /// The room the last frame gave the footer, if it had one.
    pub(super) fn room(&self) -> Option<FooterRoom> {
        self.room
    }

    /// Records that this frame has no footer.
    pub(in crate::form) fn no_room(&mut self) {
        self.room = None;
    }

    /// Makes the layout that serves `hints` in `room` the current one: the current, the
    /// previous, or a new one.
    pub(super) fn take(&mut self, hints: Vec<Hint<'_>>, room: FooterRoom) {
        self.room = Some(room);
        let FooterRoom { columns, rows, .. } = room;
        if self.current.serves(&hints, columns, rows) {
            return;
        }
        if self.previous.serves(&hints, columns, rows) {
            std::mem::swap(&mut self.current, &mut self.previous);
            return;
        }
        let hints: Vec<Hint<'static>> = hints.into_iter().map(Hint::into_owned).collect();
        let lines = fit_hints(&hints, columns, rows);
        self.layouts += 1;
        let made = FooterLayout {
            hints,
            columns,
            rows,
            lines,
            number: self.layouts,
        };
        self.previous = std::mem::replace(&mut self.current, made);
    }

    /// Forgets the hints and their lines, so that the next frame lays them out afresh; the
    /// layout's number still moves on, so nothing kept for the old layout passes for the new.
    #[cfg(test)]
    pub fn forget(&mut self) {
        *self = Self {
            layouts: self.layouts + 1,
            ..Self::default()
        };
    }
}
