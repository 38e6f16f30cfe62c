//! Blank tails: the run of blank cells that ends a row, which one `ESC[K` erases where it may.

use crate::cell::{Cell, Ink};

/// How far an `ESC[K` may erase from the blank tail of the cells compared in a row.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum TailReach {
    /// The compared cells end at the screen's edge: a tail of any background.
    AnyBackground,
    /// The screen is blank past the compared cells: a tail of the default background, which
    /// is what an erase leaves there.
    DefaultBackground,
    /// The row ends before the screen does: no erase.
    Nowhere,
}

/// Whether a blank tail of a row may be erased with `ESC[K`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum Tails {
    /// The shadow's rows end where the screen's do.
    Erasable,
    /// The screen is wider than the shadow: tails are written out.
    Written,
}

/// Where the blank tail of `row`, painted up to `painted`, that `reach` lets an erase clear
/// starts: the row's end when there is none.
pub(super) fn tail_start(row: &[Cell], painted: usize, reach: TailReach) -> usize {
    blank_tail(row, painted)
        .filter(|&(_, bg)| match reach {
            TailReach::AnyBackground => true,
            TailReach::DefaultBackground => bg == Ink::RESET,
            TailReach::Nowhere => false,
        })
        .map_or(row.len(), |(start, _)| start)
}

/// Where the run of blank cells that ends `row` starts, and their background; `None` when the
/// row ends in something else. The cells from `painted` on are blank on the default background,
/// and are not looked at.
fn blank_tail(row: &[Cell], painted: usize) -> Option<(usize, Ink)> {
    let blank_bg = |cell: &Cell| cell.is_blank().then_some(cell.shade.bg);
    let (searched, bg) = if painted < row.len() {
        (&row[..painted], Ink::RESET)
    } else {
        (row, blank_bg(row.last()?)?)
    };
    let start = searched
        .iter()
        .rposition(|cell| blank_bg(cell) != Some(bg))
        .map_or(0, |last_other| last_other + 1);
    Some((start, bg))
}
