//! Cursor moves: the encoder's choice of the shortest way to a cell, and the moves as bytes,
//! built on the stack: the absolute one and the relative ones it weighs against each other.

use std::ops::Range;

use arrayvec::ArrayVec;
use ratatui::layout::Position;

use super::Encoder;
use crate::cell::{Cell, Shade};

/// The widest gap that is reprinted rather than moved over: `ESC[C` is three bytes and
/// `ESC[nC` four up to nine cells, so reprinting is no longer up to four.
pub(super) const REPRINTED_GAP: u16 = 4;

impl Encoder {
    /// Appends the shortest bytes that move the cursor to `to`: none when it is there, as it
    /// is for every cell of a run after the first, which is why this check is inlined.
    #[inline]
    pub fn move_to(&mut self, out: &mut Vec<u8>, to: Position) {
        if self.cursor != Some(to) {
            self.move_elsewhere(out, to);
        }
    }

    /// Appends the shortest bytes that move the cursor to `to`, where it is not.
    pub(super) fn move_elsewhere(&mut self, out: &mut Vec<u8>, to: Position) {
        let bytes = self.move_from_cursor(to, self.shadow.row(to.y));
        out.extend_from_slice(&bytes);
        self.cursor = Some(to);
    }

    /// Appends the shortest bytes that move the cursor to `to` on a row whose cells the
    /// screen shows are `row` (taken out of the shadow while it is drawn), where it is not.
    pub(super) fn move_over(&mut self, out: &mut Vec<u8>, to: Position, row: &[Cell]) {
        let bytes = self.move_from_cursor(to, Some(row));
        out.extend_from_slice(&bytes);
        self.cursor = Some(to);
    }

    /// The shortest move from where the cursor is to `to` on a row whose known cells are
    /// `row`: an absolute one when the encoder does not know where the cursor is.
    fn move_from_cursor(&self, to: Position, row: Option<&[Cell]>) -> Move {
        match self.cursor {
            Some(from) => self.shortest_move(from, to, row),
            None => absolute(to),
        }
    }

    /// The shortest of an absolute move and the relative ones from `from` to `to`, on a row
    /// whose known cells are `row` (`None` when the encoder cannot tell them). A move right
    /// on the cursor's row is the move sideways alone, without weighing the others: a return
    /// first adds a byte to a move at least as long, and an absolute move names the row and a
    /// column past the distance, so both are longer.
    pub(super) fn shortest_move(&self, from: Position, to: Position, row: Option<&[Cell]>) -> Move {
        if from.y == to.y && to.x > from.x {
            let mut sideways = Move::new();
            self.sideways(from.x, to.x, row).write(&mut sideways);
            return sideways;
        }
        self.weighed_move(from, to, row)
    }

    /// The shortest of an absolute move and the relative ones from `from` to `to`, on a row
    /// whose known cells are `row`: each is weighed by the bytes it would take, and only the
    /// shortest is built (the first of them on a tie: absolute, staying on the row, returning
    /// to its start).
    pub(super) fn weighed_move(&self, from: Position, to: Position, row: Option<&[Cell]>) -> Move {
        let stay_side = self.sideways(from.x, to.x, row);
        let home_side = self.sideways(0, to.x, row);
        let stay = vertical_len(from.y, to.y) + stay_side.len();
        let down = if to.y == from.y + 1 {
            1
        } else {
            vertical_len(from.y, to.y)
        };
        let home = 1 + down + home_side.len();
        let mut best = (absolute_len(to), Way::Absolute);
        if stay < best.0 {
            best = (stay, Way::Stay);
        }
        if home < best.0 {
            best = (home, Way::Home);
        }
        let mut bytes = Move::new();
        match best.1 {
            Way::Absolute => return absolute(to),
            Way::Stay => {
                vertical(&mut bytes, from.y, to.y);
                stay_side.write(&mut bytes);
            }
            Way::Home => {
                bytes.push(b'\r');
                if to.y == from.y + 1 {
                    bytes.push(b'\n');
                } else {
                    vertical(&mut bytes, from.y, to.y);
                }
                home_side.write(&mut bytes);
            }
        }
        bytes
    }

    /// How to move from column `from` to `to` on a row whose known cells are `row`: a gap of
    /// at most [`REPRINTED_GAP`] cells is reprinted when it can be, as it is no longer than
    /// the `ESC[nC` that moves over it; a wider one is moved over.
    pub(super) fn sideways(&self, from: u16, to: u16, row: Option<&[Cell]>) -> Sideways {
        if to == from {
            return Sideways::Stay;
        }
        if to < from {
            return Sideways::Left(from - to);
        }
        let gap = to - from;
        let reprinted = (gap <= REPRINTED_GAP)
            .then(|| reprint(row, from..to, self.style))
            .flatten();
        reprinted.map_or(Sideways::Right(gap), Sideways::Reprint)
    }
}

/// The bytes that rewrite `columns` of a row whose known cells are `row` (past them, blank;
/// `None` when the encoder cannot tell them) as they are, in the terminal's current `style`,
/// if every one of them is a one-byte character that style shows alike and they fit in `ROOM`
/// bytes.
pub(super) fn reprint<const ROOM: usize>(
    row: Option<&[Cell]>,
    columns: Range<u16>,
    style: Shade,
) -> Option<ArrayVec<u8, ROOM>> {
    let known = match row {
        None if columns.is_empty() => &[],
        None => return None,
        Some(known) => known,
    };
    let mut bytes = ArrayVec::new();
    for x in columns {
        let byte = known
            .get(usize::from(x))
            .unwrap_or(&Cell::BLANK)
            .reprinted_in(style)?;
        bytes.try_push(byte).ok()?;
    }
    Some(bytes)
}

/// A move along the cursor's row.
pub(super) enum Sideways {
    /// None: the cursor is in the column already.
    Stay,
    /// `ESC[nD`.
    Left(u16),
    /// `ESC[nC`.
    Right(u16),
    /// The cells passed over, written again.
    Reprint(ArrayVec<u8, { REPRINTED_GAP as usize }>),
}

impl Sideways {
    /// The bytes the move takes.
    fn len(&self) -> usize {
        match self {
            Self::Stay => 0,
            Self::Left(count) | Self::Right(count) => csi_len(*count),
            Self::Reprint(bytes) => bytes.len(),
        }
    }

    /// Appends the move's bytes to `into`.
    pub(super) fn write(self, into: &mut Move) {
        match self {
            Self::Stay => {}
            Self::Left(count) => csi(into, count, b'D'),
            Self::Right(count) => csi(into, count, b'C'),
            Self::Reprint(bytes) => into.extend(bytes),
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

/// Room for one cursor move: an absolute move to the farthest cell is 14 bytes, a return,
/// a move up or down and one sideways at most 17, and text is reprinted only when shorter
/// than the move sideways it replaces.
pub(super) const MOVE_ROOM: usize = 24;

/// The bytes of one cursor move, built on the stack: a frame moves the cursor for every run
/// of changed cells, and none of those moves allocates.
pub(super) type Move = ArrayVec<u8, MOVE_ROOM>;

/// `ESC[row;columnH`, with the parts a 1 allows left out.
pub(super) fn absolute(to: Position) -> Move {
    let mut bytes = Move::new();
    bytes.extend(*b"\x1b[");
    if to.y > 0 || to.x > 0 {
        number(&mut bytes, to.y + 1);
    }
    if to.x > 0 {
        bytes.push(b';');
        number(&mut bytes, to.x + 1);
    }
    bytes.push(b'H');
    bytes
}

/// Appends the bytes moving from row `from` to row `to` in the same column.
pub(super) fn vertical(into: &mut Move, from: u16, to: u16) {
    match to.cmp(&from) {
        std::cmp::Ordering::Equal => {}
        std::cmp::Ordering::Less => csi(into, from - to, b'A'),
        std::cmp::Ordering::Greater => csi(into, to - from, b'B'),
    }
}

/// Appends `ESC[nX`, with a count of one left out.
pub(super) fn csi(into: &mut Move, count: u16, command: u8) {
    into.extend(*b"\x1b[");
    if count != 1 {
        number(into, count);
    }
    into.push(command);
}

/// Appends `value` in decimal.
fn number(into: &mut Move, value: u16) {
    into.extend(itoa::Buffer::new().format(value).bytes());
}

/// The bytes of [`absolute`]`(to)`.
fn absolute_len(to: Position) -> usize {
    let row = if to.y > 0 || to.x > 0 {
        digits(to.y + 1)
    } else {
        0
    };
    let column = if to.x > 0 { 1 + digits(to.x + 1) } else { 0 };
    3 + row + column
}

/// The bytes of [`vertical`] from row `from` to `to`.
fn vertical_len(from: u16, to: u16) -> usize {
    if from == to {
        0
    } else {
        csi_len(from.abs_diff(to))
    }
}

/// The bytes of [`csi`] with `count`.
fn csi_len(count: u16) -> usize {
    3 + if count == 1 { 0 } else { digits(count) }
}

/// The digits of `value` in decimal.
fn digits(value: u16) -> usize {
    value.checked_ilog10().map_or(1, |log| log as usize + 1)
}
