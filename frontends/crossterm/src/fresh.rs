//! Runs written straight onto cells the screen shows blank.
//!
//! When the changed part of a row falls on blank cells (every row of a first frame, a preview
//! brought back after it was erased), nothing on the screen is to be compared with: the runs
//! can go out as they come, and their cells be noted as they are written. That holds when the
//! runs are narrow text (printable ASCII, or characters that stand alone and take one cell
//! each) in column order without overlapping; any other row is painted into cells and
//! compared as usual. The painter gathers such runs ([`fresh_runs`]); the encoder writes them
//! when its shadow vouches for the blank cells.

use pi_agent_ask_core::draw::{DrawCmd, Style};
use pi_agent_ask_core::text::{byte_at_char, is_printable_ascii, narrow_standalone_cells, width};

use crate::cell::{Patch, Shade};
use crate::theme::Theme;

/// What a fresh run's text is made of, which tells how its cells are noted.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Glyphs {
    /// Printable ASCII: a cell a byte.
    Ascii,
    /// Characters that stand alone and take a cell each, not all of them ASCII.
    Narrow,
}

/// A run to write on blank cells: its text, cut to the area, from column `x` on, a cell a
/// character.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct FreshRun<'a> {
    /// The screen column of its first cell.
    pub x: u16,
    /// Its text, with no control character in it.
    pub text: &'a str,
    /// The cells it takes: as many as its characters.
    pub cells: u16,
    /// What the text is made of.
    pub glyphs: Glyphs,
    /// Its style laid over a blank cell.
    pub shade: Shade,
}

/// The shades fresh runs take on blank cells in a theme, the one taken last kept: a frame's
/// rows written straight out (a preview's text) are mostly in one style, styled once.
#[derive(Debug)]
pub struct Shades<'t> {
    theme: &'t Theme,
    last: Option<(Style, Shade)>,
}

impl<'t> Shades<'t> {
    /// The shades of `theme`, none taken yet.
    pub fn new(theme: &'t Theme) -> Self {
        Self { theme, last: None }
    }

    /// The shade of a run in `style` on a blank cell.
    fn of(&mut self, style: Style) -> Shade {
        match self.last {
            Some((last, shade)) if last == style => shade,
            _ => {
                let shade = Shade::BLANK.patched(Patch::from(self.theme.style(style)));
                self.last = Some((style, shade));
                shade
            }
        }
    }
}

/// Gathers into `out` the runs of a row that lie at or past column `from` of an area `width`
/// cells wide starting at screen column `left`, each as the screen shows it, and returns
/// whether every one of them is narrow text and no run before `from` reaches it. Runs
/// before `from` are left out (they show already), but one that reaches `from` lies under
/// the cells past it: a later run there is laid over its style, and its blanks are not the
/// screen's. Text past the area's edge is cut; runs with nothing left are dropped. Whether
/// they lie in column order, none over another, the encoder that writes them tells
/// (`Encoder::write_fresh`).
pub fn fresh_runs<'a>(
    runs: impl Iterator<Item = &'a DrawCmd>,
    shades: &mut Shades<'_>,
    left: u16,
    width: u16,
    from: u16,
    out: &mut Vec<FreshRun<'a>>,
) -> bool {
    out.clear();
    for cmd in runs {
        let DrawCmd::Text { pos, text, style } = cmd;
        if pos.x < from {
            if ends_by(cmd, from) {
                continue;
            }
            return false;
        }
        if pos.x >= width {
            continue;
        }
        let room = usize::from(width - pos.x);
        let Some((text, cells, glyphs)) = narrow_prefix(text, room) else {
            return false;
        };
        if cells == 0 {
            continue;
        }
        let cells = u16::try_from(cells).unwrap_or(u16::MAX);
        out.push(FreshRun {
            x: left + pos.x,
            text,
            cells,
            glyphs,
            shade: shades.of(*style),
        });
    }
    true
}

/// Whether a run's last cell lies before column `column`. A text takes at most a cell a byte
/// (a wide glyph has three bytes or more) and two cells a character, so most runs (a border's
/// `│` among them) are told by their length or their characters, unmeasured.
pub(crate) fn ends_by(cmd: &DrawCmd, column: u16) -> bool {
    let DrawCmd::Text { pos, text, .. } = cmd;
    let end = |cells: usize| usize::from(pos.x) + cells;
    let column = usize::from(column);
    end(text.len()) <= column
        || end(2 * text.chars().count()) <= column
        || end(width(text)) <= column
}

/// The part of `text` that fits in `room` cells, with the cells it takes and what it is made
/// of, when it is narrow text: printable ASCII, or characters that each stand alone and take
/// one cell, all of them, those past the cut too (a rare run with a wide one anywhere is
/// painted). `None` otherwise. Text cut after an ASCII prefix is ASCII where the cut falls
/// before another ASCII character, which always starts a grapheme of its own (a combining
/// mark there would belong to the cell before the cut).
fn narrow_prefix(text: &str, room: usize) -> Option<(&str, usize, Glyphs)> {
    let shown = text.get(..room.min(text.len())).unwrap_or(text);
    let cut_before_ascii = text.as_bytes().get(shown.len()).is_none_or(u8::is_ascii);
    if cut_before_ascii && is_printable_ascii(shown) {
        return Some((shown, shown.len(), Glyphs::Ascii));
    }
    let cells = narrow_standalone_cells(text)?;
    if cells <= room {
        return Some((text, cells, Glyphs::Narrow));
    }
    let end = byte_at_char(text, room).unwrap_or(text.len());
    Some((&text[..end], room, Glyphs::Narrow))
}

#[cfg(test)]
mod tests {
    use pi_agent_ask_core::draw::{Pos, Style};

    use super::*;

    fn run(x: u16, text: &str) -> DrawCmd {
        DrawCmd::text(Pos::new(x, 0), text, Style::default())
    }

    fn texts(cmds: &[DrawCmd], width: u16, from: u16) -> Option<Vec<(u16, String, u16)>> {
        let mut out = Vec::new();
        let theme = Theme::colored();
        fresh_runs(
            cmds.iter(),
            &mut Shades::new(&theme),
            2,
            width,
            from,
            &mut out,
        )
        .then(|| {
            out.iter()
                .map(|run| (run.x, run.text.to_owned(), run.cells))
                .collect()
        })
    }

    #[test]
    fn runs_in_column_order_go_straight_out_cut_at_the_edge_and_offset_by_the_area() {
        let cmds = [run(0, "kept"), run(5, "ab"), run(8, "│ x"), run(12, "long")];
        assert_eq!(
            texts(&cmds, 14, 5),
            Some(vec![
                (7, "ab".to_owned(), 2),
                (10, "│ x".to_owned(), 3),
                (14, "lo".to_owned(), 2),
            ])
        );
        let narrow = [run(0, "──"), run(2, "ééé")];
        assert_eq!(
            texts(&narrow, 4, 0),
            Some(vec![(2, "──".to_owned(), 2), (4, "éé".to_owned(), 2)])
        );
    }

    #[test]
    fn wide_clustered_or_control_runs_are_painted_instead() {
        assert_eq!(texts(&[run(0, "日本")], 20, 0), None);
        assert_eq!(texts(&[run(0, "e\u{301}")], 20, 0), None);
        assert_eq!(
            texts(&[run(0, "abe\u{301}")], 3, 0),
            None,
            "the mark belongs to the last cell shown"
        );
        assert_eq!(
            texts(&[run(0, "abc\u{301}")], 2, 0),
            Some(vec![(2, "ab".to_owned(), 2)])
        );
        assert_eq!(texts(&[run(0, "a\u{1b}[31m")], 20, 0), None);
        assert_eq!(
            texts(&[run(0, "é日")], 1, 0),
            None,
            "a wide character past the cut too: such a rare run is painted"
        );
    }

    #[test]
    fn a_run_before_the_change_that_reaches_into_it_sends_the_row_to_be_painted() {
        assert_eq!(
            texts(&[run(1, "a "), run(2, "a")], 4, 2),
            None,
            "the later run is laid over the blank the first one styled"
        );
        assert_eq!(
            texts(&[run(0, "ab"), run(2, "c")], 4, 2),
            Some(vec![(4, "c".to_owned(), 1)]),
            "a run that ends where the change starts stays out of the way"
        );
    }
}
