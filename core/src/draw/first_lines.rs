//! The first lines of a long text, laid out from no more of it than they take: an answer or a
//! note can hold a pasted log of megabytes, of which a list row shows three lines and the
//! review a page, so a frame costs what those lines do, not the whole text.
//!
//! Wrapping a prefix of a text gives the whole text's lines but for its last one: the lines
//! are made greedily, word after word, and only the last word of the prefix can differ from
//! the text's (the cut may shorten it, or end it on half of a `\r\n` or of a grapheme), which
//! moves no earlier break, since a shorter word that did not fit on a line would not have fit
//! whole either, and a word broken across lines is broken at the same places up to the cut.
//! Sanitizing goes character by character, so it does not move anything either. A prefix that
//! wraps to one line more than wanted therefore gives the wanted lines exactly.

use std::borrow::Cow;

use super::lines::one_line;
use super::{Line, Span, Style, cap_lines, owned_lines, wrap_spans};

/// The first `count` lines (all of them, when there are fewer) that [`wrap_spans`] makes of
/// `lead` followed by a span of `text` in `style` (sanitized as [`Span::new`] sanitizes), at
/// `columns` cells. Only a prefix of `text` that wraps to `count` lines and one more is
/// sanitized and wrapped; it starts at a few lines' worth of bytes and doubles until it does,
/// or is the whole text.
pub fn wrap_first<'a>(
    lead: &[Span<'a>],
    text: impl Into<Cow<'a, str>>,
    style: Style,
    columns: usize,
    count: usize,
) -> Vec<Line<'a>> {
    let take = first_take(columns, count);
    wrap_first_from(lead, text.into(), style, columns, count, take).0
}

/// Gives `each` the lines of `spans` wrapped to `columns` cells, at most `rows` of them (cut
/// as [`cap_lines`] cuts), in order. A single span that fits one line, as most labels and
/// descriptions do, is given as that line without a list of lines being built; longer text is
/// wrapped from a prefix as [`wrap_first`] wraps it, so a description of megabytes costs the
/// rows it shows.
pub fn wrap_each<'a>(
    spans: &[Span<'a>],
    columns: usize,
    rows: usize,
    mut each: impl FnMut(Line<'a>),
) {
    if rows > 0
        && let [span] = spans
        && let Some(line) = one_line(span, columns)
    {
        each(line);
        return;
    }
    cap_lines(wrap_spans_first(spans, columns, rows + 1), rows, columns)
        .into_iter()
        .for_each(each);
}

/// Appends to `lines` the lines of `spans` wrapped to `columns` cells, at most `rows` of them
/// (cut as [`cap_lines`] cuts), each after `indent` blank cells.
pub fn push_wrapped<'a>(
    lines: &mut impl Extend<Line<'a>>,
    spans: &[Span<'a>],
    columns: usize,
    rows: usize,
    indent: usize,
) {
    wrap_each(spans, columns, rows, |mut line| {
        line.insert(0, Span::spaces(indent));
        lines.extend([line]);
    });
}

/// The first `count` lines (all of them, when there are fewer) that [`wrap_spans`] makes of
/// `spans`, wrapped from a prefix of their text that wraps to one line more, as
/// [`wrap_first`] finds it.
pub fn wrap_spans_first<'a>(spans: &[Span<'a>], columns: usize, count: usize) -> Vec<Line<'a>> {
    let total = spans.iter().map(|span| span.text().len()).sum();
    let take = first_take(columns, count);
    let cut = |spans: &&[Span<'a>], take| (spans_cut(spans, take), take);
    first_lines_doubling(spans, total, (columns, count), take, cut, <[Span]>::to_vec).0
}

/// The first `count` lines that [`wrap_spans`] makes of the spans of a text `total` bytes
/// long, at `columns` cells, laid out from as little of it as gives them: `cut` makes the
/// spans of a prefix of about `take` bytes (and says how many bytes it took), `take`
/// doubling until the prefix wraps to more than `count` lines; past the text's end `whole`
/// makes the spans of all of it. Also returns how many bytes of the text the lines were laid
/// out from.
fn first_lines_doubling<'a, S>(
    source: S,
    total: usize,
    (columns, count): (usize, usize),
    mut take: usize,
    cut: impl Fn(&S, usize) -> (Vec<Span<'a>>, usize),
    whole: impl FnOnce(S) -> Vec<Span<'a>>,
) -> (Vec<Line<'a>>, usize) {
    if columns == 0 || count == 0 {
        return (Vec::new(), 0);
    }
    while take < total {
        let (spans, used) = cut(&source, take);
        let mut lines = wrap_spans(&spans, columns);
        if lines.len() > count {
            lines.truncate(count);
            return (lines, used);
        }
        take = take.saturating_mul(2).max(1);
    }
    let mut lines = wrap_spans(&whole(source), columns);
    lines.truncate(count);
    (lines, total)
}

/// `spans` cut to their first `bytes` bytes of text, at a character boundary.
fn spans_cut<'a>(spans: &[Span<'a>], bytes: usize) -> Vec<Span<'a>> {
    let mut left = bytes;
    let mut cut = Vec::new();
    for span in spans {
        let len = span.text().len();
        if len > left {
            let end = char_boundary_before(span.text(), left);
            if end > 0 {
                cut.push(span.prefix(end));
            }
            break;
        }
        left -= len;
        cut.push(span.clone());
    }
    cut
}

/// The prefix [`wrap_first`] tries first: a few lines' worth of bytes.
fn first_take(columns: usize, count: usize) -> usize {
    (count + 2).saturating_mul(columns + 1)
}

/// [`wrap_first`], starting from a prefix of `take` bytes; also returns how many bytes of the
/// text the lines were laid out from (all of them, or a prefix that wrapped to more lines than
/// wanted).
fn wrap_first_from<'a>(
    lead: &[Span<'a>],
    text: Cow<'a, str>,
    style: Style,
    columns: usize,
    count: usize,
    take: usize,
) -> (Vec<Line<'a>>, usize) {
    let total = text.len();
    let cut = |text: &Cow<'a, str>, take| {
        let cut = char_boundary_before(text, take);
        let prefix = match text {
            Cow::Borrowed(text) => Cow::Borrowed(&text[..cut]),
            Cow::Owned(text) => Cow::Owned(text[..cut].to_owned()),
        };
        (spans(lead, prefix, style), cut)
    };
    let whole = |text| spans(lead, text, style);
    first_lines_doubling(text, total, (columns, count), take, cut, whole)
}

/// The first lines of a text as [`wrap_first`] laid them out last, kept while the part of the
/// text they were laid out from and what they were laid out for stay the same: a written
/// answer of megabytes shows its first lines on every frame, and a frame then compares the
/// bytes they came from instead of sanitizing, measuring and wrapping them again. A prefix
/// that wrapped to more lines than wanted gives the first lines of any text it starts, so the
/// kept lines hold while the text starts with it; lines laid out from the whole text hold
/// while the text is that text.
#[derive(Debug, Default)]
pub struct KeptFirstLines {
    kept: Option<KeptLines>,
}

/// Lines kept, with what they were laid out from and for.
#[derive(Debug)]
struct KeptLines {
    lead: Vec<Span<'static>>,
    style: Style,
    columns: usize,
    count: usize,
    /// The text, or the prefix of it, the lines were laid out from.
    source: String,
    /// Whether `source` was the whole text.
    whole: bool,
    lines: Vec<Line<'static>>,
}

impl KeptLines {
    /// Whether these lines are [`wrap_first`]'s for these arguments.
    fn hold_for(
        &self,
        lead: &[Span<'_>],
        text: &str,
        style: Style,
        (columns, count): (usize, usize),
    ) -> bool {
        let same_text = if self.whole {
            text == self.source
        } else {
            text.starts_with(&self.source)
        };
        same_text
            && (self.style, self.columns, self.count) == (style, columns, count)
            && self.lead.as_slice() == lead
    }
}

impl KeptFirstLines {
    /// The lines [`wrap_first`] makes of `lead` and `text` in `style` at `columns` cells, at
    /// most `count` of them: those kept, when they hold for these, or laid out and kept.
    pub fn lines<'a>(
        &mut self,
        lead: &[Span<'_>],
        text: &str,
        style: Style,
        columns: usize,
        count: usize,
    ) -> Vec<Line<'a>> {
        let holds = self
            .kept
            .as_ref()
            .is_some_and(|kept| kept.hold_for(lead, text, style, (columns, count)));
        if !holds {
            let take = first_take(columns, count);
            let (lines, used) =
                wrap_first_from(lead, Cow::Borrowed(text), style, columns, count, take);
            self.kept = Some(KeptLines {
                lead: lead.iter().cloned().map(Span::into_owned).collect(),
                style,
                columns,
                count,
                source: text[..used].to_owned(),
                whole: used == text.len(),
                lines: owned_lines(lines),
            });
        }
        let kept = self.kept.as_ref().map_or(&[][..], |kept| &kept.lines[..]);
        kept.iter()
            .map(|line| line.iter().cloned().collect())
            .collect()
    }
}

/// `lead` and a span of `text` after it.
fn spans<'a>(lead: &[Span<'a>], text: Cow<'a, str>, style: Style) -> Vec<Span<'a>> {
    let mut spans = lead.to_vec();
    spans.push(Span::new(text, style));
    spans
}

/// The last character boundary of `text` at or before byte `at`.
fn char_boundary_before(text: &str, at: usize) -> usize {
    (0..=at.min(text.len()))
        .rev()
        .find(|&index| text.is_char_boundary(index))
        .unwrap_or(0)
}

#[cfg(test)]
#[path = "first_lines_tests.rs"]
mod tests;
