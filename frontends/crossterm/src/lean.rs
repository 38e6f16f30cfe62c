//! A ratatui backend that writes each frame in as few bytes as it can, in one `write`.
//!
//! ratatui's diff says which cells changed; the [`Encoder`] says how to get them on the screen
//! cheaply, knowing what the screen already shows. Everything a frame needs is gathered and
//! handed to the writer when ratatui flushes, so a frame reaches the terminal whole.

use std::cell::Cell as Noted;
use std::fs::File;
use std::io::{self, Write};

use ratatui::backend::{Backend, ClearType, WindowSize};
use ratatui::buffer::Cell;
use ratatui::layout::{Position, Size};

use crate::encode::{Encoder, Erase};

/// Where the backend learns the screen's size.
#[derive(Debug)]
pub enum ScreenSize {
    /// From the terminal device open on this file, each time it is asked (`TIOCGWINSZ` on the
    /// descriptor already open, rather than opening the device again).
    Terminal(File),
    /// A size given once, for a screen that is not a terminal (a measurement, a test).
    Fixed(Size),
}

/// Writes frames to `W` with the shortest encoding the [`Encoder`] finds.
#[derive(Debug)]
pub struct LeanBackend<W: Write> {
    writer: W,
    pending: Vec<u8>,
    encoder: Encoder,
    screen: ScreenSize,
    /// The size the terminal gave when last asked in this frame; ratatui asks first, and the
    /// encoder follows the same answer rather than asking the device again.
    asked: Noted<Option<Size>>,
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
            pending: Vec::new(),
            encoder: Encoder::new(size),
            screen,
            asked: Noted::new(None),
        }
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

    /// Queues bytes the encoder does not need to understand (a query that moves nothing).
    pub fn send(&mut self, bytes: &[u8]) {
        self.pending.extend_from_slice(bytes);
    }

    /// The screen's full size, uncapped.
    fn screen_size(&self) -> io::Result<Size> {
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

    /// Tells the encoder the screen's size: the one given earlier in this frame, if any.
    fn follow_size(&mut self) -> io::Result<()> {
        let size = match self.asked.get() {
            Some(size) => size,
            None => self.screen_size()?,
        };
        self.encoder.set_size(size);
        Ok(())
    }
}

impl<W: Write> Backend for LeanBackend<W> {
    type Error = io::Error;

    fn draw<'a, I>(&mut self, content: I) -> io::Result<()>
    where
        I: Iterator<Item = (u16, u16, &'a Cell)>,
    {
        self.follow_size()?;
        self.encoder.draw(&mut self.pending, content);
        Ok(())
    }

    /// Appends lines by writing newlines; the screen scrolls, so the encoder forgets it.
    fn append_lines(&mut self, n: u16) -> io::Result<()> {
        self.encoder.reset_style(&mut self.pending);
        self.pending
            .extend(std::iter::repeat_n(b'\n', usize::from(n)));
        self.encoder.forget();
        Ok(())
    }

    fn hide_cursor(&mut self) -> io::Result<()> {
        self.encoder.hide_cursor(&mut self.pending);
        Ok(())
    }

    fn show_cursor(&mut self) -> io::Result<()> {
        self.encoder.show_cursor(&mut self.pending);
        Ok(())
    }

    /// Where the encoder left the cursor; a terminal that can say should be asked instead.
    fn get_cursor_position(&mut self) -> io::Result<Position> {
        Ok(self.encoder.cursor().unwrap_or_default())
    }

    fn set_cursor_position<P: Into<Position>>(&mut self, position: P) -> io::Result<()> {
        self.follow_size()?;
        self.encoder.move_to(&mut self.pending, position.into());
        Ok(())
    }

    fn clear(&mut self) -> io::Result<()> {
        self.clear_region(ClearType::All)
    }

    fn clear_region(&mut self, clear_type: ClearType) -> io::Result<()> {
        self.follow_size()?;
        let erase = match clear_type {
            ClearType::All => Erase::All,
            ClearType::AfterCursor => Erase::AfterCursor,
            ClearType::CurrentLine => Erase::CurrentLine,
            ClearType::UntilNewLine => Erase::UntilNewLine,
            ClearType::BeforeCursor => {
                self.pending.extend_from_slice(b"\x1b[1J");
                Erase::Other
            }
        };
        self.encoder.erase(&mut self.pending, erase);
        Ok(())
    }

    fn size(&self) -> io::Result<Size> {
        self.screen_size()
    }

    fn window_size(&mut self) -> io::Result<WindowSize> {
        match &self.screen {
            ScreenSize::Fixed(size) => Ok(WindowSize {
                columns_rows: *size,
                pixels: Size::default(),
            }),
            ScreenSize::Terminal(tty) => {
                let window = rustix::termios::tcgetwinsize(tty)?;
                Ok(WindowSize {
                    columns_rows: Size::new(window.ws_col, window.ws_row),
                    pixels: Size::new(window.ws_xpixel, window.ws_ypixel),
                })
            }
        }
    }

    /// Hands everything gathered since the last flush to the writer in one `write_all`; the
    /// next frame asks the terminal its size anew.
    fn flush(&mut self) -> io::Result<()> {
        self.asked.set(None);
        if !self.pending.is_empty() {
            let written = self.writer.write_all(&self.pending);
            self.pending.clear();
            written?;
        }
        self.writer.flush()
    }
}
