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

/// How many lines, at least, `lines` of the form that went into the scrollback of a screen
/// `then` columns wide take on one `now` columns wide: a terminal that rewraps its lines
/// joins the pieces of a row it had wrapped as it widens (tmux does), so they may take fewer.
/// Counting fewer at worst leaves a copy of the form's top rows above it when a taller
/// terminal brings them back; counting more took the shell's lines brought back with them
/// for the form's and cleared them.
pub fn rejoined(lines: u16, then: u16, now: u16) -> u16 {
    if now <= then || then == 0 {
        return lines;
    }
    let fewest = (u32::from(lines) * u32::from(then)).div_ceil(u32::from(now));
    u16::try_from(fewest).unwrap_or(lines)
}

/// Whether a terminal kept the cursor on its row of the screen as it got shorter, scrolling
/// the lines under it instead, as kitty 0.26 does: it also puts the cursor one column right of
/// where it was (at every resize), which tells it apart from a terminal that cuts its bottom
/// lines and leaves the rest where they were (xterm).
pub fn kept_its_row_as_lines_scrolled(
    parked: Position,
    found: Position,
    old: Size,
    new: Size,
) -> bool {
    new.height < old.height
        && found.x == parked.x.saturating_add(1)
        && found.y == parked.y.min(new.height.saturating_sub(1))
}

/// How many rows such a terminal ([`kept_its_row_as_lines_scrolled`]) scrolled its lines up:
/// as many as it got shorter, less the blank rows at its bottom, which it drops first. `rows`
/// are the cells each row from the cursor's to the bottom of the old screen showed.
pub fn scrolled_under_the_cursor(rows: &[u16], old_height: u16, new_height: u16) -> u16 {
    let blank_at_bottom = rows.iter().rev().take_while(|&&cells| cells == 0).count();
    old_height
        .saturating_sub(new_height)
        .saturating_sub(u16::try_from(blank_at_bottom).unwrap_or(u16::MAX))
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
mod tests;
