//! Styled text in lines: spans, word-wrapping them, cutting them to a size and putting them
//! on a [`Canvas`], so every surface lays its text out the same way.

use std::borrow::Cow;

use super::{Canvas, Pos, Rect, Role, Style};
use crate::text::{ELLIPSIS, fit, sanitize, sanitize_line, truncate, width, wrap};

/// What horizontal rules are drawn with.
const RULE: char = '─';

/// A run of text in one style.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span {
    /// Sanitized single-line text, or for a [`Span::multiline`] span, lines joined by `\n`.
    pub text: String,
    /// How it looks.
    pub style: Style,
}

impl Span {
    /// A span of `text` (sanitized here, line breaks shown as `↵`) in `style`.
    pub fn new(text: &str, style: Style) -> Self {
        Self {
            text: sanitize_line(text).into_owned(),
            style,
        }
    }

    /// A span of multi-line `text` (sanitized here, line breaks kept as `\n`) in `style`; only
    /// for [`wrap_spans`], which breaks lines there.
    pub fn multiline(text: &str, style: Style) -> Self {
        Self {
            text: sanitize(text).into_owned(),
            style,
        }
    }

    /// `cells` blank cells of plain text, to indent by.
    pub fn spaces(cells: usize) -> Self {
        Self {
            text: " ".repeat(cells),
            style: Style::new(Role::Text),
        }
    }

    /// A horizontal rule `cells` wide, in the border style.
    pub fn rule(cells: usize) -> Self {
        Self {
            text: RULE.encode_utf8(&mut [0; 4]).repeat(cells),
            style: Style::new(Role::Border),
        }
    }
}

/// One screen row of spans.
pub type Line = Vec<Span>;

/// The cells a line takes.
pub fn line_width(line: &[Span]) -> usize {
    line.iter().map(|span| width(&span.text)).sum()
}

/// Word-wraps styled text to `columns` cells, breaking lines at the `\n`s of
/// [`Span::multiline`] spans; styles follow their text across breaks.
pub fn wrap_spans(spans: &[Span], columns: usize) -> Vec<Line> {
    let joined: String = spans.iter().map(|span| span.text.as_str()).collect();
    let mut bounds = Vec::with_capacity(spans.len());
    let mut offset = 0;
    for span in spans {
        offset += span.text.len();
        bounds.push((offset, span.style));
    }
    wrap(&joined, columns)
        .into_iter()
        .map(|piece| {
            let start = piece.as_ptr() as usize - joined.as_ptr() as usize;
            let end = start + piece.len();
            let mut line = Vec::new();
            let mut from = start;
            for &(bound, style) in &bounds {
                if bound <= from {
                    continue;
                }
                let to = bound.min(end);
                if to > from {
                    line.push(Span {
                        text: joined[from..to].to_owned(),
                        style,
                    });
                }
                from = to;
                if from >= end {
                    break;
                }
            }
            line
        })
        .collect()
}

/// Word-wraps one style of text to `columns` cells, its line breaks shown as `↵`.
pub fn wrap_text(text: &str, style: Style, columns: usize) -> Vec<Line> {
    wrap_spans(&[Span::new(text, style)], columns)
}

/// Word-wraps one style of multi-line text to `columns` cells, breaking lines where it does;
/// a blank line keeps the style too, so a cut marked on it (see [`cap_lines`]) shows in it.
pub fn wrap_paragraphs(text: &str, style: Style, columns: usize) -> Vec<Line> {
    let text = sanitize(text);
    wrap(&text, columns)
        .into_iter()
        .map(|line| vec![Span::new(line, style)])
        .collect()
}

/// Keeps at most `rows` lines, marking a cut with `…` at the end of the last one kept.
pub fn cap_lines(mut lines: Vec<Line>, rows: usize, columns: usize) -> Vec<Line> {
    if lines.len() <= rows {
        return lines;
    }
    lines.truncate(rows);
    if let Some(last) = lines.last_mut() {
        let used = line_width(last);
        if used + 1 > columns
            && let Some(span) = last.last_mut()
        {
            let keep = width(&span.text).saturating_sub(used + 1 - columns);
            span.text = fit(&span.text, keep).0.to_owned();
        }
        let style = last
            .last()
            .map_or(Style::new(Role::Muted), |span| span.style);
        last.push(Span {
            text: ELLIPSIS.to_owned(),
            style,
        });
    }
    lines
}

/// Prefixes every line with `cells` blank cells.
pub fn indented(lines: Vec<Line>, cells: usize) -> Vec<Line> {
    lines
        .into_iter()
        .map(|mut line| {
            line.insert(0, Span::spaces(cells));
            line
        })
        .collect()
}

/// Draws one line of spans from `pos`; returns the column after it.
pub fn put_line(canvas: &mut Canvas, pos: Pos, line: &[Span]) -> u16 {
    let mut x = pos.x;
    for span in line {
        x = canvas.put(Pos::new(x, pos.y), &span.text, span.style);
    }
    x
}

/// Draws one line of spans from `pos` within `room` cells: the span that overflows is cut
/// with an ellipsis and the ones after it are left out.
pub fn put_line_within(canvas: &mut Canvas, pos: Pos, line: &[Span], room: usize) {
    let mut x = pos.x;
    let mut left = room;
    for span in line {
        let cut = if width(&span.text) <= left {
            Cow::Borrowed(span.text.as_str())
        } else {
            truncate(&span.text, left)
        };
        let after = canvas.put(Pos::new(x, pos.y), &cut, span.style);
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
