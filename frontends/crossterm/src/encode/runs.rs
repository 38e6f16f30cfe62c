//! Runs of cells written one after another in the terminal's current style, the cursor
//! moving over each as it is written: the changed cells of a line of text, and the unchanged
//! ones between them that are no longer to write again than to move over.

use super::moves::REPRINTED_GAP;
use crate::cell::{Cell, Shade};

/// Writes the cells of `row` that `style` shows alike from its start, as one run: the changed
/// ones, and unchanged printable ASCII ones between them as long as reprinting them is no
/// longer than moving over them; notes the changed ones in `known`, the screen's cells under
/// `row`. Unchanged cells after the last change are taken back, for the next change moves over
/// them. Returns how many cells were written.
pub(super) fn reprint_run(
    style: Shade,
    known: &mut [Cell],
    row: &[Cell],
    out: &mut Vec<u8>,
) -> usize {
    let mut written = 0;
    loop {
        let (ascii, gap) = ascii_run(style, &mut known[written..], &row[written..], out);
        written += ascii;
        let others = char_run(style, &mut known[written..], &row[written..], out);
        if others == 0 {
            out.truncate(out.len() - gap);
            return written - gap;
        }
        written += others;
    }
}

/// Writes the printable ASCII cells that `style` shows alike from the start of `row`, a byte
/// each, as [`reprint_run`] does; returns how many were written and how many of the last of
/// them were unchanged. Its own function, so that the loop over the cells of a line of text
/// keeps what it needs in registers.
#[inline(never)]
fn ascii_run(style: Shade, known: &mut [Cell], row: &[Cell], out: &mut Vec<u8>) -> (usize, usize) {
    if row
        .first()
        .and_then(|cell| cell.reprinted_in(style))
        .is_none()
    {
        return (0, 0);
    }
    let first = out.len();
    out.resize(first + row.len(), 0);
    let mut written = 0;
    let mut gap = 0;
    let cells = known.iter_mut().zip(row).zip(&mut out[first..]);
    for ((seen, cell), slot) in cells {
        let Some(byte) = cell.reprinted_in(style) else {
            break;
        };
        if seen.looks_like(cell) {
            if gap == usize::from(REPRINTED_GAP) {
                break;
            }
            gap += 1;
        } else {
            *seen = *cell;
            gap = 0;
        }
        *slot = byte;
        written += 1;
    }
    out.truncate(first + written);
    (written, gap)
}

/// Writes the changed cells from the start of `row` that hold a narrow character other than
/// ASCII in `style` (a rule's line, a border, an accented letter), as [`reprint_run`] does;
/// returns how many were written. One that did not change ends them: moving over it is
/// shorter than its bytes.
fn char_run(style: Shade, known: &mut [Cell], row: &[Cell], out: &mut Vec<u8>) -> usize {
    let mut written = 0;
    for (seen, cell) in known.iter_mut().zip(row) {
        let narrow = !row.get(written + 1).is_some_and(Cell::is_covered);
        match cell.text.as_char() {
            Some(ch)
                if !ch.is_ascii() && cell.shade == style && narrow && !seen.looks_like(cell) =>
            {
                // A few bytes, pushed: cheaper than copying a slice in.
                for &byte in ch.encode_utf8(&mut [0; 4]).as_bytes() {
                    out.push(byte);
                }
                *seen = *cell;
                written += 1;
            }
            _ => break,
        }
    }
    written
}
