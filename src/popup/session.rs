//! One popup from launch to result: start the host's launch command, wait for the popup's
//! program to connect, wait for it to end, and read what it handed back; on a cancel, ask the
//! program to end its form (it sends the cancelled result with the answers so far), and close
//! the popup through the host when it does not end in time.

use std::io::{self, Read as _, Write as _};
use std::net::Shutdown;
use std::os::fd::AsFd as _;
use std::os::unix::net::{UnixListener, UnixStream};
use std::os::unix::process::CommandExt as _;
use std::process::{Child, Stdio};
use std::time::{Duration, Instant};

use pi_agent_ask_core::contract::Call;
use pi_agent_ask_core::journal::drafts::drafts_for_call;

use super::answer::{PopupAnswer, PopupEnding, PopupError};
use super::command::{finish_within, first_line, readable_within, reap_within, run_probe};
use super::handoff::{END_FORM, Handoff, ResultFile, read_result};
use super::host::{Host, Launcher};
use super::launch::Launch;
use super::turn::Turn;
use super::wait::{Woke, wait_any};
use crate::cancel::{Cancel, Wake};
use crate::outcome::report;

/// How long the popup's program has to connect once the launch command ran.
const START_LIMIT: Duration = Duration::from_secs(15);
/// How long the popup's program, asked to end, or the launch command, once the popup closed,
/// have before they are closed or killed: longer than an answered popup stays open while the
/// typing goes on ([`crate::terminal::TYPING_LIMIT`]).
const CLOSE_LIMIT: Duration = Duration::from_secs(6);
const _: () = assert!(CLOSE_LIMIT.as_secs() > crate::terminal::TYPING_LIMIT.as_secs());

/// The host's launch command while it runs, and what it printed once it ended.
struct Launched {
    /// The command; its standard error stays open while it runs (end of file: it exited).
    child: Child,
    /// Whether it has exited and was reaped.
    reaped: bool,
    message: Vec<u8>,
    /// Its standard output once it ended (the popup's id for kitty and `WezTerm`).
    id: Option<String>,
}

impl Launched {
    /// Whether it still runs.
    const fn running(&self) -> bool {
        !self.reaped
    }

    /// Reads what is there on its standard error; whether it has exited (end of file).
    fn read_errors(&mut self) -> bool {
        let Some(errors) = self.child.stderr.as_mut() else {
            return true;
        };
        let mut chunk = [0; 4096];
        match errors.read(&mut chunk) {
            Ok(0) | Err(_) => {
                self.child.stderr = None;
                true
            }
            Ok(read) => {
                self.message.extend_from_slice(&chunk[..read]);
                false
            }
        }
    }

    /// Reaps the ended command: whether it succeeded; its output becomes the popup's id.
    fn reap(&mut self) -> bool {
        self.reaped = true;
        let success = reap_within(&mut self.child, Instant::now() + CLOSE_LIMIT)
            .is_some_and(|status| status.success());
        let mut output = String::new();
        if let Some(mut stdout) = self.child.stdout.take() {
            let _ = stdout.read_to_string(&mut output);
        }
        self.id = first_line(&output);
        success
    }

    /// Why it did not open the popup, from its message.
    fn complaint(&self, otherwise: &str) -> String {
        first_line(&String::from_utf8_lossy(&self.message)).unwrap_or_else(|| otherwise.to_owned())
    }

    /// Waits up to [`CLOSE_LIMIT`] for the command to end (it is killed after that), keeping
    /// the id it printed.
    fn finish(&mut self) {
        if self.reaped {
            return;
        }
        self.reaped = true;
        if self.child.stderr.is_none() {
            let _ = reap_within(&mut self.child, Instant::now() + CLOSE_LIMIT);
            return;
        }
        if let Some(ended) = finish_within(&mut self.child, Instant::now() + CLOSE_LIMIT) {
            self.id = first_line(&ended.stdout);
        }
    }
}

impl Drop for Launched {
    /// Kills the command if it still runs, so no way out leaves it behind.
    fn drop(&mut self) {
        if !self.reaped {
            let _ = self.child.kill();
            let _ = self.child.wait();
        }
    }
}

/// How the wait for the popup's program to start ended.
enum Start {
    Connected(UnixStream),
    Refused(String),
    /// The host shows another popup (tmux opens none, and says nothing): this one waits.
    Busy(String),
    Cancelled,
}

/// How long a popup waits for another one the host shows to close (a person answering another
/// form), trying again as [`Turn`] says. Past it, the host refused.
const BUSY_LIMIT: Duration = Duration::from_secs(30 * 60);

/// Runs the popup for `call` on `host` with the program `launch`, handing off through
/// `handoff`.
pub fn run(
    host: &Host,
    handoff: &Handoff,
    launch: &Launch,
    call: &Call,
    cancel: &Cancel,
) -> Result<PopupAnswer, PopupError> {
    let failed = |error: io::Error| PopupError::Failed(error.to_string());
    let listener = handoff.listen().map_err(failed)?;
    let line = host.launch(launch);
    let busy_since = Instant::now();
    let mut turn = None;
    let (mut launched, connection) = loop {
        let child = line
            .command()
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .map_err(|error| refused(host, format!("cannot run {}: {error}", line.program)))?;
        let mut launched = Launched {
            child,
            reaped: false,
            message: Vec::new(),
            id: None,
        };
        let started = start(host, &listener, &mut launched, cancel);
        let reason = match started
            .map_err(failed)
            .inspect_err(|_| close(host, &mut launched))?
        {
            Start::Connected(connection) => break (launched, connection),
            Start::Busy(_) if busy_since.elapsed() < BUSY_LIMIT => {
                let turn = turn.get_or_insert_with(|| {
                    report(&format!(
                        "{} shows another popup; this one opens once it closes",
                        host.name()
                    ));
                    Turn::new(handoff.path(), host.shown_on())
                });
                if !turn.wait(cancel).map_err(failed)? {
                    return Ok(cancelled(call));
                }
                continue;
            }
            Start::Refused(reason) | Start::Busy(reason) => reason,
            Start::Cancelled => {
                close(host, &mut launched);
                return Ok(cancelled(call));
            }
        };
        close(host, &mut launched);
        return Err(refused(host, reason));
    };
    let mut received = Vec::new();
    let cancelled = wait_for_end(&connection, cancel, &mut received)
        .map_err(failed)
        .inspect_err(|_| close(host, &mut launched))?;
    let ended = !cancelled || end_form(&connection, &mut received);
    // A pane or window that outlives its program (WezTerm keeps one that exited with an
    // error) is closed by its id, which no later one reuses.
    if !ended || host.launcher() == Launcher::PrintsId {
        close(host, &mut launched);
    }
    drop(connection);
    launched.finish();
    match read_result(&received) {
        // A form ended from outside keeps what it held; one without that ended by itself
        // (answered, say) before the cancel reached it, and its end is the person's.
        Some(ResultFile::Ended { result, exit, kept }) => Ok(PopupAnswer {
            ending: if cancelled && kept.is_some() {
                PopupEnding::Cancelled
            } else {
                PopupEnding::Ended(exit)
            },
            result,
            kept: kept.and_then(|records| drafts_for_call(&records, call)),
        }),
        Some(ResultFile::Failed { error }) if !cancelled => Err(PopupError::Failed(error)),
        Some(ResultFile::Failed { .. }) | None => Ok(PopupAnswer {
            result: call.cancelled(None).to_json(),
            ending: if cancelled {
                PopupEnding::Cancelled
            } else {
                PopupEnding::Closed
            },
            kept: None,
        }),
    }
}

/// The answer of a popup cancelled before its program started.
fn cancelled(call: &Call) -> PopupAnswer {
    PopupAnswer {
        result: call.cancelled(None).to_json(),
        ending: PopupEnding::Cancelled,
        kept: None,
    }
}

fn refused(host: &Host, reason: String) -> PopupError {
    PopupError::Refused {
        host: host.name(),
        reason,
    }
}

/// Waits until the popup's program connects, the launch command shows it opened no popup,
/// [`START_LIMIT`] passes, or the wait is cancelled.
fn start(
    host: &Host,
    listener: &UnixListener,
    launched: &mut Launched,
    cancel: &Cancel,
) -> io::Result<Start> {
    let deadline = Instant::now() + START_LIMIT;
    loop {
        if let Some(connection) = accept(listener)? {
            return Ok(Start::Connected(connection));
        }
        let left = deadline.saturating_duration_since(Instant::now());
        let woke = match launched.child.stderr.as_ref() {
            Some(errors) => wait_any(cancel, &[listener.as_fd(), errors.as_fd()], left)?,
            None => wait_any(cancel, &[listener.as_fd()], left)?,
        };
        match woke {
            Woke::Ready(0) => {}
            Woke::Ready(_) => {
                if !launched.read_errors() {
                    continue;
                }
                let success = launched.reap();
                if let Some(connection) = accept(listener)? {
                    return Ok(Start::Connected(connection));
                }
                // tmux refuses a client that shows a popup without a word; anything it says
                // (a client gone: detached) is a refusal no wait cures.
                if host.launcher() == Launcher::StaysOpen {
                    return Ok(if launched.message.is_empty() {
                        Start::Busy("the client already shows a popup or a menu".to_owned())
                    } else {
                        Start::Refused(launched.complaint("the launch failed"))
                    });
                }
                if !success {
                    return Ok(Start::Refused(launched.complaint("the launch failed")));
                }
            }
            Woke::Cancelled => return Ok(Start::Cancelled),
            Woke::Timeout => {
                return Ok(Start::Refused(format!(
                    "the popup did not start within {} s",
                    START_LIMIT.as_secs()
                )));
            }
        }
    }
}

/// A connection waiting on the listener, if there is one.
fn accept(listener: &UnixListener) -> io::Result<Option<UnixStream>> {
    match listener.accept() {
        Ok((connection, _)) => {
            connection.set_nonblocking(false)?;
            Ok(Some(connection))
        }
        Err(error) if error.kind() == io::ErrorKind::WouldBlock => Ok(None),
        Err(error) => Err(error),
    }
}

/// Waits until the popup's program ends (its connection closes), keeping what it sends in
/// `received`; whether the wait was cancelled first.
fn wait_for_end(
    connection: &UnixStream,
    cancel: &Cancel,
    received: &mut Vec<u8>,
) -> io::Result<bool> {
    loop {
        match cancel.wait(connection.as_fd(), None)? {
            Wake::Ready => {
                if ended(connection, received) {
                    return Ok(false);
                }
            }
            Wake::Cancelled => return Ok(true),
            Wake::Timeout | Wake::Other => {}
        }
    }
}

/// Reads what the program sent on the connection into `received` (its result); whether its
/// side is closed.
fn ended(mut connection: &UnixStream, received: &mut Vec<u8>) -> bool {
    let mut chunk = [0; 16 * 1024];
    match connection.read(&mut chunk) {
        Ok(read) if read > 0 => {
            received.extend_from_slice(&chunk[..read]);
            false
        }
        _ => true,
    }
}

/// Asks the popup's program to end its form, keeping what it sends in `received`; whether it
/// ended within [`CLOSE_LIMIT`].
fn end_form(mut connection: &UnixStream, received: &mut Vec<u8>) -> bool {
    let _ = connection.write_all(END_FORM);
    let _ = connection.shutdown(Shutdown::Write);
    let deadline = Instant::now() + CLOSE_LIMIT;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || !readable_within(connection, left) {
            return false;
        }
        if ended(connection, received) {
            return true;
        }
    }
}

/// Closes the popup through the host where it is open and the host can name it, and ends the
/// launch command. A tmux launch that ended opened no popup: closing would close another's.
fn close(host: &Host, launched: &mut Launched) {
    let open = match host.launcher() {
        Launcher::StaysOpen => launched.running(),
        Launcher::PrintsId => {
            launched.finish();
            launched.id.is_some()
        }
        Launcher::Returns => false,
    };
    if open && let Some(line) = host.close(launched.id.as_deref()) {
        let _ = run_probe(&line);
    }
    if launched.running() {
        let _ = launched.child.kill();
        let _ = launched.child.wait();
        launched.reaped = true;
    }
}

#[cfg(test)]
#[path = "session_tests.rs"]
mod tests;
