//! The terminal's line editing turned off while plain prompts read its keys, and back on
//! after: the prompts edit their lines themselves (`TypedLines`) and take the signal keys as
//! the terminal would, except inside a paste, whose bytes are text.

use std::fs::File;
use std::io::{self, Read, Write};
use std::os::unix::net::UnixStream;

use pi_agent_ask_dialogs::plain::typing::{
    BRACKETED_PASTE_OFF, BRACKETED_PASTE_ON, Echoes, EditKeys, SignalKey, SignalKeys,
};
use rustix::process::Signal;
use rustix::termios::{InputModes, LocalModes, OptionalActions, SpecialCodeIndex, Termios};
use signal_hook::SigId;
use signal_hook::consts::signal::SIGCONT;

use crate::foreground::in_foreground_of;
use crate::interrupt;
use crate::terminal::{discard_unread_input, term_is_dumb};

/// The terminal's input read key by key, its line editing and echo off, as they were again
/// when dropped (the prompts end, a signal ended them, or the run fails): signals' keys
/// (Ctrl-C, Ctrl-Z) still raise them when typed, not when pasted.
pub struct KeysOnly {
    keys: Box<dyn Read + Send>,
    terminal: File,
    /// The settings while the keys are read.
    keyed: Termios,
    /// The settings before, given back when dropped.
    saved: Termios,
    /// The registration that wakes a read when the process continues after a stop.
    on_continue: SigId,
    /// Where the terminal's bracketed paste is turned on while the keys are read, so a pasted
    /// line break is text rather than Enter; `None` on a terminal that does not echo (a host
    /// that shows what is typed itself) or is `dumb`, which may not take the sequence.
    paste_switch: Option<File>,
}

impl KeysOnly {
    /// Turns the line editing of the terminal `reader` reads off, and its bracketed paste on
    /// through `writer` when it echoes; returns its keys, the editing keys its settings name
    /// and whether it echoed, or `reader` back when it is no terminal.
    pub fn start(reader: File, writer: Option<File>) -> Result<(Self, EditKeys, Echoes), File> {
        let Ok(saved) = rustix::termios::tcgetattr(&reader) else {
            return Err(reader);
        };
        let Ok(terminal) = reader.try_clone() else {
            return Err(reader);
        };
        let mut keyed = saved.clone();
        // The signal keys are read as keys, so a paste carrying their bytes raises nothing.
        let signals = saved.local_modes.contains(LocalModes::ISIG).then(|| {
            let key =
                |index: SpecialCodeIndex| Some(saved.special_codes[index]).filter(|&key| key != 0);
            SignalKeys {
                interrupt: key(SpecialCodeIndex::VINTR),
                quit: key(SpecialCodeIndex::VQUIT),
                suspend: key(SpecialCodeIndex::VSUSP),
                raise: raise_signal_key,
            }
        });
        keyed.local_modes.remove(
            LocalModes::ISIG
                | LocalModes::ICANON
                | LocalModes::ECHO
                | LocalModes::ECHOE
                | LocalModes::ECHOK
                | LocalModes::ECHONL
                | LocalModes::IEXTEN,
        );
        // A carriage return reaches the editor as itself (Enter, as a line feed is): a
        // pasted `\r\n` is then one line break, not two.
        keyed.input_modes.remove(InputModes::ICRNL);
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
            signals,
        };
        // A terminal that did not echo (a host that shows what is typed itself, as Emacs's
        // shell does) is not echoed to.
        let echo = if saved.local_modes.contains(LocalModes::ECHO) {
            Echoes::Keys
        } else {
            Echoes::Nothing
        };
        let Some((continued, on_continue)) = continuation() else {
            let _ = rustix::termios::tcsetattr(&terminal, OptionalActions::Now, &saved);
            return Err(reader);
        };
        // Nor is a terminal without cursor control (`TERM=dumb`), which would show the
        // sequence as text.
        let paste_switch = writer.filter(|_| echo == Echoes::Keys && !term_is_dumb());
        let keys = Self {
            keys: interrupt::terminal_reader(reader, continued),
            terminal,
            keyed,
            saved,
            on_continue,
            paste_switch,
        };
        keys.switch_paste(BRACKETED_PASTE_ON);
        Ok((keys, edit_keys, echo))
    }
}

/// Raises the signal of a key typed, as the terminal raises it for its foreground job. Before a
/// stop, a paste still arriving is read to its end and dropped with whatever else was typed
/// and not read, as the terminal drops its unread input, so the shell runs none of it.
fn raise_signal_key(key: SignalKey) {
    let signal = match key {
        SignalKey::Interrupt => Signal::INT,
        SignalKey::Quit => Signal::QUIT,
        SignalKey::Suspend => {
            discard_unread_input();
            Signal::TSTP
        }
    };
    let _ = rustix::process::kill_current_process_group(signal);
}

/// A socket made readable on SIGCONT, and the handler's registration.
fn continuation() -> Option<(UnixStream, SigId)> {
    let (continued, write) = UnixStream::pair().ok()?;
    let id = signal_hook::low_level::pipe::register(SIGCONT, write).ok()?;
    Some((continued, id))
}

impl Read for KeysOnly {
    /// Reads keys. A stop hands the terminal to the shell, which sets it as it likes: once
    /// the process continues (`fg`), the keys' settings are set again, and the read fails
    /// with [`io::ErrorKind::Interrupted`] for the reader to show its line again and read on.
    /// The end of a terminal whose line editing is off comes only with its hang-up, and ends
    /// the run as SIGHUP does.
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        match self.keys.read(buf) {
            Err(error) if error.kind() == io::ErrorKind::Interrupted => {
                rustix::termios::tcsetattr(&self.terminal, OptionalActions::Now, &self.keyed)?;
                // The shell had the terminal meanwhile, and turned its bracketed paste off.
                self.switch_paste(BRACKETED_PASTE_ON);
                Err(error)
            }
            Ok(0) if !buf.is_empty() => {
                interrupt::note_terminal_gone();
                Err(io::Error::other("the terminal hung up"))
            }
            read => read,
        }
    }
}

impl Drop for KeysOnly {
    /// Gives the terminal its settings back, from the foreground only: a process ending in
    /// the background (`kill` of the stopped job) left the terminal to the shell when it
    /// stopped, and setting it from there would stop the process again (SIGTTOU).
    fn drop(&mut self) {
        signal_hook::low_level::unregister(self.on_continue);
        if in_foreground_of(&self.terminal) {
            self.switch_paste(BRACKETED_PASTE_OFF);
            let _ = rustix::termios::tcsetattr(&self.terminal, OptionalActions::Now, &self.saved);
        }
    }
}

impl KeysOnly {
    /// Writes `sequence` (bracketed paste on or off) to the terminal, where it is switched.
    fn switch_paste(&self, sequence: &[u8]) {
        if let Some(mut writer) = self.paste_switch.as_ref() {
            let _ = writer.write_all(sequence);
            let _ = writer.flush();
        }
    }
}

/// Writes to the terminal while the process is in its foreground, and drops what it writes
/// from the background: a prompt continued in the background (`kill` of the stopped job) ends
/// without writing over the shell's line.
pub struct ForegroundWrites {
    terminal: File,
}

impl ForegroundWrites {
    /// Writes to `terminal` while the process is in its foreground.
    pub const fn new(terminal: File) -> Self {
        Self { terminal }
    }
}

impl Write for ForegroundWrites {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        if in_foreground_of(&self.terminal) {
            self.terminal.write(buf)
        } else {
            Ok(buf.len())
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.terminal.flush()
    }
}
