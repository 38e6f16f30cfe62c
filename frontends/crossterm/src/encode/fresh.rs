//! Fresh runs written onto cells the screen shows blank: no comparison, a move and a style
//! a piece, the text's own bytes, and the cells noted as they go out.

use std::sync::LazyLock;

use memchr::memmem::Finder;
use pi_agent_ask_core::text::byte_at_char;
use ratatui::layout::Position;

use super::Encoder;
use super::moves::REPRINTED_GAP;
use crate::cell::Ink;
use crate::fresh::{FreshRun, Glyphs};

impl Encoder {
    /// Whether the screen is known to show row `y` blank from column `from` on.
    pub fn is_blank_from(&self, from: u16, y: u16) -> bool {
        self.shadow.is_blank_from(from, y)
    }

    /// How many cells of row `y` a terminal that rewraps its lines takes for text: up to the
    /// last one written since the row was last cleared whole (see [`super::Shrinking`]), the
    /// whole width when the encoder cannot tell.
    pub fn shown_width(&self, y: u16) -> u16 {
        if self.shadow.contains(0, y) {
            self.used(y).min(self.shadow.size().width)
        } else {
            self.shadow.size().width
        }
    }

    /// Writes `runs` on row `y`, when the screen shows it blank from column `from` on and the
    /// runs lie there in column order, none over another: spaces that paint blank at either
    /// end of a run are not written, and a longer stretch of them inside one is moved over.
    /// Returns whether it did; when the encoder cannot vouch for the blank cells, or the runs
    /// are not so, nothing is written and the row is to be drawn.
    pub fn write_fresh(
        &mut self,
        out: &mut Vec<u8>,
        y: u16,
        from: u16,
        runs: &[FreshRun<'_>],
    ) -> bool {
        if !self.is_blank_from(from, y) || !in_column_order(from, runs) {
            return false;
        }
        let width = self.shadow.size().width;
        for run in runs {
            if run.x >= width {
                break;
            }
            let room = usize::from(width - run.x);
            let text = match run.glyphs {
                Glyphs::Ascii => &run.text[..run.text.len().min(room)],
                Glyphs::Narrow => {
                    &run.text[..byte_at_char(run.text, room).unwrap_or(run.text.len())]
                }
            };
            if run.shade.paints_blank_as(Ink::RESET) {
                for (start, stop) in shown_pieces(text.as_bytes()) {
                    self.write_piece(out, y, run, text, start..stop);
                }
            } else {
                self.write_piece(out, y, run, text, 0..text.len());
            }
        }
        true
    }

    /// Writes the bytes `piece` of `text`, part of `run`, at their cells of row `y`, and notes
    /// them in the shadow as written there.
    fn write_piece(
        &mut self,
        out: &mut Vec<u8>,
        y: u16,
        run: &FreshRun<'_>,
        text: &str,
        piece: std::ops::Range<usize>,
    ) {
        let (skipped, part) = match run.glyphs {
            Glyphs::Ascii => (piece.start, &text[piece]),
            Glyphs::Narrow => (text[..piece.start].chars().count(), &text[piece]),
        };
        let x = run.x + u16::try_from(skipped).unwrap_or(u16::MAX);
        self.move_to(out, Position::new(x, y));
        self.set_style(out, run.shade);
        out.extend_from_slice(part.as_bytes());
        let cells = match run.glyphs {
            Glyphs::Ascii => part.len(),
            Glyphs::Narrow => part.chars().count(),
        };
        let cells = u16::try_from(cells).unwrap_or(u16::MAX);
        self.shadow
            .note_written(y, x, part, cells, run.glyphs, run.shade);
        self.note_written_to(y, x.saturating_add(cells));
        self.advance(cells);
    }
}

/// Whether `runs` lie in column order from column `from` on, none over another: what writing
/// them one after another onto blank cells takes.
fn in_column_order(from: u16, runs: &[FreshRun<'_>]) -> bool {
    let mut reached = from;
    runs.iter().all(|run| {
        let after = run.x >= reached;
        reached = run.x.saturating_add(run.cells);
        after
    })
}

/// The byte ranges of `text` to write when its spaces paint blank on blank cells: without the
/// spaces at either end, and apart where more than [`REPRINTED_GAP`] spaces in a row are
/// shorter to move over than to write. The gaps are found by searching for one space more than
/// that, a whole line at a time, not by looking at each byte in turn: a preview brought back
/// writes some thousand cells this way.
fn shown_pieces(text: &[u8]) -> impl Iterator<Item = (usize, usize)> + '_ {
    const GAP: [u8; REPRINTED_GAP as usize + 1] = [b' '; REPRINTED_GAP as usize + 1];
    static GAPS: LazyLock<Finder<'static>> = LazyLock::new(|| Finder::new(&GAP));
    let mut at = 0;
    std::iter::from_fn(move || {
        at += text[at..].iter().position(|&byte| byte != b' ')?;
        let start = at;
        // The gap found first starts right after a byte that is not a space: `start`'s byte,
        // or one after it.
        if let Some(gap) = GAPS.find(&text[start..]) {
            at = start + gap + GAP.len();
            Some((start, start + gap))
        } else {
            at = text.len();
            let shown = text[start..].iter().rposition(|&byte| byte != b' ');
            Some((start, start + shown.map_or(0, |last| last + 1)))
        }
    })
}

#[cfg(test)]
mod tests {
    use ratatui::layout::Size;
    use ratatui::style::Color;

    use super::*;
    use crate::cell::Shade;
    use crate::encode::Erase;

    fn run(x: u16, text: &str, shade: Shade) -> FreshRun<'_> {
        FreshRun {
            x,
            text,
            cells: u16::try_from(text.chars().count()).expect("short"),
            glyphs: if text.is_ascii() {
                Glyphs::Ascii
            } else {
                Glyphs::Narrow
            },
            shade,
        }
    }

    #[test]
    fn fresh_runs_go_out_only_where_the_row_is_known_blank_and_show_as_written() {
        let cyan = Shade {
            fg: Ink::of(Color::Cyan),
            ..Shade::BLANK
        };
        let runs = [
            run(3, "  │ a", Shade::BLANK),
            run(9, "b     c", cyan),
            run(17, "long", Shade::BLANK),
        ];
        let mut encoder = Encoder::new(Size::new(20, 2));
        let mut out = Vec::new();
        assert!(
            !encoder.write_fresh(&mut out, 1, 3, &runs),
            "an unknown row"
        );
        assert!(out.is_empty());
        encoder.erase(&mut out, Erase::All);
        assert!(encoder.write_fresh(&mut out, 1, 3, &runs));
        let mut screen = vt100::Parser::new(2, 20, 0);
        screen.process(&out);
        assert_eq!(screen.screen().contents(), "\n     │ a b     c lon");
        let c = screen.screen().cell(1, 15).expect("a cell");
        assert_eq!(c.fgcolor(), vt100::Color::Idx(6));
        let written = String::from_utf8_lossy(&out);
        assert!(
            written.contains("b\x1b[5Cc"),
            "five blanks moved over: {written:?}"
        );
        assert_eq!(encoder.shadow.blank_from(1), 20, "cut at the edge");
        assert!(
            !encoder.write_fresh(&mut out, 1, 5, &runs),
            "a row that shows text past the column"
        );
        let before = out.len();
        for (runs, why) in [
            ([run(4, "abc", cyan), run(6, "x", cyan)], "one over another"),
            (
                [run(9, "a", cyan), run(4, "b", cyan)],
                "out of column order",
            ),
            ([run(1, "a", cyan), run(4, "b", cyan)], "before the column"),
        ] {
            assert!(!encoder.write_fresh(&mut out, 0, 2, &runs), "{why}");
        }
        assert_eq!(out.len(), before, "nothing written");
    }

    fn pieces(text: &str) -> Vec<&str> {
        shown_pieces(text.as_bytes())
            .map(|(start, stop)| &text[start..stop])
            .collect()
    }

    #[test]
    fn a_run_past_the_screen_edge_is_cut_there_narrow_characters_too() {
        let mut encoder = Encoder::new(Size::new(10, 1));
        let mut out = Vec::new();
        encoder.erase(&mut out, Erase::All);
        let runs = [run(2, "ab", Shade::BLANK), run(6, "──é──", Shade::BLANK)];
        assert!(encoder.write_fresh(&mut out, 0, 0, &runs));
        let mut screen = vt100::Parser::new(1, 10, 0);
        screen.process(&out);
        assert_eq!(screen.screen().contents(), "  ab  ──é─");
        assert_eq!(
            encoder.shadow.blank_from(0),
            10,
            "noted up to the edge, not past it"
        );
        assert!(
            !String::from_utf8_lossy(&out).ends_with("──"),
            "the fifth character is not written: {out:?}"
        );
    }

    #[test]
    fn spaces_at_either_end_are_left_blank_and_a_long_stretch_inside_is_moved_over() {
        assert_eq!(pieces("   0  fn x()  "), ["0  fn x()"]);
        assert_eq!(pieces("a    b"), ["a    b"], "four spaces are reprinted");
        assert_eq!(pieces("a     b  c"), ["a", "b  c"], "five are moved over");
        assert!(pieces("      ").is_empty());
        assert!(pieces("").is_empty());
    }

    /// The pieces as looking at each byte in turn finds them: a piece ends before a run of
    /// more than [`REPRINTED_GAP`] spaces or before the spaces that end the text.
    fn pieces_byte_by_byte(text: &[u8]) -> Vec<(usize, usize)> {
        let mut found = Vec::new();
        let mut at = 0;
        while at < text.len() {
            if text[at] == b' ' {
                at += 1;
                continue;
            }
            let start = at;
            let mut spaces = 0;
            while at < text.len() && spaces <= usize::from(REPRINTED_GAP) {
                spaces = if text[at] == b' ' { spaces + 1 } else { 0 };
                at += 1;
            }
            found.push((start, at - spaces));
        }
        found
    }

    proptest::proptest! {
        #[test]
        fn the_gaps_searched_for_are_those_found_byte_by_byte(text in "[ ab]{0,40}") {
            let searched: Vec<_> = shown_pieces(text.as_bytes()).collect();
            proptest::prop_assert_eq!(searched, pieces_byte_by_byte(text.as_bytes()));
        }
    }
}
