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

use super::{Line, Span, Style, wrap_spans};

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
    let take = (count + 2).saturating_mul(columns + 1);
    wrap_first_from(lead, text.into(), style, columns, count, take)
}

/// [`wrap_first`], starting from a prefix of `take` bytes.
fn wrap_first_from<'a>(
    lead: &[Span<'a>],
    text: Cow<'a, str>,
    style: Style,
    columns: usize,
    count: usize,
    mut take: usize,
) -> Vec<Line<'a>> {
    if columns == 0 || count == 0 {
        return Vec::new();
    }
    loop {
        if take >= text.len() {
            let mut lines = wrap_spans(&spans(lead, text, style), columns);
            lines.truncate(count);
            return lines;
        }
        let cut = char_boundary_before(&text, take);
        let prefix = match &text {
            Cow::Borrowed(text) => Cow::Borrowed(&text[..cut]),
            Cow::Owned(text) => Cow::Owned(text[..cut].to_owned()),
        };
        let mut lines = wrap_spans(&spans(lead, prefix, style), columns);
        if lines.len() > count {
            lines.truncate(count);
            return lines;
        }
        take = take.saturating_mul(2).max(1);
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
mod tests {
    use proptest::prelude::*;
    use rstest::rstest;

    use super::*;
    use crate::draw::{Role, owned_lines, wrap_spans};

    const TEXT: Style = Style::new(Role::Text);
    const MUTED: Style = Style::new(Role::Muted);

    /// What the lines show: each span's text and style.
    fn shown(lines: &[Line<'_>]) -> Vec<Vec<(String, Style)>> {
        lines
            .iter()
            .map(|line| {
                line.iter()
                    .map(|span| (span.text().to_owned(), span.style))
                    .collect()
            })
            .collect()
    }

    /// The first `count` lines of the whole text, wrapped whole.
    fn wrapped_whole(
        lead: &[Span<'_>],
        text: &str,
        columns: usize,
        count: usize,
    ) -> Vec<Line<'static>> {
        let mut spans: Vec<Span> = lead.to_vec();
        spans.push(Span::new(text.to_owned(), TEXT));
        let mut lines: Vec<Line<'static>> = owned_lines(wrap_spans(&spans, columns));
        lines.truncate(count);
        lines
    }

    #[rstest]
    #[case::words("some words typed in a line ", 12, 3)]
    #[case::one_long_word("x", 7, 4)]
    #[case::line_breaks("a log line\r\nanother one\n", 9, 5)]
    #[case::wide_and_combined("漢字 e\u{301}te 日本語の文 ", 5, 6)]
    #[case::tabs_and_escapes("\tcolour \u{1b}[31mred\u{1b}[0m ", 8, 4)]
    fn the_first_lines_of_a_long_text_are_those_of_the_whole_text(
        #[case] unit: &str,
        #[case] columns: usize,
        #[case] count: usize,
    ) {
        let text = unit.repeat(5_000);
        let lead = [Span::new("→ ", MUTED)];
        for lead in [&lead[..], &[]] {
            assert_eq!(
                shown(&wrap_first(lead, text.as_str(), TEXT, columns, count)),
                shown(&wrapped_whole(lead, &text, columns, count)),
                "{unit:?} at {columns} columns"
            );
        }
    }

    #[test]
    fn a_short_text_gives_all_its_lines_and_no_room_gives_none() {
        let lines = wrap_first(&[], "two word", TEXT, 4, 10);
        assert_eq!(shown(&lines), shown(&wrapped_whole(&[], "two word", 4, 10)));
        assert_eq!(lines.len(), 2);
        assert!(wrap_first(&[], "text", TEXT, 0, 3).is_empty());
        assert!(wrap_first(&[], "text", TEXT, 5, 0).is_empty());
    }

    proptest! {
        #[test]
        fn any_text_gives_the_first_lines_its_whole_wrapping_does(
            text in "([a-c ]{0,6}|日|e\u{301}|\r|\n|\r\n|\t|\u{1b}){0,400}",
            columns in 1_usize..12,
            count in 1_usize..6,
        ) {
            prop_assert_eq!(
                shown(&wrap_first(&[], text.as_str(), TEXT, columns, count)),
                shown(&wrapped_whole(&[], &text, columns, count))
            );
        }

        #[test]
        fn any_prefix_to_start_from_gives_the_same_lines(
            text in "([a-c ]{0,9}|日|e\u{301}|\r\n|  +){0,60}",
            columns in 1_usize..8,
            count in 1_usize..5,
            take in 0_usize..40,
        ) {
            let lead = [Span::new("→ ", MUTED)];
            prop_assert_eq!(
                shown(&wrap_first_from(&lead, Cow::Borrowed(&text), TEXT, columns, count, take)),
                shown(&wrapped_whole(&lead, &text, columns, count))
            );
        }
    }
}
