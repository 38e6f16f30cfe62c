//! The encoder's bytes for moves, rows and styles, checked one case at a time.

use super::*;
use ratatui::style::Color;

use super::moves::{absolute, csi, reprints, vertical};
use crate::cell::Text;

fn moved(from: Position, to: Position) -> Vec<u8> {
    moved_with(Addressing::Absolute, from, to)
}

/// The bytes moving from `from` to `to` on a 120×40 screen, cells reached as `addressing`
/// allows.
pub(super) fn moved_with(addressing: Addressing, from: Position, to: Position) -> Vec<u8> {
    let mut encoder = Encoder::new(Size::new(120, 40));
    encoder.set_addressing(addressing);
    let mut out = Vec::new();
    encoder.move_to(&mut out, from);
    out.clear();
    encoder.move_to(&mut out, to);
    out
}

#[test]
fn an_unknown_cursor_moves_absolutely() {
    let mut encoder = Encoder::new(Size::new(120, 40));
    let mut out = Vec::new();
    encoder.move_to(&mut out, Position::new(4, 2));
    assert_eq!(out, b"\x1b[3;5H");
}

#[test]
fn short_moves_are_relative() {
    let at = Position::new(10, 5);
    assert_eq!(moved(at, Position::new(12, 5)), b"\x1b[2C");
    assert_eq!(moved(at, Position::new(0, 6)), b"\r\n");
    assert_eq!(moved(at, Position::new(9, 5)), b"\x1b[D");
    assert_eq!(moved(at, Position::new(10, 4)), b"\x1b[A");
    assert_eq!(moved(at, Position::new(0, 0)), b"\x1b[H");
}

#[test]
fn the_cursor_is_hidden_once() {
    let mut encoder = Encoder::new(Size::new(10, 2));
    let mut out = Vec::new();
    encoder.hide_cursor(&mut out);
    encoder.hide_cursor(&mut out);
    assert_eq!(out, b"\x1b[?25l");
}

fn glyph(ch: char, fg: Color, bg: Color) -> Cell {
    Cell::new(
        Text::char(ch),
        Shade {
            fg: Ink::of(fg),
            bg: Ink::of(bg),
            modifier: Modifier::empty(),
        },
    )
}

/// An encoder whose screen was just erased.
fn erased(columns: u16, rows: u16) -> Encoder {
    let mut encoder = Encoder::new(Size::new(columns, rows));
    encoder.erase(&mut Vec::new(), Erase::All);
    encoder
}

/// The bytes that turn the top row into `row`, whose cells from `painted` on are blank.
fn drawn(encoder: &mut Encoder, row: &[Cell], painted: usize) -> Vec<u8> {
    let mut out = Vec::new();
    encoder.draw_row(&mut out, 0, 0, &painted_row(row, painted));
    out
}

/// `cells`, of which those from `painted` on are blank, as a painter hands them over.
fn painted_row(cells: &[Cell], painted: usize) -> PaintedRow<'_> {
    static NO_CLUSTERS: std::sync::LazyLock<Clusters> = std::sync::LazyLock::new(Clusters::default);
    PaintedRow {
        cells,
        painted,
        clusters: &NO_CLUSTERS,
        unchanged_before: 0,
    }
}

/// The bytes as text, for a failing assertion's message.
fn shown(out: &[u8]) -> String {
    String::from_utf8_lossy(out).into_owned()
}

fn row(text: &str) -> Vec<Cell> {
    text.chars()
        .map(|ch| glyph(ch, Color::Reset, Color::Reset))
        .collect()
}

#[test]
fn a_blank_tail_is_erased() {
    let mut encoder = erased(10, 1);
    drawn(&mut encoder, &row("xxx       "), 10);
    let out = drawn(&mut encoder, &row("x         "), 10);
    assert_eq!(out, b"\rx\x1b[K", "{:?}", shown(&out));
}

#[test]
fn a_blank_row_on_an_erased_screen_writes_nothing() {
    let mut encoder = erased(10, 2);
    let mut out = Vec::new();
    encoder.draw_row(&mut out, 0, 1, &painted_row(&row("          "), 0));
    assert!(out.is_empty(), "{:?}", shown(&out));
}

#[test]
fn a_row_that_shows_less_erases_what_it_showed() {
    let mut encoder = erased(10, 1);
    drawn(&mut encoder, &row("xxx       "), 3);
    let out = drawn(&mut encoder, &row("x         "), 1);
    assert_eq!(out, b"\rx\x1b[K", "{:?}", shown(&out));
    let out = drawn(&mut encoder, &row("x         "), 1);
    assert!(out.is_empty(), "{:?}", shown(&out));
}

#[test]
fn a_coloured_tail_short_of_the_edge_is_written_not_erased() {
    let mut encoder = erased(6, 1);
    drawn(&mut encoder, &row("xxxx  "), 4);
    let mut shaded = row("x     ");
    shaded[1] = glyph(' ', Color::Reset, Color::Blue);
    shaded[2] = glyph(' ', Color::Reset, Color::Blue);
    let out = drawn(&mut encoder, &shaded, 3);
    let text = shown(&out);
    let mut screen = vt100::Parser::new(1, 6, 0);
    screen.process(b"\x1b[2Jxxxx");
    screen.process(&out);
    let cells: Vec<_> = (0..6)
        .map(|x| {
            let cell = screen.screen().cell(0, x).expect("a cell");
            (cell.contents().to_owned(), cell.bgcolor())
        })
        .collect();
    assert_eq!(cells[1], (" ".to_owned(), vt100::Color::Idx(4)), "{text:?}");
    assert_eq!(cells[2], (" ".to_owned(), vt100::Color::Idx(4)), "{text:?}");
    assert_eq!(cells[3], (String::new(), vt100::Color::Default), "{text:?}");
}

#[test]
fn a_row_the_screen_shows_writes_nothing() {
    let mut encoder = erased(4, 1);
    drawn(&mut encoder, &row("ab  "), 4);
    let out = drawn(&mut encoder, &row("ab  "), 4);
    assert!(out.is_empty(), "{:?}", shown(&out));
}

#[test]
fn changed_characters_beyond_ascii_go_out_as_one_run_and_an_unchanged_one_is_moved_over() {
    let mut encoder = erased(12, 1);
    let out = drawn(&mut encoder, &row("a──x──é──b  "), 10);
    assert_eq!(out, "\x1b[Ha──x──é──b".as_bytes(), "{:?}", shown(&out));
    // The unchanged `x` among the changes is written again; the unchanged `é` (two bytes) is
    // moved over, and so is the unchanged `b` after the last change.
    let out = drawn(&mut encoder, &row("a━━x━━é━━b  "), 10);
    assert_eq!(out, "\ra━━x━━\x1b[C━━".as_bytes(), "{:?}", shown(&out));
    // A wide glyph is written with its right half, and a run goes no further than the changes.
    let mut cells = row("a━━x━━é━━b  ");
    cells[1] = Cell::new(Text::char('日'), Shade::BLANK);
    cells[2] = Cell::COVERED;
    let out = drawn(&mut encoder, &cells, 10);
    assert_eq!(out, "\ra日".as_bytes(), "{:?}", shown(&out));
}

#[test]
fn a_row_is_blanked_from_a_column_by_an_erase_only_where_the_encoder_can_vouch_for_it() {
    let mut encoder = erased(10, 1);
    drawn(&mut encoder, &row("ab cd     "), 10);
    let mut out = Vec::new();
    assert!(
        !encoder.blank_row_from(&mut out, 3, 0, 9),
        "an erase would reach past the row"
    );
    assert!(out.is_empty());
    assert!(encoder.blank_row_from(&mut out, 3, 0, 10));
    assert_eq!(out, b"\x1b[2D\x1b[K", "{:?}", shown(&out));
    out.clear();
    assert!(encoder.blank_row_from(&mut out, 3, 0, 10), "blank already");
    assert!(out.is_empty(), "{:?}", shown(&out));
    let out = drawn(&mut encoder, &row("ab        "), 2);
    assert!(
        out.is_empty(),
        "the shadow knows the erase: {:?}",
        shown(&out)
    );
    encoder.forget();
    assert!(
        !encoder.blank_row_from(&mut Vec::new(), 3, 0, 10),
        "a row it cannot tell"
    );
}

#[test]
fn a_wide_glyph_whose_right_half_changes_is_written_whole() {
    let mut encoder = erased(4, 1);
    let wide = Cell::new(Text::char('日'), Shade::BLANK);
    let cells = [wide, Cell::COVERED, row("a")[0]];
    drawn(&mut encoder, &cells, 3);
    let mut known = encoder.shadow.take_cells(0);
    known[1] = row(" ")[0];
    encoder.shadow.put_cells(0, known);
    let out = drawn(&mut encoder, &cells, 3);
    assert_eq!(out, "\r日".as_bytes(), "{:?}", shown(&out));
}

#[test]
fn a_frame_keeps_a_foreground_and_resets_a_background() {
    let mut encoder = erased(10, 1);
    let mut out = Vec::new();
    let cyan = glyph('x', Color::Cyan, Color::Reset);
    encoder.draw_row(&mut out, 0, 0, &painted_row(&[cyan], 1));
    encoder.end_frame(&mut out);
    assert_eq!(out, b"\x1b[H\x1b[36mx", "{:?}", shown(&out));
    out.clear();
    let shaded = glyph('y', Color::Cyan, Color::Blue);
    encoder.draw_row(&mut out, 1, 0, &painted_row(&[shaded], 1));
    encoder.end_frame(&mut out);
    assert_eq!(out, b"\x1b[44my\x1b[m", "{:?}", shown(&out));
    out.clear();
    encoder.reset_style(&mut out);
    assert!(out.is_empty(), "already in the default style");
}

/// The move from `from` to `to` on a row of `known` cells with every way weighed, and the one
/// the encoder takes, which may skip the weighing.
fn both_moves(
    encoder: &Encoder,
    from: Position,
    to: Position,
    known: Option<&[Cell]>,
) -> (Vec<u8>, Vec<u8>) {
    let mut weighed = Vec::new();
    encoder.weighed_move(&mut weighed, from, to, known);
    let mut shortest = Vec::new();
    encoder.shortest_move(&mut shortest, from, to, known);
    (weighed, shortest)
}

#[test]
fn a_move_right_on_the_cursors_row_is_what_weighing_every_move_would_choose() {
    let columns = 120;
    let mut encoder = erased(columns, 2);
    let line = "ab d e  日x  ".repeat(10);
    let mut text = row(&line);
    text[8] = glyph('x', Color::Cyan, Color::Reset);
    drawn(&mut encoder, &text, usize::from(columns));
    let mut reprinted = 0;
    for style in [Shade::BLANK, text[8].shade] {
        encoder.style = style;
        for from in 0..columns {
            for to in from + 1..columns {
                let (from, to) = (Position::new(from, 0), Position::new(to, 0));
                let known = encoder.shadow.row(0);
                let (weighed, shortest) = both_moves(&encoder, from, to, known);
                assert_eq!(
                    shortest,
                    weighed,
                    "from {from:?} to {to:?} in {style:?}: {:?} against {:?}",
                    shown(&shortest),
                    shown(&weighed)
                );
                let mut sideways = Vec::new();
                csi(&mut sideways, to.x - from.x, b'C');
                let gap = usize::from(to.x - from.x);
                if gap <= sideways.len() && reprints(known, from.x..to.x, style) {
                    let cells = known.expect("a known row");
                    sideways = (from.x..to.x)
                        .map(|x| {
                            cells
                                .get(usize::from(x))
                                .map_or(b' ', |cell| cell.text.byte().expect("a byte"))
                        })
                        .collect();
                }
                assert_eq!(shortest, sideways, "from {from:?} to {to:?} in {style:?}");
                reprinted += usize::from(shortest.first() != Some(&0x1b));
            }
        }
    }
    assert!(reprinted > 0, "some gap was reprinted");
}

#[test]
fn a_move_one_row_down_in_a_column_past_the_first_is_what_weighing_would_choose() {
    let columns = 120;
    let mut encoder = erased(columns, 3);
    let line = "ab d e  日x  ".repeat(10);
    let text = row(&line);
    let mut out = Vec::new();
    for y in 0..3 {
        encoder.draw_row(&mut out, 0, y, &painted_row(&text, usize::from(columns)));
    }
    for x in 0..columns {
        let (from, to) = (Position::new(x, 1), Position::new(x, 2));
        let known = encoder.shadow.row(2);
        let (weighed, shortest) = both_moves(&encoder, from, to, known);
        assert_eq!(shortest, weighed, "at column {x}: {:?}", shown(&shortest));
        let expected: &[u8] = if x == 0 { b"\r\n" } else { b"\x1b[B" };
        assert_eq!(shortest, expected, "at column {x}");
    }
}

/// Every candidate move from `from` to `to` built, and the shortest kept (the first on a tie):
/// what weighing by length must choose.
fn weighed_by_building(encoder: &Encoder, from: Position, to: Position) -> Vec<u8> {
    let mut best = Vec::new();
    absolute(&mut best, to);
    let mut stay = Vec::new();
    vertical(&mut stay, from.y, to.y);
    let known = encoder.shadow.row(to.y);
    encoder
        .sideways(from.x, to.x, known)
        .write(&mut stay, known);
    if stay.len() < best.len() {
        best = stay;
    }
    let mut home = vec![b'\r'];
    if to.y == from.y + 1 {
        home.push(b'\n');
    } else {
        vertical(&mut home, from.y, to.y);
    }
    encoder.sideways(0, to.x, known).write(&mut home, known);
    if home.len() < best.len() {
        best = home;
    }
    best
}

#[test]
fn a_weighed_move_is_the_shortest_of_the_candidates_built_in_full() {
    let (columns, rows) = (120, 12);
    let mut encoder = erased(columns, rows);
    let line = "ab d e  日x  ".repeat(10);
    let mut text = row(&line);
    text[8] = glyph('x', Color::Cyan, Color::Reset);
    let mut out = Vec::new();
    for y in [0, 1, 10, 11] {
        encoder.draw_row(&mut out, 0, y, &painted_row(&text, usize::from(columns)));
    }
    let columns_tried = [
        0, 1, 2, 3, 4, 5, 8, 9, 10, 11, 12, 50, 98, 99, 100, 118, 119,
    ];
    let rows_tried = [0, 1, 2, 9, 10, 11];
    let mut ways = std::collections::BTreeSet::new();
    for style in [Shade::BLANK, text[8].shade] {
        encoder.style = style;
        let positions: Vec<Position> = rows_tried
            .iter()
            .flat_map(|&y| columns_tried.iter().map(move |&x| Position::new(x, y)))
            .collect();
        for (from, to) in positions
            .iter()
            .flat_map(|&from| positions.iter().map(move |&to| (from, to)))
        {
            let mut weighed = Vec::new();
            encoder.weighed_move(&mut weighed, from, to, encoder.shadow.row(to.y));
            let built = weighed_by_building(&encoder, from, to);
            assert_eq!(
                weighed,
                built,
                "from {from:?} to {to:?} in {style:?}: {:?} against {:?}",
                shown(&weighed),
                shown(&built)
            );
            ways.insert(match weighed.first() {
                Some(b'\x1b') if weighed.last() == Some(&b'H') => "absolute",
                Some(b'\r') => "home",
                _ => "stay",
            });
        }
    }
    assert_eq!(ways.len(), 3, "every way was chosen somewhere: {ways:?}");
}

#[test]
fn a_count_is_written_in_decimal_and_a_count_of_one_left_out() {
    for count in (0..=1200).chain([9_999, 10_000, u16::MAX]) {
        let mut out = Vec::new();
        csi(&mut out, count, b'C');
        let expected = if count == 1 {
            "\x1b[C".to_owned()
        } else {
            format!("\x1b[{count}C")
        };
        assert_eq!(out, expected.as_bytes(), "{count}");
    }
}

#[test]
fn a_row_that_gets_shorter_is_cleared_whole_where_lines_rewrap_and_erased_at_its_tail_elsewhere() {
    let mut erasing = erased(10, 1);
    drawn(&mut erasing, &row("xxxxxxx   "), 7);
    let out = drawn(&mut erasing, &row("xy        "), 2);
    assert_eq!(out, b"\rxy\x1b[K", "{:?}", shown(&out));

    let mut clearing = erased(10, 1);
    clearing.set_shrinking(Shrinking::ClearRow);
    drawn(&mut clearing, &row("xxxxxxx   "), 7);
    assert_eq!(clearing.shown_width(0), 7);
    let out = drawn(&mut clearing, &row("xy        "), 2);
    assert_eq!(out, b"\r\x1b[2Kxy", "{:?}", shown(&out));
    assert_eq!(
        clearing.shown_width(0),
        2,
        "the line's text ends where it was written"
    );
    let out = drawn(&mut clearing, &row("xyz       "), 3);
    assert_eq!(out, b"z", "a row that grows only writes: {:?}", shown(&out));
}

#[test]
fn blank_cells_a_row_paints_are_no_text_of_the_line() {
    let mut encoder = erased(10, 1);
    encoder.set_shrinking(Shrinking::ClearRow);
    drawn(&mut encoder, &row("ab        "), 6);
    assert_eq!(encoder.shown_width(0), 2);
}

#[test]
fn a_row_cleared_whole_is_written_from_its_start_whatever_the_painter_knew_unchanged() {
    let mut encoder = erased(10, 1);
    encoder.set_shrinking(Shrinking::ClearRow);
    drawn(&mut encoder, &row("abcdefg   "), 7);
    let mut out = Vec::new();
    let shorter = row("abcd      ");
    let painted = PaintedRow {
        unchanged_before: 3,
        ..painted_row(&shorter, 4)
    };
    encoder.draw_row(&mut out, 0, 0, &painted);
    assert_eq!(out, b"\r\x1b[2Kabcd", "{:?}", shown(&out));
}
