//! Undoing what a session changed on the terminal, once, from wherever the session ends: the
//! session itself, its drop, or the panic hook.

use std::fs::File;
use std::io::{self, Write};
use std::sync::{Mutex, Once, PoisonError, TryLockError};

use crossterm::cursor::{MoveTo, Show};
use crossterm::event::{DisableBracketedPaste, DisableMouseCapture};
use crossterm::queue;
use crossterm::style::{Attribute, SetAttribute};
use crossterm::terminal::{self, Clear, ClearType, LeaveAlternateScreen};
use rustix::termios::{OptionalActions, Termios, tcgetattr, tcsetattr};

use super::open_tty;
use crate::backend::MAX_SCREEN_SIDE;
use crate::inline::InlineRows;
use crate::signals::SignalWatch;

/// What an open session has drawn on, to be cleaned up once.
#[derive(Clone, Copy, Debug)]
pub(super) enum Changed {
    /// The alternate screen, left on restoring.
    AlternateScreen,
    /// Rows of the shell's screen, cleared on restoring; `None` until they are placed.
    Inline(Option<InlineRows>),
}

/// What the open session has changed, if one is open; shared with the panic hook.
static CHANGED: Mutex<Option<Changed>> = Mutex::new(None);

/// The terminal's modes before the session made it raw, put back on restoring.
static COOKED: Mutex<Option<Termios>> = Mutex::new(None);

static PANIC_HOOK: Once = Once::new();

/// Notes that a session opens and what it changes; fails if another one is open.
pub(super) fn open(change: Changed) -> io::Result<()> {
    let mut changed = CHANGED.lock().unwrap_or_else(PoisonError::into_inner);
    if changed.is_some() {
        return Err(io::Error::other("a terminal session is already open"));
    }
    *changed = Some(change);
    Ok(())
}

/// Makes the terminal open on `tty` raw (no echo, no line editing, no signals from keys),
/// keeping its modes before for [`restore_terminal`]. Done on the session's own descriptor,
/// where crossterm would open the device again when standard input is not the terminal.
pub(super) fn enable_raw_mode(tty: &File) -> io::Result<()> {
    let mut cooked = COOKED.lock().unwrap_or_else(PoisonError::into_inner);
    if cooked.is_some() {
        return Ok(());
    }
    let before = tcgetattr(tty)?;
    let mut raw = before.clone();
    raw.make_raw();
    tcsetattr(tty, OptionalActions::Now, &raw)?;
    *cooked = Some(before);
    Ok(())
}

/// Puts back the modes [`enable_raw_mode`] found, if it changed them.
fn disable_raw_mode(tty: &File, cooked: Option<Termios>) -> io::Result<()> {
    match cooked {
        Some(cooked) => Ok(tcsetattr(tty, OptionalActions::Now, &cooked)?),
        None => Ok(()),
    }
}

/// Notes which rows an open inline session draws in.
pub(super) fn place_inline(rows: InlineRows) {
    if let Some(Changed::Inline(placed)) = CHANGED
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .as_mut()
    {
        *placed = Some(rows);
    }
}

/// Undoes the open session's modes, if a session is open; safe to call more than once.
pub(super) fn restore_terminal() -> io::Result<()> {
    let changed = CHANGED
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take();
    restore_modes(changed)
}

/// Like [`restore_terminal`], for the panic hook: never waits for a lock.
fn restore_terminal_after_panic() {
    let changed = match CHANGED.try_lock() {
        Ok(mut changed) => changed.take(),
        Err(TryLockError::Poisoned(poisoned)) => poisoned.into_inner().take(),
        Err(TryLockError::WouldBlock) => None,
    };
    let _ = restore_modes(changed);
}

/// The bytes restoring a full-screen form's terminal take, with room to spare: they are
/// gathered and written at once, so the terminal is never left half restored between writes.
const RESTORE_BYTES: usize = 96;

/// Resets the attributes and input modes, leaves the alternate screen or clears the inline
/// form's rows down to the bottom of the screen (leaving the cursor on its first row, where
/// the shell goes on), shows the cursor and turns raw mode off.
fn restore_modes(changed: Option<Changed>) -> io::Result<()> {
    let Some(changed) = changed else {
        return Ok(());
    };
    let tty = open_tty();
    let written = tty.as_ref().map_err(clone_error).and_then(|mut tty| {
        let mut bytes = Vec::with_capacity(RESTORE_BYTES);
        queue!(
            bytes,
            SetAttribute(Attribute::Reset),
            DisableMouseCapture,
            DisableBracketedPaste
        )?;
        match changed {
            Changed::AlternateScreen => queue!(bytes, LeaveAlternateScreen)?,
            Changed::Inline(Some(rows)) => {
                let end = rows.top.saturating_add(rows.count);
                let bottom = terminal::size()
                    .map_or(end, |(_, height)| height.min(MAX_SCREEN_SIDE).max(end));
                for row in rows.top..bottom {
                    queue!(bytes, MoveTo(0, row), Clear(ClearType::CurrentLine))?;
                }
                queue!(bytes, MoveTo(0, rows.top))?;
            }
            Changed::Inline(None) => {}
        }
        queue!(bytes, Show)?;
        tty.write_all(&bytes)?;
        tty.flush()
    });
    let cooked = COOKED.lock().unwrap_or_else(PoisonError::into_inner).take();
    let cooked = tty.and_then(|tty| disable_raw_mode(&tty, cooked));
    if let Some(signals) = SignalWatch::existing() {
        signals.release();
    }
    written.and(cooked)
}

/// The same error again, for a second use of one failure.
fn clone_error(error: &io::Error) -> io::Error {
    match error.raw_os_error() {
        Some(code) => io::Error::from_raw_os_error(code),
        None => io::Error::new(error.kind(), error.to_string()),
    }
}

/// Installs, once per process, a panic hook that restores the terminal and then hands over to
/// the hook that was there before, which prints the message on a sane terminal.
pub(super) fn install_panic_hook() {
    PANIC_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore_terminal_after_panic();
            previous(info);
        }));
    });
}
