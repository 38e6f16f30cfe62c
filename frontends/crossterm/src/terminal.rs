//! A terminal session on `/dev/tty`, restored on every way out.
//!
//! The session draws on the terminal device rather than standard output, so standard output stays
//! clean for the JSON result. Entering turns on raw mode, the alternate screen (unless inline),
//! bracketed paste and mouse capture, and hides the cursor. Everything is undone by
//! [`TerminalSession::restore`], by dropping the session, by a panic (a hook restores the terminal
//! before the panic message is printed), and before a run ends on a signal.

use std::fs::{File, OpenOptions};
use std::io;
use std::os::fd::{AsFd, BorrowedFd, OwnedFd};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use pi_agent_ask_core::draw::{Frame, Size};
use ratatui::layout::{Position, Rect};

use crate::backend::TtyBackend;
use crate::backend::{CursorReports, TypedAhead};
use crate::counting::ByteCount;
use crate::drain::{PASTE_DRAIN_LIMIT, PASTE_QUIET, drain_arriving};
use crate::inline::Moved;
use crate::jobs::{JobControl, Stop, job_control};
use crate::output_watch::OutputWatch;
use crate::painter::Painter;
use crate::reader::{TtyReader, Woken};
use crate::signals::{Request, SessionSignals};
use crate::theme::{ColorMode, Theme};

mod found;
mod modes;
pub(crate) mod outbox;
mod restore;

use found::{Found, ScrolledOff, find_rows};
use modes::{Placing, clear_rows, enter_modes, enter_modes_again, inline_terminal, make_room};
use restore::{InlineCursor, install_panic_hook, restore_terminal};

/// The terminal device the session draws on and reads keys from.
const TTY_PATH: &str = "/dev/tty";

/// How long the first wait sleeps, the signals still held, before their handlers are
/// registered: the first frame's write wakes whatever shows the terminal, which may need this
/// processor to draw it; registering the handlers before sleeping would keep it waiting. Far
/// too short for anyone to type in, and signals that come meanwhile wait, pending, for the
/// handlers.
const SIGNALS_HELD_FOR: Duration = Duration::from_millis(1);

/// Where on the screen the form is drawn.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Screen {
    /// The alternate screen, the whole terminal; the shell's screen comes back afterwards.
    #[default]
    AlternateScreen,
    /// `height` rows from the cursor down (scrolling up if needed), leaving the scrollback
    /// intact; the rows are cleared again afterwards. The form gets at most one row less than
    /// the terminal is tall, whatever `height` asks for (see [`crate::inline`]).
    Inline {
        /// The number of rows asked for.
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
    /// Whether the session ends when nobody reads the program's output any more.
    pub output: OutputWatch,
}

/// The terminal [`has_tty`] opened, kept for the session that usually follows, so the device
/// is opened once.
static PROBED: Mutex<Option<File>> = Mutex::new(None);

/// Whether a terminal device can be opened for reading and writing. The device it opened is
/// kept for the next [`TerminalSession::enter`].
pub fn has_tty() -> bool {
    match open_tty() {
        Ok(tty) => {
            *PROBED.lock().unwrap_or_else(PoisonError::into_inner) = Some(tty);
            true
        }
        Err(_) => false,
    }
}

/// The terminal [`has_tty`] kept, else the device opened now.
fn session_tty() -> io::Result<File> {
    match PROBED.lock().unwrap_or_else(PoisonError::into_inner).take() {
        Some(tty) => Ok(tty),
        None => open_tty(),
    }
}

/// What every backend of a session adds to.
#[derive(Clone, Debug, Default)]
struct Shared {
    /// The bytes written to the terminal.
    count: ByteCount,
    /// The keys typed while a backend waited for the terminal to answer.
    typed: TypedAhead,
    /// Whether the terminal answers where the cursor is.
    reports: CursorReports,
}

/// An open terminal session; dropping it restores the terminal.
#[derive(Debug)]
pub struct TerminalSession {
    terminal: Painter<TtyBackend>,
    tty: Arc<File>,
    reader: TtyReader,
    options: TerminalOptions,
    theme: Theme,
    shared: Shared,
    signals: SessionSignals,
    /// Standard output, watched for its reader ([`OutputWatch`]).
    output: Option<OwnedFd>,
    area: Rect,
    /// Where the cursor was left after the last draw: the frame's cursor, or, inline, the
    /// form's top-left cell, so a terminal that changes size moves the form's rows with it.
    parked: Position,
    /// Inline, how many lines of the form's first rows a terminal moved into its scrollback,
    /// to take back when a taller one brings them back.
    scrolled_off: ScrolledOff,
}

impl TerminalSession {
    /// Opens `/dev/tty` (or takes the one [`has_tty`] opened) and enters the session's
    /// terminal modes; everything the session does on the terminal goes through that one
    /// descriptor.
    ///
    /// Fails if there is no terminal or another session is open.
    pub fn enter(options: TerminalOptions) -> io::Result<Self> {
        let tty = Arc::new(session_tty()?);
        let reader = TtyReader::new(Arc::clone(&tty));
        let signals = SessionSignals::start()?;
        install_panic_hook();
        let shared = Shared::default();
        let terminal = enter_modes(&tty, options, &shared, &signals)?;
        let mut session = Self {
            terminal,
            tty,
            reader,
            options,
            theme: Theme::new(options.color),
            shared,
            signals,
            output: options.output.descriptor(),
            area: Rect::default(),
            parked: Position::ORIGIN,
            scrolled_off: ScrolledOff::default(),
        };
        session.note_area();
        session.park_at_placing();
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
        self.shared.count.get()
    }

    /// Follows a change of the terminal's size; returns the new size of the form's area.
    ///
    /// Inline, the form's rows are found again by the cursor, cleared down to the bottom of
    /// the screen (wherever the terminal moved or rewrapped them, and with them those of its
    /// rows a taller terminal brought back from its scrollback) and placed anew for the new
    /// height; the next draw repaints everything.
    pub fn resize(&mut self) -> io::Result<Size> {
        match self.options.screen {
            Screen::AlternateScreen => self.terminal.follow_resize()?,
            Screen::Inline { height } => {
                let found = self.find_rows()?;
                self.place_found(height, found)?;
            }
        }
        self.note_area();
        self.park_at_placing();
        Ok(self.size())
    }

    /// Inline, before a frame: asks the terminal where the cursor is and how large its screen
    /// is, and follows a change it has not announced yet as a resize; returns the form's new
    /// size when it did. tmux moves the rows of a window resized twice at once and tells the
    /// program of the second size a quarter of a second later: a frame drawn meanwhile for the
    /// rows where they were drew over the shell's lines. A terminal that does not answer is
    /// not asked again ([`TtyBackend::reported_cursor_and_screen`]).
    pub(crate) fn follow_unannounced_move(&mut self) -> io::Result<Option<Size>> {
        let Screen::Inline { height } = self.options.screen else {
            return Ok(None);
        };
        let drawn = self.terminal.target_mut().drawn_size();
        let found = self.find_rows()?;
        if found.cursor == self.parked && found.screen == drawn {
            return Ok(None);
        }
        self.place_found(height, found)?;
        self.note_area();
        self.park_at_placing();
        Ok(Some(self.size()))
    }

    /// Where the inline form's rows and the cursor are now ([`find_rows`]).
    fn find_rows(&mut self) -> io::Result<Found> {
        find_rows(
            self.terminal.target_mut(),
            self.area,
            self.parked,
            self.scrolled_off,
        )
    }

    /// Clears an inline form's rows where they were `found`, down to the screen's bottom, and
    /// places them anew, `height` rows wanted.
    fn place_found(&mut self, height: u16, found: Found) -> io::Result<()> {
        let Found {
            rows: Moved { top, scrolled_off },
            screen,
            ..
        } = found;
        self.scrolled_off = ScrolledOff {
            lines: scrolled_off,
            width: screen.width,
        };
        let backend = self.terminal.target_mut();
        clear_rows(backend, top..screen.height)?;
        let rows = make_room(backend, height, Position::new(0, top), screen)?;
        self.terminal = inline_terminal(&self.tty, &self.shared, rows, screen)?;
        Ok(())
    }

    /// Notes that an inline form just placed left the cursor on its top-left cell
    /// ([`make_room`]), so that a resize before its next frame finds its rows from there.
    fn park_at_placing(&mut self) {
        if matches!(self.options.screen, Screen::Inline { .. }) {
            self.note_parked(self.area.as_position());
        }
    }

    /// Notes where the cursor was left, and, inline, for the rows' clearing, how far below
    /// the form's first row it is.
    fn note_parked(&mut self, parked: Position) {
        self.parked = parked;
        if matches!(self.options.screen, Screen::Inline { .. }) {
            restore::place_inline(InlineCursor {
                below_top: parked.y.saturating_sub(self.area.y),
            });
        }
    }

    /// Draws the frame `draw` makes for the current area; only changed cells are written, and
    /// then what waits in the outbox (a notification's bell).
    pub fn draw(&mut self, draw: impl FnOnce(Size) -> Frame) -> io::Result<()> {
        // Inline, a frame with no cursor leaves it a column in from the form's left edge, in
        // its own write: a cursor found in the corner after a resize was put there by the
        // terminal ([`find_rows`]).
        let park = match self.options.screen {
            Screen::AlternateScreen => None,
            Screen::Inline { .. } => Some(Position::new(
                self.area.x + u16::from(self.area.width > 1),
                self.area.y,
            )),
        };
        // What waited in the outbox leaves in the frame's own write, right after the frame.
        let waiting = outbox::take();
        let target = self.terminal.target_mut();
        target.follow_frame_with(&waiting);
        target.park_at(park);
        let cursor = self.terminal.draw(&self.theme, draw)?;
        self.write_outbox()?;
        self.note_area();
        if let Some(parked) = cursor.or(park) {
            self.note_parked(parked);
        }
        Ok(())
    }

    /// Finds an inline form's rows again before they are cleared if the terminal changed
    /// size, or moved them, since the form last looked: a form that ends right after its
    /// terminal grew would clear the rows it had, where the terminal has since moved the
    /// shell's lines, and leave its own. A resize it was told of is followed as any other;
    /// tmux moves the rows of a window grown twice at once before it tells the program the
    /// second size, so the terminal is asked where the cursor, which moves with them, is and
    /// how tall its screen is now, and the rows are found from them as a resize finds them
    /// ([`find_rows`]). Full screen, nothing is needed.
    pub(crate) fn settle_size(&mut self) {
        if !matches!(self.options.screen, Screen::Inline { .. }) {
            return;
        }
        if self.signals.take_resize() {
            // A terminal that cannot be asked is left as it is.
            let _ = self.resize();
            return;
        }
        // A terminal that does not say where the cursor is leaves the rows where they were.
        let Ok(Found { rows, cursor, .. }) = self.find_rows() else {
            return;
        };
        // The cursor moved with the rows; those taken back from the scrollback are the form's
        // too, above it.
        restore::place_inline(InlineCursor {
            below_top: cursor.y.saturating_sub(rows.top),
        });
    }

    /// Takes the most pressing signal received while the session was open.
    pub(crate) fn take_signal(&self) -> Option<Request> {
        self.signals.take()
    }

    /// Notes that the terminal hung up: SIGHUP stays recorded once the session is restored,
    /// since it can only repeat the news.
    pub(crate) fn note_hang_up(&mut self) {
        self.signals.note_hang_up();
    }

    /// Waits for the terminal's input, a signal, `extra` becoming readable (when there is
    /// one), or `timeout` (for ever when `None`); keys typed while the terminal was asked where
    /// its cursor is come first, at once.
    ///
    /// While the signals are held (the session's first wait, right after its first frame), the
    /// wait lasts at most [`SIGNALS_HELD_FOR`] and the signals' handlers are registered as it
    /// ends, so it may end in a timeout earlier than asked, once.
    pub(crate) fn wait(
        &mut self,
        timeout: Option<Duration>,
        extra: Option<BorrowedFd<'_>>,
    ) -> io::Result<Woken> {
        let typed = self.shared.typed.take();
        if !typed.is_empty() {
            return Ok(Woken::Read(typed));
        }
        let output = self.output.as_ref().map(AsFd::as_fd);
        if self.signals.held() {
            let moment = timeout.map_or(SIGNALS_HELD_FOR, |timeout| timeout.min(SIGNALS_HELD_FOR));
            let woken = self.reader.wait_beside(None, extra, output, Some(moment));
            self.signals.watch()?;
            return woken;
        }
        let signals = self.signals.watch()?;
        self.reader
            .wait_beside(Some(signals.wake_fd()), extra, output, timeout)
    }

    /// Where there is job control, restores the terminal, stops the job or the process the way
    /// ctrl+z in a shell does, and enters the session's modes again once continued; the next
    /// draw repaints everything. Without job control nothing happens, since nobody could
    /// continue the program. Returns which it was.
    ///
    /// A stop by the suspend key drops what was typed and not handled yet, as a terminal's own
    /// suspend key flushes its input: the rest of a paste still arriving (read until the
    /// terminal is quiet, [`PASTE_QUIET`], at most [`PASTE_DRAIN_LIMIT`]) would otherwise reach
    /// the shell, which runs it.
    pub fn suspend(&mut self, stop: Stop) -> io::Result<JobControl> {
        // A held SIGTSTP would only be recorded later, not stop the process.
        let watch = self.signals.watch()?;
        let control = job_control(&self.tty);
        if control == JobControl::Available {
            if stop == Stop::Job {
                self.shared.typed.take();
                drain_arriving(&*self.tty, PASTE_QUIET, PASTE_DRAIN_LIMIT);
            }
            // A signal that ends the run, taken as the process continues, ends it then,
            // before the terminal is taken again: the process may have been continued in the
            // background (`kill` of a stopped job), or its terminal may be gone.
            watch.hold_through_stop();
            self.restore()?;
            stop.send()?;
            if self.signals.watch()?.ending_recorded() {
                return Err(io::Error::other(
                    "a signal ended the run while it was stopped",
                ));
            }
            self.terminal = enter_modes(&self.tty, self.options, &self.shared, &self.signals)?;
            self.note_area();
            self.park_at_placing();
        }
        Ok(control)
    }

    /// Takes the terminal back after the process was stopped by what it cannot catch
    /// (SIGSTOP, or SIGTTOU in the background) and continued: a shell with job control put
    /// its line mode and echo back meanwhile and wrote on the screen, so the session's modes
    /// are entered again and the next draw repaints everything. Inline, the form stays on its
    /// rows if the cursor is still where the form left it, else it is placed anew below what
    /// was written, as after ctrl+z; the rows it had could not be cleared before the stop.
    /// Returns the form's size, which may have changed meanwhile.
    pub(crate) fn take_back(&mut self) -> io::Result<Size> {
        let placing = Placing::KeptIfCursorAt {
            parked: self.parked,
            top: self.area.y,
            drawn: self.terminal.target_mut().drawn_size(),
        };
        self.terminal = enter_modes_again(&self.tty, self.options, &self.shared, placing)?;
        self.note_area();
        self.park_at_placing();
        Ok(self.size())
    }

    /// Restores the terminal: cursor, paste and mouse modes, the shell's screen and cooked
    /// mode. Calling it again does nothing; the session is done drawing after it.
    pub fn restore(&mut self) -> io::Result<()> {
        let flushed = self.terminal.target_mut().flush();
        let waiting = outbox::close();
        let notified = if waiting.is_empty() {
            Ok(())
        } else {
            self.terminal.target_mut().write_now(&waiting)
        };
        restore_terminal()?;
        flushed.and(notified)
    }

    /// Writes what waits in the outbox, if anything does.
    fn write_outbox(&mut self) -> io::Result<()> {
        let waiting = outbox::take();
        if waiting.is_empty() {
            return Ok(());
        }
        self.terminal.target_mut().write_now(&waiting)
    }

    /// Records the current area.
    fn note_area(&mut self) {
        self.area = self.terminal.area();
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
