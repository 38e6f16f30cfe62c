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

use super::{Line, Span, Style, owned_lines, wrap_spans};

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
    mut take: usize,
) -> (Vec<Line<'a>>, usize) {
    if columns == 0 || count == 0 {
        return (Vec::new(), 0);
    }
    loop {
        if take >= text.len() {
            let whole = text.len();
            let mut lines = wrap_spans(&spans(lead, text, style), columns);
            lines.truncate(count);
            return (lines, whole);
        }
        let cut = char_boundary_before(&text, take);
        let prefix = match &text {
            Cow::Borrowed(text) => Cow::Borrowed(&text[..cut]),
            Cow::Owned(text) => Cow::Owned(text[..cut].to_owned()),
        };
        let mut lines = wrap_spans(&spans(lead, prefix, style), columns);
        if lines.len() > count {
            lines.truncate(count);
            return (lines, cut);
        }
        take = take.saturating_mul(2).max(1);
    }
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

    #[test]
    fn kept_first_lines_are_those_of_the_text_as_it_is_now() {
        let base = "some words typed in a line ".repeat(200);
        let lead = [Span::new("✎ ", MUTED)];
        let texts = [
            base.clone(),
            base.clone(),
            format!("{base}and more written past the lines shown"),
            base.replacen("words", "WORDS", 1),
            base[..40].to_owned(),
            format!("{}x", &base[..40]),
            String::new(),
        ];
        let mut kept = KeptFirstLines::default();
        for text in &texts {
            for (lead, style, columns, count) in [
                (&lead[..], TEXT, 12, 3),
                (&lead[..], TEXT, 12, 3),
                (&lead[..], MUTED, 12, 3),
                (&[][..], MUTED, 12, 3),
                (&[][..], MUTED, 9, 3),
                (&[][..], MUTED, 9, 5),
            ] {
                assert_eq!(
                    shown(&kept.lines(lead, text, style, columns, count)),
                    shown(&wrap_first(lead, text.as_str(), style, columns, count)),
                    "{text:?} at {columns} columns, {count} lines"
                );
            }
        }
    }

    proptest! {
        #[test]
        fn kept_first_lines_follow_every_edit_of_the_text(
            base in "([a-c ]{0,9}|日|e\u{301}|\r\n|\n|  +){0,60}",
            edits in proptest::collection::vec((0_usize..400, "([a-c ]{0,3}|\n|\r|日)"), 1..8),
            columns in 1_usize..8,
            count in 1_usize..5,
        ) {
            let mut text = base;
            let mut kept = KeptFirstLines::default();
            for (at, insert) in edits {
                prop_assert_eq!(
                    shown(&kept.lines(&[], &text, TEXT, columns, count)),
                    shown(&wrap_first(&[], text.as_str(), TEXT, columns, count)),
                    "{:?}", text
                );
                let at = char_boundary_before(&text, at);
                text.insert_str(at, &insert);
            }
            prop_assert_eq!(
                shown(&kept.lines(&[], &text, TEXT, columns, count)),
                shown(&wrap_first(&[], text.as_str(), TEXT, columns, count)),
                "{:?}", text
            );
        }

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
                shown(&wrap_first_from(&lead, Cow::Borrowed(&text), TEXT, columns, count, take).0),
                shown(&wrapped_whole(&lead, &text, columns, count))
            );
        }
    }
}
