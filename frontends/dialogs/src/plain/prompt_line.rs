//! The terminal's current line as the plain prompts wrote it, for the line editing to show
//! again when it takes the terminal back.

use std::cell::RefCell;
use std::io::{self, Write};
use std::rc::Rc;

/// The text on the terminal's current line, as written to it: what a prompt shows before the
/// keys typed, noted by a [`NotingPrompt`] and shown again by [`TypedLines`](super::typing::TypedLines) with the line
/// typed so far when the program takes the terminal back after a stop (`fg`).
#[derive(Clone, Debug, Default)]
pub struct PromptLine(Rc<RefCell<Vec<u8>>>);

impl PromptLine {
    /// The longest line kept: a prompt, not a page.
    const MOST: usize = 4096;

    /// The line's text as written.
    pub(super) fn text(&self) -> Vec<u8> {
        self.0.borrow().clone()
    }

    /// Notes `written`, written to the terminal: the current line is what follows its last
    /// line break.
    fn note(&self, written: &[u8]) {
        let mut line = self.0.borrow_mut();
        match written.iter().rposition(|&byte| byte == b'\n') {
            Some(last) => {
                line.clear();
                line.extend_from_slice(&written[last + 1..]);
            }
            None => line.extend_from_slice(written),
        }
        if line.len() > Self::MOST {
            line.clear();
        }
    }
}

/// A writer to the terminal that notes its current line in a [`PromptLine`].
#[derive(Debug)]
pub struct NotingPrompt<W> {
    inner: W,
    line: PromptLine,
}

impl<W: Write> NotingPrompt<W> {
    /// Writes to `inner`, noting the current line in `line`.
    pub const fn new(inner: W, line: PromptLine) -> Self {
        Self { inner, line }
    }
}

impl<W: Write> Write for NotingPrompt<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        let written = self.inner.write(buf)?;
        self.line.note(&buf[..written]);
        Ok(written)
    }

    fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }
}
