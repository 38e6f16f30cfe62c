//! Cursor moves: the encoder's choice of the shortest way to a cell, weighed by length first
//! and then written straight into the frame's bytes: the absolute move and the relative ones
//! it weighs against each other.

use std::ops::Range;

use ratatui::layout::Position;

use super::Encoder;
use crate::cell::{Cell, Shade};

/// The widest gap that is reprinted rather than moved over: `ESC[C` is three bytes and
/// `ESC[nC` four up to nine cells, so reprinting is no longer up to four.
pub(super) const REPRINTED_GAP: u16 = 4;

impl Encoder {
    /// Appends the shortest bytes that move the cursor to `to`: none when it is there, as it
    /// is for every cell of a run after the first, and `ESC[B` when it is one row above in a
    /// column past the first, as it is for every row of a column of rows erased one after
    /// another; both checks are inlined.
    #[inline]
    pub fn move_to(&mut self, out: &mut Vec<u8>, to: Position) {
        match self.cursor {
            Some(at) if at == to => {}
            Some(at) if is_one_down(at, to) => {
                csi(out, 1, b'B');
                self.cursor = Some(to);
            }
            _ => self.move_elsewhere(out, to),
        }
    }

    /// Appends the shortest bytes that move the cursor to `to`, where it is not.
    pub(super) fn move_elsewhere(&mut self, out: &mut Vec<u8>, to: Position) {
        match self.cursor {
            Some(from) if is_next_row_without_reprint(from, to) => {
                next_row_without_reprint(out, from, to, self.absolute_len(to));
            }
            cursor => {
                self.shadow
                    .unpack_near(to.y, looked_at_from(cursor, to), to.x);
                self.move_from_cursor(out, to, self.shadow.cells(to.y));
            }
        }
        self.cursor = Some(to);
    }

    /// Appends the shortest bytes that move the cursor to `to` on a row whose cells the
    /// screen shows are `row` (taken out of the shadow while it is drawn), where it is not.
    pub(super) fn move_over(&mut self, out: &mut Vec<u8>, to: Position, row: &[Cell]) {
        self.move_from_cursor(out, to, Some(row));
        self.cursor = Some(to);
    }

    /// Appends the shortest move from where the cursor is to `to` on a row whose known cells
    /// are `row`: an absolute one when the encoder does not know where the cursor is (and
    /// cannot find it again, see [`Encoder::regain_cursor`]).
    fn move_from_cursor(&self, out: &mut Vec<u8>, to: Position, row: Option<&[Cell]>) {
        match self.cursor.or_else(|| self.regain_cursor(out)) {
            Some(from) if from == to => {}
            Some(from) => self.shortest_move(out, from, to, row),
            None => absolute(out, to),
        }
    }

    /// Appends the shortest of an absolute move and the relative ones from `from` to `to`,
    /// on a row whose known cells are `row` (`None` when the encoder cannot tell them). Two
    /// moves are taken without weighing the others. A move right on the cursor's row is the
    /// move sideways alone: a return first adds a byte to a move at least as long, and an
    /// absolute move names the row and a column past the distance, so both are longer. A
    /// move one row down in a column past the first is `ESC[B`: a return and a newline are
    /// two bytes and leave a move right of at least one more, and an absolute move is longer.
    pub(super) fn shortest_move(
        &self,
        out: &mut Vec<u8>,
        from: Position,
        to: Position,
        row: Option<&[Cell]>,
    ) {
        if from.y == to.y && to.x > from.x {
            self.sideways(from.x, to.x, row).write(out, row);
        } else if is_one_down(from, to) {
            csi(out, 1, b'B');
        } else {
            self.weighed_move(out, from, to, row);
        }
    }

    /// Appends the shortest of an absolute move and the relative ones from `from` to `to`, on
    /// a row whose known cells are `row`: each is weighed by the bytes it would take, and only
    /// the shortest is written (the first of them on a tie: absolute, staying on the row,
    /// returning to its start).
    pub(super) fn weighed_move(
        &self,
        out: &mut Vec<u8>,
        from: Position,
        to: Position,
        row: Option<&[Cell]>,
    ) {
        let stay_side = self.sideways(from.x, to.x, row);
        let home_side = self.sideways(0, to.x, row);
        let stay = vertical_len(from.y, to.y) + stay_side.len();
        let down = if to.y == from.y + 1 {
            1
        } else {
            vertical_len(from.y, to.y)
        };
        let home = 1 + down + home_side.len();
        match Way::shortest(self.absolute_len(to), stay, home) {
            Way::Absolute => absolute(out, to),
            Way::Stay => {
                vertical(out, from.y, to.y);
                stay_side.write(out, row);
            }
            Way::Home => {
                out.push(b'\r');
                if to.y == from.y + 1 {
                    out.push(b'\n');
                } else {
                    vertical(out, from.y, to.y);
                }
                home_side.write(out, row);
            }
        }
    }

    /// How to move from column `from` to `to` on a row whose known cells are `row`: a gap of
    /// at most [`REPRINTED_GAP`] cells is reprinted when it can be, as it is no longer than
    /// the `ESC[nC` that moves over it; a wider one is moved over.
    #[inline]
    pub(super) fn sideways(&self, from: u16, to: u16, row: Option<&[Cell]>) -> Sideways {
        if to == from {
            return Sideways::Stay;
        }
        if to < from {
            return Sideways::Left(from - to);
        }
        let gap = to - from;
        if gap <= REPRINTED_GAP && reprints(row, from..to, self.style) {
            Sideways::Reprint(from..to)
        } else {
            Sideways::Right(gap)
        }
    }
}

/// Whether `columns` of a row whose known cells are `row` (past them, blank; `None` when the
/// encoder cannot tell them) can be written again as they are in the terminal's current
/// `style`: every one of them a one-byte character that style shows alike.
pub(super) fn reprints(row: Option<&[Cell]>, columns: Range<u16>, style: Shade) -> bool {
    match row {
        None => columns.is_empty(),
        Some(known) => columns
            .into_iter()
            .all(|x| cell_at(known, x).reprinted_in(style).is_some()),
    }
}

/// The known cell at column `x` of `row`: past the cells the row holds, a blank.
fn cell_at(row: &[Cell], x: u16) -> &Cell {
    row.get(usize::from(x)).unwrap_or(&Cell::BLANK)
}

/// A move along the cursor's row.
#[derive(Debug)]
pub(super) enum Sideways {
    /// None: the cursor is in the column already.
    Stay,
    /// `ESC[nD`.
    Left(u16),
    /// `ESC[nC`.
    Right(u16),
    /// The cells of these columns, which [`reprints`] allows, written again.
    Reprint(Range<u16>),
}

impl Sideways {
    /// The bytes the move takes.
    #[inline]
    fn len(&self) -> usize {
        match self {
            Self::Stay => 0,
            Self::Left(count) | Self::Right(count) => csi_len(*count),
            Self::Reprint(columns) => columns.len(),
        }
    }

    /// Appends the move's bytes to `out`, on a row whose known cells are `row`.
    pub(super) fn write(self, out: &mut Vec<u8>, row: Option<&[Cell]>) {
        match self {
            Self::Stay => {}
            Self::Left(count) => csi(out, count, b'D'),
            Self::Right(count) => csi(out, count, b'C'),
            Self::Reprint(columns) => {
                let known = row.unwrap_or_default();
                out.extend(columns.filter_map(|x| cell_at(known, x).text.byte()));
            }
        }
    }
}

/// The ways of moving the cursor that are weighed against each other.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Way {
    /// `ESC[row;columnH`.
    Absolute,
    /// Up or down on the same column, then sideways.
    Stay,
    /// A return to the row's start, down or up, then sideways.
    Home,
}

impl Way {
    /// The way of the fewest bytes, given each one's: the first of them on a tie.
    fn shortest(absolute: usize, stay: usize, home: usize) -> Self {
        let mut best = (absolute, Self::Absolute);
        if stay < best.0 {
            best = (stay, Self::Stay);
        }
        if home < best.0 {
            best = (home, Self::Home);
        }
        best.1
    }
}

/// The first column of `to`'s row whose cell a move from `cursor` to `to` may write again: one
/// of the [`REPRINTED_GAP`] before `to`, and for a move right along the cursor's row none
/// before the cursor (runs written one after another onto blank cells, as a first frame's are,
/// then leave the text written before them packed).
fn looked_at_from(cursor: Option<Position>, to: Position) -> u16 {
    let near = to.x.saturating_sub(REPRINTED_GAP);
    match cursor {
        Some(from) if from.y == to.y && to.x > from.x => near.max(from.x),
        _ => near,
    }
}

/// Whether `to` is one row below `from` in the same column, past the first: `ESC[B` is the
/// shortest move there (see [`Encoder::shortest_move`]).
#[inline]
fn is_one_down(from: Position, to: Position) -> bool {
    to.x == from.x && to.x > 0 && to.y == from.y + 1
}

/// Whether `to` is on the row below `from`, more than [`REPRINTED_GAP`] cells from the row's
/// start, and left of `from`'s column or more than that many cells right of it: only a move
/// right over a narrower gap reprints cells, so the shortest is weighed from lengths alone
/// ([`next_row_without_reprint`]), as every row of a column of rows written one after another
/// (a preview brought back) is reached.
#[inline]
fn is_next_row_without_reprint(from: Position, to: Position) -> bool {
    to.y == from.y + 1 && to.x > REPRINTED_GAP && (to.x < from.x || to.x - from.x > REPRINTED_GAP)
}

/// Appends the move [`Encoder::weighed_move`] takes from `from` to `to`, where
/// [`is_next_row_without_reprint`] holds: the shortest of the absolute move (`absolute_bytes`
/// long), `ESC[B` and a move sideways, and a return, a newline and a move right, the first of
/// them on a tie.
fn next_row_without_reprint(
    out: &mut Vec<u8>,
    from: Position,
    to: Position,
    absolute_bytes: usize,
) {
    let stay = csi_len(1) + csi_len(from.x.abs_diff(to.x));
    let home = 2 + csi_len(to.x);
    match Way::shortest(absolute_bytes, stay, home) {
        Way::Absolute => absolute(out, to),
        Way::Stay => {
            csi(out, 1, b'B');
            if to.x < from.x {
                csi(out, from.x - to.x, b'D');
            } else {
                csi(out, to.x - from.x, b'C');
            }
        }
        Way::Home => {
            out.push(b'\r');
            out.push(b'\n');
            csi(out, to.x, b'C');
        }
    }
}

/// Appends `ESC[row;columnH`, with the parts a 1 allows left out.
pub(super) fn absolute(out: &mut Vec<u8>, to: Position) {
    introducer(out);
    if to.y > 0 || to.x > 0 {
        number(out, to.y + 1);
    }
    if to.x > 0 {
        out.push(b';');
        number(out, to.x + 1);
    }
    out.push(b'H');
}

/// Appends the bytes moving from row `from` to row `to` in the same column.
pub(super) fn vertical(out: &mut Vec<u8>, from: u16, to: u16) {
    match to.cmp(&from) {
        std::cmp::Ordering::Equal => {}
        std::cmp::Ordering::Less => csi(out, from - to, b'A'),
        std::cmp::Ordering::Greater => csi(out, to - from, b'B'),
    }
}

/// Appends `ESC[nX`, with a count of one left out.
#[inline]
pub(super) fn csi(out: &mut Vec<u8>, count: u16, command: u8) {
    introducer(out);
    if count != 1 {
        number(out, count);
    }
    out.push(command);
}

/// Appends `ESC[`, two bytes pushed: a move is a few bytes, and pushing them costs less than
/// copying a slice in.
#[inline]
fn introducer(out: &mut Vec<u8>) {
    out.push(0x1b);
    out.push(b'[');
}

/// Appends `value` in decimal, a digit at a time: a move's numbers have a few digits, and
/// pushing them costs less than formatting them elsewhere and copying them in. One or two
/// digits, as most moves on a screen take, are written without dividing in a loop.
fn number(out: &mut Vec<u8>, value: u16) {
    // Both casts hold one decimal digit.
    #[allow(clippy::cast_possible_truncation)]
    let digit = |value: u16| b'0' + (value % 10) as u8;
    if value < 10 {
        out.push(digit(value));
        return;
    }
    if value < 100 {
        out.push(digit(value / 10));
        out.push(digit(value));
        return;
    }
    let mut divisor = 1;
    while value / divisor >= 10 {
        divisor *= 10;
    }
    while divisor > 0 {
        out.push(b"0123456789"[usize::from(value / divisor % 10)]);
        divisor /= 10;
    }
}

/// The bytes of [`absolute`]`(to)`.
pub(super) fn absolute_len(to: Position) -> usize {
    let row = if to.y > 0 || to.x > 0 {
        digits(to.y + 1)
    } else {
        0
    };
    let column = if to.x > 0 { 1 + digits(to.x + 1) } else { 0 };
    3 + row + column
}

/// The bytes of [`vertical`] from row `from` to `to`.
#[inline]
fn vertical_len(from: u16, to: u16) -> usize {
    if from == to {
        0
    } else {
        csi_len(from.abs_diff(to))
    }
}

/// The bytes of [`csi`] with `count`.
#[inline]
fn csi_len(count: u16) -> usize {
    3 + if count == 1 { 0 } else { digits(count) }
}

/// The digits of `value` in decimal: a few comparisons, most values on a screen being below
/// a hundred.
#[inline]
fn digits(value: u16) -> usize {
    match value {
        0..10 => 1,
        10..100 => 2,
        100..1000 => 3,
        1000..10000 => 4,
        _ => 5,
    }
}

#[cfg(test)]
mod tests;
