//! Undoing what a session changed on the terminal, once, from wherever the session ends: the
//! session itself, its drop, or the panic hook.

use std::fs::File;
use std::io::{self, Write};
use std::sync::{Mutex, Once, PoisonError, TryLockError};

use crossterm::cursor::{MoveDown, MoveUp, RestorePosition, SavePosition, Show};
use crossterm::event::{DisableBracketedPaste, DisableMouseCapture};
use crossterm::queue;
use crossterm::style::{Attribute, SetAttribute};
use crossterm::terminal::{Clear, ClearType, EnableLineWrap, LeaveAlternateScreen};
use rustix::termios::{OptionalActions, Termios, tcgetattr, tcsetattr};

use super::open_tty;
use crate::signals::SignalWatch;

/// Where the cursor waits in an inline form's rows. The rows are cleared from there, moving
/// only relative to the cursor: a terminal moves the cursor with the rows as it resizes or
/// rewraps them, also while the bytes clearing them are on their way, where rows named by
/// their number on the screen would be the shell's by then.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct InlineCursor {
    /// How many rows below the form's first the cursor's is.
    pub below_top: u16,
}

/// What an open session has drawn on, to be cleaned up once.
#[derive(Clone, Copy, Debug)]
pub(super) enum Changed {
    /// The alternate screen, left on restoring once the bytes entering it were written: they
    /// wait for the first frame's write, and a screen never entered is not left (leaving it
    /// also restores a cursor position that was never saved).
    AlternateScreen {
        /// Whether the bytes entering the alternate screen have been written.
        entered: bool,
    },
    /// Rows of the shell's screen, cleared on restoring; `None` until they are placed.
    Inline(Option<InlineCursor>),
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

/// Makes the terminal raw again after something else had it (a shell puts its own modes back
/// when it sees the process stop); the modes before the session stay those restored at its
/// end. Does nothing unless [`enable_raw_mode`] made it raw.
pub(super) fn make_raw_again(tty: &File) -> io::Result<()> {
    let cooked = COOKED.lock().unwrap_or_else(PoisonError::into_inner);
    let Some(before) = cooked.as_ref() else {
        return Ok(());
    };
    let mut raw = before.clone();
    raw.make_raw();
    Ok(tcsetattr(tty, OptionalActions::Now, &raw)?)
}

/// Puts back the modes [`enable_raw_mode`] found, if it changed them.
fn disable_raw_mode(tty: &File, cooked: Option<Termios>) -> io::Result<()> {
    match cooked {
        Some(cooked) => Ok(tcsetattr(tty, OptionalActions::Now, &cooked)?),
        None => Ok(()),
    }
}

/// Notes that the bytes entering the open session's screen modes are being written.
pub(super) fn note_screen_entered() {
    if let Some(Changed::AlternateScreen { entered }) = CHANGED
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .as_mut()
    {
        *entered = true;
    }
}

/// Notes where the cursor waits in the rows an open inline session draws in.
pub(super) fn place_inline(cursor: InlineCursor) {
    if let Some(Changed::Inline(placed)) = CHANGED
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .as_mut()
    {
        *placed = Some(cursor);
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

/// Resets the attributes and input modes, turns autowrap back on, leaves the alternate screen
/// or clears the inline form's rows down to the bottom of the screen (leaving the cursor on
/// their first, where the shell goes on), shows the cursor and turns raw mode off.
fn restore_modes(changed: Option<Changed>) -> io::Result<()> {
    let Some(changed) = changed else {
        return Ok(());
    };
    let tty = open_tty();
    let written = tty.as_ref().map_err(clone_error).and_then(|mut tty| {
        tty.write_all(&restore_bytes(changed)?)?;
        tty.flush()
    });
    let cooked = COOKED.lock().unwrap_or_else(PoisonError::into_inner).take();
    let cooked = tty.and_then(|tty| disable_raw_mode(&tty, cooked));
    if let Some(signals) = SignalWatch::existing() {
        signals.release();
    }
    written.and(cooked)
}

/// What restoring after `changed` writes, in one piece.
fn restore_bytes(changed: Changed) -> io::Result<Vec<u8>> {
    let mut bytes = Vec::with_capacity(RESTORE_BYTES);
    queue!(
        bytes,
        SetAttribute(Attribute::Reset),
        DisableMouseCapture,
        DisableBracketedPaste,
        EnableLineWrap
    )?;
    match changed {
        // Erased first: tmux 3.3 brings rows of an alternate screen that grew while the form
        // was on it back onto the shell's screen as it leaves.
        Changed::AlternateScreen { entered: true } => {
            queue!(bytes, Clear(ClearType::All), LeaveAlternateScreen)?;
        }
        Changed::AlternateScreen { entered: false } | Changed::Inline(None) => {}
        Changed::Inline(Some(InlineCursor { below_top })) => {
            bytes.push(b'\r');
            if below_top > 0 {
                queue!(bytes, MoveUp(below_top))?;
            }
            // The first row, then the rest of the screen from the row below it, the cursor
            // saved and put back around that: erasing to the end of the screen from its
            // top-left corner first copies the screen into tmux's scrollback, and the first
            // row may be the screen's.
            queue!(
                bytes,
                Clear(ClearType::CurrentLine),
                SavePosition,
                MoveDown(1)
            )?;
            queue!(bytes, Clear(ClearType::FromCursorDown), RestorePosition)?;
        }
    }
    queue!(bytes, Show)?;
    Ok(bytes)
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

#[cfg(test)]
mod tests {
    use super::{Changed, InlineCursor, restore_bytes};

    fn restored(changed: Changed) -> String {
        let bytes = restore_bytes(changed).expect("the bytes are gathered");
        String::from_utf8(bytes).expect("escape sequences are text")
    }

    #[test]
    fn an_alternate_screen_entered_is_left() {
        let bytes = restored(Changed::AlternateScreen { entered: true });
        assert!(bytes.contains("\x1b[?1049l"), "{bytes:?}");
        assert!(bytes.ends_with("\x1b[?25h"), "{bytes:?}");
    }

    #[test]
    fn an_alternate_screen_never_entered_is_not_left_but_the_input_modes_autowrap_and_cursor_are_restored()
     {
        let bytes = restored(Changed::AlternateScreen { entered: false });
        assert!(!bytes.contains("\x1b[?1049"), "{bytes:?}");
        for mode in [
            "\x1b[?2004l",
            "\x1b[?1000l",
            "\x1b[?1006l",
            "\x1b[?7h",
            "\x1b[?25h",
        ] {
            assert!(bytes.contains(mode), "{mode:?} in {bytes:?}");
        }
    }

    #[test]
    fn inline_rows_are_cleared_from_the_cursor_up_to_the_first_and_down_to_the_bottom() {
        let bytes = restored(Changed::Inline(Some(InlineCursor { below_top: 3 })));
        assert!(
            bytes.ends_with("\r\x1b[3A\x1b[2K\x1b7\x1b[1B\x1b[J\x1b8\x1b[?25h"),
            "{bytes:?}"
        );
        assert!(
            !bytes.contains(';'),
            "no row named by its number: {bytes:?}"
        );
        let on_the_first = restored(Changed::Inline(Some(InlineCursor { below_top: 0 })));
        assert!(
            on_the_first.ends_with("\r\x1b[2K\x1b7\x1b[1B\x1b[J\x1b8\x1b[?25h"),
            "no move up of none, which terminals take for one: {on_the_first:?}"
        );
    }
}
