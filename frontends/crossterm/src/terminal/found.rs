//! Where an inline form's rows went when the terminal changed size or moved them, found from
//! where the terminal says the cursor, parked on them, is now ([`crate::inline`]).

use std::io::{self, ErrorKind};

use ratatui::layout::{Position, Rect, Size};

use crate::backend::TtyBackend;
use crate::inline::{
    Moved, kept_its_row_as_lines_scrolled, moved, rejoined, rewrapped_above, rewrapped_cursor_row,
    rewrapped_where_it_moved, scrolled_under_the_cursor,
};

/// How many of an inline form's first rows' lines a terminal holds in its scrollback, counted
/// on a screen `width` columns wide.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct ScrolledOff {
    /// The lines.
    pub lines: u16,
    /// The screen's width when they were counted.
    pub width: u16,
}

/// Where an inline form's rows and the cursor are, and how large the screen is.
#[derive(Clone, Copy, Debug)]
pub(super) struct Found {
    /// Where the form's rows went.
    pub rows: Moved,
    /// The screen's size.
    pub screen: Size,
    /// Where the cursor is.
    pub cursor: Position,
}

/// Where the rows of an inline form drawn in `area` are now (`scrolled_off` of its first
/// rows' lines were in the scrollback), and how large the screen is, as the terminal says; a
/// terminal that does not say is taken to have left the rows where they were, on a screen of
/// the size it last told.
///
/// The rows moved with the cursor, `parked` on the form's top row or in its editor:
/// - a cursor found in the screen's top-left corner that was parked a column to the right of
///   it had its line moved into the scrollback (tmux's rewrapped rows below it push it
///   there), and how far is worked out from what the rows showed ([`rewrapped_cursor_row`]);
/// - one that kept its row as the screen got shorter while the lines under it scrolled up
///   (kitty 0.26) says so by the column it moved to, and how far the lines went is worked out
///   the same way ([`scrolled_under_the_cursor`]);
/// - one left in an editor has rows of the form above it, which a narrower terminal rewraps
///   into more lines: those are counted from what the rows showed, so that the form's top row
///   is found too.
pub(super) fn find_rows(
    backend: &mut TtyBackend,
    area: Rect,
    parked: Position,
    scrolled_off: ScrolledOff,
) -> io::Result<Found> {
    // What the rows showed, read before the report makes the encoder take the new size
    // and forget them; the rows below the form are blank.
    let drawn = backend.drawn_size();
    let form_end = area.bottom();
    let shown = |y: u16| {
        if y < form_end {
            backend.shown_width(y)
        } else {
            0
        }
    };
    let above: Vec<u16> = (area.y..parked.y).map(shown).collect();
    let from_cursor: Vec<u16> = (parked.y..drawn.height).map(shown).collect();
    let (found, screen) = match backend.reported_cursor_and_screen() {
        Err(error) if error.kind() == ErrorKind::TimedOut => (parked, backend.size()?),
        found => found?,
    };
    let found_row = if found == Position::ORIGIN && parked.x > 0 {
        rewrapped_cursor_row(from_cursor.iter().copied(), parked.y, drawn.height, screen).min(0)
    } else if kept_its_row_as_lines_scrolled(parked, found, drawn, screen) {
        let scrolled = scrolled_under_the_cursor(&from_cursor, drawn.height, screen.height);
        i32::from(parked.y) - i32::from(scrolled)
    } else {
        i32::from(found.y)
    };
    let rewrapped = if screen.width < area.width {
        rewrapped_above(above, parked.x, screen.width)
    } else {
        0
    };
    let rewrapped = rewrapped_where_it_moved(rewrapped, parked.y, found_row);
    let moved = moved(
        area.y,
        parked.y,
        found_row,
        rewrapped,
        rejoined(scrolled_off.lines, scrolled_off.width, screen.width),
        screen.height,
    );
    Ok(Found {
        rows: moved,
        screen,
        cursor: found,
    })
}
