use proptest::prelude::*;

use super::*;

/// The rows a segment shows at `width` columns.
fn segment_rows(text: &str, segment: Segment, width: usize) -> Vec<Cow<'_, str>> {
    let mut rows = Vec::new();
    push_segment_rows(text, segment, width, &mut rows, &mut Vec::new());
    rows
}

fn numbered_lines(count: usize) -> String {
    let mut text = String::new();
    for n in 0..count {
        text.push_str("line ");
        text.push_str(&n.to_string());
        text.push('\n');
    }
    text
}

fn forward_starts(text: &str) -> Vec<usize> {
    let mut starts = vec![0];
    let mut start = 0;
    while let Some(next) = segment_at(text, start).next {
        starts.push(next);
        start = next;
    }
    starts
}

fn backward_starts(text: &str, last: usize) -> Vec<usize> {
    let mut starts = vec![last];
    let mut start = last;
    while let Some(previous) = previous_start(text, start) {
        starts.push(previous);
        start = previous;
    }
    starts.reverse();
    starts
}

#[test]
fn lines_are_segments() {
    let text = "one\ntwo\n\nthree";
    assert_eq!(forward_starts(text), [0, 4, 8, 9]);
    assert_eq!(segment_at(text, 4).end, 7);
    assert_eq!(segment_at(text, 8).end, 8);
}

#[test]
fn a_trailing_line_break_ends_with_an_empty_segment() {
    assert_eq!(forward_starts("a\n"), [0, 2]);
    assert_eq!(segment_at("a\n", 2).end, 2);
}

#[test]
fn a_long_line_is_cut_into_chunks_at_character_boundaries() {
    let text = "é".repeat(4 * CHUNK);
    let starts = forward_starts(&text);
    assert_eq!(starts.len(), 8);
    assert!(starts.iter().all(|&start| text.is_char_boundary(start)));
}

#[test]
fn short_lines_are_never_cut() {
    let text = numbered_lines(2000);
    assert_eq!(forward_starts(&text).len(), 2001);
}

#[test]
fn scrolling_down_and_up_returns_to_the_start() {
    let text = numbered_lines(100);
    let down = scroll_down(&text, PreviewScroll::default(), 30, 40);
    assert_eq!(&text[down.line..down.line + 7], "line 30");
    let up = scroll_up(&text, down, 30, 40);
    assert_eq!(up, PreviewScroll::default());
}

#[test]
fn the_bottom_keeps_a_full_pane() {
    let text = numbered_lines(10);
    let far = scroll_down(&text, PreviewScroll::default(), 100, 40);
    let clamped = clamp_bottom(&text, far, 5, 40);
    let (rows, more) = visible_rows(&text, clamped, 5, 40);
    assert_eq!(rows, ["line 6", "line 7", "line 8", "line 9", ""]);
    assert!(!more);
    assert_eq!(pane_rows(&text, far, 5, 40), (clamped, rows, more));
}

#[test]
fn a_pane_away_from_the_bottom_shows_from_where_it_was_asked() {
    let text = numbered_lines(100);
    let from = scroll_down(&text, PreviewScroll::default(), 30, 40);
    let (shown_from, rows, more) = pane_rows(&text, from, 5, 40);
    assert_eq!(shown_from, from);
    assert_eq!(
        rows,
        ["line 30", "line 31", "line 32", "line 33", "line 34"]
    );
    assert!(more);
}

proptest! {
    #[test]
    fn a_pane_is_kept_full_as_counting_its_rows_keeps_it(
        text in "[a-z\n]{0,120}",
        down in 0usize..40,
        height in 1usize..12,
        width in 1usize..8,
    ) {
        let from = scroll_down(&text, PreviewScroll::default(), down, width);
        let counted = rows_from(&text, from, height, width);
        let expected = if counted >= height {
            from
        } else {
            scroll_up(&text, from, height - counted, width)
        };
        prop_assert_eq!(clamp_bottom(&text, from, height, width), expected);
    }

    #[test]
    fn a_pane_shows_the_rows_of_its_segments_from_where_it_starts(
        text in "[a-z \n\x1b\u{4e2d}]{0,160}",
        down in 0usize..30,
        height in 1usize..10,
        width in 1usize..12,
    ) {
        let from = scroll_down(&text, PreviewScroll::default(), down, width);
        let mut every = Vec::new();
        let mut start = Some(from.line);
        while let Some(line) = start {
            let segment = segment_at(&text, line);
            every.extend(segment_rows(&text, segment, width));
            start = segment.next;
        }
        let first_rows = segment_rows(&text, segment_at(&text, from.line), width).len();
        let skip = from.row.min(first_rows - 1);
        let expected: Vec<_> = every.iter().skip(skip).take(height).cloned().collect();
        let (rows, more) = visible_rows(&text, from, height, width);
        prop_assert_eq!(rows, expected);
        prop_assert_eq!(more, every.len() - skip > height);
    }

    #[test]
    fn a_segment_shows_its_sanitized_text_wrapped(
        line in "[a-z ~]{0,200}|[a-z \\t\\x1b\\u{e9}\\u{4e2d}]{0,200}",
        width in 1usize..50,
    ) {
        let segment = segment_at(&line, 0);
        let clean = segment_text(&line, segment);
        let expected: Vec<&str> = wrap(&clean, width);
        let rows = segment_rows(&line, segment, width);
        prop_assert_eq!(rows, expected);
    }

    #[test]
    fn a_segment_counts_the_rows_it_shows(
        line in "[a-z \\t\\x1b\\u{e9}\\u{4e2d}]{0,200}",
        width in 0usize..50,
    ) {
        let segment = segment_at(&line, 0);
        prop_assert_eq!(
            segment_row_count(&line, segment, width),
            segment_rows(&line, segment, width).len()
        );
    }

    #[test]
    fn backward_scanning_finds_the_forward_segments(
        pieces in proptest::collection::vec(
            prop_oneof![
                Just("\n".to_owned()),
                Just("é".to_owned()),
                Just("中".to_owned()),
                "[a-z ]{0,9000}",
                "[a-z\n]{0,40}",
            ],
            0..8,
        )
    ) {
        let text: String = pieces.concat();
        let forward = forward_starts(&text);
        let last = *forward.last().unwrap();
        prop_assert_eq!(backward_starts(&text, last), forward);
    }
}
