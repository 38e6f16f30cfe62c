//! A terminal's keys read as the lines they type ([`TypedLines`]): the keys go through a
//! [`LineEditor`], which echoes them, and each finished line is handed to a reader as a
//! terminal's own line editing would hand it, a pasted line break kept inside its line.

use std::io::{self, Read, Write};

use super::prompt_line::PromptLine;
use super::typing::{EditKeys, LineEditor, PASTED_LINE_BREAK, SignalKey, SignalKeys, Typed};

/// A terminal's keys read as the lines they type: what a terminal's own line editing hands a
/// reader, a line at a time with its line break, except that Ctrl-D after text hands the text
/// over and then the end of input at once (a reader that reads to a line break sees a line
/// without one: the prompt is dismissed), and a line is never cut.
#[derive(Debug)]
pub struct TypedLines<R, W> {
    keys: R,
    echo: W,
    editor: LineEditor,
    /// Bytes read from the terminal and not yet edited, from `unread_at` on: a paste of
    /// several lines arrives in one read.
    unread: Vec<u8>,
    unread_at: usize,
    /// A finished line not yet read, from `ready_at` on.
    ready: Vec<u8>,
    ready_at: usize,
    /// Whether the end of input is to be read once `ready` is.
    end_after: bool,
    /// What the terminal's line showed before the keys, shown again with them when the
    /// reader takes the terminal back.
    prompt: Option<PromptLine>,
    /// Whether the keys typed are echoed.
    echoes: Echoes,
    /// The keys that raise a signal, where the terminal's own are off.
    signals: Option<SignalKeys>,
}

/// Whether the keys typed are echoed: not on a terminal that did not echo before (a host that
/// shows what is typed itself, as Emacs's shell does).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Echoes {
    /// The keys are echoed as they are typed.
    Keys,
    /// Nothing typed is echoed; only a prompt shown again is written.
    Nothing,
}

impl<R: Read, W: Write> TypedLines<R, W> {
    /// The lines typed on `keys`, the terminal's input with its own editing off, echoed to
    /// `echo`, edited with `edit_keys`.
    pub fn new(keys: R, echo: W, edit_keys: EditKeys) -> Self {
        Self {
            keys,
            echo,
            editor: LineEditor::new(edit_keys),
            signals: edit_keys.signals,
            unread: Vec::new(),
            unread_at: 0,
            ready: Vec::new(),
            ready_at: 0,
            end_after: false,
            prompt: None,
            echoes: Echoes::Keys,
        }
    }

    /// The same lines, the terminal's line before the keys shown again from `prompt` when a
    /// read of `keys` is interrupted ([`io::ErrorKind::Interrupted`]): the program took the
    /// terminal back after a stop.
    #[must_use]
    pub fn with_prompt(mut self, prompt: PromptLine) -> Self {
        self.prompt = Some(prompt);
        self
    }

    /// The same lines, the keys typed echoed or not.
    #[must_use]
    pub const fn echoing(mut self, echoes: Echoes) -> Self {
        self.echoes = echoes;
        self
    }

    /// Shows the prompt and the line typed so far (when keys are echoed) again, on the line
    /// the cursor is on.
    fn show_again(&mut self) -> io::Result<()> {
        let Some(prompt) = &self.prompt else {
            return Ok(());
        };
        let mut shown = prompt.text();
        if self.echoes == Echoes::Keys {
            shown.extend_from_slice(self.editor.shown().as_bytes());
        }
        self.echo.write_all(&shown)?;
        self.echo.flush()
    }

    /// Raises the signal of `key` as the terminal would, dropping what was read after it, as
    /// the terminal drops its unread input: after a stop the next read is interrupted, and
    /// the line is shown again.
    fn raise(&mut self, key: SignalKey) {
        self.unread_at = self.unread.len();
        if let Some(signals) = self.signals {
            (signals.raise)(key);
        }
    }

    /// Edits the keys typed until a line or the end of input is finished, echoing them.
    fn next_typed(&mut self) -> io::Result<Typed> {
        loop {
            if self.unread_at == self.unread.len() {
                self.unread.resize(4096, 0);
                let count = match self.keys.read(&mut self.unread) {
                    Err(error) if error.kind() == io::ErrorKind::Interrupted => {
                        self.unread.clear();
                        self.unread_at = 0;
                        // A paste a stop cut off never ends: keys typed after are keys.
                        self.editor.cut_paste();
                        self.show_again()?;
                        continue;
                    }
                    read => read?,
                };
                self.unread.truncate(count);
                self.unread_at = 0;
                if count == 0 {
                    return Ok(Typed::End(self.editor.take()));
                }
            }
            let mut echo = Vec::new();
            let mut typed = None;
            while typed.is_none() && self.unread_at < self.unread.len() {
                let byte = self.unread[self.unread_at];
                self.unread_at += 1;
                typed = self.editor.feed(byte, &mut echo);
            }
            if self.unread_at == self.unread.len() {
                self.editor.read_ended();
            }
            if self.echoes == Echoes::Keys {
                self.echo.write_all(&echo)?;
                self.echo.flush()?;
            }
            match typed {
                Some(Typed::Signal(key)) => self.raise(key),
                Some(typed) => return Ok(typed),
                None => {}
            }
        }
    }
}

impl<R: Read, W: Write> Read for TypedLines<R, W> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        if self.ready_at == self.ready.len() {
            if std::mem::take(&mut self.end_after) {
                return Ok(0);
            }
            self.ready.clear();
            self.ready_at = 0;
            loop {
                match self.next_typed()? {
                    Typed::Line(line) => {
                        let line = line.replace('\n', PASTED_LINE_BREAK.encode_utf8(&mut [0; 4]));
                        self.ready.extend_from_slice(line.as_bytes());
                        self.ready.push(b'\n');
                    }
                    Typed::End(text) if text.is_empty() => return Ok(0),
                    Typed::End(text) => {
                        let text = text.replace('\n', PASTED_LINE_BREAK.encode_utf8(&mut [0; 4]));
                        self.ready.extend_from_slice(text.as_bytes());
                        self.end_after = true;
                    }
                    Typed::Signal(key) => {
                        self.raise(key);
                        continue;
                    }
                }
                break;
            }
        }
        let count = buf.len().min(self.ready.len() - self.ready_at);
        buf[..count].copy_from_slice(&self.ready[self.ready_at..self.ready_at + count]);
        self.ready_at += count;
        Ok(count)
    }
}
