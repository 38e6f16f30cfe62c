//! Where an inline form's rows go on the screen.
//!
//! An inline form is drawn in rows below the shell's output instead of on the alternate
//! screen. It never takes the whole screen: at most one row less than the terminal is tall, so
//! the line above it (the command that opened it) stays in view and the form never has to push
//! its own rows off the top. Making room scrolls the screen up by at most that many lines; only
//! the shell's output above the form goes into the scrollback, never a blank flood and never a
//! copy of the form.

use ratatui::layout::Position;

/// The rows an inline form takes, counted from the top of the screen.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct InlineRows {
    /// The first row.
    pub top: u16,
    /// How many rows, at least one.
    pub count: u16,
}

/// Where a form goes, and how far the screen scrolls up first to make room for it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The form's rows once the screen has scrolled.
    pub rows: InlineRows,
    /// Lines to scroll up before drawing: line feeds written on the bottom row.
    pub scroll: u16,
}

/// How many rows a form that asks for `wanted` rows gets on a screen `screen_height` rows tall:
/// `wanted`, at most one row less than the screen, at least one.
pub const fn row_count(wanted: u16, screen_height: u16) -> u16 {
    let most = screen_height.saturating_sub(1);
    let count = if wanted < most { wanted } else { most };
    if count == 0 { 1 } else { count }
}

/// Places a form asking for `wanted` rows below the cursor at `cursor` (on the cursor's row, or
/// on the next one when something stands before the cursor on its row), scrolling the screen up
/// as little as makes it fit.
pub fn place(wanted: u16, cursor: Position, screen_height: u16) -> Placement {
    let screen_height = screen_height.max(1);
    let count = row_count(wanted, screen_height);
    let below_text = u16::from(cursor.x > 0);
    let start = cursor.y.saturating_add(below_text).min(screen_height);
    let scroll = start.saturating_add(count).saturating_sub(screen_height);
    Placement {
        rows: InlineRows {
            top: start - scroll,
            count,
        },
        scroll,
    }
}

/// Where the form's rows are after the terminal changed size.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Moved {
    /// The form's first row on the screen now.
    pub top: u16,
    /// How many of the form's first rows the terminal holds in its scrollback now.
    pub scrolled_off: u16,
}

/// Where the form's rows are after the terminal changed size: the terminal moves them with the
/// cursor, which was left at `parked` and is now at `found`, and `rewrapped` more lines now lie
/// between the two (see [`rewrapped_above`]); on a screen `screen_height` rows tall.
///
/// A top the terminal moved off the screen (a shorter terminal keeps the cursor's row, and an
/// editor's cursor has rows of the form above it) is the screen's first row, and the rows it
/// moved into its scrollback are counted; `scrolled_off` of them were there already. A taller
/// terminal that brings lines back from its scrollback (tmux does) moves the form down by as
/// many, and the last of them are those rows: the form takes them back, so that they are
/// cleared and drawn over rather than left as a copy above it.
pub fn moved(
    top: u16,
    parked: Position,
    found: Position,
    rewrapped: u16,
    scrolled_off: u16,
    screen_height: u16,
) -> Moved {
    let down = i32::from(found.y) - i32::from(parked.y) - i32::from(rewrapped);
    let brought_back = down.clamp(0, i32::from(scrolled_off));
    let shifted = i32::from(top) + down - brought_back;
    let newly_off = (-shifted).max(0);
    let last = i32::from(screen_height.max(1)) - 1;
    Moved {
        top: u16::try_from(shifted.clamp(0, last)).unwrap_or(0),
        scrolled_off: u16::try_from(i32::from(scrolled_off) - brought_back + newly_off)
            .unwrap_or(u16::MAX),
    }
}

/// The lines a terminal that rewraps its lines when it narrows (tmux, kitty, the GNOME terminal and
/// most others do) puts above the cursor beyond the rows there were: each of the form's rows
/// above the cursor's that shows `shown` cells becomes as many lines of `width` as it takes, and
/// the cursor's own row wraps before the cursor when it stood at column `x`, past the new
/// width. A cursor parked on the form's top-left cell has none above it, whatever the rows.
pub fn rewrapped_above(shown: impl IntoIterator<Item = u16>, x: u16, width: u16) -> u16 {
    let width = width.max(1);
    shown
        .into_iter()
        .map(|cells| cells.saturating_sub(1) / width)
        .fold(x / width, u16::saturating_add)
}

/// The lines a narrower terminal put above the cursor beyond the rows there were, `rewrapped`
/// if it rewrapped the form's rows, given where the cursor was `parked` and where it was
/// `found` after the change. A terminal that cuts its lines instead (xterm, st and the
/// Linux console do) leaves the cursor on its row; one that rewraps moves it with the lines
/// above it, or the screen up past them (tmux). A cursor still on its row is therefore taken
/// for a terminal that cut: counting lines it never made would take the shell's last lines
/// above the form for the form's and clear them, while a rewrapping terminal that happened to
/// scroll by exactly as many lines at worst leaves a copy of the form's top rows above it.
pub fn rewrapped_where_it_moved(rewrapped: u16, parked: Position, found: Position) -> u16 {
    if found.y == parked.y { 0 } else { rewrapped }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_form_taller_than_the_terminal_gets_one_row_less_than_the_terminal() {
        assert_eq!(row_count(65_535, 24), 23);
        assert_eq!(row_count(24, 24), 23);
        assert_eq!(row_count(20, 15), 14);
        assert_eq!(row_count(12, 30), 12);
    }

    #[test]
    fn a_one_row_terminal_still_gets_one_row() {
        assert_eq!(row_count(20, 1), 1);
        assert_eq!(row_count(0, 24), 1);
        let placement = place(20, Position::new(0, 0), 1);
        assert_eq!(placement.rows, InlineRows { top: 0, count: 1 });
    }

    #[test]
    fn a_form_that_fits_below_the_cursor_scrolls_nothing() {
        let placement = place(10, Position::new(0, 3), 24);
        assert_eq!(placement.rows, InlineRows { top: 3, count: 10 });
        assert_eq!(placement.scroll, 0);
    }

    #[test]
    fn a_form_at_the_bottom_scrolls_up_only_what_it_needs() {
        let placement = place(65_535, Position::new(0, 23), 24);
        assert_eq!(placement.rows, InlineRows { top: 1, count: 23 });
        assert_eq!(placement.scroll, 22);
        let placement = place(20, Position::new(0, 14), 15);
        assert_eq!(placement.rows, InlineRows { top: 1, count: 14 });
        assert_eq!(placement.scroll, 13);
    }

    #[test]
    fn text_before_the_cursor_keeps_its_row() {
        let placement = place(5, Position::new(4, 2), 24);
        assert_eq!(placement.rows.top, 3);
        let placement = place(5, Position::new(4, 23), 24);
        assert_eq!(placement.rows, InlineRows { top: 19, count: 5 });
        assert_eq!(placement.scroll, 5);
    }

    /// The top alone, for a form with none of its rows in the scrollback.
    fn moved_top(top: u16, parked: Position, found: Position, rewrapped: u16, height: u16) -> u16 {
        moved(top, parked, found, rewrapped, 0, height).top
    }

    #[test]
    fn the_top_follows_the_cursor_when_the_terminal_moves_the_rows() {
        let parked = Position::new(0, 5);
        assert_eq!(moved_top(5, parked, Position::new(0, 5), 0, 24), 5);
        assert_eq!(moved_top(5, parked, Position::new(0, 9), 0, 24), 9);
        assert_eq!(moved_top(5, parked, Position::new(0, 1), 0, 24), 1);
        assert_eq!(
            moved_top(5, Position::new(3, 8), Position::new(3, 2), 0, 24),
            0
        );
        assert_eq!(moved_top(5, parked, Position::new(0, 40), 0, 15), 14);
    }

    #[test]
    fn rows_a_shorter_terminal_scrolled_off_are_taken_back_when_a_taller_one_brings_them_back() {
        // The cursor in an editor on row 12, the form from row 1: a terminal 14 rows shorter
        // keeps the cursor's row, three rows up, so the form's first two go into its
        // scrollback.
        let shorter = moved(1, Position::new(11, 12), Position::new(11, 9), 0, 0, 10);
        assert_eq!(
            shorter,
            Moved {
                top: 0,
                scrolled_off: 2
            }
        );
        // 14 rows more bring 14 lines back above it: the last two of them are its own.
        let taller = moved(0, Position::new(11, 6), Position::new(11, 20), 0, 2, 24);
        assert_eq!(
            taller,
            Moved {
                top: 12,
                scrolled_off: 0
            }
        );
        // Two lines brought back are both the form's; one stays in the scrollback.
        let a_little = moved(0, Position::new(11, 6), Position::new(11, 8), 0, 3, 12);
        assert_eq!(
            a_little,
            Moved {
                top: 0,
                scrolled_off: 1
            }
        );
        // A terminal that brings nothing back leaves the count as it was.
        let same = moved(0, Position::new(11, 6), Position::new(11, 6), 0, 3, 24);
        assert_eq!(
            same,
            Moved {
                top: 0,
                scrolled_off: 3
            }
        );
    }

    #[test]
    fn rows_above_the_cursor_that_rewrap_push_the_top_further_up() {
        let parked = Position::new(30, 9);
        let rewrapped = rewrapped_above([7, 80, 24, 0], parked.x, 40);
        assert_eq!(rewrapped, 1, "the rule of 80 cells takes two lines of 40");
        assert_eq!(moved_top(5, parked, Position::new(30, 9), rewrapped, 24), 4);
        assert_eq!(rewrapped_above([7, 80, 81], 0, 40), 3);
        assert_eq!(
            rewrapped_above([], 50, 40),
            1,
            "the cursor's row wraps before it"
        );
        assert_eq!(rewrapped_above([], 39, 40), 0);
        assert_eq!(
            rewrapped_above([120, 120], 0, 0),
            238,
            "a width of none is one"
        );
    }

    #[test]
    fn a_cursor_left_on_its_row_by_a_narrower_terminal_means_the_rows_were_cut_not_rewrapped() {
        let parked = Position::new(60, 14);
        assert_eq!(
            rewrapped_where_it_moved(3, parked, Position::new(39, 14)),
            0,
            "xterm cuts the rows and keeps the cursor's row"
        );
        assert_eq!(
            rewrapped_where_it_moved(3, parked, Position::new(20, 11)),
            3,
            "tmux moved the cursor up"
        );
        assert_eq!(
            rewrapped_where_it_moved(3, parked, Position::new(20, 17)),
            3,
            "kitty moved the cursor down"
        );
        let top = |found| {
            moved(
                8,
                parked,
                found,
                rewrapped_where_it_moved(3, parked, found),
                0,
                24,
            )
            .top
        };
        assert_eq!(
            top(Position::new(39, 14)),
            8,
            "the form where it was, the shell's lines kept"
        );
    }
}
