//! Tests of the first lines of long texts.

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
    fn spans_of_any_length_give_the_rows_their_whole_wrapping_does(
        texts in proptest::collection::vec(
            ("([a-c ]{0,6}|日|e\u{301}|\n|  +){0,150}", any::<bool>()),
            1..4,
        ),
        columns in 0_usize..12,
        rows in 0_usize..6,
    ) {
        let spans: Vec<Span> = texts
            .iter()
            .map(|(text, lines)| if *lines {
                Span::multiline(text.as_str(), MUTED)
            } else {
                Span::new(text.as_str(), TEXT)
            })
            .collect();
        let mut whole = wrap_spans(&spans, columns);
        whole.truncate(rows + 1);
        prop_assert_eq!(
            shown(&wrap_spans_first(&spans, columns, rows + 1)),
            shown(&whole)
        );
        let mut each = Vec::new();
        wrap_each(&spans, columns, rows, |line| each.push(line));
        prop_assert_eq!(
            shown(&each),
            shown(&cap_lines(wrap_spans(&spans, columns), rows, columns))
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
