//! Bytes from the terminal decoded into crossterm events, never waiting for the rest of a
//! sequence.
//!
//! Keys, mouse reports and pastes arrive as bytes, and a sequence can arrive cut: by a slow
//! link, by a program writing to the terminal, or by a report broken off. The decoder keeps an
//! unfinished sequence with the time its last byte came, and the run loop waits for input no
//! longer than [`Decoder::deadline`]: if nothing more comes by then, [`Decoder::expire`] gives
//! the sequence up and reads on. Nothing typed after a cut sequence is lost, and the loop
//! never blocks waiting for bytes that will not come, so signals and timers act on time.
//!
//! - An `ESC` at the end of what arrived is held for [`SEQUENCE_WAIT`]: followed by `[` or `O`
//!   it starts the sequence of a key whose bytes a slow link cut in two (an arrow read as Esc
//!   and then `[B` would start cancelling the form), followed by `\r` or DEL it is alt+enter
//!   or alt+backspace; followed by anything else, or by nothing, it is the Esc key.
//! - A link that cuts a key later than that is learned from: when the rest of a sequence
//!   given up (`[B`, `[1;5C`, a mouse report's) arrives whole in one read within
//!   [`LATE_REST_WINDOW`], it is dropped rather than typed as text (a person types no two
//!   keys in one read), and the wait grows to half as long again as that cut took, up to
//!   [`LONGEST_SEQUENCE_WAIT`], so the next key cut so is read whole.
//! - `ESC [` and `ESC O` left alone are alt+`[` and alt+shift+`o`, the keys that send them.
//! - A longer sequence cut short (`ESC [ 1 ;`, half a mouse report) is dropped after
//!   [`SEQUENCE_WAIT`]; a UTF-8 character cut short is typed as U+FFFD then, as is at once a
//!   byte that is not UTF-8 (a terminal set to Latin-1), so the person sees `�` where
//!   something they typed did not come through.
//! - A bracketed paste is one [`Event::Paste`] once its end arrives. A paste start followed
//!   by [`PASTE_WAIT`] of silence with no end was not a paste: the start is dropped and what
//!   came after it is read as typed keys, so ctrl+c or esc pressed then still act.

mod sequence;
#[cfg(test)]
mod tests;

use std::time::Duration;

use crossterm::event::{Event, KeyCode, KeyEvent, KeyModifiers};

use sequence::{ESC, Parsed, REPLACEMENT_CHARACTER, parse};

/// How long the rest of a cut escape sequence or UTF-8 character may take to arrive.
pub const SEQUENCE_WAIT: Duration = Duration::from_millis(50);

/// The longest the wait for the rest of a sequence grows to on a link that cuts keys late.
pub const LONGEST_SEQUENCE_WAIT: Duration = Duration::from_millis(500);

/// How long after a sequence was given up its rest is still known as such.
pub const LATE_REST_WINDOW: Duration = Duration::from_secs(1);

/// How long a bracketed paste may go without a byte before its start is taken as stray.
pub const PASTE_WAIT: Duration = Duration::from_millis(500);

/// What starts a bracketed paste.
pub(crate) const PASTE_START: &[u8] = b"\x1b[200~";

/// What ends a bracketed paste.
pub(crate) const PASTE_END: &[u8] = b"\x1b[201~";

/// What the bytes kept are.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Reading {
    /// Keys and reports; the bytes kept are the start of one not all here yet.
    #[default]
    Keys,
    /// A bracketed paste; the bytes kept are the text so far, `searched` of them already
    /// known not to hold the paste's end.
    Paste {
        /// How many of the kept bytes were searched for the end.
        searched: usize,
    },
}

/// The start of a sequence given up, kept to know its rest if that comes late.
#[derive(Clone, Debug)]
struct GivenUp {
    /// Its bytes (`ESC`, `ESC [`, `ESC [ 1 ;`).
    bytes: Vec<u8>,
    /// When its last byte arrived.
    at: Duration,
}

/// Decodes the terminal's bytes into events as they arrive.
#[derive(Clone, Debug)]
pub struct Decoder {
    kept: Vec<u8>,
    reading: Reading,
    /// When the last byte arrived, on the run's clock.
    last_byte: Duration,
    /// How long the rest of a sequence is waited for: [`SEQUENCE_WAIT`], longer on a link
    /// seen cutting keys later.
    sequence_wait: Duration,
    /// The sequence given up last, while its rest may still come.
    given_up: Option<GivenUp>,
}

impl Default for Decoder {
    fn default() -> Self {
        Self {
            kept: Vec::new(),
            reading: Reading::Keys,
            last_byte: Duration::ZERO,
            sequence_wait: SEQUENCE_WAIT,
            given_up: None,
        }
    }
}

impl Decoder {
    /// A decoder with nothing kept.
    pub fn new() -> Self {
        Self::default()
    }

    /// Takes `bytes` that arrived at `now`; returns the events they complete.
    pub fn feed(&mut self, bytes: &[u8], now: Duration) -> Vec<Event> {
        let mut events = Vec::new();
        // An `ESC` held from the last read starts a cut sequence only when `[` or `O` comes
        // next, or makes alt+enter or alt+backspace; before anything else it was the Esc key,
        // and what follows is read on its own.
        if self.reading == Reading::Keys
            && self.kept == [ESC]
            && !matches!(bytes.first(), Some(b'[' | b'O' | b'\r' | 0x7f))
        {
            self.kept.clear();
            events.push(Event::Key(KeyEvent::new(KeyCode::Esc, KeyModifiers::NONE)));
        }
        let bytes = self.without_late_rest(bytes, now);
        self.last_byte = now;
        self.kept.extend_from_slice(bytes);
        self.decode(&mut events);
        events
    }

    /// `bytes` less the rest of the sequence given up last, when they start with it whole:
    /// the link cut that key later than the wait, which then grows.
    fn without_late_rest<'a>(&mut self, bytes: &'a [u8], now: Duration) -> &'a [u8] {
        let Some(given_up) = self.given_up.take() else {
            return bytes;
        };
        let late = now.saturating_sub(given_up.at);
        if !self.kept.is_empty() || late > LATE_REST_WINDOW {
            return bytes;
        }
        let mut joined = given_up.bytes.clone();
        joined.extend_from_slice(bytes);
        let is_sequence = matches!(joined.get(1), Some(b'[' | b'O'));
        match parse(&joined) {
            Parsed::Event(Event::Key(_) | Event::Mouse(_), taken)
                if is_sequence && taken > given_up.bytes.len() && taken >= 3 =>
            {
                self.sequence_wait = self
                    .sequence_wait
                    .max(late + late / 2)
                    .min(LONGEST_SEQUENCE_WAIT);
                &bytes[taken - given_up.bytes.len()..]
            }
            _ => bytes,
        }
    }

    /// When what is kept will be given up if nothing more arrives, if anything is kept.
    pub fn deadline(&self) -> Option<Duration> {
        match self.reading {
            Reading::Paste { .. } => Some(self.last_byte + PASTE_WAIT),
            Reading::Keys if self.kept.is_empty() => None,
            Reading::Keys => Some(self.last_byte + self.sequence_wait),
        }
    }

    /// Gives up what was kept past its deadline at `now`; returns the events that gives.
    pub fn expire(&mut self, now: Duration) -> Vec<Event> {
        let mut events = Vec::new();
        while self.deadline().is_some_and(|deadline| deadline <= now) {
            match self.reading {
                Reading::Paste { .. } => {
                    self.reading = Reading::Keys;
                    self.decode(&mut events);
                }
                Reading::Keys => {
                    let kept = std::mem::take(&mut self.kept);
                    events.extend(given_up(&kept));
                    if kept.first() == Some(&ESC) {
                        self.given_up = Some(GivenUp {
                            bytes: kept,
                            at: self.last_byte,
                        });
                    }
                }
            }
        }
        events
    }

    /// Drops what is kept (the input after the suspend key, which the terminal flushed); what
    /// was learned of the link stays.
    pub fn drop_kept(&mut self) {
        self.kept.clear();
        self.reading = Reading::Keys;
        self.given_up = None;
    }

    /// Decodes every whole input kept, keeping the unfinished rest.
    fn decode(&mut self, events: &mut Vec<Event>) {
        let mut at = 0;
        loop {
            match self.reading {
                Reading::Paste { searched } => {
                    let text = &self.kept[at..];
                    let from = searched.saturating_sub(PASTE_END.len() - 1);
                    let end = text[from..]
                        .windows(PASTE_END.len())
                        .position(|window| window == PASTE_END);
                    let Some(end) = end.map(|end| from + end) else {
                        self.reading = Reading::Paste {
                            searched: text.len(),
                        };
                        break;
                    };
                    let pasted = String::from_utf8_lossy(&text[..end]).into_owned();
                    events.push(Event::Paste(pasted));
                    at += end + PASTE_END.len();
                    self.reading = Reading::Keys;
                }
                Reading::Keys => match parse(&self.kept[at..]) {
                    Parsed::Event(event, taken) => {
                        events.push(event);
                        at += taken;
                    }
                    Parsed::Skip(taken) => at += taken,
                    Parsed::PasteStart(taken) => {
                        at += taken;
                        self.reading = Reading::Paste { searched: 0 };
                    }
                    Parsed::Incomplete => break,
                },
            }
        }
        self.kept.drain(..at);
    }
}

/// What a cut sequence is taken as when its rest never came: the key that sends the same
/// bytes, or nothing.
fn given_up(kept: &[u8]) -> Option<Event> {
    let (code, modifiers) = match kept {
        [ESC] => (KeyCode::Esc, KeyModifiers::NONE),
        [ESC, b'['] => (KeyCode::Char('['), KeyModifiers::ALT),
        [ESC, b'O'] => (KeyCode::Char('O'), KeyModifiers::ALT | KeyModifiers::SHIFT),
        [lead, ..] if *lead >= 0x80 => (KeyCode::Char(REPLACEMENT_CHARACTER), KeyModifiers::NONE),
        _ => return None,
    };
    Some(Event::Key(KeyEvent::new(code, modifiers)))
}
