//! A backend that writes each frame in as few bytes as it can, in one `write`.
//!
//! The painter says which rows may have changed; the [`Encoder`] says how to get them on the
//! screen cheaply, knowing what the screen already shows. Everything a frame needs is gathered
//! and handed to the writer when the frame ends, so a frame reaches the terminal whole.

use std::cell::Cell as Noted;
use std::fs::File;
use std::io::{self, Write};
use std::sync::Arc;

use ratatui::layout::{Position, Size};

use crate::encode::{Addressing, Encoder, Erase, Shrinking};
use crate::fresh::FreshRun;
use crate::paint::RowCells;
use crate::painter::DrawTarget;

/// Where the backend learns the screen's size.
#[derive(Debug)]
pub enum ScreenSize {
    /// From the terminal device open on this file (`TIOCGWINSZ` on the descriptor already
    /// open, rather than opening the device again): asked once, and again only after
    /// [`DrawTarget::forget_size`], which a resize signal calls for, so a frame makes no
    /// system call to learn a size that did not change.
    Terminal(Arc<File>),
    /// A size given once, for a screen that is not a terminal (a measurement, a test).
    Fixed(Size),
}

/// The room a backend makes for a frame's bytes before the first: a form's first frame at
/// 120×40 takes about 1.3 KiB, so it is encoded without growing the buffer step by step. No
/// more than that: the heap grows past this room into fresh pages before the first frame, and
/// each costs a page fault (4 KiB took one more, traced).
const FRAME_ROOM: usize = 2048;

/// Writes frames to `W` with the shortest encoding the [`Encoder`] finds.
#[derive(Debug)]
pub struct LeanBackend<W: Write> {
    writer: W,
    /// The bytes of the frame being encoded, written at its end in one go; kept between
    /// frames with its room.
    pending: Vec<u8>,
    encoder: Encoder,
    screen: ScreenSize,
    /// The size the terminal gave when last asked, until it is forgotten.
    asked: Noted<Option<Size>>,
    /// Where a frame that shows no cursor leaves it, if anywhere in particular.
    park: Option<Position>,
}

impl<W: Write> LeanBackend<W> {
    /// A backend writing to `writer` on a screen sized by `screen`.
    pub fn new(writer: W, screen: ScreenSize) -> Self {
        let size = match screen {
            ScreenSize::Fixed(size) => size,
            ScreenSize::Terminal(_) => Size::default(),
        };
        Self {
            writer,
            pending: Vec::with_capacity(FRAME_ROOM),
            encoder: Encoder::new(size),
            screen,
            asked: Noted::new(None),
            park: None,
        }
    }

    /// Has each frame that shows no cursor leave it, hidden, at `park` (in the frame's own
    /// write), rather than wherever the frame's last cell was.
    pub fn park_at(&mut self, park: Option<Position>) {
        self.park = park;
    }

    /// The writer the frames go to.
    pub fn writer(&self) -> &W {
        &self.writer
    }

    /// Says the screen is now sized by `screen`, as after a resize.
    pub fn set_screen(&mut self, screen: ScreenSize) {
        self.screen = screen;
        self.asked.set(None);
    }

    /// Says what becomes of a row that gets shorter ([`Shrinking`]).
    pub fn set_shrinking(&mut self, shrinking: Shrinking) {
        self.encoder.set_shrinking(shrinking);
    }

    /// Says how the cell the cursor moves to may be named ([`Addressing`]).
    pub fn set_addressing(&mut self, addressing: Addressing) {
        self.encoder.set_addressing(addressing);
    }

    /// Takes `size` as the screen's until it is forgotten: the size the terminal itself
    /// reported, which can be newer than the one it last told the program.
    pub fn note_size(&mut self, size: Size) {
        self.asked.set(Some(size));
        self.encoder.set_size(size);
    }

    /// Takes the cursor to stand at `cursor`, as the terminal reported: a terminal moves it
    /// with the rows of a resized screen.
    pub fn note_cursor(&mut self, cursor: Position) {
        self.encoder.note_cursor(cursor);
    }

    /// Queues bytes the encoder does not need to understand (a query that moves nothing).
    pub fn send(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
    }

    /// The screen's full size, uncapped, as the terminal says now.
    fn ask_size(&self) -> io::Result<Size> {
        match &self.screen {
            ScreenSize::Fixed(size) => Ok(*size),
            ScreenSize::Terminal(tty) => {
                let window = rustix::termios::tcgetwinsize(tty)?;
                let size = Size::new(window.ws_col, window.ws_row);
                self.asked.set(Some(size));
                Ok(size)
            }
        }
    }

    /// The screen's full size, uncapped: the one the terminal gave last, if it is still
    /// known.
    fn known_size(&self) -> io::Result<Size> {
        match self.asked.get() {
            Some(size) => Ok(size),
            None => self.ask_size(),
        }
    }

    /// Tells the encoder the screen's size.
    fn follow_size(&mut self) -> io::Result<()> {
        let size = self.known_size()?;
        self.encoder.set_size(size);
        Ok(())
    }
}

impl<W: Write> LeanBackend<W> {
    /// Appends lines by writing newlines; the screen scrolls, so the encoder forgets it, all
    /// but a cursor on its last row, which stays there.
    pub fn append_lines(&mut self, n: u16) {
        let cursor = self.encoder.cursor();
        self.encoder.reset_style(&mut self.pending);
        self.pending
            .extend(std::iter::repeat_n(b'\n', usize::from(n)));
        self.encoder.forget();
        // A line feed on the screen's last row scrolls the screen and leaves the cursor where
        // it was (raw, it returns to no row's start).
        let last = self.encoder.size().height.saturating_sub(1);
        if let Some(at) = cursor.filter(|at| at.y == last) {
            self.encoder.note_cursor(at);
        }
    }

    /// Hides the cursor, unless it is hidden already.
    pub fn hide_cursor(&mut self) {
        self.encoder.hide_cursor(&mut self.pending);
    }

    /// Shows the cursor, unless it is shown already.
    pub fn show_cursor(&mut self) {
        self.encoder.show_cursor(&mut self.pending);
    }

    /// How many cells of row `y` show something as far as the encoder knows (all of it when it
    /// cannot tell).
    pub fn shown_width(&self, y: u16) -> u16 {
        self.encoder.shown_width(y)
    }

    /// The size of the screen frames were last encoded for.
    pub fn drawn_size(&self) -> Size {
        self.encoder.size()
    }

    /// Where the encoder left the cursor; a terminal that can say should be asked instead.
    pub fn cursor_position(&self) -> Position {
        self.encoder.cursor().unwrap_or_default()
    }

    /// Moves the cursor to `position` the shortest way.
    ///
    /// # Errors
    /// When the terminal's size cannot be read.
    pub fn set_cursor_position(&mut self, position: Position) -> io::Result<()> {
        self.follow_size()?;
        self.encoder.move_to(&mut self.pending, position);
        Ok(())
    }

    /// Erases `erase` and notes what it cleared.
    ///
    /// # Errors
    /// When the terminal's size cannot be read.
    pub fn clear_region(&mut self, erase: Erase) -> io::Result<()> {
        self.follow_size()?;
        self.encoder.erase(&mut self.pending, erase);
        Ok(())
    }

    /// The screen's full size, as the terminal says now.
    ///
    /// # Errors
    /// When the terminal's size cannot be read.
    pub fn size(&self) -> io::Result<Size> {
        self.ask_size()
    }

    /// Hands everything gathered since the last flush to the writer in one `write_all`.
    ///
    /// # Errors
    /// When the writer fails.
    pub fn flush(&mut self) -> io::Result<()> {
        if !self.pending.is_empty() {
            let written = self.writer.write_all(&self.pending);
            self.pending.clear();
            written?;
        }
        self.writer.flush()
    }
}

impl<W: Write> DrawTarget for LeanBackend<W> {
    fn screen_size(&self) -> io::Result<Size> {
        self.known_size()
    }

    fn forget_size(&mut self) {
        self.asked.set(None);
    }

    fn begin_frame(&mut self) -> io::Result<u64> {
        self.follow_size()?;
        Ok(self.encoder.epoch())
    }

    fn erase_screen(&mut self) -> io::Result<()> {
        self.clear_region(Erase::All)
    }

    fn draw_row(&mut self, x: u16, y: u16, row: &RowCells, unchanged_before: usize) {
        self.encoder
            .draw_row(&mut self.pending, x, y, &row.as_painted(unchanged_before));
    }

    fn is_blank_from(&self, from: u16, y: u16) -> bool {
        self.encoder.is_blank_from(from, y)
    }

    fn write_fresh(&mut self, y: u16, from: u16, runs: &[FreshRun<'_>]) -> bool {
        self.encoder.write_fresh(&mut self.pending, y, from, runs)
    }

    fn blank_row_from(&mut self, x: u16, y: u16, right: u16) -> bool {
        self.encoder.blank_row_from(&mut self.pending, x, y, right)
    }

    fn scroll_rows(&mut self, top: u16, bottom: u16, by: i16) -> bool {
        self.encoder.scroll_rows(&mut self.pending, top, bottom, by)
    }

    fn forget_cells(&mut self) {
        self.encoder.forget();
    }

    fn end_frame(&mut self) {
        self.encoder.end_frame(&mut self.pending);
    }

    fn place_cursor(&mut self, at: Option<Position>) -> io::Result<()> {
        if let Some(at) = at {
            self.show_cursor();
            self.set_cursor_position(at)
        } else {
            self.hide_cursor();
            match self.park {
                Some(park) => self.set_cursor_position(park),
                None => Ok(()),
            }
        }
    }

    fn flush_frame(&mut self) -> io::Result<()> {
        self.flush()
    }
}
