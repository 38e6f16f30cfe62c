//! Where an open editor's rows are: a place in a line and the row and column that show it,
//! wrapped as [`super::editor`] draws the text, and rows counted across lines, so the cursor
//! moves and the window turns by the rows a person sees.

use super::wrap_memo::WrapMemo;
use crate::text::{graphemes, sanitize_line, width};

/// The row `rows` rows `down` or up from `from` (a line and a row of it wrapped at `columns`)
/// among `lines`, or the first or last row there is.
pub(super) fn shifted_rows(
    lines: &[String],
    from: (usize, usize),
    rows: usize,
    down: bool,
    columns: usize,
    wraps: &mut WrapMemo,
) -> (usize, usize) {
    let Some(last) = lines.len().checked_sub(1) else {
        return (0, 0);
    };
    let mut height = |line: usize| wraps.count(&sanitize_line(&lines[line]), columns);
    let mut line = from.0.min(last);
    let mut line_rows = height(line);
    let mut row = from.1.min(line_rows - 1);
    for _ in 0..rows {
        if down && row + 1 < line_rows {
            row += 1;
        } else if down && line < last {
            line += 1;
            line_rows = height(line);
            row = 0;
        } else if !down && row > 0 {
            row -= 1;
        } else if !down && line > 0 {
            line -= 1;
            line_rows = height(line);
            row = line_rows - 1;
        } else {
            break;
        }
    }
    (line, row)
}

/// The start of `piece` within `clean`, the text it was cut from.
pub(super) fn start_of(clean: &str, piece: &str) -> usize {
    piece.as_ptr() as usize - clean.as_ptr() as usize
}

/// The row among `pieces` (the wrapped rows of `clean`, `columns` wide) that shows the place
/// `offset` bytes into `clean`, and its column there, as [`editor_block`] places the cursor.
/// Spaces a row break swallows put the cursor at that row's end; spaces at the end of the text,
/// which wrapping leaves out of the last row, still move it, up to the row's last cell.
pub(super) fn place(clean: &str, pieces: &[&str], offset: usize, columns: usize) -> (usize, usize) {
    for (row, piece) in pieces.iter().enumerate() {
        let start = start_of(clean, piece);
        let next = pieces.get(row + 1).map(|next| start_of(clean, next));
        if offset >= start && next.is_none_or(|next| offset < next) {
            let within = match next {
                Some(_) => offset.min(start + piece.len()),
                None => offset.min(clean.len()),
            };
            return (row, width(&clean[start..within.max(start)]).min(columns));
        }
    }
    (0, 0)
}

/// The place in `clean` on row `row` of its `pieces` at `column`, or the row's end when it is
/// shorter; never the place where the next row begins, which shows on that row.
pub(super) fn offset_at(clean: &str, pieces: &[&str], row: usize, column: usize) -> usize {
    let Some(piece) = pieces.get(row) else {
        return 0;
    };
    let start = start_of(clean, piece);
    let next = pieces.get(row + 1).map(|next| start_of(clean, next));
    // Measured by grapheme cluster, so a column never falls inside a joined emoji or a flag.
    let mut taken = 0;
    let mut offset = start;
    let mut last_start = start;
    for (cluster, cells) in graphemes(piece) {
        if taken + cells > column {
            return offset;
        }
        taken += cells;
        last_start = offset;
        offset += cluster.len();
    }
    match next {
        // The row's end is the next row's beginning: the place before its last cluster.
        Some(next) if offset >= next => last_start,
        _ => offset,
    }
}

/// The index of the character of `text` at `offset` bytes into its sanitized form (each
/// character sanitized alone, as sanitizing works character by character).
pub(super) fn char_at(text: &str, offset: usize) -> usize {
    let mut clean = 0;
    for (index, c) in text.chars().enumerate() {
        if clean >= offset {
            return index;
        }
        clean += sanitize_line(c.encode_utf8(&mut [0; 4])).len();
    }
    text.chars().count()
}
