//! Entering the session's modes (raw mode, the alternate screen or an inline form's rows,
//! bracketed paste, mouse capture, no autowrap, the cursor hidden), sent with the first frame,
//! and placing an inline form's rows below the cursor.

use std::fs::File;
use std::io;
use std::ops::Range;
use std::sync::Arc;

use crossterm::cursor::Hide;
use crossterm::event::EnableBracketedPaste;
use crossterm::terminal::{DisableLineWrap, EnterAlternateScreen};
use crossterm::{Command, queue};
use ratatui::layout::{Position, Rect, Size};

use super::restore::{self, Changed, restore_terminal};
use super::{Screen, Shared, TerminalOptions, outbox};
use crate::backend::TtyBackend;
use crate::encode::{Addressing, Erase, Shrinking};
use crate::inline::{InlineRows, place};
use crate::painter::{Painter, Viewport};
use crate::signals::SessionSignals;

/// Enters raw mode and the session's screen modes, and builds a terminal with a blank screen.
pub(super) fn enter_modes(
    tty: &Arc<File>,
    options: TerminalOptions,
    shared: &Shared,
    signals: &SessionSignals,
) -> io::Result<Painter<TtyBackend>> {
    restore::open(match options.screen {
        Screen::AlternateScreen => Changed::AlternateScreen { entered: false },
        Screen::Inline { .. } => Changed::Inline(None),
    })?;
    outbox::open();
    signals.capture();
    let entered = restore::enable_raw_mode(tty)
        .and_then(|()| enter_screen_modes(tty, options, shared, Placing::BelowCursor));
    if entered.is_err() {
        let _ = restore_terminal();
    }
    entered
}

/// Where an inline form's rows go as the session enters its modes.
#[derive(Clone, Copy, Debug)]
pub(super) enum Placing {
    /// Below the cursor, wherever it is.
    BelowCursor,
    /// On the rows from `top` down, if the cursor is still at `parked`, where the form left
    /// it; moved with the cursor if the screen is no longer of the size `drawn` (the terminal
    /// moved the rows as it resized); below the cursor if something else moved it (a shell
    /// wrote there).
    KeptIfCursorAt {
        /// Where the form left the cursor.
        parked: Position,
        /// The form's top row.
        top: u16,
        /// The size of the screen the form was drawn on.
        drawn: Size,
    },
}

/// Enters the modes of a session that kept hold of the terminal while something else had it
/// (its process stopped from elsewhere and continued): raw mode again and the screen modes,
/// with a blank screen or blank rows for the next frame.
pub(super) fn enter_modes_again(
    tty: &Arc<File>,
    options: TerminalOptions,
    shared: &Shared,
    placing: Placing,
) -> io::Result<Painter<TtyBackend>> {
    restore::make_raw_again(tty)?;
    enter_screen_modes(tty, options, shared, placing)
}

/// Sends the screen modes with the first frame and builds a terminal with a blank screen, or,
/// inline, blank rows placed as `placing` says.
fn enter_screen_modes(
    tty: &Arc<File>,
    options: TerminalOptions,
    shared: &Shared,
    placing: Placing,
) -> io::Result<Painter<TtyBackend>> {
    // The modes leave with the first frame, in its one write.
    let mut modes = Vec::new();
    // Inline, the mouse stays the terminal's: its wheel scrolls the shell's output above the
    // form and its selection copies from it, as they did before the form opened.
    if options.screen == Screen::AlternateScreen {
        queue!(modes, EnterAlternateScreen, ReportClicksAndWheel)?;
    }
    // No autowrap: a character the terminal draws wider than its width says (an emoji whose
    // width terminals disagree on) then only crowds its own row, where wrapping would push
    // every row below it down.
    queue!(modes, EnableBracketedPaste, DisableLineWrap, Hide)?;
    let mut backend = TtyBackend::new(
        tty,
        shared.count.clone(),
        shared.typed.clone(),
        shared.reports.clone(),
    );
    backend.enter_with(&modes, restore::note_screen_entered);
    match options.screen {
        Screen::AlternateScreen => {
            backend.clear_region(Erase::All)?;
            Painter::new(backend, Viewport::Fullscreen)
        }
        Screen::Inline { height } => {
            backend.set_addressing(Addressing::Relative);
            let (cursor, screen) = backend.cursor_and_screen()?;
            let from = match placing {
                Placing::KeptIfCursorAt { parked, top, .. } if cursor == parked => {
                    Position::new(0, top)
                }
                Placing::KeptIfCursorAt { parked, top, drawn } if screen != drawn => {
                    let down = i32::from(cursor.y) - i32::from(parked.y);
                    let moved = (i32::from(top) + down).max(0);
                    Position::new(0, u16::try_from(moved).unwrap_or(0))
                }
                Placing::KeptIfCursorAt { .. } | Placing::BelowCursor => cursor,
            };
            let rows = make_room(&mut backend, height, from, screen)?;
            inline_terminal(tty, shared, rows, screen)
        }
    }
}

/// Turns on the mouse reports the form reads, clicks and the wheel, in SGR's encoding where
/// the terminal has it: not the reports of every motion of the pointer (mode 1003, which
/// crossterm's `EnableMouseCapture` turns on), which would wake an idle form for each, nor of
/// drags (1002), which it drops, nor urxvt's encoding (1015), which the decoder does not read.
/// Restoring turns every mouse mode off.
struct ReportClicksAndWheel;

impl Command for ReportClicksAndWheel {
    fn write_ansi(&self, out: &mut impl std::fmt::Write) -> std::fmt::Result {
        out.write_str("\x1b[?1000h\x1b[?1006h")
    }
}

/// Places an inline form of `height` rows below `cursor` on a `screen` of that size, scrolls
/// the screen up to make room and clears the form's rows; returns them.
pub(super) fn make_room(
    backend: &mut TtyBackend,
    height: u16,
    cursor: Position,
    screen: Size,
) -> io::Result<InlineRows> {
    let placement = place(height, cursor, screen.height);
    if placement.scroll > 0 {
        let bottom = screen.height.saturating_sub(1);
        backend.set_cursor_position(Position::new(0, bottom))?;
        backend.append_lines(placement.scroll);
    }
    let rows = placement.rows;
    clear_rows(backend, rows.top..rows.top.saturating_add(rows.count))?;
    backend.set_cursor_position(Position::new(0, rows.top))?;
    backend.flush()?;
    Ok(rows)
}

/// A terminal drawing in `rows` of a `screen` of that size, as wide as it, the cursor on the
/// rows' top-left cell, where [`make_room`] left it.
pub(super) fn inline_terminal(
    tty: &Arc<File>,
    shared: &Shared,
    rows: InlineRows,
    screen: Size,
) -> io::Result<Painter<TtyBackend>> {
    let viewport = Viewport::Fixed(Rect::new(0, rows.top, screen.width, rows.count));
    let mut backend = TtyBackend::new(
        tty,
        shared.count.clone(),
        shared.typed.clone(),
        shared.reports.clone(),
    );
    // The form's rows are on the shell's screen, which the terminal rewraps as it narrows,
    // and moves as it resizes.
    backend.set_shrinking(Shrinking::ClearRow);
    backend.set_addressing(Addressing::Relative);
    backend.note_size(screen);
    // Placing the rows left the cursor on their top-left cell ([`make_room`]): the first
    // frame moves from there.
    backend.note_cursor(Position::new(0, rows.top));
    Painter::new(backend, viewport)
}

/// Clears each of `rows` on its own. Clearing to the end of the screen from its top-left
/// corner would do it in one go, but some terminals (tmux among them) first copy the screen
/// into the scrollback then.
pub(super) fn clear_rows(backend: &mut TtyBackend, rows: Range<u16>) -> io::Result<()> {
    for row in rows {
        backend.set_cursor_position(Position::new(0, row))?;
        backend.clear_region(Erase::CurrentLine)?;
    }
    Ok(())
}
