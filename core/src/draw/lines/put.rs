//! Putting lines of spans on a [`Canvas`]: whole, within a room (the span that overflows cut
//! with an ellipsis), top-down in an area, and the horizontal rules.

use std::borrow::Cow;

use super::{HEAVY_RULE, Line, RULE, Shape, Span};
use crate::draw::{Canvas, Pos, Rect, Role, Style};
use crate::text::truncate;

/// Draws one line of spans from `pos`; returns the column after it.
pub fn put_line(canvas: &mut Canvas, pos: Pos, line: &[Span]) -> u16 {
    let mut x = pos.x;
    for span in line {
        x = put_span(canvas, Pos::new(x, pos.y), &span.text, span);
    }
    x
}

/// Puts `text`, the whole or a cut of `span`'s, in the span's style: as it is when the span
/// is one line, with its line breaks shown as `↵` when it has them, and a whole rule as
/// repeated cells.
fn put_span(canvas: &mut Canvas, pos: Pos, text: &str, span: &Span) -> u16 {
    let whole = std::ptr::eq(text, span.text());
    match span.shape {
        Shape::Rule if whole => {
            canvas.put_repeated(
                pos,
                RULE,
                u16::try_from(span.cells).unwrap_or(u16::MAX),
                span.style,
            );
            u16::try_from(usize::from(pos.x) + span.cells).unwrap_or(u16::MAX)
        }
        Shape::Line if whole => canvas.put_measured(pos, text, span.cells, span.style),
        Shape::Line | Shape::Rule => canvas.put_clean(pos, text, span.style),
        Shape::Lines => canvas.put(pos, text, span.style),
    }
}

/// Draws one line of spans from `pos` within `room` cells: the span that overflows is cut
/// with an ellipsis and the ones after it are left out.
pub fn put_line_within(canvas: &mut Canvas, pos: Pos, line: &[Span], room: usize) {
    let mut x = pos.x;
    let mut left = room;
    for span in line {
        let cut = if span.cells() <= left {
            Cow::Borrowed(&*span.text)
        } else {
            truncate(&span.text, left)
        };
        let after = put_span(canvas, Pos::new(x, pos.y), &cut, span);
        left = left.saturating_sub(usize::from(after - x));
        x = after;
        if cut.len() != span.text.len() {
            break;
        }
    }
}

/// Draws lines top-down in `area`, each indented by `indent`; returns the rows used.
pub fn put_lines(canvas: &mut Canvas, area: Rect, indent: u16, lines: &[Line]) -> u16 {
    let mut used = 0;
    for (row, line) in area.rows().zip(lines) {
        put_line(canvas, Pos::new(row.x.saturating_add(indent), row.y), line);
        used += 1;
    }
    used
}

/// A horizontal rule across `area`'s first row.
pub fn put_rule(canvas: &mut Canvas, area: Rect) {
    if area.is_empty() {
        return;
    }
    canvas.put_repeated(area.pos(), RULE, area.width, Style::new(Role::Border));
}

/// A horizontal rule across `area`'s first row whose columns `start..end` (clipped to the
/// area) are a heavy rule in `style`, the underline of an active tab. It is put as runs side
/// by side, none over another, so that a frontend writes the row as it comes.
pub fn put_rule_marked(canvas: &mut Canvas, area: Rect, (start, end): (u16, u16), style: Style) {
    if area.is_empty() {
        return;
    }
    let border = Style::new(Role::Border);
    let start = start.clamp(area.x, area.right());
    let end = end.clamp(start, area.right());
    canvas.put_repeated(area.pos(), RULE, start - area.x, border);
    canvas.put_repeated(Pos::new(start, area.y), HEAVY_RULE, end - start, style);
    canvas.put_repeated(Pos::new(end, area.y), RULE, area.right() - end, border);
}
