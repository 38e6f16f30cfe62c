//! The line under a list that does not fit: where the highlight is and how many rows are out
//! of view, worded as narrowly as the line needs.

use crate::text::width;

/// Where the highlight is in a list that does not fit, and how many rows are out of view.
pub(super) struct ScrollCounts {
    /// The rows above the first shown.
    pub above: usize,
    /// The highlighted row, counted from 1.
    pub at: usize,
    /// The rows of the list.
    pub rows: usize,
    /// The rows below the last one started.
    pub below: usize,
}

/// How the line under such a list words its counts.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Wording {
    /// `↑ 3 more  ·  5/61  ·  ↓ 52 more`.
    Full,
    /// `↑ 3 · 5/61 · ↓ 52`, for a row too narrow for the full line.
    Short,
    /// `↑ 3 ↓ 52`: the counts out of view, without the position.
    Counts,
    /// `↓ 52`, or `↑ 3` at the end of the list: what is left to see.
    Ahead,
}

impl Wording {
    /// Every wording, the widest first.
    const ALL: [Self; 4] = [Self::Full, Self::Short, Self::Counts, Self::Ahead];
}

impl ScrollCounts {
    /// The line in the widest wording that fits in `room` cells: a narrower wording drops
    /// words, then the position, then a count; a number is never cut.
    pub fn line(&self, room: usize) -> String {
        // A line's cells are at most its bytes: only a long one is measured.
        Wording::ALL
            .iter()
            .map(|wording| self.status(*wording))
            .find(|status| status.len() <= room || width(status) <= room)
            .unwrap_or_default()
    }

    /// The line, without the counts that are none.
    fn status(&self, wording: Wording) -> String {
        use std::fmt::Write as _;
        let (more, gap) = match wording {
            Wording::Full => (" more", "  ·  "),
            Wording::Short => ("", " · "),
            Wording::Counts => {
                return match (self.above, self.below) {
                    (0, below) => format!("↓ {below}"),
                    (above, 0) => format!("↑ {above}"),
                    (above, below) => format!("↑ {above} ↓ {below}"),
                };
            }
            Wording::Ahead if self.below > 0 => return format!("↓ {}", self.below),
            Wording::Ahead => return format!("↑ {}", self.above),
        };
        let mut status = String::with_capacity(48);
        if self.above > 0 {
            let _ = write!(status, "↑ {}{more}{gap}", self.above);
        }
        let _ = write!(status, "{}/{}", self.at, self.rows);
        if self.below > 0 {
            let _ = write!(status, "{gap}↓ {}{more}", self.below);
        }
        status
    }
}
