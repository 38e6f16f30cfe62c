//! Where an inline form's rows go on the screen.
//!
//! An inline form is drawn in rows below the shell's output instead of on the alternate
//! screen. It never takes the whole screen: at most one row less than the terminal is tall, so
//! the line above it (the command that opened it) stays in view and the form never has to push
//! its own rows off the top. Making room scrolls the screen up by at most that many lines; only
//! the shell's output above the form goes into the scrollback, never a blank flood and never a
//! copy of the form.

use ratatui::layout::{Position, Size};

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
/// cursor, which was left on row `parked` and is now on row `found` (above the screen's top
/// when the terminal moved it into its scrollback, see [`rewrapped_cursor_row`]), and
/// `rewrapped` more lines now lie between the two (see [`rewrapped_above`]); on a screen
/// `screen_height` rows tall.
///
/// A top the terminal moved off the screen (a shorter terminal keeps the cursor's row, and an
/// editor's cursor has rows of the form above it) is the screen's first row, and the rows it
/// moved into its scrollback are counted; `scrolled_off` of them were there already. A taller
/// terminal that brings lines back from its scrollback (tmux does) moves the form down by as
/// many, and the last of them are those rows: the form takes them back, so that they are
/// cleared and drawn over rather than left as a copy above it.
pub fn moved(
    top: u16,
    parked: u16,
    found: i32,
    rewrapped: u16,
    scrolled_off: u16,
    screen_height: u16,
) -> Moved {
    let down = found - i32::from(parked) - i32::from(rewrapped);
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

/// The row a terminal that rewraps its lines and keeps its last lines in view (tmux does) puts
/// the cursor's line on after a resize from `old_height` rows to `new`, negative when the line
/// went into its scrollback: tmux then puts the cursor in the top-left corner, which says
/// nothing of how far the line went. `rows` are the cells each row from the cursor's
/// (`cursor_row`) to the bottom of the old screen showed.
///
/// A shorter screen first drops rows below the cursor, from the bottom, as many as it can; the
/// rest of the difference goes into the scrollback from the top. Then each row from the
/// cursor's down becomes as many lines as its cells take at the new width, and the screen
/// shows the last of all the lines: rows below the cursor that now take more lines push the
/// cursor's up.
pub fn rewrapped_cursor_row(
    rows: impl IntoIterator<Item = u16>,
    cursor_row: u16,
    old_height: u16,
    new: Size,
) -> i32 {
    let below = old_height.saturating_sub(cursor_row).saturating_sub(1);
    let dropped = old_height.saturating_sub(new.height).min(below);
    let kept = usize::from(old_height.saturating_sub(cursor_row) - dropped);
    let width = u32::from(new.width.max(1));
    let lines: u32 = rows
        .into_iter()
        .chain(std::iter::repeat(0))
        .take(kept)
        .map(|cells| u32::from(cells).div_ceil(width).max(1))
        .sum();
    i32::from(new.height) - i32::try_from(lines).unwrap_or(i32::MAX)
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
/// if it rewrapped the form's rows, given the row the cursor was `parked` on and the row it was
/// `found` on after the change. A terminal that cuts its lines instead (xterm, st and the
/// Linux console do) leaves the cursor on its row; one that rewraps moves it with the lines
/// above it, or the screen up past them (tmux). A cursor still on its row is therefore taken
/// for a terminal that cut: counting lines it never made would take the shell's last lines
/// above the form for the form's and clear them, while a rewrapping terminal that happened to
/// scroll by exactly as many lines at worst leaves a copy of the form's top rows above it.
pub fn rewrapped_where_it_moved(rewrapped: u16, parked: u16, found: i32) -> u16 {
    if found == i32::from(parked) {
        0
    } else {
        rewrapped
    }
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
    fn moved_top(top: u16, parked: u16, found: i32, rewrapped: u16, height: u16) -> u16 {
        moved(top, parked, found, rewrapped, 0, height).top
    }

    #[test]
    fn the_top_follows_the_cursor_when_the_terminal_moves_the_rows() {
        assert_eq!(moved_top(5, 5, 5, 0, 24), 5);
        assert_eq!(moved_top(5, 5, 9, 0, 24), 9);
        assert_eq!(moved_top(5, 5, 1, 0, 24), 1);
        assert_eq!(moved_top(5, 8, 2, 0, 24), 0);
        assert_eq!(moved_top(5, 5, 40, 0, 15), 14);
    }

    #[test]
    fn rows_a_shorter_terminal_scrolled_off_are_taken_back_when_a_taller_one_brings_them_back() {
        // The cursor in an editor on row 12, the form from row 1: a terminal 14 rows shorter
        // keeps the cursor's row, three rows up, so the form's first two go into its
        // scrollback.
        let shorter = moved(1, 12, 9, 0, 0, 10);
        assert_eq!(
            shorter,
            Moved {
                top: 0,
                scrolled_off: 2
            }
        );
        // 14 rows more bring 14 lines back above it: the last two of them are its own.
        let taller = moved(0, 6, 20, 0, 2, 24);
        assert_eq!(
            taller,
            Moved {
                top: 12,
                scrolled_off: 0
            }
        );
        // Two lines brought back are both the form's; one stays in the scrollback.
        let a_little = moved(0, 6, 8, 0, 3, 12);
        assert_eq!(
            a_little,
            Moved {
                top: 0,
                scrolled_off: 1
            }
        );
        // A terminal that brings nothing back leaves the count as it was.
        let same = moved(0, 6, 6, 0, 3, 24);
        assert_eq!(
            same,
            Moved {
                top: 0,
                scrolled_off: 3
            }
        );
    }

    #[test]
    fn a_cursor_moved_into_the_scrollback_counts_the_rows_above_the_screen() {
        // The form's top on the first row, its cursor's line pushed five lines above it.
        let pushed = moved(0, 0, -5, 0, 0, 18);
        assert_eq!(
            pushed,
            Moved {
                top: 0,
                scrolled_off: 5
            }
        );
        // Two more the next time, on top of the five.
        assert_eq!(moved(0, 0, -2, 0, 5, 17).scrolled_off, 7);
    }

    #[test]
    fn rows_below_the_cursor_that_rewrap_push_its_line_up_and_off_the_screen() {
        let narrower = |height, width| Size::new(width, height);
        // Nine full rows of 30 under a cursor on the first row become eighteen lines of 27 on
        // a screen of nine (the blank tenth row dropped first): the cursor's line is nine
        // lines into the scrollback. Measured in tmux 3.3a.
        let full = [30; 9];
        assert_eq!(rewrapped_cursor_row(full, 0, 10, narrower(9, 27)), -9);
        // Rows that still fit move nothing; a shorter screen drops rows below the cursor
        // first, whatever they show, then pushes the rest up.
        assert_eq!(rewrapped_cursor_row([20, 5, 0], 2, 10, narrower(10, 27)), 2);
        assert_eq!(rewrapped_cursor_row([20, 5], 2, 10, narrower(7, 27)), 2);
        assert_eq!(rewrapped_cursor_row([20; 4], 6, 10, narrower(8, 27)), 6);
        assert_eq!(rewrapped_cursor_row([20], 9, 10, narrower(8, 27)), 7);
        // The two rows kept take two lines each at 10, three at 9.
        assert_eq!(rewrapped_cursor_row([20; 4], 6, 10, narrower(8, 10)), 4);
        assert_eq!(rewrapped_cursor_row([20; 4], 6, 10, narrower(8, 9)), 2);
        // A row showing nothing still takes a line; a width of none is one.
        assert_eq!(rewrapped_cursor_row([0; 3], 0, 3, narrower(3, 0)), 0);
    }

    #[test]
    fn rows_above_the_cursor_that_rewrap_push_the_top_further_up() {
        let parked = Position::new(30, 9);
        let rewrapped = rewrapped_above([7, 80, 24, 0], parked.x, 40);
        assert_eq!(rewrapped, 1, "the rule of 80 cells takes two lines of 40");
        assert_eq!(moved_top(5, 9, 9, rewrapped, 24), 4);
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
        assert_eq!(
            rewrapped_where_it_moved(3, 14, 14),
            0,
            "xterm cuts the rows and keeps the cursor's row"
        );
        assert_eq!(
            rewrapped_where_it_moved(3, 14, 11),
            3,
            "tmux moved the cursor up"
        );
        assert_eq!(
            rewrapped_where_it_moved(3, 14, 17),
            3,
            "kitty moved the cursor down"
        );
        let top = |found| moved(8, 14, found, rewrapped_where_it_moved(3, 14, found), 0, 24).top;
        assert_eq!(top(14), 8, "the form where it was, the shell's lines kept");
    }
}
