//! Scrolling through preview text of any size with work proportional to what is shown.
//!
//! A preview is cut into *segments*: its lines, with long lines cut further at fixed offsets
//! (multiples of [`CHUNK`], moved forward to a character boundary) that have no line break
//! within [`CHUNK`] bytes on either side, so a short line is never cut.
//! Segments are found by scanning from a known segment start, forward or backward, never from
//! the top of the text, so a 1 MiB preview costs no more per frame than a short one. A scroll
//! position is a segment start and a wrapped row within that segment.

use std::borrow::Cow;

use memchr::{memchr, memchr_iter, memrchr};

use super::state::PreviewScroll;
use crate::text::{
    is_printable_ascii, sanitize_line, wrap, wrap_ascii_line_into, wrap_into, wrapped_line_count,
};

/// The longest segment, in bytes.
pub const CHUNK: usize = 4096;

/// One segment: its text is `text[start..end]`; the next one starts at `next`.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Segment {
    /// First byte.
    pub start: usize,
    /// End of its text (a line break is not part of it).
    pub end: usize,
    /// Where the next segment starts, if there is one.
    pub next: Option<usize>,
}

/// How far a scan for a line break looks; every segment is shorter.
const WINDOW: usize = 4 * CHUNK;

/// The first character boundary at or after `index`.
fn ceil_boundary(text: &str, index: usize) -> usize {
    let mut index = index.min(text.len());
    while !text.is_char_boundary(index) {
        index += 1;
    }
    index
}

/// The `k`-th chunk boundary.
fn chunk_boundary(text: &str, k: usize) -> usize {
    ceil_boundary(text, k.saturating_mul(CHUNK))
}

/// Whether the chunk boundary `boundary` cuts its line: it does when no line break is within
/// [`CHUNK`] bytes on either side, so only long lines are ever cut.
fn is_cut(text: &str, boundary: usize) -> bool {
    let bytes = text.as_bytes();
    boundary > 0
        && boundary < bytes.len()
        && memchr(
            b'\n',
            &bytes[boundary.saturating_sub(CHUNK)..(boundary + CHUNK).min(bytes.len())],
        )
        .is_none()
}

/// The segment starting at `start` (a segment start).
pub fn segment_at(text: &str, start: usize) -> Segment {
    let bytes = text.as_bytes();
    let limit = (start + WINDOW).min(bytes.len());
    let newline = memchr(b'\n', &bytes[start..limit]).map(|offset| start + offset);
    let stop = newline.unwrap_or(limit);
    let mut k = start / CHUNK + 1;
    loop {
        let boundary = chunk_boundary(text, k);
        if boundary >= stop {
            break;
        }
        if is_cut(text, boundary) {
            return Segment {
                start,
                end: boundary,
                next: Some(boundary),
            };
        }
        k += 1;
    }
    match newline {
        Some(end) => Segment {
            start,
            end,
            next: Some(end + 1),
        },
        None if limit == bytes.len() => Segment {
            start,
            end: limit,
            next: None,
        },
        None => {
            let end = ceil_boundary(text, limit);
            Segment {
                start,
                end,
                next: (end < bytes.len()).then_some(end),
            }
        }
    }
}

/// The start of the segment before the one starting at `start`, if any.
pub fn previous_start(text: &str, start: usize) -> Option<usize> {
    if start == 0 {
        return None;
    }
    let bytes = text.as_bytes();
    let content_end = if bytes[start - 1] == b'\n' {
        start - 1
    } else {
        start
    };
    let low = content_end.saturating_sub(WINDOW);
    let line_start = memrchr(b'\n', &bytes[low..content_end])
        .map(|offset| low + offset + 1)
        .or_else(|| (low == 0).then_some(0));
    let floor = line_start.unwrap_or(low);
    let mut k = content_end / CHUNK;
    while k > 0 {
        let boundary = chunk_boundary(text, k);
        if boundary <= floor {
            break;
        }
        if boundary < content_end && is_cut(text, boundary) {
            return Some(boundary);
        }
        k -= 1;
    }
    Some(floor)
}

/// A segment's text as written, without the `\r` of a `\r\n` line break.
fn segment_raw(text: &str, segment: Segment) -> &str {
    let raw = &text[segment.start..segment.end];
    raw.strip_suffix('\r').unwrap_or(raw)
}

/// A segment's text, sanitized for one line.
fn segment_text(text: &str, segment: Segment) -> Cow<'_, str> {
    sanitize_line(segment_raw(text, segment))
}

/// Appends to `rows` the rows a segment shows at `width` columns: at least one. They borrow
/// from `text` unless sanitizing changed the segment. The segment is wrapped in `pieces`
/// (left empty), so that a frame's rows are gathered segment after segment in the same room.
fn push_segment_rows<'a>(
    text: &'a str,
    segment: Segment,
    width: usize,
    rows: &mut Vec<Cow<'a, str>>,
    pieces: &mut Vec<&'a str>,
) {
    let start = rows.len();
    let raw = segment_raw(text, segment);
    if is_printable_ascii(raw) {
        // Clean already: no control character to replace, no line break within.
        wrap_ascii_line_into(raw, width.max(1), pieces);
        rows.extend(pieces.drain(..).map(Cow::Borrowed));
    } else {
        push_sanitized_rows(raw, width, rows, pieces);
    }
    if rows.len() == start {
        rows.push(Cow::Borrowed(""));
    }
}

/// Appends to `rows` the rows a segment's text `raw` that is not printable ASCII shows at
/// `width` columns, sanitized first.
fn push_sanitized_rows<'a>(
    raw: &'a str,
    width: usize,
    rows: &mut Vec<Cow<'a, str>>,
    pieces: &mut Vec<&'a str>,
) {
    match sanitize_line(raw) {
        Cow::Borrowed(clean) => {
            wrap_into(clean, width.max(1), pieces);
            rows.extend(pieces.drain(..).map(Cow::Borrowed));
        }
        Cow::Owned(clean) => {
            let wrapped = wrap(&clean, width.max(1));
            rows.extend(wrapped.into_iter().map(|row| Cow::Owned(row.to_owned())));
        }
    }
}

/// How many rows a segment shows at `width` columns, counted without keeping them.
pub fn segment_row_count(text: &str, segment: Segment, width: usize) -> usize {
    wrapped_line_count(&segment_text(text, segment), width.max(1)).max(1)
}

/// The position `rows` rows further down, stopping at the last row.
pub fn scroll_down(text: &str, from: PreviewScroll, rows: usize, width: usize) -> PreviewScroll {
    let mut position = from;
    let mut left = rows;
    loop {
        let segment = segment_at(text, position.line);
        let count = segment_row_count(text, segment, width);
        let last = count - 1;
        let row = position.row.min(last);
        if row + left <= last {
            position.row = row + left;
            return position;
        }
        let Some(next) = segment.next else {
            position.row = last;
            return position;
        };
        left -= last - row + 1;
        position = PreviewScroll { line: next, row: 0 };
    }
}

/// The position `rows` rows further up, stopping at the first row.
pub fn scroll_up(text: &str, from: PreviewScroll, rows: usize, width: usize) -> PreviewScroll {
    let mut position = from;
    let mut left = rows;
    while left > 0 {
        if position.row > 0 {
            let step = position.row.min(left);
            position.row -= step;
            left -= step;
            continue;
        }
        let Some(previous) = previous_start(text, position.line) else {
            break;
        };
        let count = segment_row_count(text, segment_at(text, previous), width);
        position = PreviewScroll {
            line: previous,
            row: count - 1,
        };
        left -= 1;
    }
    position
}

/// How many rows are shown from `from` on, counting at most `limit`.
pub fn rows_from(text: &str, from: PreviewScroll, limit: usize, width: usize) -> usize {
    let mut counted = 0;
    let mut position = Some(from);
    while let Some(current) = position {
        let segment = segment_at(text, current.line);
        let count = segment_row_count(text, segment, width);
        counted += count.saturating_sub(current.row.min(count - 1));
        if counted >= limit {
            return limit;
        }
        position = segment.next.map(|line| PreviewScroll { line, row: 0 });
    }
    counted
}

/// Keeps a full pane of `height` rows in view at the end of the text.
pub fn clamp_bottom(text: &str, from: PreviewScroll, height: usize, width: usize) -> PreviewScroll {
    if surely_fills(text, from, height) {
        return from;
    }
    let shown = rows_from(text, from, height, width);
    if shown >= height {
        return from;
    }
    scroll_up(text, from, height - shown, width)
}

/// Where a pane of `height` rows shows from when asked to show from `from`, as
/// [`clamp_bottom`] keeps it, with the rows it shows and whether more follow: the rows are laid
/// out once, and again only when the pane had to move up to stay full.
pub fn pane_rows(
    text: &str,
    from: PreviewScroll,
    height: usize,
    width: usize,
) -> (PreviewScroll, Vec<Cow<'_, str>>, bool) {
    let (rows, more) = visible_rows(text, from, height, width);
    if rows.len() >= height {
        return (from, rows, more);
    }
    let from = scroll_up(text, from, height - rows.len(), width);
    let (rows, more) = visible_rows(text, from, height, width);
    (from, rows, more)
}

/// Whether at least `height` rows follow `from`, told by counting line breaks alone: the
/// segment `from` is in shows at least one row from there, and so does every segment after
/// each line break, so scrolling anywhere but near the end wraps nothing to keep the pane full.
fn surely_fills(text: &str, from: PreviewScroll, height: usize) -> bool {
    let breaks = memchr_iter(b'\n', &text.as_bytes()[from.line.min(text.len())..])
        .take(height.saturating_sub(1))
        .count();
    breaks + 1 >= height
}

/// The rows shown from `from`, at most `height` of them, and whether more follow.
pub fn visible_rows(
    text: &str,
    from: PreviewScroll,
    height: usize,
    width: usize,
) -> (Vec<Cow<'_, str>>, bool) {
    let mut shown = Vec::with_capacity(height);
    let mut pieces = Vec::new();
    let mut position = Some(from);
    while let Some(current) = position {
        let segment = segment_at(text, current.line);
        let first = shown.len();
        push_segment_rows(text, segment, width, &mut shown, &mut pieces);
        let skip = current.row.min(shown.len() - first - 1);
        shown.drain(first..first + skip);
        if shown.len() > height {
            shown.truncate(height);
            return (shown, true);
        }
        position = segment.next.map(|line| PreviewScroll { line, row: 0 });
        if shown.len() == height && position.is_some() {
            return (shown, true);
        }
    }
    (shown, false)
}

#[cfg(test)]
mod tests;
