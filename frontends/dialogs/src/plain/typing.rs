//! Lines typed on a terminal whose own line editing is off: the keys are read as they come,
//! and the editing a terminal does for a line (erase a character, a word, the whole line) is
//! done here, the typed text echoed as it goes.
//!
//! A terminal's own line editing keeps at most 4,095 bytes of a line and drops the rest
//! unseen, so a long answer pasted into a prompt would arrive cut; and Ctrl-D after text
//! only hands the text over, a second Ctrl-D ending the input. Read here, a line is as long
//! as what is typed or pasted, and one Ctrl-D ends it and dismisses the prompt, as the prompt
//! says. The echo is plain text: every character typed shows as its sanitized form, escape
//! sequences (arrow keys, function keys) are dropped, and no control character reaches the
//! terminal. A bracketed paste is text: its line breaks stay in the line and its control
//! bytes are no keys.

use std::borrow::Cow;

use pi_agent_ask_core::text::{sanitize_line, width};
use unicode_segmentation::UnicodeSegmentation as _;

pub use super::prompt_line::{NotingPrompt, PromptLine};
pub use super::typed_lines::{Echoes, TypedLines};

/// The bytes of the editing keys, as the terminal's settings name them (`stty -a`).
#[derive(Clone, Copy, Debug)]
pub struct EditKeys {
    /// Erases the character before the cursor (`erase`, usually DEL); backspace always does.
    pub erase: u8,
    /// Erases the whole line (`kill`, usually Ctrl-U).
    pub kill: u8,
    /// Erases the word before the cursor (`werase`, usually Ctrl-W).
    pub word_erase: u8,
    /// Ends the input (`eof`, usually Ctrl-D): the prompt is dismissed.
    pub end: u8,
    /// The keys that raise a signal, read here when the terminal's own signal keys are off;
    /// `None` where the terminal raises them itself.
    pub signals: Option<SignalKeys>,
}

/// The keys that raise a signal (`intr`, `quit`, `susp`) and what raises it. A terminal that
/// raises them itself does so for their bytes inside a paste too, so a pasted Ctrl-Z byte
/// would stop the program; read here, they raise their signal only as keys.
#[derive(Clone, Copy, Debug)]
pub struct SignalKeys {
    /// Interrupts (`intr`, usually Ctrl-C).
    pub interrupt: Option<u8>,
    /// Quits (`quit`, usually `Ctrl-\`).
    pub quit: Option<u8>,
    /// Stops the job (`susp`, usually Ctrl-Z).
    pub suspend: Option<u8>,
    /// Raises the signal of a key typed, as the terminal would have.
    pub raise: fn(SignalKey),
}

/// A key that raises a signal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SignalKey {
    /// SIGINT.
    Interrupt,
    /// SIGQUIT.
    Quit,
    /// SIGTSTP.
    Suspend,
}

impl SignalKeys {
    /// The signal key whose byte is `byte`, if any.
    fn key_of(&self, byte: u8) -> Option<SignalKey> {
        [
            (self.interrupt, SignalKey::Interrupt),
            (self.quit, SignalKey::Quit),
            (self.suspend, SignalKey::Suspend),
        ]
        .into_iter()
        .find_map(|(key, signal)| (key == Some(byte)).then_some(signal))
    }
}

impl Default for EditKeys {
    fn default() -> Self {
        Self {
            erase: 0x7f,
            kill: 0x15,
            word_erase: 0x17,
            end: 0x04,
            signals: None,
        }
    }
}

/// What a key finished.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Typed {
    /// A line, entered with Enter (without its line break).
    Line(String),
    /// The end-of-input key, pressed after the text it carries (none on an empty line).
    End(String),
    /// A key that raises a signal, typed outside a paste; the line stays as it was.
    Signal(SignalKey),
}

/// Where an escape sequence being read stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Escape {
    /// None is being read.
    Outside,
    /// ESC came: a `[` or an `O` starts a sequence; any other byte is read as itself.
    Started,
    /// Inside a sequence, which its final byte (`@` to `~`) ends.
    Inside,
}

/// Turns the terminal's bracketed paste on: a paste comes between `ESC [ 200 ~` and
/// `ESC [ 201 ~`, so its line breaks are text, not Enter.
pub const BRACKETED_PASTE_ON: &[u8] = b"\x1b[?2004h";
/// Turns the terminal's bracketed paste off again.
pub const BRACKETED_PASTE_OFF: &[u8] = b"\x1b[?2004l";
/// The parameters of the sequences (`ESC [ 200 ~`, `ESC [ 201 ~`) around a paste.
const PASTE_START: &[u8] = b"200";
const PASTE_END: &[u8] = b"201";

/// How a line break pasted into a line reaches the reader of [`TypedLines`], whose lines end
/// at `\n`: the record separator, which no key types into a line (control bytes are not
/// kept), read back as a line break by [`pasted_line_breaks`].
pub const PASTED_LINE_BREAK: char = '\u{1e}';

/// `line`, read from [`TypedLines`], with the line breaks pasted into it back.
pub fn pasted_line_breaks(line: &str) -> Cow<'_, str> {
    if line.contains(PASTED_LINE_BREAK) {
        Cow::Owned(line.replace(PASTED_LINE_BREAK, "\n"))
    } else {
        Cow::Borrowed(line)
    }
}

/// The line being typed, edited byte by byte.
#[derive(Debug)]
pub struct LineEditor {
    keys: EditKeys,
    line: String,
    /// The first bytes of a character typed in UTF-8, not yet whole.
    partial: Vec<u8>,
    escape: Escape,
    /// The parameter bytes of the escape sequence being read.
    sequence: Vec<u8>,
    /// Whether the bytes come from a paste, whose line breaks and control bytes are text
    /// rather than keys, and the last byte pasted was `\r` (its `\n` after it is the same
    /// break).
    pasting: Option<AfterReturn>,
}

/// Whether the last byte pasted was a carriage return.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum AfterReturn {
    No,
    Yes,
}

/// What the terminal is shown for `text` typed: its sanitized form, a tab a single space.
fn echoed(text: &str) -> Cow<'_, str> {
    if text.contains('\t') {
        Cow::Owned(sanitize_line(&text.replace('\t', " ")).into_owned())
    } else {
        sanitize_line(text)
    }
}

/// The cells the terminal shows `text` typed in.
fn cells(text: &str) -> usize {
    width(&echoed(text))
}

/// Writes to `echo` what turns the last `cells` cells before the cursor blank, the cursor
/// back over them.
fn erase_cells(cells: usize, echo: &mut Vec<u8>) {
    echo.extend(std::iter::repeat_n(b'\x08', cells));
    echo.extend(std::iter::repeat_n(b' ', cells));
    echo.extend(std::iter::repeat_n(b'\x08', cells));
}

impl LineEditor {
    /// An empty line, edited with `keys`.
    pub const fn new(keys: EditKeys) -> Self {
        Self {
            keys,
            line: String::new(),
            partial: Vec::new(),
            escape: Escape::Outside,
            sequence: Vec::new(),
            pasting: None,
        }
    }

    /// The text typed so far on the line, which is left empty.
    pub fn take(&mut self) -> String {
        self.flush_partial();
        std::mem::take(&mut self.line)
    }

    /// Takes one byte typed, writing to `echo` what the terminal is to show for it; returns
    /// what it finished, if anything.
    pub fn feed(&mut self, byte: u8, echo: &mut Vec<u8>) -> Option<Typed> {
        match self.escape {
            Escape::Started if matches!(byte, b'[' | b'O') => {
                self.escape = Escape::Inside;
                self.sequence.clear();
                return None;
            }
            // Alt and a key: nothing is typed; Alt+Backspace erases a word, as in a shell.
            Escape::Started if byte == self.keys.erase || byte == b'\x08' => {
                self.escape = Escape::Outside;
                self.erase_word(echo);
                return None;
            }
            Escape::Started if (0x20..0x7f).contains(&byte) => {
                self.escape = Escape::Outside;
                return None;
            }
            Escape::Started => self.escape = Escape::Outside,
            Escape::Inside => {
                if (0x40..=0x7e).contains(&byte) {
                    self.escape = Escape::Outside;
                    if byte == b'~' {
                        self.paste_marker();
                    }
                } else if self.sequence.len() < 8 {
                    self.sequence.push(byte);
                }
                return None;
            }
            Escape::Outside => {}
        }
        if byte >= 0x80 {
            self.partial.push(byte);
            match std::str::from_utf8(&self.partial) {
                Ok(whole) => {
                    let character = whole.chars().next().unwrap_or(char::REPLACEMENT_CHARACTER);
                    self.partial.clear();
                    self.insert(character, echo);
                }
                Err(error) if error.error_len().is_some() || self.partial.len() >= 4 => {
                    self.partial.clear();
                    self.insert(char::REPLACEMENT_CHARACTER, echo);
                }
                Err(_) => {}
            }
            return None;
        }
        self.flush_partial_echoed(echo);
        if let Some(after_return) = self.pasting {
            self.pasted(byte, after_return, echo);
            return None;
        }
        if let Some(key) = self.keys.signals.and_then(|signals| signals.key_of(byte)) {
            return Some(Typed::Signal(key));
        }
        match byte {
            b'\r' | b'\n' => {
                echo.push(b'\n');
                Some(Typed::Line(std::mem::take(&mut self.line)))
            }
            _ if byte == self.keys.end => Some(Typed::End(std::mem::take(&mut self.line))),
            _ if byte == self.keys.erase || byte == b'\x08' => {
                // A whole character as it shows: an accent with its letter, an emoji sequence.
                let kept = self
                    .line
                    .grapheme_indices(true)
                    .next_back()
                    .map_or(0, |(start, _)| start);
                self.erase_from(kept, echo);
                None
            }
            _ if byte == self.keys.kill => {
                self.erase_from(0, echo);
                None
            }
            _ if byte == self.keys.word_erase => {
                self.erase_word(echo);
                None
            }
            0x1b => {
                self.escape = Escape::Started;
                None
            }
            // A tab is kept in the text and shows as one space, which erases as one cell.
            b'\t' => {
                self.insert('\t', echo);
                None
            }
            0x20..=0x7e => {
                self.insert(char::from(byte), echo);
                None
            }
            _ => None,
        }
    }

    /// Ends a paste whose end will not come (the process was stopped, and the shell took the
    /// rest of it): what is typed next is keys again.
    pub fn cut_paste(&mut self) {
        self.pasting = None;
        self.escape = Escape::Outside;
    }

    /// Starts or ends a paste at the sequence `ESC [ 200 ~` or `ESC [ 201 ~` just read.
    fn paste_marker(&mut self) {
        match self.sequence.as_slice() {
            PASTE_START => self.pasting = Some(AfterReturn::No),
            PASTE_END => self.pasting = None,
            _ => {}
        }
    }

    /// Takes one byte of a paste: a line break (`\r`, `\n`, or both) is kept in the line,
    /// shown as `↵`; the editing keys and the other control bytes are text a paste carries,
    /// not keys, so nothing is erased or ended (a tab is kept, the rest dropped).
    fn pasted(&mut self, byte: u8, after_return: AfterReturn, echo: &mut Vec<u8>) {
        self.pasting = Some(if byte == b'\r' {
            AfterReturn::Yes
        } else {
            AfterReturn::No
        });
        match byte {
            b'\n' if after_return == AfterReturn::Yes => {}
            b'\r' | b'\n' => self.insert('\n', echo),
            0x1b => self.escape = Escape::Started,
            b'\t' => self.insert('\t', echo),
            0x20..=0x7e => self.insert(char::from(byte), echo),
            _ => {}
        }
    }

    /// The line typed so far as the terminal shows it.
    pub fn shown(&self) -> Cow<'_, str> {
        echoed(&self.line)
    }

    /// The end of what one read of the terminal brought: an ESC that ends it was the Escape
    /// key pressed alone (a key's sequence comes whole in one read), and starts nothing.
    pub fn read_ended(&mut self) {
        if self.escape == Escape::Started {
            self.escape = Escape::Outside;
        }
    }

    /// Adds `character` to the line and echoes it as it shows.
    fn insert(&mut self, character: char, echo: &mut Vec<u8>) {
        self.line.push(character);
        echo.extend_from_slice(echoed(character.encode_utf8(&mut [0; 4])).as_bytes());
    }

    /// Takes the line back to its first `kept` bytes, blanking the cells of the rest.
    fn erase_from(&mut self, kept: usize, echo: &mut Vec<u8>) {
        erase_cells(cells(&self.line[kept..]), echo);
        self.line.truncate(kept);
    }

    /// Takes back the word before the cursor and the spaces after it.
    fn erase_word(&mut self, echo: &mut Vec<u8>) {
        let kept = self
            .line
            .trim_end()
            .trim_end_matches(|c: char| !c.is_whitespace())
            .len();
        self.erase_from(kept, echo);
    }

    /// A character left unfinished by the byte after it is a replacement character.
    fn flush_partial_echoed(&mut self, echo: &mut Vec<u8>) {
        if !self.partial.is_empty() {
            self.partial.clear();
            self.insert(char::REPLACEMENT_CHARACTER, echo);
        }
    }

    fn flush_partial(&mut self) {
        if !self.partial.is_empty() {
            self.partial.clear();
            self.line.push(char::REPLACEMENT_CHARACTER);
        }
    }
}

#[cfg(test)]
#[path = "typing_tests.rs"]
mod tests;
