//! Cursor moves as bytes, built on the stack: the absolute one and the relative ones the
//! encoder weighs against each other.

use arrayvec::ArrayVec;
use ratatui::layout::Position;

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
