//! The backend for `/dev/tty`.
//!
//! It is the [`LeanBackend`] writing to the terminal device, asking for the cursor position on
//! the terminal itself (crossterm would ask on standard output, which may be a pipe or a file
//! carrying the JSON result) and reading the answer from it. It also never
//! reports a screen larger than [`MAX_SCREEN_SIDE`] on a side, so a terminal claiming an absurd
//! size cannot make the cells the encoder keeps too large to allocate.

use std::fs::File;
use std::io::{self, ErrorKind, Read};
use std::ops::Range;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use ratatui::layout::{Position, Size};
use rustix::io::Errno;

use crate::counting::{ByteCount, CountingWriter};
use crate::encode::{Addressing, Erase, Shrinking};
use crate::fresh::FreshRun;
use crate::lean::{LeanBackend, ScreenSize};
use crate::paint::RowCells;
use crate::painter::DrawTarget;
use crate::reader::{poll_ready, readable};
use crate::waiting::WaitingWriter;

/// How long the terminal has to answer a cursor position request.
const CURSOR_REPORT_TIMEOUT: Duration = Duration::from_secs(2);

/// The most columns, and the most rows, the form is drawn in; a larger screen is drawn in its
/// top-left corner of that size. The encoder keeps every cell of the screen, and a terminal
/// reporting 65535×65535 would ask for hundreds of gigabytes: the allocation fails and
/// the process aborts with the terminal left raw. `render` has the same limit.
pub const MAX_SCREEN_SIDE: u16 = 1000;

/// `size` with each side cut to [`MAX_SCREEN_SIDE`].
pub fn capped(size: Size) -> Size {
    Size::new(
        size.width.min(MAX_SCREEN_SIDE),
        size.height.min(MAX_SCREEN_SIDE),
    )
}

/// Bytes the user typed while the backend waited for a cursor position report, kept for the
/// loop that reads keys; shared by every backend of a session.
#[derive(Clone, Debug, Default)]
pub struct TypedAhead(Arc<Mutex<Vec<u8>>>);

impl TypedAhead {
    /// Keeps `bytes` after those kept before.
    fn push(&self, bytes: &[u8]) {
        self.0
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
            .extend_from_slice(bytes);
    }

    /// Takes every byte kept.
    pub fn take(&self) -> Vec<u8> {
        std::mem::take(&mut *self.0.lock().unwrap_or_else(PoisonError::into_inner))
    }
}

/// Whether the terminal left a cursor position request unanswered; shared by every backend of
/// a session, so a terminal that does not answer (a serial console, a relay that swallows
/// replies) costs the wait once, not again at each resize and at the end.
#[derive(Clone, Debug, Default)]
pub struct CursorReports(Arc<AtomicBool>);

impl CursorReports {
    /// Whether a request went unanswered.
    fn unanswered(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }

    /// Notes that a request went unanswered.
    fn note_unanswered(&self) {
        self.0.store(true, Ordering::Relaxed);
    }
}

/// Writes frames to the terminal device and counts the bytes it sends.
#[derive(Debug)]
pub struct TtyBackend {
    inner: LeanBackend<CountingWriter<WaitingWriter<Arc<File>>>>,
    reader: Arc<File>,
    count: ByteCount,
    typed: TypedAhead,
    reports: CursorReports,
    /// Bytes to leave right after the next frame, in its write (a notification's bell).
    after_frame: Vec<u8>,
    /// What to call right before the bytes entering the session's modes are written, while
    /// they wait for the next write.
    entering: Option<fn()>,
}

impl TtyBackend {
    /// A backend writing to `tty` (opened for reading and writing), adding to `count`,
    /// keeping in `typed` the keys that arrive while it waits for the terminal to answer, and
    /// in `reports` whether the terminal answers at all.
    ///
    /// It shares the session's descriptor rather than duplicating it: a duplicate would share
    /// the same open file anyway, at the cost of system calls to make and close it.
    pub fn new(
        tty: &Arc<File>,
        count: ByteCount,
        typed: TypedAhead,
        reports: CursorReports,
    ) -> Self {
        let writer = CountingWriter::with_counter(WaitingWriter(Arc::clone(tty)), count.clone());
        Self {
            inner: LeanBackend::new(writer, ScreenSize::Terminal(Arc::clone(tty))),
            reader: Arc::clone(tty),
            count,
            typed,
            reports,
            after_frame: Vec::new(),
            entering: None,
        }
    }

    /// Queues `modes`, the bytes entering the session's screen modes, to leave at the head of
    /// the next write (the first frame's, or an inline session's cursor query), so that the
    /// terminal gets them and the frame in one write; `entered` is called right before that
    /// write is made.
    pub fn enter_with(&mut self, modes: &[u8], entered: fn()) {
        self.inner.send(modes);
        self.entering = Some(entered);
    }

    /// Writes what waits, first telling whoever queued the modes that they leave now.
    fn write_pending(&mut self) -> io::Result<()> {
        if let Some(entered) = self.entering.take() {
            entered();
        }
        self.inner.flush()
    }

    /// The bytes this backend (and any other sharing its count) has written so far.
    pub fn bytes_written(&self) -> u64 {
        self.count.get()
    }

    /// Keeps `bytes` that are not part of a frame (a notification) to leave right after the
    /// next frame, in the same write.
    pub fn follow_frame_with(&mut self, bytes: &[u8]) {
        self.after_frame.extend_from_slice(bytes);
    }

    /// Writes `bytes` that are not part of a frame (a notification) at once.
    pub fn write_now(&mut self, bytes: &[u8]) -> io::Result<()> {
        self.inner.send(bytes);
        self.write_pending()
    }

    /// Sends `request`, which asks the terminal for `N` cursor position reports, and reads
    /// them (the last `N` that arrive).
    ///
    /// Bytes that arrive around the reports (keys typed at that very moment) are kept in
    /// [`TypedAhead`]. A terminal that left a request unanswered is not asked again.
    fn query_reports<const N: usize>(&mut self, request: &[u8]) -> io::Result<[Position; N]> {
        if self.reports.unanswered() {
            return Err(unanswered());
        }
        self.inner.send(request);
        self.write_pending()?;
        let deadline = Instant::now() + CURSOR_REPORT_TIMEOUT;
        let mut received = Vec::new();
        loop {
            if let Some(found) = last_cursor_reports::<N>(&received) {
                let mut after = 0;
                for (_, report) in &found {
                    self.typed.push(&received[after..report.start]);
                    after = report.end;
                }
                self.typed.push(&received[after..]);
                return Ok(found.map(|(position, _)| position));
            }
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                self.typed.push(&received);
                self.reports.note_unanswered();
                return Err(unanswered());
            }
            let mut fds = [readable(&self.reader)];
            match poll_ready(&mut fds, Some(left)) {
                Ok(0) => continue,
                Ok(_) => {}
                Err(error) if error.kind() == ErrorKind::Interrupted => continue,
                Err(error) => return Err(error),
            }
            let mut chunk = [0_u8; 64];
            let read = match self.reader.read(&mut chunk) {
                Err(error) if error.kind() == ErrorKind::WouldBlock => continue,
                read => read?,
            };
            if read == 0 {
                return Err(ErrorKind::UnexpectedEof.into());
            }
            received.extend_from_slice(&chunk[..read]);
        }
    }
}

/// The error of a cursor position request the terminal does not answer.
fn unanswered() -> io::Error {
    io::Error::new(
        ErrorKind::TimedOut,
        "the terminal did not report the cursor position",
    )
}

/// Finds a cursor position report (`ESC [ row ; column R`, 1-based) in `bytes`.
pub fn parse_cursor_report(bytes: &[u8]) -> Option<Position> {
    last_cursor_reports::<1>(bytes).map(|[(position, _)]| position)
}

/// The last `N` cursor position reports in `bytes`, in order: each position, and where its
/// report lies. Anything else (a key typed meanwhile, even one ending in `R`) is skipped.
fn last_cursor_reports<const N: usize>(bytes: &[u8]) -> Option<[(Position, Range<usize>); N]> {
    let mut found: Vec<(Position, Range<usize>)> = Vec::new();
    let mut at = 0;
    while let Some(start) = bytes[at..].windows(2).position(|w| w == b"\x1b[") {
        let start = at + start;
        at = start + 2;
        if let Some((position, length)) = cursor_report_body(&bytes[at..]) {
            at += length;
            found.push((position, start..at));
        }
    }
    let first = found.len().checked_sub(N)?;
    found.drain(..first);
    found.try_into().ok()
}

/// Reads `row ; column R` from the start of `bytes`: the zero-based position, and how many
/// bytes it took.
fn cursor_report_body(bytes: &[u8]) -> Option<(Position, usize)> {
    let number = |from: usize| {
        let digits = bytes[from..]
            .iter()
            .take_while(|b| b.is_ascii_digit())
            .count();
        let text = std::str::from_utf8(&bytes[from..from + digits]).ok()?;
        Some((text.parse::<u16>().ok()?, from + digits))
    };
    let (row, after_row) = number(0)?;
    let (column, end) = (bytes.get(after_row) == Some(&b';'))
        .then(|| number(after_row + 1))
        .flatten()?;
    (bytes.get(end) == Some(&b'R')).then(|| {
        let position = Position::new(column.saturating_sub(1), row.saturating_sub(1));
        (position, end + 1)
    })
}

impl TtyBackend {
    /// Says what becomes of a row that gets shorter ([`Shrinking`]).
    pub fn set_shrinking(&mut self, shrinking: Shrinking) {
        self.inner.set_shrinking(shrinking);
    }

    /// Says how the cell the cursor moves to may be named ([`Addressing`]).
    pub fn set_addressing(&mut self, addressing: Addressing) {
        self.inner.set_addressing(addressing);
    }

    /// Appends lines by writing newlines, scrolling the screen.
    pub fn append_lines(&mut self, n: u16) {
        self.inner.append_lines(n);
    }

    /// How many cells of row `y` show something, from the row's start, as far as the frames
    /// written tell (all of it when they do not).
    pub fn shown_width(&self, y: u16) -> u16 {
        self.inner.shown_width(y)
    }

    /// Has each frame that shows no cursor leave it, hidden, at `park`, in the frame's write.
    pub fn park_at(&mut self, park: Option<Position>) {
        self.inner.park_at(park);
    }

    /// Takes the cursor to stand at `cursor`, where the bytes written last left it.
    pub fn note_cursor(&mut self, cursor: Position) {
        self.inner.note_cursor(cursor);
    }

    /// The size of the screen frames were last encoded for.
    pub fn drawn_size(&self) -> Size {
        self.inner.drawn_size()
    }

    /// Where the cursor is and how large the screen is, both as the terminal says; if it
    /// never answers, the bottom-left cell of the size it was last told, so an inline form
    /// opens at the bottom of the screen.
    ///
    /// # Errors
    /// When the terminal cannot be written or read.
    pub fn cursor_and_screen(&mut self) -> io::Result<(Position, Size)> {
        match self.reported_cursor_and_screen() {
            Err(error) if error.kind() == ErrorKind::TimedOut => {
                let screen = self.size()?;
                Ok((Position::new(0, screen.height.saturating_sub(1)), screen))
            }
            found => found,
        }
    }

    /// Where the cursor is and how large the screen is, as the terminal itself says in one
    /// round trip: the cursor's report, then that of the cursor sent to the bottom-right
    /// corner (saved and restored around it), the screen at most [`MAX_SCREEN_SIDE`] on a
    /// side and the cursor inside it; frames are then encoded for them. The size the terminal
    /// last told the program can lag behind its screen: tmux moves a window's rows for a new
    /// size at once, and tells the program of it a quarter of a second later.
    ///
    /// # Errors
    /// When the terminal cannot be written or read, or does not answer (`TimedOut`, also at
    /// once once it has left a request unanswered).
    pub fn reported_cursor_and_screen(&mut self) -> io::Result<(Position, Size)> {
        let [cursor, corner] = self.query_reports(b"\x1b[6n\x1b7\x1b[9999;9999H\x1b[6n\x1b8")?;
        let screen = capped(Size::new(
            corner.x.saturating_add(1),
            corner.y.saturating_add(1),
        ));
        let cursor = Position::new(
            cursor.x.min(screen.width - 1),
            cursor.y.min(screen.height - 1),
        );
        self.note_size(screen);
        self.inner.note_cursor(cursor);
        Ok((cursor, screen))
    }

    /// Encodes frames for a screen of `size`, as the terminal reported it, until the size is
    /// forgotten. A screen wider than [`MAX_SCREEN_SIDE`] is taken to be that wide, so rows
    /// drawn there are erased to the end of the terminal's line (inline, those cells are the
    /// form's rows too).
    pub fn note_size(&mut self, size: Size) {
        self.inner.note_size(size);
    }

    /// Moves the cursor to `position`.
    ///
    /// # Errors
    /// When the terminal's size cannot be read.
    pub fn set_cursor_position(&mut self, position: Position) -> io::Result<()> {
        self.inner.set_cursor_position(position)
    }

    /// Erases `erase`.
    ///
    /// # Errors
    /// When the terminal's size cannot be read.
    pub fn clear_region(&mut self, erase: Erase) -> io::Result<()> {
        self.inner.clear_region(erase)
    }

    /// The screen's size, at most [`MAX_SCREEN_SIDE`] on each side.
    ///
    /// # Errors
    /// When the terminal's size cannot be read.
    pub fn size(&self) -> io::Result<Size> {
        self.inner.size().map(capped)
    }

    /// Writes what the frame gathered, and what was kept to follow it.
    ///
    /// # Errors
    /// When the terminal cannot be written.
    pub fn flush(&mut self) -> io::Result<()> {
        if !self.after_frame.is_empty() {
            self.inner.send(&self.after_frame);
            self.after_frame.clear();
        }
        self.write_pending()
    }
}

impl DrawTarget for TtyBackend {
    fn screen_size(&self) -> io::Result<Size> {
        self.inner.screen_size().map(capped)
    }

    fn forget_size(&mut self) {
        self.inner.forget_size();
    }

    fn begin_frame(&mut self) -> io::Result<u64> {
        self.inner.begin_frame()
    }

    fn erase_screen(&mut self) -> io::Result<()> {
        self.inner.erase_screen()
    }

    fn draw_row(&mut self, x: u16, y: u16, row: &RowCells, unchanged_before: usize) {
        self.inner.draw_row(x, y, row, unchanged_before);
    }

    fn is_blank_from(&self, from: u16, y: u16) -> bool {
        self.inner.is_blank_from(from, y)
    }

    fn write_fresh(&mut self, y: u16, from: u16, runs: &[FreshRun<'_>]) -> bool {
        self.inner.write_fresh(y, from, runs)
    }

    fn blank_row_from(&mut self, x: u16, y: u16, right: u16) -> bool {
        self.inner.blank_row_from(x, y, right)
    }

    fn scroll_rows(&mut self, top: u16, bottom: u16, by: i16) -> bool {
        self.inner.scroll_rows(top, bottom, by)
    }

    fn forget_cells(&mut self) {
        self.inner.forget_cells();
    }

    fn end_frame(&mut self) {
        self.inner.end_frame();
    }

    /// Shows the cursor at `at`, or hides it. A terminal that went away has no cursor to
    /// show, and that is no error.
    fn place_cursor(&mut self, at: Option<Position>) -> io::Result<()> {
        match self.inner.place_cursor(at) {
            Err(error) if is_gone(&error) => Ok(()),
            other => other,
        }
    }

    fn flush_frame(&mut self) -> io::Result<()> {
        self.flush()
    }
}

/// Whether `error` says the terminal is no longer there (it hung up, or the process lost
/// it): writing and reading fail with EIO or ENXIO then.
pub(crate) fn is_gone(error: &io::Error) -> bool {
    let errno = error.raw_os_error().map(Errno::from_raw_os_error);
    matches!(errno, Some(Errno::IO | Errno::NXIO))
}

#[cfg(test)]
#[path = "backend_tests.rs"]
mod tests;
