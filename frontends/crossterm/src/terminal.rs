//! A terminal session on `/dev/tty`, restored on every way out.
//!
//! The session draws on the terminal device rather than standard output, so standard output stays
//! clean for the JSON result. Entering turns on raw mode, the alternate screen (unless inline),
//! bracketed paste and mouse capture, and hides the cursor. Everything is undone by
//! [`TerminalSession::restore`], by dropping the session, by a panic (a hook restores the terminal
//! before the panic message is printed), and before a run ends on a signal.

use std::fs::{File, OpenOptions};
use std::io::{self, Write};
use std::sync::{Arc, Mutex, Once, PoisonError};

use crossterm::cursor::{Hide, MoveTo, Show};
use crossterm::event::{
    DisableBracketedPaste, DisableMouseCapture, EnableBracketedPaste, EnableMouseCapture,
};
use crossterm::style::{Attribute, SetAttribute};
use crossterm::terminal::{self, Clear, ClearType, EnterAlternateScreen, LeaveAlternateScreen};
use crossterm::{execute, queue};
use pi_agent_ask_core::draw::{Frame, Size};
use ratatui::layout::Rect;
use ratatui::{Terminal, Viewport};

use crate::backend::TtyBackend;
use crate::counting::ByteCount;
use crate::paint::draw_frame;
use crate::signals::{Request, SignalWatch};
use crate::theme::{ColorMode, Theme};

/// The terminal device the session draws on and reads keys from.
const TTY_PATH: &str = "/dev/tty";

/// Where on the screen the form is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Screen {
    /// The alternate screen, the whole terminal; the shell's screen comes back afterwards.
    #[default]
    AlternateScreen,
    /// `height` rows from the cursor down (scrolling up if needed), leaving the scrollback
    /// intact; the rows are cleared again afterwards.
    Inline {
        /// The number of rows, at most the terminal's height.
        height: u16,
    },
}

/// How a terminal session looks.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct TerminalOptions {
    /// Where the form is drawn.
    pub screen: Screen,
    /// Whether colours may be used (see [`ColorMode::from_no_color`]).
    pub color: ColorMode,
}

/// Whether a terminal device can be opened for reading and writing.
pub fn has_tty() -> bool {
    open_tty().is_ok()
}

/// The terminal modes an open session has changed, to be undone once.
#[derive(Clone, Copy, Debug)]
struct ChangedModes {
    alternate_screen: bool,
    inline_top: Option<u16>,
}

/// The modes of the open session, if one is open; shared with the panic hook.
static CHANGED: Mutex<Option<ChangedModes>> = Mutex::new(None);

static PANIC_HOOK: Once = Once::new();

/// An open terminal session; dropping it restores the terminal.
#[derive(Debug)]
pub struct TerminalSession {
    terminal: Terminal<TtyBackend>,
    tty: File,
    options: TerminalOptions,
    theme: Theme,
    count: ByteCount,
    signals: Arc<SignalWatch>,
    area: Rect,
}

impl TerminalSession {
    /// Opens `/dev/tty` and enters the session's terminal modes.
    ///
    /// Fails if there is no terminal or another session is open.
    pub fn enter(options: TerminalOptions) -> io::Result<Self> {
        let tty = open_tty()?;
        let signals = SignalWatch::get()?;
        install_panic_hook();
        let count = ByteCount::default();
        let terminal = enter_modes(&tty, options, &count, &signals)?;
        let mut session = Self {
            terminal,
            tty,
            options,
            theme: Theme::new(options.color),
            count,
            signals,
            area: Rect::default(),
        };
        session.note_area();
        Ok(session)
    }

    /// The area the form is drawn in, in screen cells.
    pub fn area(&self) -> Rect {
        self.area
    }

    /// The size of the area the form is drawn in.
    pub fn size(&self) -> Size {
        Size::new(self.area.width, self.area.height)
    }

    /// Bytes written to the terminal so far, escape sequences included.
    pub fn bytes_written(&self) -> u64 {
        self.count.get()
    }

    /// Follows a change of the terminal's size; returns the new size of the form's area.
    pub fn resize(&mut self) -> io::Result<Size> {
        self.terminal.autoresize()?;
        self.note_area();
        Ok(self.size())
    }

    /// Draws the frame `draw` makes for the current area; only changed cells are written.
    pub fn draw(&mut self, draw: impl FnOnce(Size) -> Frame) -> io::Result<()> {
        draw_frame(&mut self.terminal, &self.theme, draw)?;
        self.note_area();
        Ok(())
    }

    /// Takes the latest signal received while the session was open.
    pub(crate) fn take_signal(&self) -> Option<Request> {
        self.signals.take()
    }

    /// Restores the terminal, stops the process like ctrl+z in a shell, and enters the session's
    /// modes again once the process is continued. The next draw repaints everything.
    pub fn suspend(&mut self) -> io::Result<()> {
        self.restore()?;
        SignalWatch::stop_process()?;
        self.terminal = enter_modes(&self.tty, self.options, &self.count, &self.signals)?;
        self.note_area();
        Ok(())
    }

    /// Restores the terminal: cursor, paste and mouse modes, the shell's screen and cooked
    /// mode. Calling it again does nothing; the session is done drawing after it.
    pub fn restore(&mut self) -> io::Result<()> {
        let flushed = ratatui::backend::Backend::flush(self.terminal.backend_mut());
        restore_terminal()?;
        flushed
    }

    /// Records the current area, and for an inline session where its rows start.
    fn note_area(&mut self) {
        self.area = self.terminal.get_frame().area();
        if let Some(changed) = CHANGED
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .as_mut()
            .filter(|changed| !changed.alternate_screen)
        {
            changed.inline_top = Some(self.area.y);
        }
    }
}

impl Drop for TerminalSession {
    fn drop(&mut self) {
        let _ = self.restore();
    }
}

/// Opens the terminal device for reading and writing.
fn open_tty() -> io::Result<File> {
    OpenOptions::new().read(true).write(true).open(TTY_PATH)
}

/// Enters raw mode and the session's screen modes, and builds a terminal with a blank screen.
fn enter_modes(
    tty: &File,
    options: TerminalOptions,
    count: &ByteCount,
    signals: &SignalWatch,
) -> io::Result<Terminal<TtyBackend>> {
    {
        let mut changed = CHANGED.lock().unwrap_or_else(PoisonError::into_inner);
        if changed.is_some() {
            return Err(io::Error::other("a terminal session is already open"));
        }
        *changed = Some(ChangedModes {
            alternate_screen: options.screen == Screen::AlternateScreen,
            inline_top: None,
        });
    }
    signals.capture();
    let entered = enter_modes_unguarded(tty, options, count);
    if entered.is_err() {
        let _ = restore_terminal();
    }
    entered
}

fn enter_modes_unguarded(
    tty: &File,
    options: TerminalOptions,
    count: &ByteCount,
) -> io::Result<Terminal<TtyBackend>> {
    terminal::enable_raw_mode()?;
    let mut writer = tty;
    if options.screen == Screen::AlternateScreen {
        queue!(writer, EnterAlternateScreen)?;
    }
    execute!(writer, EnableBracketedPaste, EnableMouseCapture, Hide)?;
    let viewport = match options.screen {
        Screen::AlternateScreen => Viewport::Fullscreen,
        Screen::Inline { height } => Viewport::Inline(height.max(1)),
    };
    let backend = TtyBackend::new(tty, count.clone())?;
    let mut terminal = Terminal::with_options(backend, ratatui::TerminalOptions { viewport })?;
    let top = terminal.get_frame().area().y;
    let backend = terminal.backend_mut();
    ratatui::backend::Backend::set_cursor_position(backend, (0, top))?;
    ratatui::backend::Backend::clear_region(backend, ratatui::backend::ClearType::AfterCursor)?;
    Ok(terminal)
}

/// Undoes the open session's modes, if a session is open; safe to call more than once.
fn restore_terminal() -> io::Result<()> {
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
        Err(std::sync::TryLockError::Poisoned(poisoned)) => poisoned.into_inner().take(),
        Err(std::sync::TryLockError::WouldBlock) => None,
    };
    let _ = restore_modes(changed);
}

fn restore_modes(changed: Option<ChangedModes>) -> io::Result<()> {
    let Some(changed) = changed else {
        return Ok(());
    };
    let written = open_tty().and_then(|mut tty| {
        queue!(
            tty,
            SetAttribute(Attribute::Reset),
            DisableMouseCapture,
            DisableBracketedPaste
        )?;
        if changed.alternate_screen {
            queue!(tty, LeaveAlternateScreen)?;
        } else if let Some(top) = changed.inline_top {
            queue!(tty, MoveTo(0, top), Clear(ClearType::FromCursorDown))?;
        }
        execute!(tty, Show)?;
        tty.flush()
    });
    let cooked = terminal::disable_raw_mode();
    if let Some(signals) = SignalWatch::existing() {
        signals.release();
    }
    written.and(cooked)
}

/// Installs, once per process, a panic hook that restores the terminal and then hands over to
/// the hook that was there before, which prints the message on a sane terminal.
fn install_panic_hook() {
    PANIC_HOOK.call_once(|| {
        let previous = std::panic::take_hook();
        std::panic::set_hook(Box::new(move |info| {
            restore_terminal_after_panic();
            previous(info);
        }));
    });
}
