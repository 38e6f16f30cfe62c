use rstest::rstest;

use super::{Canvas, DrawCmd, Pos, Rect, Role, Size, Style};

fn text_run(x: u16, y: u16, text: &str) -> DrawCmd {
    DrawCmd::Text {
        pos: Pos::new(x, y),
        text: text.into(),
        style: Style::default(),
    }
}

fn draw(size: Size, put: impl FnOnce(&mut Canvas)) -> Vec<DrawCmd> {
    let mut canvas = Canvas::new(size);
    put(&mut canvas);
    canvas.finish().cmds
}

#[test]
fn text_that_fits_is_one_run() {
    let cmds = draw(Size::new(10, 2), |c| {
        assert_eq!(c.put(Pos::new(2, 1), "hello", Style::default()), 7);
    });
    assert_eq!(cmds, [text_run(2, 1, "hello")]);
}

#[rstest]
#[case(Pos::new(6, 0), "hello", &[(6, "hell")])]
#[case(Pos::new(10, 0), "hello", &[])]
#[case(Pos::new(0, 1), "hello", &[])]
#[case(Pos::new(7, 0), "中文", &[(7, "中 ")])]
#[case(Pos::new(8, 0), "中文", &[(8, "中")])]
#[case(Pos::new(9, 0), "中", &[(9, " ")])]
#[case(Pos::new(0, 0), "", &[])]
#[case(Pos::new(0, 0), "\u{301}", &[])]
fn runs_are_clipped_at_the_right_edge(
    #[case] pos: Pos,
    #[case] text: &str,
    #[case] runs: &[(u16, &str)],
) {
    let cmds = draw(Size::new(10, 1), |c| {
        c.put(pos, text, Style::default());
    });
    let expected: Vec<DrawCmd> = runs.iter().map(|(x, t)| text_run(*x, 0, t)).collect();
    assert_eq!(cmds, expected);
}

#[test]
fn control_characters_are_sanitized() {
    let cmds = draw(Size::new(20, 1), |c| {
        c.put(Pos::new(0, 0), "a\u{1b}[2Jb\nc", Style::default());
    });
    assert_eq!(cmds, [text_run(0, 0, "a␛[2Jb↵c")]);
}

#[test]
fn clip_rectangle_limits_both_edges() {
    let cmds = draw(Size::new(20, 3), |c| {
        c.with_clip(Rect::new(3, 1, 4, 1), |c| {
            c.put(Pos::new(0, 1), "abcdefghij", Style::default());
            c.put(Pos::new(2, 1), "中文字", Style::default());
            c.put(Pos::new(0, 0), "above", Style::default());
        });
        c.put(Pos::new(0, 2), "unclipped", Style::default());
    });
    assert_eq!(
        cmds,
        [
            text_run(3, 1, "defg"),
            text_run(3, 1, " 文 "),
            text_run(0, 2, "unclipped"),
        ]
    );
}

#[test]
fn nested_clips_intersect() {
    let mut canvas = Canvas::new(Size::new(10, 10));
    canvas.with_clip(Rect::new(0, 0, 5, 5), |c| {
        c.with_clip(Rect::new(3, 3, 5, 5), |c| {
            assert_eq!(c.clip(), Rect::new(3, 3, 2, 2));
        });
        assert_eq!(c.clip(), Rect::new(0, 0, 5, 5));
    });
    assert_eq!(canvas.clip(), canvas.area());
}

#[rstest]
#[case(Size::new(0, 0))]
#[case(Size::new(0, 5))]
#[case(Size::new(5, 0))]
fn empty_screens_draw_nothing(#[case] size: Size) {
    let mut canvas = Canvas::new(size);
    canvas.put(Pos::new(0, 0), "text", Style::default());
    canvas.fill(canvas.area(), Style::default());
    canvas.put_wrapped(canvas.area(), "wrapped text", Style::default());
    canvas.set_cursor(Pos::new(0, 0));
    let frame = canvas.finish();
    assert_eq!(frame.cmds, []);
    assert_eq!(frame.cursor, None);
}

#[test]
fn one_cell_screen_keeps_one_narrow_cell() {
    let cmds = draw(Size::new(1, 1), |c| {
        c.put(Pos::new(0, 0), "ab", Style::default());
        c.put(Pos::new(0, 0), "中", Style::default());
    });
    assert_eq!(cmds, [text_run(0, 0, "a"), text_run(0, 0, " ")]);
}

#[test]
fn far_positions_do_not_overflow() {
    let mut canvas = Canvas::new(Size::new(u16::MAX, 1));
    let after = canvas.put(Pos::new(u16::MAX - 1, 0), "abc", Style::default());
    assert_eq!(after, u16::MAX);
    assert_eq!(canvas.finish().cmds, [text_run(u16::MAX - 1, 0, "a")]);
}

#[test]
fn wrapped_text_fills_rows_of_the_area() {
    let style = Style::new(Role::Muted);
    let mut canvas = Canvas::new(Size::new(20, 5));
    let rows = canvas.put_wrapped(Rect::new(2, 1, 6, 2), "one two three\tfour", style);
    assert_eq!(rows, 2);
    let runs: Vec<(Pos, String)> = canvas
        .finish()
        .cmds
        .into_iter()
        .map(|DrawCmd::Text { pos, text, .. }| (pos, text.into()))
        .collect();
    assert_eq!(
        runs,
        [
            (Pos::new(2, 1), "one".to_owned()),
            (Pos::new(2, 2), "two".to_owned())
        ]
    );
}

#[test]
fn fill_paints_blank_rows_within_the_clip() {
    let style = Style::new(Role::Selected).reverse();
    let cmds = draw(Size::new(4, 3), |c| c.fill(Rect::new(2, 1, 10, 1), style));
    assert_eq!(
        cmds,
        [DrawCmd::Text {
            pos: Pos::new(2, 1),
            text: "  ".into(),
            style
        }]
    );
}

#[test]
fn cursor_outside_the_clip_is_not_shown() {
    let mut canvas = Canvas::new(Size::new(10, 3));
    canvas.with_clip(Rect::new(0, 0, 10, 1), |c| c.set_cursor(Pos::new(4, 2)));
    assert_eq!(canvas.clone().finish().cursor, None);
    canvas.set_cursor(Pos::new(4, 2));
    assert_eq!(canvas.clone().finish().cursor, Some(Pos::new(4, 2)));
    canvas.hide_cursor();
    assert_eq!(canvas.finish().cursor, None);
}

#[rstest]
#[case('─', 3)]
#[case('─', 118)]
#[case('━', 160)]
#[case('─', 161)]
#[case('━', 300)]
#[case('=', 40)]
fn a_repeated_glyph_is_the_glyph_that_many_times_whether_kept_or_built(
    #[case] glyph: char,
    #[case] cells: u16,
) {
    let cmds = draw(Size::new(400, 1), |c| {
        c.put_repeated(Pos::new(0, 0), glyph, cells, Style::default());
    });
    let expected = glyph.to_string().repeat(usize::from(cells));
    assert_eq!(cmds, [text_run(0, 0, &expected)]);
}

#[test]
fn only_blanks_and_rules_are_kept_and_only_as_far_as_their_runs_go() {
    use super::canvas::kept_run;
    assert_eq!(kept_run('─', 3), Some("───"));
    assert_eq!(kept_run('━', 0), Some(""));
    let longest = kept_run('─', 160).expect("a kept run");
    assert_eq!(longest.chars().count(), 160);
    assert!(longest.chars().all(|glyph| glyph == '─'));
    assert_eq!(
        kept_run('━', 160).map(|run| run.chars().all(|g| g == '━')),
        Some(true)
    );
    assert_eq!(kept_run(' ', 4), Some("    "));
    assert_eq!(kept_run(' ', 160).map(str::len), Some(160));
    assert_eq!(kept_run(' ', 161), None);
    assert_eq!(kept_run('─', 161), None);
    assert_eq!(kept_run('x', 2), None);
}
