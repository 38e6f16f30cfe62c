//! Where an inline form's rows go and where resizes move them, checked against what
//! terminals were measured to do.

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

#[test]
fn a_terminal_that_keeps_the_cursors_row_as_it_shrinks_scrolls_the_lines_under_it() {
    // Measured in kitty 0.26, the cursor parked on row 10: 30 rows of text cut to 25
    // move every line up five rows, the cursor stays on row 10, a column to the right.
    let old = Size::new(100, 30);
    let shorter = Size::new(100, 25);
    let parked = Position::new(1, 10);
    let found = Position::new(2, 10);
    assert!(kept_its_row_as_lines_scrolled(parked, found, old, shorter));
    assert_eq!(scrolled_under_the_cursor(&[5; 20], 30, 25), 5);
    // Three blank rows at the bottom are dropped first: the lines move up two.
    let mut rows = [5; 20];
    rows[17..].fill(0);
    assert_eq!(scrolled_under_the_cursor(&rows, 30, 25), 2);
    assert_eq!(scrolled_under_the_cursor(&[5, 0, 0, 0, 0, 0], 30, 25), 0);
    // A cursor on the last row stays on the new last one.
    let bottom = Position::new(1, 28);
    let rows_29 = Size::new(100, 29);
    let on_the_last = Position::new(2, 28);
    assert!(kept_its_row_as_lines_scrolled(
        bottom,
        on_the_last,
        old,
        rows_29
    ));
    let on_25 = Position::new(2, 24);
    assert!(kept_its_row_as_lines_scrolled(
        Position::new(1, 25),
        on_25,
        old,
        shorter
    ));
    // xterm leaves the cursor where it was, and a taller screen scrolls nothing.
    assert!(!kept_its_row_as_lines_scrolled(
        parked, parked, old, shorter
    ));
    assert!(!kept_its_row_as_lines_scrolled(
        parked,
        found,
        old,
        Size::new(100, 33)
    ));
}

#[test]
fn lines_in_the_scrollback_of_a_narrower_screen_are_counted_at_their_fewest_once_it_widens() {
    assert_eq!(
        rejoined(6, 40, 100),
        3,
        "six lines of 40 take at least three of 100"
    );
    assert_eq!(rejoined(6, 100, 40), 6, "narrower, none are joined");
    assert_eq!(rejoined(6, 60, 60), 6);
    assert_eq!(rejoined(0, 40, 100), 0);
    assert_eq!(rejoined(5, 0, 100), 5, "a width of none counts as it was");
}
