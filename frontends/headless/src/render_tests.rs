use pi_agent_ask_core::draw::{Canvas, DrawCmd, Frame, Pos, Role, Size, Style};
use similar_asserts::assert_eq;

use super::{CursorMarker, render_plain, render_plain_with, render_styled};

#[test]
fn plain_grid_has_one_trimmed_line_per_row() {
    let plain = Style::default();
    let frame = Frame::new(
        Size::new(10, 4),
        vec![
            DrawCmd::text(Pos::new(0, 0), "Title", plain),
            DrawCmd::text(Pos::new(2, 2), "indented  ", plain),
        ],
    );
    assert_eq!(render_plain(&frame), "Title\n\n  indented\n\n");
}

#[test]
fn empty_frames_render_their_height() {
    assert_eq!(render_plain(&Frame::new(Size::new(0, 0), vec![])), "");
    assert_eq!(render_plain(&Frame::new(Size::new(0, 3), vec![])), "\n\n\n");
    assert_eq!(render_plain(&Frame::new(Size::new(5, 1), vec![])), "\n");
}

#[test]
fn later_runs_overwrite_cell_by_cell() {
    let plain = Style::default();
    let frame = Frame::new(
        Size::new(10, 1),
        vec![
            DrawCmd::text(Pos::new(0, 0), "abcdefgh", plain),
            DrawCmd::text(Pos::new(2, 0), "XY", plain),
        ],
    );
    assert_eq!(render_plain(&frame), "abXYefgh\n");
}

#[test]
fn wide_characters_take_two_cells() {
    let plain = Style::default();
    let frame = Frame::new(
        Size::new(8, 1),
        vec![
            DrawCmd::text(Pos::new(0, 0), "中文", plain),
            DrawCmd::text(Pos::new(4, 0), "ab", plain),
        ],
    );
    assert_eq!(render_plain(&frame), "中文ab\n");
}

#[test]
fn overwriting_half_a_wide_character_blanks_the_other_half() {
    let plain = Style::default();
    let over_tail = Frame::new(
        Size::new(6, 1),
        vec![
            DrawCmd::text(Pos::new(0, 0), "中文", plain),
            DrawCmd::text(Pos::new(1, 0), "x", plain),
        ],
    );
    assert_eq!(render_plain(&over_tail), " x文\n");
    let over_head = Frame::new(
        Size::new(6, 1),
        vec![
            DrawCmd::text(Pos::new(0, 0), "中文", plain),
            DrawCmd::text(Pos::new(2, 0), "x", plain),
        ],
    );
    assert_eq!(render_plain(&over_head), "中x\n");
    let shifted = Frame::new(
        Size::new(6, 1),
        vec![
            DrawCmd::text(Pos::new(0, 0), "中文", plain),
            DrawCmd::text(Pos::new(1, 0), "字", plain),
        ],
    );
    assert_eq!(render_plain(&shifted), " 字\n");
}

#[test]
fn combining_marks_stay_on_their_cell() {
    let frame = Frame::new(
        Size::new(4, 1),
        vec![DrawCmd::text(Pos::new(0, 0), "e\u{301}x", Style::default())],
    );
    assert_eq!(render_plain(&frame), "e\u{301}x\n");
}

#[test]
fn runs_past_the_edge_are_dropped() {
    let frame = Frame::new(
        Size::new(3, 1),
        vec![DrawCmd::text(Pos::new(1, 0), "abcd", Style::default())],
    );
    assert_eq!(render_plain(&frame), " ab\n");
}

#[test]
fn cursor_markers() {
    let mut canvas = Canvas::new(Size::new(6, 2));
    canvas.put(Pos::new(0, 1), "> ab", Style::default());
    canvas.set_cursor(Pos::new(4, 1));
    let frame = canvas.finish();
    assert_eq!(render_plain_with(&frame, CursorMarker::InGrid), "\n> ab▏\n");
    assert_eq!(
        render_plain_with(&frame, CursorMarker::Listed),
        "\n> ab\ncursor: 4,1\n"
    );
    assert_eq!(render_plain_with(&frame, CursorMarker::Hidden), "\n> ab\n");
}

#[test]
fn styled_dump_lists_spans_and_cursor() {
    let mut canvas = Canvas::new(Size::new(16, 3));
    canvas.put(Pos::new(0, 0), "Pick one", Style::new(Role::Accent).bold());
    canvas.fill(canvas.area().row(1), Style::new(Role::Selected).reverse());
    let x = canvas.put(Pos::new(0, 1), "> ", Style::new(Role::Selected).reverse());
    canvas.put(Pos::new(x, 1), "中文", Style::new(Role::Selected).reverse());
    canvas.put(
        Pos::new(2, 2),
        "hint",
        Style::new(Role::Muted).italic().underline(),
    );
    canvas.set_cursor(Pos::new(6, 2));
    let expected = "\
Pick one
> 中文
  hint
styles:
  row 0 col 0..8 accent+bold \"Pick one\"
  row 1 col 0..16 selected+reverse \"> 中文          \"
  row 2 col 2..6 muted+italic+underline \"hint\"
cursor: 6,2
";
    assert_eq!(render_styled(&canvas.finish()), expected);
}

#[test]
fn styled_dump_of_plain_text() {
    let frame = Frame::new(
        Size::new(4, 1),
        vec![DrawCmd::text(Pos::new(0, 0), "ok", Style::default())],
    );
    assert_eq!(render_styled(&frame), "ok\nstyles: none\ncursor: none\n");
}
