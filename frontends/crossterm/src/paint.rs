//! Core [`Frame`]s painted into a ratatui [`Buffer`].
//!
//! Each text run is written with one `set_stringn` call, clipped to the buffer. Runs are meant to
//! arrive sanitized, but as a second line of defence every control character (C0, DEL, C1, and so
//! ESC) is replaced by [`PLACEHOLDER`] before it reaches the buffer: nothing a frame carries can
//! become a terminal escape sequence.

use std::borrow::Cow;

use pi_agent_ask_core::draw::{DrawCmd, Frame, Pos, Size};
use ratatui::Terminal;
use ratatui::backend::Backend;
use ratatui::buffer::Buffer;
use ratatui::layout::Position;
use unicode_width::UnicodeWidthChar;

use crate::theme::Theme;

/// The character that stands in for a control character found in a text run.
pub const PLACEHOLDER: char = '\u{FFFD}';

/// Paints `frame` into `buffer`, with the frame's origin at the buffer area's top-left corner.
///
/// Text past the right or bottom edge of the buffer area is cut off.
pub fn paint(frame: &Frame, theme: &Theme, buffer: &mut Buffer) {
    let area = buffer.area;
    for cmd in &frame.cmds {
        let DrawCmd::Text { pos, text, style } = cmd;
        if pos.x >= area.width || pos.y >= area.height {
            continue;
        }
        let room = usize::from(area.width - pos.x);
        let (x, y) = (area.x + pos.x, area.y + pos.y);
        let style = theme.style(*style);
        if is_plain_ascii(text) {
            // One cell per byte, each one column wide: what `set_stringn` would do, without
            // splitting the text into graphemes and measuring each.
            let start = buffer.index_of(x, y);
            let cells = &mut buffer.content[start..start + text.len().min(room)];
            for (cell, byte) in cells.iter_mut().zip(text.bytes()) {
                cell.set_char(char::from(byte)).set_style(style);
            }
        } else if let Some(count) = single_cells(text) {
            // The form's marks and rules (`›`, `━`, `…`, `✓`): still one cell per character.
            let start = buffer.index_of(x, y);
            let cells = &mut buffer.content[start..start + count.min(room)];
            for (cell, ch) in cells.iter_mut().zip(text.chars()) {
                cell.set_char(ch).set_style(style);
            }
        } else {
            buffer.set_stringn(x, y, without_controls(text), room, style);
        }
    }
}

/// Whether every byte of `text` is a printable ASCII character (a space to a tilde).
fn is_plain_ascii(text: &str) -> bool {
    text.bytes().all(|byte| (b' '..=b'~').contains(&byte))
}

/// Blocks of characters that are each a grapheme of their own, whatever surrounds them here:
/// no combining marks, joiners, variation selectors or format characters among them.
const STANDALONE: [(char, char); 6] = [
    ('\u{a1}', '\u{ac}'),
    ('\u{ae}', '\u{ff}'),
    ('\u{2010}', '\u{2027}'),
    ('\u{2030}', '\u{205e}'),
    ('\u{2190}', '\u{21ff}'),
    ('\u{2500}', '\u{27bf}'),
];

/// How many characters `text` has when each is a one-column grapheme of its own (printable
/// ASCII, or a [`STANDALONE`] character one column wide), so each takes one cell as
/// `set_stringn` would place it; `None` otherwise.
fn single_cells(text: &str) -> Option<usize> {
    let mut count = 0;
    for ch in text.chars() {
        let single = (' '..='~').contains(&ch)
            || (STANDALONE
                .iter()
                .any(|(low, high)| (*low..=*high).contains(&ch))
                && UnicodeWidthChar::width(ch) == Some(1));
        if !single {
            return None;
        }
        count += 1;
    }
    Some(count)
}

/// Draws the frame `draw` makes for the terminal's area, with its cursor, and writes only the
/// cells that changed since the previous draw; returns where the cursor is shown, if it is.
/// A [`crate::TerminalSession`] draws through this; measurements can use it on a terminal over
/// any writer.
pub fn draw_frame<B: Backend>(
    terminal: &mut Terminal<B>,
    theme: &Theme,
    draw: impl FnOnce(Size) -> Frame,
) -> Result<Option<Position>, B::Error> {
    let mut shown = None;
    terminal.draw(|target| {
        let area = target.area();
        let frame = draw(Size::new(area.width, area.height));
        paint(&frame, theme, target.buffer_mut());
        shown = screen_cursor(&frame, area.as_position(), area.width, area.height);
        if let Some(cursor) = shown {
            target.set_cursor_position(cursor);
        }
    })?;
    Ok(shown)
}

/// Where the frame's cursor stands on the screen, for a buffer area starting at `origin`, if the
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
    use pi_agent_ask_core::draw::{Role, Size, Style as DrawStyle};
    use ratatui::layout::Rect;
    use ratatui::style::{Color, Modifier};

    use super::*;

    fn row(buffer: &Buffer, y: u16) -> String {
        let area = buffer.area;
        (area.x..area.right())
            .map(|x| buffer[(x, y)].symbol())
            .collect()
    }

    #[test]
    fn runs_land_at_their_positions_with_role_styles() {
        let frame = Frame::new(
            Size::new(12, 3),
            vec![
                DrawCmd::text(Pos::new(0, 0), "Title", DrawStyle::new(Role::Accent)),
                DrawCmd::text(Pos::new(2, 1), "› Yes", DrawStyle::new(Role::Selected)),
                DrawCmd::text(Pos::new(2, 2), "No", DrawStyle::new(Role::Text)),
            ],
        );
        let mut buffer = Buffer::empty(Rect::new(0, 0, 12, 3));
        paint(&frame, &Theme::colored(), &mut buffer);

        assert_eq!(row(&buffer, 0), "Title       ");
        assert_eq!(row(&buffer, 1), "  › Yes     ");
        assert_eq!(row(&buffer, 2), "  No        ");
        assert_eq!(buffer[(0, 0)].fg, Color::Cyan);
        assert_eq!(buffer[(2, 1)].fg, Color::Cyan);
        assert!(buffer[(2, 1)].modifier.contains(Modifier::BOLD));
        assert_eq!(buffer[(2, 2)].fg, Color::Reset);
        assert_eq!(buffer[(1, 1)].fg, Color::Reset);
    }

    #[test]
    fn attributes_reach_the_cells() {
        let style = DrawStyle::new(Role::Text).underline().italic();
        let frame = Frame::new(
            Size::new(4, 1),
            vec![DrawCmd::text(Pos::new(0, 0), "ab", style)],
        );
        let mut buffer = Buffer::empty(Rect::new(0, 0, 4, 1));
        paint(&frame, &Theme::colored(), &mut buffer);
        let modifier = buffer[(1, 0)].modifier;
        assert!(modifier.contains(Modifier::UNDERLINED | Modifier::ITALIC));
        assert!(buffer[(2, 0)].modifier.is_empty());
    }

    #[test]
    fn monochrome_selection_is_reversed_without_colour() {
        let frame = Frame::new(
            Size::new(4, 1),
            vec![DrawCmd::text(
                Pos::new(0, 0),
                "row",
                DrawStyle::new(Role::Selected),
            )],
        );
        let mut buffer = Buffer::empty(Rect::new(0, 0, 4, 1));
        paint(&frame, &Theme::monochrome(), &mut buffer);
        let cell = &buffer[(0, 0)];
        assert!(cell.modifier.contains(Modifier::REVERSED));
        assert_eq!(cell.fg, Color::Reset);
        assert_eq!(cell.bg, Color::Reset);
    }

    #[test]
    fn control_characters_become_placeholders() {
        let frame = Frame::new(
            Size::new(10, 1),
            vec![DrawCmd::text(
                Pos::new(0, 0),
                "a\u{1b}[2Jb\u{7}\u{7f}\u{9b}c",
                DrawStyle::default(),
            )],
        );
        let mut buffer = Buffer::empty(Rect::new(0, 0, 10, 1));
        paint(&frame, &Theme::colored(), &mut buffer);
        assert_eq!(row(&buffer, 0), "a\u{fffd}[2Jb\u{fffd}\u{fffd}\u{fffd}c");
        assert!(
            buffer
                .content()
                .iter()
                .all(|cell| !cell.symbol().chars().any(char::is_control))
        );
    }

    #[test]
    fn clean_text_is_borrowed() {
        assert!(matches!(without_controls("plain ✓"), Cow::Borrowed(_)));
        assert_eq!(without_controls("tab\there"), "tab\u{fffd}here");
    }

    #[test]
    fn runs_are_clipped_to_the_buffer() {
        let frame = Frame::new(
            Size::new(5, 2),
            vec![
                DrawCmd::text(Pos::new(2, 0), "overflowing", DrawStyle::default()),
                DrawCmd::text(Pos::new(9, 0), "outside", DrawStyle::default()),
                DrawCmd::text(Pos::new(0, 5), "below", DrawStyle::default()),
            ],
        );
        let mut buffer = Buffer::empty(Rect::new(0, 0, 5, 2));
        paint(&frame, &Theme::colored(), &mut buffer);
        assert_eq!(row(&buffer, 0), "  ove");
        assert_eq!(row(&buffer, 1), "     ");
    }

    #[test]
    fn wide_characters_take_two_cells() {
        let frame = Frame::new(
            Size::new(6, 1),
            vec![DrawCmd::text(Pos::new(0, 0), "日本x", DrawStyle::default())],
        );
        let mut buffer = Buffer::empty(Rect::new(0, 0, 6, 1));
        paint(&frame, &Theme::colored(), &mut buffer);
        assert_eq!(buffer[(0, 0)].symbol(), "日");
        assert_eq!(buffer[(2, 0)].symbol(), "本");
        assert_eq!(buffer[(4, 0)].symbol(), "x");
    }

    #[test]
    fn an_offset_area_moves_the_frame() {
        let frame = Frame::new(
            Size::new(6, 2),
            vec![DrawCmd::text(Pos::new(1, 1), "hi", DrawStyle::default())],
        );
        let area = Rect::new(0, 10, 6, 2);
        let mut buffer = Buffer::empty(area);
        paint(&frame, &Theme::colored(), &mut buffer);
        assert_eq!(buffer[(1, 11)].symbol(), "h");
        assert_eq!(buffer[(2, 11)].symbol(), "i");
    }

    #[test]
    fn the_cursor_is_placed_relative_to_the_area() {
        let mut with_cursor = Frame::new(Size::new(6, 2), Vec::new());
        with_cursor.cursor = Some(Pos::new(3, 1));
        let origin = Position::new(0, 10);
        assert_eq!(
            screen_cursor(&with_cursor, origin, 6, 2),
            Some(Position::new(3, 11))
        );
        assert_eq!(screen_cursor(&with_cursor, origin, 3, 2), None);
        assert_eq!(
            screen_cursor(&Frame::new(Size::new(6, 2), Vec::new()), origin, 6, 2),
            None
        );
    }

    #[test]
    fn every_standalone_character_paints_what_set_stringn_paints() {
        let theme = Theme::colored();
        let style = DrawStyle::new(Role::Text);
        let characters = STANDALONE
            .iter()
            .flat_map(|(low, high)| *low..=*high)
            .chain([
                'a', ' ', '~', '\u{ad}', '\u{301}', '\u{fe0f}', '\u{200d}', '漢',
            ]);
        let every: Vec<char> = characters.collect();
        let mut texts: Vec<String> = every.iter().map(|ch| format!("{ch}x{ch}")).collect();
        texts.extend(every.windows(2).map(|pair| pair.iter().collect()));
        texts.push("› Rust ━━━ … ✓ ✗ ■ □ ● ○ ▸ ← →".to_owned());
        for text in texts {
            let frame = Frame::new(
                Size::new(8, 1),
                vec![DrawCmd::text(Pos::new(1, 0), text.clone(), style)],
            );
            let mut painted = Buffer::empty(Rect::new(0, 0, 8, 1));
            paint(&frame, &theme, &mut painted);
            let mut expected = Buffer::empty(Rect::new(0, 0, 8, 1));
            expected.set_stringn(1, 0, &text, 7, theme.style(style));
            assert_eq!(painted, expected, "{text:?}");
        }
    }

    #[test]
    fn plain_text_paints_what_set_stringn_paints() {
        let runs = [
            (0, "Plain ascii, clipped at the edge"),
            (3, "an é and a 漢 among ascii"),
            (1, "tilde ~ and space"),
        ];
        let cmds = runs
            .iter()
            .enumerate()
            .map(|(y, (x, text))| {
                DrawCmd::text(Pos::new(*x, y as u16), *text, DrawStyle::new(Role::Accent))
            })
            .collect();
        let frame = Frame::new(Size::new(20, 3), cmds);
        let theme = Theme::colored();
        let mut painted = Buffer::empty(Rect::new(0, 0, 20, 3));
        paint(&frame, &theme, &mut painted);
        let mut expected = Buffer::empty(Rect::new(0, 0, 20, 3));
        for (y, (x, text)) in runs.iter().enumerate() {
            let style = theme.style(DrawStyle::new(Role::Accent));
            expected.set_stringn(*x, y as u16, text, usize::from(20 - x), style);
        }
        assert_eq!(painted, expected);
        assert_eq!(row(&painted, 0), "Plain ascii, clipped");
    }
}
