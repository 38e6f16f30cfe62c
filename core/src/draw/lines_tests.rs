use super::{
    Canvas, DrawCmd, Line, Pos, Rect, Role, Size, Span, Style, cap_lines, indented, line_width,
    push_wrapped, put_line, put_line_within, put_rule, put_rule_marked, wrap_paragraphs,
    wrap_spans, wrap_text,
};

const WARNING: Style = Style::new(Role::Warning);

fn texts(lines: &[Line]) -> Vec<String> {
    lines
        .iter()
        .map(|line| line.iter().map(Span::text).collect())
        .collect()
}

fn runs(size: Size, draw: impl FnOnce(&mut Canvas)) -> Vec<(u16, String)> {
    let mut canvas = Canvas::new(size);
    draw(&mut canvas);
    canvas
        .finish()
        .cmds
        .into_iter()
        .map(|DrawCmd::Text { pos, text, .. }| (pos.x, text.into()))
        .collect()
}

#[test]
fn single_line_text_shows_its_breaks_and_paragraphs_keep_them() {
    assert_eq!(texts(&wrap_text("one\ntwo", WARNING, 20)), ["one↵two"]);
    assert_eq!(
        texts(&wrap_paragraphs("one\n\ntwo", WARNING, 20)),
        ["one", "", "two"]
    );
}

#[test]
fn a_cut_ends_the_last_kept_line_with_an_ellipsis_that_fits() {
    let lines = wrap_text("alpha beta gamma", WARNING, 5);
    let cut = cap_lines(lines, 2, 5);
    assert_eq!(texts(&cut), ["alpha", "beta…"]);
    assert!(cut.iter().all(|line| line_width(line) <= 5));
    let cut = cap_lines(wrap_text("alpha beta gamma", WARNING, 10), 1, 10);
    assert_eq!(texts(&cut), ["alpha bet…"]);
}

#[test]
fn a_cut_on_a_blank_paragraph_line_keeps_the_paragraph_style() {
    let cut = cap_lines(wrap_paragraphs("one\n\ntwo", WARNING, 10), 2, 10);
    assert_eq!(texts(&cut), ["one", "…"]);
    assert!(cut[1].iter().all(|span| span.style == WARNING));
}

#[test]
fn a_line_within_its_room_cuts_the_span_that_overflows_and_drops_the_rest() {
    let line = [
        Span::new("Reset", WARNING),
        Span::new(" — press enter", WARNING),
        Span::new("!", WARNING),
    ];
    let drawn = runs(Size::new(20, 1), |canvas| {
        put_line_within(canvas, Pos::new(1, 0), &line, 10);
    });
    assert_eq!(drawn, [(1, "Reset".to_owned()), (6, " — p…".to_owned())]);
}

#[test]
fn indenting_adds_plain_blank_cells_in_front_of_every_line() {
    let lines = indented(wrap_text("a b", WARNING, 1), 2);
    assert_eq!(texts(&lines), ["  a", "  b"]);
    assert!(
        lines
            .iter()
            .all(|line| line[0].style == Style::new(Role::Text))
    );
}

#[test]
fn a_marked_rule_is_three_runs_side_by_side_the_mark_clipped_to_the_area() {
    let border = Style::new(Role::Border);
    let marked = |area: Rect, mark: (u16, u16)| {
        let mut canvas = Canvas::new(Size::new(10, 2));
        put_rule_marked(&mut canvas, area, mark, WARNING);
        canvas
            .finish()
            .cmds
            .into_iter()
            .map(|DrawCmd::Text { pos, text, style }| (pos.x, text.to_string(), style == border))
            .collect::<Vec<_>>()
    };
    let rule = |x: u16, text: &str| (x, text.to_owned(), true);
    let mark = |x: u16, text: &str| (x, text.to_owned(), false);
    assert_eq!(
        marked(Rect::new(1, 0, 8, 1), (3, 5)),
        [rule(1, "──"), mark(3, "━━"), rule(5, "────")]
    );
    assert_eq!(
        marked(Rect::new(1, 0, 8, 1), (0, 3)),
        [mark(1, "━━"), rule(3, "──────")],
        "a mark from before the area starts at its edge, and no empty run is put"
    );
    assert_eq!(
        marked(Rect::new(1, 0, 8, 1), (7, 20)),
        [rule(1, "──────"), mark(7, "━━")],
        "a mark past the area ends at its edge"
    );
    assert!(
        marked(Rect::new(1, 0, 0, 1), (1, 3)).is_empty(),
        "an empty area"
    );
}

#[test]
fn a_rule_fills_the_first_row_of_its_area_in_the_border_style() {
    let mut canvas = Canvas::new(Size::new(6, 2));
    put_rule(&mut canvas, Rect::new(1, 1, 4, 3));
    put_rule(&mut canvas, Rect::new(0, 0, 0, 1));
    let cmds = canvas.finish().cmds;
    assert_eq!(
        cmds,
        [DrawCmd::text(
            Pos::new(1, 1),
            "────",
            Style::new(Role::Border)
        )]
    );
}

#[test]
fn a_rule_is_clipped_like_text() {
    let mut canvas = Canvas::new(Size::new(6, 3));
    canvas.with_clip(Rect::new(2, 0, 3, 2), |canvas| {
        put_rule(canvas, Rect::new(0, 1, 10, 1));
        put_rule(canvas, Rect::new(0, 2, 6, 1));
        put_rule(canvas, Rect::new(5, 0, 1, 1));
    });
    put_rule(&mut canvas, Rect::new(4, 2, 9, 1));
    let cmds = canvas.finish().cmds;
    assert_eq!(
        cmds,
        [
            DrawCmd::text(Pos::new(2, 1), "───", Style::new(Role::Border)),
            DrawCmd::text(Pos::new(4, 2), "──", Style::new(Role::Border)),
        ]
    );
}

proptest::proptest! {
    #[test]
    fn a_span_that_fits_one_line_wraps_as_wrapping_it_would(
        text in "[a-z \n\t\u{e9}\u{4e2d}]{0,30}",
        columns in 0usize..40,
        multiline in proptest::bool::ANY,
    ) {
        let span = if multiline {
            Span::multiline(text.as_str(), WARNING)
        } else {
            Span::new(text.as_str(), WARNING)
        };
        let joined = [span.clone(), Span::new("", WARNING)];
        proptest::prop_assert_eq!(
            super::wrap_spans(&[span], columns),
            super::wrap_spans(&joined, columns)
        );
    }
}

#[test]
fn a_rule_in_a_line_draws_as_its_text_would() {
    let size = Size::new(12, 1);
    for (x, cells) in [(0, 5), (3, 12), (0, 0), (11, 4)] {
        let line = [
            Span::new("ab", WARNING),
            Span::rule(cells),
            Span::new("c", WARNING),
        ];
        let as_text = [
            Span::new("ab", WARNING),
            Span::new("─".repeat(cells), Style::new(Role::Border)),
            Span::new("c", WARNING),
        ];
        assert_eq!(
            runs(size, |canvas| {
                put_line(canvas, Pos::new(x, 0), &line);
            }),
            runs(size, |canvas| {
                put_line(canvas, Pos::new(x, 0), &as_text);
            }),
            "a rule of {cells} cells from column {x}"
        );
        assert_eq!(line_width(&line), line_width(&as_text));
    }
}

#[test]
fn a_rule_cut_short_shows_where_it_was_cut() {
    let cut = Span::rule(6).truncated(4);
    assert_eq!(cut.text(), "───…");
    assert_eq!(
        runs(Size::new(10, 1), |canvas| {
            put_line(canvas, Pos::new(0, 0), &[cut]);
        }),
        [(0, "───…".to_owned())]
    );
}

#[rstest::rstest]
#[case(&["fits on one line   "], 30, 2)]
#[case(&["wraps over the width of these few columns"], 12, 9)]
#[case(&["is cut after two lines of this narrow column"], 12, 2)]
#[case(&[""], 10, 1)]
#[case(&["two", " spans"], 10, 1)]
#[case(&["one\ntwo"], 10, 3)]
fn pushing_wrapped_lines_gives_what_wrapping_capping_and_indenting_give(
    #[case] texts_in: &[&str],
    #[case] columns: usize,
    #[case] rows: usize,
) {
    let spans: Vec<Span> = texts_in
        .iter()
        .map(|text| Span::multiline(*text, WARNING))
        .collect();
    let kept: Line = std::iter::once(Span::new("kept", WARNING)).collect();
    let mut pushed = vec![kept.clone()];
    push_wrapped(&mut pushed, &spans, columns, rows, 4);
    let mut expected = vec![kept];
    expected.extend(indented(
        cap_lines(wrap_spans(&spans, columns), rows, columns),
        4,
    ));
    assert_eq!(pushed, expected);
}
