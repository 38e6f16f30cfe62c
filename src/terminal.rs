//! The terminal plain dialogs talk to: `/dev/tty` when it opens, so standard output stays
//! clean for the JSON result; otherwise prompts on standard error and answers from standard
//! input.
//!
//! Answers are read through [`interrupt::reader`], so SIGINT (Ctrl-C), SIGTERM and SIGHUP end
//! a prompt that waits for its line at once: the read fails, the prompt's line is ended, the
//! flow is cancelled with the answers so far, and the caller exits with the signal's status
//! (after [`discard_unread_input`]); so does a host that stops reading the program's output.

use std::fs::{File, OpenOptions};
use std::io::{BufRead, BufReader, IsTerminal as _, Read, Write};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::Duration;

use pi_agent_ask_core::input::Timer;
use pi_agent_ask_crossterm::drain::{PASTE_DRAIN_LIMIT, PASTE_QUIET, drain_arriving};
use pi_agent_ask_dialogs::plain::typing::{NotingPrompt, PromptLine, TypedLines};
use pi_agent_ask_dialogs::plain::{PlainDialogs, Source};

use self::keys_only::{ForegroundWrites, KeysOnly};
use crate::foreground::in_foreground_of;
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
/// A paste still arriving is read to its end first (until the terminal is quiet for a moment,
/// at most [`PASTE_DRAIN_LIMIT`]), so its later lines do not reach the shell either.
/// From the foreground only: a process ending in the background (`kill` of the stopped job)
/// left the terminal to the shell, and would be stopped again (SIGTTOU) for touching it.
pub fn discard_unread_input() {
    if let Some((reader, _)) = open_tty()
        && in_foreground_of(&reader)
    {
        drain_arriving(&reader, PASTE_QUIET, PASTE_DRAIN_LIMIT);
        let _ = rustix::termios::tcflush(&reader, rustix::termios::QueueSelector::IFlush);
    }
}

/// How long the typing must pause before a popup whose form was answered closes: the pause a
/// form that comes to the front waits for ([`Timer::Settling`]).
const TYPING_PAUSE: Duration = Duration::from_millis(Timer::Settling.duration_ms());

/// The longest the typing keeps a popup whose form was answered open (a key held down).
pub const TYPING_LIMIT: std::time::Duration = std::time::Duration::from_secs(5);

/// What a popup whose form was answered says while it waits for the typing to pause.
const SENT_TO_THE_AGENT: &str = "\r\n Sent to the agent. This closes once your typing pauses.";

/// Says the answer was sent, then reads and drops what is typed on the terminal until the
/// typing pauses (for at most [`TYPING_LIMIT`]), the terminal's echo and line editing off
/// meanwhile: a popup that closed at once would let a key meant for the form just answered (a
/// second `enter`) reach the pane under it, where it could run what the agent's prompt holds.
pub fn swallow_typing_until_it_pauses() {
    use rustix::termios::{LocalModes, OptionalActions, SpecialCodeIndex, tcgetattr, tcsetattr};
    let Some((reader, mut writer)) = open_tty() else {
        return;
    };
    let Ok(saved) = tcgetattr(&reader) else {
        return;
    };
    let _ = writer.write_all(SENT_TO_THE_AGENT.as_bytes());
    let mut quiet = saved.clone();
    quiet
        .local_modes
        .remove(LocalModes::ICANON | LocalModes::ECHO);
    quiet.special_codes[SpecialCodeIndex::VMIN] = 1;
    quiet.special_codes[SpecialCodeIndex::VTIME] = 0;
    if tcsetattr(&reader, OptionalActions::Now, &quiet).is_ok() {
        drain_arriving(&reader, TYPING_PAUSE, TYPING_LIMIT);
        let _ = tcsetattr(&reader, OptionalActions::Now, &saved);
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

/// The terminal for plain prompts, and whether standard input brought anything where they
/// read it, their answers read so that a signal ends the wait (see
/// [`interrupt`]). On `/dev/tty` the lines are edited by the program ([`TypedLines`]), the
/// terminal's own line editing off while the prompts last: a line is never cut at the
/// terminal's 4,095 bytes, and one Ctrl-D after text dismisses.
pub fn plain_dialogs() -> (Terminal, Option<Heard>) {
    interrupt::watch();
    let Some((reader, writer)) = open_tty() else {
        let heard = Heard::default();
        let input = Hearing {
            inner: interrupt::reader_watching_output(std::io::stdin()),
            heard: heard.clone(),
        };
        let lines: Box<dyn BufRead> = Box::new(BufReader::new(input));
        let prompts: Box<dyn Write> = Box::new(std::io::stderr());
        let source = if std::io::stdin().is_terminal() {
            Source::Keys
        } else {
            Source::Stream
        };
        let dialogs = PlainDialogs::new(lines, prompts).reading_from(source);
        return (dialogs, Some(heard));
    };
    let prompt = PromptLine::default();
    let lines: Box<dyn BufRead> = match (
        KeysOnly::start(reader, writer.try_clone().ok()),
        writer.try_clone(),
    ) {
        (Ok((keys, edit_keys, echoes)), Ok(echo)) => Box::new(BufReader::new(
            TypedLines::new(keys, echo, edit_keys)
                .echoing(echoes)
                .with_prompt(prompt.clone()),
        )),
        (Ok((keys, edit_keys, _)), Err(_)) => Box::new(BufReader::new(TypedLines::new(
            keys,
            std::io::sink(),
            edit_keys,
        ))),
        (Err(reader), _) => Box::new(BufReader::new(interrupt::reader_watching_output(reader))),
    };
    let writer = ForegroundWrites::new(writer);
    let prompts: Box<dyn Write> = Box::new(NotingPrompt::new(writer, prompt));
    (PlainDialogs::new(lines, prompts), None)
}

/// Whether standard input brought anything to the plain prompts: where no terminal opens, an
/// input that ends before any answer means nobody was there to answer, not that a person
/// cancelled.
#[derive(Clone, Debug, Default)]
pub struct Heard(Arc<AtomicBool>);

impl Heard {
    /// Whether any byte was read.
    pub fn anything(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// A reader that notes in [`Heard`] whether it brought anything.
struct Hearing<R> {
    inner: R,
    heard: Heard,
}

impl<R: Read> Read for Hearing<R> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let count = self.inner.read(buf)?;
        if count > 0 {
            self.heard.0.store(true, Ordering::Relaxed);
        }
        Ok(count)
    }
}

mod keys_only;
