//! The terminal plain dialogs talk to: `/dev/tty` when it opens, so standard output stays
//! clean for the JSON result; otherwise prompts on standard error and answers from standard
//! input.
//!
//! Answers are read through [`interrupt::reader`], so SIGINT (Ctrl-C), SIGTERM and SIGHUP end
//! a prompt that waits for its line at once: the read fails, the prompt's line is ended, the
//! flow is cancelled with the answers so far, and the caller exits with the signal's status
//! (after [`discard_unread_input`]); so does a host that stops reading the program's output.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, Read, Write};

use pi_agent_ask_dialogs::plain::PlainDialogs;
use pi_agent_ask_dialogs::plain::typing::{EditKeys, TypedLines};
use rustix::termios::{LocalModes, OptionalActions, SpecialCodeIndex, Termios};

use crate::interrupt;

/// Plain dialogs reading and writing line by line.
pub type Terminal = PlainDialogs<Box<dyn BufRead>, Box<dyn Write>>;

fn open_tty() -> Option<(File, File)> {
    if !cfg!(unix) {
        return None;
    }
    let reader = OpenOptions::new().read(true).open("/dev/tty").ok()?;
    let writer = OpenOptions::new().write(true).open("/dev/tty").ok()?;
    Some((reader, writer))
}

/// Drops what was typed on the terminal and never read: the line a signal cut off before it
/// was entered would otherwise reach the shell, which runs it once `enter` is pressed there.
pub fn discard_unread_input() {
    if let Some((reader, _)) = open_tty() {
        let _ = rustix::termios::tcflush(&reader, rustix::termios::QueueSelector::IFlush);
    }
}

/// Whether the process has a terminal to prompt on.
pub fn tty_available() -> bool {
    open_tty().is_some()
}

/// Whether `TERM` names a terminal without cursor control (`dumb`).
pub fn term_is_dumb() -> bool {
    std::env::var_os("TERM").is_some_and(|term| term == "dumb")
}

/// The terminal for plain prompts, its answers read so that a signal ends the wait (see
/// [`interrupt`]). On `/dev/tty` the lines are edited by the program ([`TypedLines`]), the
/// terminal's own line editing off while the prompts last: a line is never cut at the
/// terminal's 4,095 bytes, and one Ctrl-D after text dismisses.
pub fn plain_dialogs() -> Terminal {
    interrupt::watch();
    match open_tty() {
        Some((reader, writer)) => {
            let lines: Box<dyn BufRead> =
                match (KeysOnly::start(reader), writer.try_clone()) {
                    // A terminal that did not echo (a host that shows what is typed itself, as
                    // Emacs's shell does) is not echoed to.
                    (Ok((keys, edit_keys, Echo::Off)), _) => Box::new(BufReader::new(
                        TypedLines::new(keys, std::io::sink(), edit_keys),
                    )),
                    (Ok((keys, edit_keys, Echo::On)), Ok(echo)) => {
                        Box::new(BufReader::new(TypedLines::new(keys, echo, edit_keys)))
                    }
                    (Ok((keys, _, Echo::On)), Err(_)) => Box::new(BufReader::new(keys)),
                    (Err(reader), _) => {
                        Box::new(BufReader::new(interrupt::reader_watching_output(reader)))
                    }
                };
            PlainDialogs::new(lines, Box::new(writer))
        }
        None => PlainDialogs::new(
            Box::new(BufReader::new(interrupt::reader_watching_output(
                std::io::stdin(),
            ))),
            Box::new(std::io::stderr()),
        ),
    }
}

/// Whether a terminal echoed what was typed before its line editing was turned off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Echo {
    /// It did: the program echoes the keys in its place.
    On,
    /// It did not: neither does the program.
    Off,
}

/// The terminal's input read key by key, its line editing and echo off, as they were again
/// when dropped (the prompts end, a signal ended them, or the run fails): signals' keys
/// (Ctrl-C) still raise them.
struct KeysOnly {
    keys: Box<dyn Read + Send>,
    terminal: File,
    saved: Termios,
}

impl KeysOnly {
    /// Turns the line editing of the terminal `reader` reads off; returns its keys, the
    /// editing keys its settings name and whether it echoed, or `reader` back when it is no
    /// terminal.
    fn start(reader: File) -> Result<(Self, EditKeys, Echo), File> {
        let Ok(saved) = rustix::termios::tcgetattr(&reader) else {
            return Err(reader);
        };
        let Ok(terminal) = reader.try_clone() else {
            return Err(reader);
        };
        let mut keyed = saved.clone();
        keyed.local_modes.remove(
            LocalModes::ICANON
                | LocalModes::ECHO
                | LocalModes::ECHOE
                | LocalModes::ECHOK
                | LocalModes::ECHONL
                | LocalModes::IEXTEN,
        );
        keyed.special_codes[SpecialCodeIndex::VMIN] = 1;
        keyed.special_codes[SpecialCodeIndex::VTIME] = 0;
        if rustix::termios::tcsetattr(&terminal, OptionalActions::Now, &keyed).is_err() {
            return Err(reader);
        }
        let defaults = EditKeys::default();
        // A key a terminal's settings disable reads as 0: the usual one stands in for it.
        let key = |index: SpecialCodeIndex, usual: u8| match saved.special_codes[index] {
            0 => usual,
            key => key,
        };
        let edit_keys = EditKeys {
            erase: key(SpecialCodeIndex::VERASE, defaults.erase),
            kill: key(SpecialCodeIndex::VKILL, defaults.kill),
            word_erase: key(SpecialCodeIndex::VWERASE, defaults.word_erase),
            end: key(SpecialCodeIndex::VEOF, defaults.end),
        };
        let echo = if saved.local_modes.contains(LocalModes::ECHO) {
            Echo::On
        } else {
            Echo::Off
        };
        let keys = Self {
            keys: interrupt::reader_watching_output(reader),
            terminal,
            saved,
        };
        Ok((keys, edit_keys, echo))
    }
}

impl Read for KeysOnly {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        self.keys.read(buf)
    }
}

impl Drop for KeysOnly {
    fn drop(&mut self) {
        let _ = rustix::termios::tcsetattr(&self.terminal, OptionalActions::Now, &self.saved);
    }
}
