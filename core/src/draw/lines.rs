//! Styled text in lines: spans, word-wrapping them, cutting them to a size and putting them
//! on a [`Canvas`], so every surface lays its text out the same way.
//!
//! A span borrows its text wherever it can (a label, a description, a fixed word of the form):
//! laying a frame out allocates only for text that had to change, so a frame costs what its
//! layout does, not a copy of everything it shows.

use std::borrow::Cow;

use smallvec::SmallVec;

mod put;

pub use put::{put_line, put_line_within, put_lines, put_rule, put_rule_marked};

use super::canvas::kept_run;
use super::{Role, Style};
use crate::text::{
    ELLIPSIS, fit, fitting_line, is_printable_ascii, sanitize, sanitize_line, truncate, width, wrap,
};

/// What horizontal rules are drawn with.
const RULE: char = '─';
/// The heavy rule that underlines an active tab.
const HEAVY_RULE: char = '━';

/// What a span's text is, which says how it is drawn.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Shape {
    /// One line: the text is ready to be drawn as it is.
    Line,
    /// Lines joined by `\n`, for [`wrap_spans`] to break; drawn whole, a break shows as `↵`.
    Lines,
    /// A horizontal rule: [`RULE`] repeated, drawn and measured without looking at its text.
    Rule,
}

/// A run of text in one style.
///
/// Its text is sanitized when the span is made, so no constructor lets a control character
/// through, and drawing a single-line span does not sanitize it again.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Span<'a> {
    text: Cow<'a, str>,
    shape: Shape,
    /// The cells the text takes on one line, measured once, when the span is made: laying a
    /// line out, fitting it and drawing it all ask.
    cells: usize,
    /// How it looks.
    pub style: Style,
}

/// `text` as `clean` leaves it, keeping the caller's allocation or borrow when nothing changes.
fn cleaned(text: Cow<'_, str>, clean: fn(&str) -> Cow<'_, str>) -> Cow<'_, str> {
    match text {
        Cow::Borrowed(text) => clean(text),
        Cow::Owned(text) => {
            let changed = match clean(&text) {
                Cow::Borrowed(_) => None,
                Cow::Owned(changed) => Some(changed),
            };
            Cow::Owned(changed.unwrap_or(text))
        }
    }
}

impl<'a> Span<'a> {
    /// A span of `text` (sanitized here, line breaks shown as `↵`) in `style`; borrowed text
    /// stays borrowed unless sanitizing changes it.
    pub fn new(text: impl Into<Cow<'a, str>>, style: Style) -> Self {
        Self::sanitized(text.into(), sanitize_line, style)
    }

    /// A span of multi-line `text` (sanitized here, line breaks kept as `\n`) in `style`; only
    /// for [`wrap_spans`], which breaks lines there. Text without a line break is one line,
    /// as [`Span::new`] makes it.
    pub fn multiline(text: impl Into<Cow<'a, str>>, style: Style) -> Self {
        Self::sanitized(text.into(), sanitize, style)
    }

    /// A span of `text` as `clean` leaves it, measured: printable ASCII, most text, is taken as
    /// it is and measured by its length; text with a line break left in it is lines.
    fn sanitized(text: Cow<'a, str>, clean: fn(&str) -> Cow<'_, str>, style: Style) -> Self {
        if is_printable_ascii(&text) {
            return Self {
                cells: text.len(),
                text,
                shape: Shape::Line,
                style,
            };
        }
        let span = Self::clean(cleaned(text, clean), style);
        let shape = if span.text.contains('\n') {
            Shape::Lines
        } else {
            Shape::Line
        };
        Self { shape, ..span }
    }

    /// A span of text that is already sanitized single-line text, taken as it is.
    pub(crate) fn clean(text: Cow<'a, str>, style: Style) -> Self {
        let cells = width(&text);
        Self::measured(text, cells, style)
    }

    /// A span of already sanitized single-line text that takes `cells` cells, as its maker
    /// measured it.
    pub(crate) fn measured(text: Cow<'a, str>, cells: usize, style: Style) -> Self {
        debug_assert_eq!(cells, width(&text), "{text:?} takes {cells} cells");
        Self {
            cells,
            text,
            shape: Shape::Line,
            style,
        }
    }

    /// A span of the program's own constant `text`, which holds no control character and no
    /// line break, so it is measured but not sanitized.
    pub(crate) fn constant(text: &'static str, style: Style) -> Self {
        debug_assert!(
            matches!(sanitize_line(text), Cow::Borrowed(_)),
            "constant text needs no sanitizing: {text:?}"
        );
        Self::clean(Cow::Borrowed(text), style)
    }

    /// `cells` blank cells of plain text, to indent by.
    pub fn spaces(cells: usize) -> Self {
        let text =
            kept_run(' ', cells).map_or_else(|| Cow::Owned(" ".repeat(cells)), Cow::Borrowed);
        Self {
            text,
            shape: Shape::Line,
            cells,
            style: Style::new(Role::Text),
        }
    }

    /// A horizontal rule `cells` wide, in the border style.
    pub fn rule(cells: usize) -> Self {
        Self {
            text: kept_run(RULE, cells).map_or_else(
                || Cow::Owned(RULE.encode_utf8(&mut [0; 4]).repeat(cells)),
                Cow::Borrowed,
            ),
            shape: Shape::Rule,
            cells,
            style: Style::new(Role::Border),
        }
    }

    /// The span's sanitized text.
    pub fn text(&self) -> &str {
        &self.text
    }

    /// The cells the span takes on one line.
    pub fn cells(&self) -> usize {
        self.cells
    }

    /// The same span cut to at most `cells` cells, ending with `…` where it was cut.
    #[must_use]
    pub fn truncated(self, cells: usize) -> Self {
        let text = match &self.text {
            Cow::Borrowed(text) => truncate(text, cells),
            Cow::Owned(text) => Cow::Owned(truncate(text, cells).into_owned()),
        };
        self.cut(text)
    }

    /// The same span owning its text, to keep beyond what it borrows from.
    pub fn into_owned(self) -> Span<'static> {
        Span {
            text: Cow::Owned(self.text.into_owned()),
            shape: self.shape,
            cells: self.cells,
            style: self.style,
        }
    }

    /// Keeps the first `cells` cells of the text.
    fn keep(&mut self, cells: usize) {
        let (kept, kept_cells) = fit(&self.text, cells);
        let kept = kept.len();
        match &mut self.text {
            Cow::Borrowed(text) => *text = &text[..kept],
            Cow::Owned(text) => text.truncate(kept),
        }
        self.cells = kept_cells;
    }

    /// The span's text up to byte `end`, a character boundary, measured again; a rule cut
    /// is a line.
    pub(super) fn prefix(&self, end: usize) -> Self {
        self.cut(self.slice(0, end))
    }

    /// A span of `text`, cut from this one's, in its style: measured again; a rule's cut is a
    /// line.
    fn cut(&self, text: Cow<'a, str>) -> Self {
        let shape = match self.shape {
            Shape::Rule => Shape::Line,
            shape @ (Shape::Line | Shape::Lines) => shape,
        };
        Self {
            cells: width(&text),
            text,
            shape,
            style: self.style,
        }
    }

    /// The text from byte `from` to byte `to`, borrowed when the span borrows.
    fn slice(&self, from: usize, to: usize) -> Cow<'a, str> {
        match &self.text {
            Cow::Borrowed(text) => Cow::Borrowed(&text[from..to]),
            Cow::Owned(text) => Cow::Owned(text[from..to].to_owned()),
        }
    }
}

/// The spans a line holds without allocating: one span and the room before it, such as a
/// list row's cursor, number and marker before its label.
const SPANS_IN_PLACE: usize = ROOM_BEFORE + 1;

/// One screen row of spans. Most lines hold a few, kept in place: a frame lays out dozens of
/// lines, and none of them allocates for its spans.
pub type Line<'a> = SmallVec<[Span<'a>; SPANS_IN_PLACE]>;

/// The same lines owning their text, to keep beyond what they borrow from, in any list.
pub fn owned_lines<'a, Lines: FromIterator<Line<'static>>>(
    lines: impl IntoIterator<Item = Line<'a>>,
) -> Lines {
    lines
        .into_iter()
        .map(|line| line.into_iter().map(Span::into_owned).collect())
        .collect()
}

/// The cells a line takes.
pub fn line_width(line: &[Span]) -> usize {
    line.iter().map(Span::cells).sum()
}

/// Word-wraps styled text to `columns` cells, breaking lines at the `\n`s of
/// [`Span::multiline`] spans; styles follow their text across breaks. The lines borrow what
/// the spans borrow.
pub fn wrap_spans<'a>(spans: &[Span<'a>], columns: usize) -> Vec<Line<'a>> {
    if let [span] = spans
        && let Some(line) = one_line(span, columns)
    {
        return vec![line];
    }
    let joined: Cow<str> = match spans {
        [span] => Cow::Borrowed(&span.text),
        _ => Cow::Owned(spans.iter().map(|span| &*span.text).collect()),
    };
    wrap(&joined, columns)
        .into_iter()
        .map(|piece| {
            let start = piece.as_ptr() as usize - joined.as_ptr() as usize;
            let end = start + piece.len();
            let mut line = Line::new();
            let mut span_start = 0;
            for span in spans {
                let span_end = span_start + span.text.len();
                let (from, to) = (start.max(span_start), end.min(span_end));
                if from < to {
                    let text = span.slice(from - span_start, to - span_start);
                    line.push(Span::clean(text, span.style));
                }
                if span_end >= end {
                    break;
                }
                span_start = span_end;
            }
            line
        })
        .collect()
}

/// The one line [`wrap_spans`] makes of `span` when it fits `columns` cells on one line,
/// found without wrapping: trailing spaces dropped, as wrapping drops them.
pub(super) fn one_line<'a>(span: &Span<'a>, columns: usize) -> Option<Line<'a>> {
    if span.shape == Shape::Lines {
        return None;
    }
    let (kept, kept_cells) = fitting_line(&span.text, span.cells, columns)?;
    let kept = kept.len();
    Some(if kept == 0 {
        Line::new()
    } else {
        let mut line = Line::new();
        line.push(Span {
            text: span.slice(0, kept),
            shape: Shape::Line,
            cells: kept_cells,
            style: span.style,
        });
        line
    })
}

/// Spans a one-span line has room for before it without growing: an indent, or a list row's
/// cursor, number and marker.
const ROOM_BEFORE: usize = 3;

/// Word-wraps one style of text to `columns` cells, its line breaks shown as `↵`.
pub fn wrap_text<'a>(text: impl Into<Cow<'a, str>>, style: Style, columns: usize) -> Vec<Line<'a>> {
    wrap_spans(&[Span::new(text, style)], columns)
}

/// Word-wraps one style of multi-line text to `columns` cells, breaking lines where it does;
/// a blank line keeps the style too, so a cut marked on it (see [`cap_lines`]) shows in it.
pub fn wrap_paragraphs(text: &str, style: Style, columns: usize) -> Vec<Line<'_>> {
    wrap_spans(&[Span::multiline(text, style)], columns)
        .into_iter()
        .map(|mut line| {
            if line.is_empty() {
                line.push(Span::clean(Cow::Borrowed(""), style));
            }
            line
        })
        .collect()
}

/// Keeps at most `rows` lines, marking a cut with `…` at the end of the last one kept.
pub fn cap_lines(mut lines: Vec<Line<'_>>, rows: usize, columns: usize) -> Vec<Line<'_>> {
    if lines.len() <= rows {
        return lines;
    }
    lines.truncate(rows);
    if let Some(last) = lines.last_mut() {
        let used = line_width(last);
        if used + 1 > columns
            && let Some(span) = last.last_mut()
        {
            let keep = span.cells().saturating_sub(used + 1 - columns);
            span.keep(keep);
        }
        let style = last
            .last()
            .map_or(Style::new(Role::Muted), |span| span.style);
        last.push(Span::clean(Cow::Borrowed(ELLIPSIS), style));
    }
    lines
}

/// Prefixes every line with `cells` blank cells, in place.
pub fn indented(mut lines: Vec<Line<'_>>, cells: usize) -> Vec<Line<'_>> {
    for line in &mut lines {
        line.insert(0, Span::spaces(cells));
    }
    lines
}
