//! Core [`Frame`]s painted into rows of [`Cell`]s.
//!
//! A run's graphemes take one cell each, or two for a wide one, and are cut off at the right
//! edge; zero-width ones are left out. Runs are meant to arrive sanitized, but as a second line
//! of defence every control character (C0, DEL, C1, and so ESC) is replaced by [`PLACEHOLDER`]
//! first: nothing a frame carries can become a terminal escape sequence.

use std::borrow::Cow;

use pi_agent_ask_core::draw::{DrawCmd, Frame, Pos};
use pi_agent_ask_core::text::{graphemes, standalone_chars};
use ratatui::layout::{Position, Size};

use crate::cell::{Cell, Glyph, Patch, Shade, Text};
use crate::theme::Theme;

/// The character that stands in for a control character found in a text run.
pub const PLACEHOLDER: char = '\u{FFFD}';

/// The cells of one row, painted again for row after row: only the cells the last painting
/// reached are blanked before the next, so a blank row costs nothing.
#[derive(Clone, Debug, Default)]
pub struct RowCells {
    cells: Vec<Cell>,
    painted: usize,
}

impl RowCells {
    /// The row's cells.
    pub fn cells(&self) -> &[Cell] {
        &self.cells
    }

    /// How far the last painting reached: every cell from here on is blank.
    pub fn painted(&self) -> usize {
        self.painted
    }
}

/// Paints `runs`, in order, into `row`: first `width` blank cells, then each run at its column,
/// later runs over earlier ones.
pub fn paint_row<'a>(
    runs: impl IntoIterator<Item = &'a DrawCmd>,
    theme: &Theme,
    width: u16,
    row: &mut RowCells,
) {
    let RowCells { cells, painted } = row;
    if cells.len() == usize::from(width) {
        cells[..*painted].fill_with(|| Cell::BLANK);
    } else {
        cells.clear();
        cells.resize(usize::from(width), Cell::BLANK);
    }
    let mut reached = 0;
    for cmd in runs {
        let DrawCmd::Text { pos, text, style } = cmd;
        let style = Patch::from(theme.style(*style));
        let mut x = usize::from(pos.x);
        if text.bytes().all(|byte| (b' '..=b'~').contains(&byte)) {
            // One cell per byte: no graphemes to find or measure.
            x = put_bytes(cells, x, text.as_bytes(), style);
        } else if let Some(chars) = standalone_chars(text) {
            // A character per grapheme (rules, arrows, accented letters): measured one by one.
            let glyphs = chars.map(|(ch, width)| (Text::Char(ch), width));
            x = put_glyphs(cells, x, glyphs, style);
        } else {
            let clean = without_controls(text);
            let glyphs = graphemes(&clean).map(|(grapheme, width)| (Text::of(grapheme), width));
            x = put_glyphs(cells, x, glyphs, style);
        }
        reached = reached.max(x);
    }
    *painted = reached.min(cells.len());
}

/// Writes `bytes`, printable ASCII, a cell each from column `x` on, as far as the row goes.
/// Returns the column after the last one written. Where no wide glyph is touched, as in most
/// rows, each cell only takes its byte and the style over its shade.
fn put_bytes(cells: &mut [Cell], x: usize, bytes: &[u8], style: Patch) -> usize {
    let end = (x + bytes.len()).min(cells.len());
    let touched = &cells[x.min(end)..(end + 1).min(cells.len())];
    if touched.iter().any(|cell| matches!(cell, Cell::Covered)) {
        for (at, &byte) in (x..end).zip(bytes) {
            put(cells, at, Text::Char(char::from(byte)), style, false);
        }
        return end.max(x);
    }
    for (cell, &byte) in cells[x.min(end)..end].iter_mut().zip(bytes) {
        if let Cell::Glyph(glyph) = cell {
            glyph.text = Text::Char(char::from(byte));
            glyph.shade = glyph.shade.patched(style);
        }
    }
    end.max(x)
}

/// Writes `glyphs`, each with the cells it takes, from column `x` on until one does not fit;
/// zero-width ones are dropped. Returns the column after the last one written.
fn put_glyphs(
    cells: &mut [Cell],
    mut x: usize,
    glyphs: impl Iterator<Item = (Text, usize)>,
    style: Patch,
) -> usize {
    for (text, width) in glyphs {
        if width == 0 {
            continue;
        }
        if x + width > cells.len() {
            break;
        }
        put(cells, x, text, style, width > 1);
        x += width;
    }
    x
}

/// Writes a glyph of `text` at `x`, in `style` laid over what the cell had; a wide glyph
/// covers the next cell. A wide glyph partly overwritten is replaced by a blank.
fn put(row: &mut [Cell], x: usize, text: Text, style: Patch, wide: bool) {
    let under = match &row[x] {
        Cell::Glyph(glyph) => glyph.shade,
        Cell::Covered => {
            break_glyph(row, x - 1);
            Shade::BLANK
        }
    };
    let shade = under.patched(style);
    let next = x + 1;
    if matches!(row.get(next), Some(Cell::Covered)) && !wide {
        row[next] = Cell::BLANK;
    }
    if wide {
        if matches!(row.get(next + 1), Some(Cell::Covered)) {
            break_glyph(row, next);
        }
        row[next] = Cell::Covered;
    }
    row[x] = Cell::Glyph(Glyph { text, shade });
}

/// Replaces the wide glyph at `x` by a blank in its shade, the cell it covered by a blank.
fn break_glyph(row: &mut [Cell], x: usize) {
    if let Cell::Glyph(glyph) = &row[x] {
        let shade = glyph.shade;
        row[x] = Cell::Glyph(Glyph {
            text: Text::Char(' '),
            shade,
        });
    }
    if matches!(row.get(x + 1), Some(Cell::Covered)) {
        row[x + 1] = Cell::BLANK;
    }
}

/// The whole picture of `frame` in an area of `size`: every row painted, top to bottom.
pub fn paint_screen(frame: &Frame, theme: &Theme, size: Size) -> Vec<Vec<Cell>> {
    (0..size.height)
        .map(|y| {
            let mut row = RowCells::default();
            let runs = frame
                .cmds
                .iter()
                .filter(|cmd| matches!(cmd, DrawCmd::Text { pos, .. } if pos.y == y));
            paint_row(runs, theme, size.width, &mut row);
            row.cells
        })
        .collect()
}

/// Where the frame's cursor stands on the screen, for an area starting at `origin`, if the
/// frame has a cursor inside its `width` × `height` area.
pub fn screen_cursor(frame: &Frame, origin: Position, width: u16, height: u16) -> Option<Position> {
    let Pos { x, y } = frame.cursor?;
    (x < width && y < height).then(|| Position::new(origin.x + x, origin.y + y))
}

/// The text with every control character replaced by [`PLACEHOLDER`]; borrowed when clean.
pub fn without_controls(text: &str) -> Cow<'_, str> {
    if text.chars().any(char::is_control) {
        Cow::Owned(
            text.chars()
                .map(|c| if c.is_control() { PLACEHOLDER } else { c })
                .collect(),
        )
    } else {
        Cow::Borrowed(text)
    }
}

#[cfg(test)]
mod tests {
    use pi_agent_ask_core::draw::{Role, Size as FrameSize, Style as DrawStyle};
    use ratatui::buffer::Buffer;
    use ratatui::layout::Rect;
    use ratatui::style::{Color, Modifier};

    use super::*;
    use crate::cell::Ink;

    fn painted(frame: &Frame, theme: &Theme, width: u16, height: u16) -> Vec<Vec<Cell>> {
        paint_screen(frame, theme, Size::new(width, height))
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
            if let Cell::Glyph(glyph) = cell {
                glyph.text.write_to(&mut out);
            }
        }
        String::from_utf8(out).expect("UTF-8")
    }

    fn glyph(cell: &Cell) -> &Glyph {
        match cell {
            Cell::Glyph(glyph) => glyph,
            Cell::Covered => panic!("a covered cell"),
        }
    }

    /// The cells ratatui's `set_stringn` makes of the same text, in the same words.
    fn ratatui_row(buffer: &Buffer, y: u16) -> Vec<Cell> {
        let mut row = Vec::new();
        let mut covered = 0;
        for x in 0..buffer.area.width {
            let cell = &buffer[(x, y)];
            if covered > 0 {
                covered -= 1;
                row.push(Cell::Covered);
                continue;
            }
            let symbol = cell.symbol();
            covered = pi_agent_ask_core::text::grapheme_width(symbol).saturating_sub(1);
            row.push(Cell::Glyph(Glyph {
                text: Text::of(symbol),
                shade: Shade {
                    fg: Ink::of(cell.fg),
                    bg: Ink::of(cell.bg),
                    modifier: cell.modifier,
                },
            }));
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
        assert_eq!(glyph(&row[0]).text, Text::Char('日'));
        assert_eq!(row[1], Cell::Covered);
        assert_eq!(glyph(&row[2]).text, Text::Char('本'));
        assert_eq!(row[3], Cell::Covered);
        assert_eq!(glyph(&row[4]).text, Text::Char('x'));
    }

    #[test]
    fn a_run_over_half_a_wide_character_blanks_the_rest_of_it() {
        let row = plain_row(6, &[(0, "日本"), (1, "ab")]);
        assert_eq!(text(&row), " ab   ");
        assert!(row.iter().all(|cell| *cell != Cell::Covered));
    }

    #[test]
    fn a_run_ending_on_a_wide_characters_left_half_blanks_its_right_half() {
        let row = plain_row(6, &[(0, "日本"), (2, "a")]);
        assert_eq!(glyph(&row[0]).text, Text::Char('日'));
        assert_eq!(row[1], Cell::Covered);
        assert_eq!(glyph(&row[2]).text, Text::Char('a'));
        assert_eq!(glyph(&row[3]).text, Text::Char(' '));
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
        assert_eq!(*row, ratatui_row(&expected, 0));
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
        texts.push("› Rust ━━━ … ✓ ✗ ■ □ ● ○ ▸ ← →".to_owned());
        texts.push("Plain ascii, clipped at the edge".to_owned());
        texts.push("an é and a 漢 among ascii".to_owned());
        for text in texts {
            let frame = Frame::new(
                FrameSize::new(8, 1),
                vec![DrawCmd::text(Pos::new(1, 0), text.clone(), style)],
            );
            let row = &painted(&frame, &theme, 8, 1)[0];
            let mut expected = Buffer::empty(Rect::new(0, 0, 8, 1));
            expected.set_stringn(1, 0, &text, 7, theme.style(style));
            assert_eq!(*row, ratatui_row(&expected, 0), "{text:?}");
        }
    }
}
