//! Frames painted into cells, checked against what they show and against ratatui's own painting.

use pi_agent_ask_core::draw::{Role, Size as FrameSize, Style as DrawStyle};
use ratatui::buffer::Buffer;
use ratatui::layout::Rect;
use ratatui::style::{Color, Modifier};

use super::*;
use crate::cell::Ink;

fn painted(frame: &Frame, theme: &Theme, width: u16, height: u16) -> Vec<Vec<Cell>> {
    paint_screen(frame, theme, Size::new(width, height)).0
}

/// The one row of `width` cells that plain runs of text (column, text) paint, in order.
fn plain_row(width: u16, runs: &[(u16, &str)]) -> Vec<Cell> {
    let cmds = runs
        .iter()
        .map(|&(x, text)| DrawCmd::text(Pos::new(x, 0), text, DrawStyle::default()))
        .collect();
    let frame = Frame::new(FrameSize::new(width, 1), cmds);
    painted(&frame, &Theme::colored(), width, 1).remove(0)
}

fn text(row: &[Cell]) -> String {
    let mut out = Vec::new();
    for cell in row {
        cell.text.write_to(&Clusters::default(), &mut out);
    }
    String::from_utf8(out).expect("UTF-8")
}

fn glyph(cell: &Cell) -> &Cell {
    assert!(!cell.is_covered(), "a covered cell");
    cell
}

/// The cells ratatui's `set_stringn` makes of the same text, in the same words, naming
/// clusters in `clusters`.
fn ratatui_row(buffer: &Buffer, y: u16, clusters: &mut Clusters) -> Vec<Cell> {
    let mut row = Vec::new();
    let mut covered = 0;
    for x in 0..buffer.area.width {
        let cell = &buffer[(x, y)];
        if covered > 0 {
            covered -= 1;
            row.push(Cell::COVERED);
            continue;
        }
        let symbol = cell.symbol();
        covered = pi_agent_ask_core::text::grapheme_width(symbol).saturating_sub(1);
        row.push(Cell::new(
            Text::of(symbol, clusters),
            Shade {
                fg: Ink::of(cell.fg),
                bg: Ink::of(cell.bg),
                modifier: cell.modifier,
            },
        ));
    }
    row
}

#[test]
fn runs_land_at_their_positions_with_role_styles() {
    let frame = Frame::new(
        FrameSize::new(12, 3),
        vec![
            DrawCmd::text(Pos::new(0, 0), "Title", DrawStyle::new(Role::Accent)),
            DrawCmd::text(Pos::new(2, 1), "› Yes", DrawStyle::new(Role::Selected)),
            DrawCmd::text(Pos::new(2, 2), "No", DrawStyle::new(Role::Text)),
        ],
    );
    let rows = painted(&frame, &Theme::colored(), 12, 3);

    assert_eq!(text(&rows[0]), "Title       ");
    assert_eq!(text(&rows[1]), "  › Yes     ");
    assert_eq!(text(&rows[2]), "  No        ");
    assert_eq!(glyph(&rows[0][0]).shade.fg, Ink::of(Color::Cyan));
    assert_eq!(glyph(&rows[1][2]).shade.fg, Ink::of(Color::Cyan));
    assert!(glyph(&rows[1][2]).shade.modifier.contains(Modifier::BOLD));
    assert_eq!(glyph(&rows[2][2]).shade.fg, Ink::of(Color::Reset));
    assert_eq!(glyph(&rows[1][1]).shade.fg, Ink::of(Color::Reset));
}

#[test]
fn attributes_reach_the_cells() {
    let style = DrawStyle::new(Role::Text).underline().italic();
    let frame = Frame::new(
        FrameSize::new(4, 1),
        vec![DrawCmd::text(Pos::new(0, 0), "ab", style)],
    );
    let rows = painted(&frame, &Theme::colored(), 4, 1);
    let modifier = glyph(&rows[0][1]).shade.modifier;
    assert!(modifier.contains(Modifier::UNDERLINED | Modifier::ITALIC));
    assert!(glyph(&rows[0][2]).shade.modifier.is_empty());
}

#[test]
fn monochrome_selection_is_reversed_without_colour() {
    let frame = Frame::new(
        FrameSize::new(4, 1),
        vec![DrawCmd::text(
            Pos::new(0, 0),
            "row",
            DrawStyle::new(Role::Selected),
        )],
    );
    let rows = painted(&frame, &Theme::monochrome(), 4, 1);
    let shade = glyph(&rows[0][0]).shade;
    assert!(shade.modifier.contains(Modifier::REVERSED));
    assert_eq!(shade.fg, Ink::RESET);
    assert_eq!(shade.bg, Ink::RESET);
}

#[test]
fn control_characters_become_placeholders() {
    let frame = Frame::new(
        FrameSize::new(10, 1),
        vec![DrawCmd::text(
            Pos::new(0, 0),
            "a\u{1b}[2Jb\u{7}\u{7f}\u{9b}c",
            DrawStyle::default(),
        )],
    );
    let rows = painted(&frame, &Theme::colored(), 10, 1);
    assert_eq!(text(&rows[0]), "a\u{fffd}[2Jb\u{fffd}\u{fffd}\u{fffd}c");
}

#[test]
fn clean_text_is_borrowed() {
    assert!(matches!(without_controls("plain ✓"), Cow::Borrowed(_)));
    assert_eq!(without_controls("tab\there"), "tab\u{fffd}here");
}

#[test]
fn runs_are_clipped_to_the_area() {
    let frame = Frame::new(
        FrameSize::new(5, 2),
        vec![
            DrawCmd::text(Pos::new(2, 0), "overflowing", DrawStyle::default()),
            DrawCmd::text(Pos::new(9, 0), "outside", DrawStyle::default()),
            DrawCmd::text(Pos::new(3, 1), "日本", DrawStyle::default()),
            DrawCmd::text(Pos::new(0, 5), "below", DrawStyle::default()),
        ],
    );
    let rows = painted(&frame, &Theme::colored(), 5, 2);
    assert_eq!(text(&rows[0]), "  ove");
    assert_eq!(
        text(&rows[1]),
        "   日",
        "a wide character that would straddle the edge is left out"
    );
    assert_eq!(rows.len(), 2);
}

#[test]
fn wide_characters_take_two_cells() {
    let row = plain_row(6, &[(0, "日本x")]);
    assert_eq!(glyph(&row[0]).text, Text::char('日'));
    assert_eq!(row[1], Cell::COVERED);
    assert_eq!(glyph(&row[2]).text, Text::char('本'));
    assert_eq!(row[3], Cell::COVERED);
    assert_eq!(glyph(&row[4]).text, Text::char('x'));
}

#[test]
fn a_run_over_half_a_wide_character_blanks_the_rest_of_it() {
    let row = plain_row(6, &[(0, "日本"), (1, "ab")]);
    assert_eq!(text(&row), " ab   ");
    assert!(row.iter().all(|cell| !cell.is_covered()));
}

#[test]
fn a_run_ending_on_a_wide_characters_left_half_blanks_its_right_half() {
    let row = plain_row(6, &[(0, "日本"), (2, "a")]);
    assert_eq!(glyph(&row[0]).text, Text::char('日'));
    assert_eq!(row[1], Cell::COVERED);
    assert_eq!(glyph(&row[2]).text, Text::char('a'));
    assert_eq!(glyph(&row[3]).text, Text::char(' '));
}

#[test]
fn a_later_run_keeps_the_background_it_does_not_name() {
    let theme = Theme::colored();
    let frame = Frame::new(
        FrameSize::new(4, 1),
        vec![
            DrawCmd::text(Pos::new(0, 0), "abcd", DrawStyle::new(Role::Selected)),
            DrawCmd::text(Pos::new(1, 0), "x", DrawStyle::new(Role::Text)),
        ],
    );
    let row = &painted(&frame, &theme, 4, 1)[0];
    let mut expected = Buffer::empty(Rect::new(0, 0, 4, 1));
    expected.set_stringn(0, 0, "abcd", 4, theme.style(DrawStyle::new(Role::Selected)));
    expected.set_stringn(1, 0, "x", 3, theme.style(DrawStyle::new(Role::Text)));
    assert_eq!(*row, ratatui_row(&expected, 0, &mut Clusters::default()));
}

#[test]
fn the_cursor_is_placed_relative_to_the_area() {
    let mut with_cursor = Frame::new(FrameSize::new(6, 2), Vec::new());
    with_cursor.cursor = Some(Pos::new(3, 1));
    let origin = Position::new(0, 10);
    assert_eq!(
        screen_cursor(&with_cursor, origin, 6, 2),
        Some(Position::new(3, 11))
    );
    assert_eq!(screen_cursor(&with_cursor, origin, 3, 2), None);
    assert_eq!(
        screen_cursor(&Frame::new(FrameSize::new(6, 2), Vec::new()), origin, 6, 2),
        None
    );
}

#[test]
fn runs_paint_what_set_stringn_paints() {
    let theme = Theme::colored();
    let style = DrawStyle::new(Role::Accent);
    let every: Vec<char> = [
        ('\u{a1}', '\u{ff}'),
        ('\u{2010}', '\u{205e}'),
        ('\u{2190}', '\u{21ff}'),
        ('\u{2500}', '\u{27bf}'),
    ]
    .iter()
    .flat_map(|(low, high)| *low..=*high)
    .chain([
        'a', ' ', '~', '\u{ad}', '\u{301}', '\u{fe0f}', '\u{200d}', '漢',
    ])
    .collect();
    let mut texts: Vec<String> = every.iter().map(|ch| format!("{ch}x{ch}")).collect();
    texts.extend(every.windows(2).map(|pair| pair.iter().collect()));
    // One character over and over, as a rule is, longer than the row: wide and zero-width
    // ones among them.
    texts.extend(every.iter().map(|ch| ch.to_string().repeat(9)));
    // And such a run broken by another character, often one of as many bytes: at its end, at
    // its start, or between two of its own.
    texts.extend(every.windows(2).flat_map(|pair| {
        let (one, other) = (pair[0], pair[1]);
        [
            format!("{one}{one}{one}{other}"),
            format!("{other}{one}{one}{one}"),
            format!("{one}{other}{one}"),
        ]
    }));
    texts.push("› Rust ━━━ … ✓ ✗ ■ □ ● ○ ▸ ← →".to_owned());
    texts.push("Plain ascii, clipped at the edge".to_owned());
    texts.push("an é and a 漢 among ascii".to_owned());
    for text in texts {
        let frame = Frame::new(
            FrameSize::new(8, 1),
            vec![DrawCmd::text(Pos::new(1, 0), text.clone(), style)],
        );
        let (rows, clusters) = paint_screen(&frame, &theme, Size::new(8, 1));
        let mut expected = Buffer::empty(Rect::new(0, 0, 8, 1));
        expected.set_stringn(1, 0, &text, 7, theme.style(style));
        let mut theirs = Clusters::default();
        let expected = ratatui_row(&expected, 0, &mut theirs);
        let written = |row: &[Cell], clusters: &Clusters| {
            let mut bytes = Vec::new();
            for cell in row {
                cell.text.write_to(clusters, &mut bytes);
            }
            bytes
        };
        assert_eq!(
            written(&rows[0], &clusters),
            written(&expected, &theirs),
            "{text:?}"
        );
        let shades = |row: &[Cell]| row.iter().map(|cell| cell.shade).collect::<Vec<_>>();
        let halves = |row: &[Cell]| row.iter().map(Cell::is_covered).collect::<Vec<_>>();
        assert_eq!(shades(&rows[0]), shades(&expected), "{text:?}");
        assert_eq!(halves(&rows[0]), halves(&expected), "{text:?}");
    }
}
