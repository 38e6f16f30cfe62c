//! The asking side: send one ask to a listening inbox and wait for its result, in one blocking
//! wait on the connection and a [`Cancel`] token, never in a polling loop.
//!
//! Nothing here is global but the signals [`crate::interrupt`] watches, so any thread (an MCP
//! server's, for one) may ask at the same time as others.

use std::io::{self, ErrorKind, Read as _, Write as _};
use std::os::fd::AsFd as _;
use std::os::unix::net::UnixStream;
use std::time::{Duration, Instant};

use pi_agent_ask_core::effect::ReplyReason;
use pi_agent_ask_core::journal::drafts::DraftRecord;
use serde_json::Value;

use super::behind::Behind;
use super::place::{Folder, PlaceError, place};
use super::wire::{MAX_LINE_BYTES, Reply, ask_line, behind_line, parse_reply, withdraw_line};
use crate::away::AwayRequest;
use crate::cancel::{Cancel, Wake, readable_within};

/// Why an ask got no result from the inbox.
#[derive(Debug, thiserror::Error)]
pub enum InboxError {
    /// The inbox's name or folder cannot be used (a missing folder: no inbox ever ran).
    #[error(transparent)]
    Place(#[from] PlaceError),
    /// No inbox of that name is listening.
    #[error("no inbox named {name:?} is listening ({source})")]
    NotListening {
        /// The inbox's name.
        name: String,
        /// Why connecting failed.
        source: io::Error,
    },
    /// The inbox went away before it answered (it closed, or crashed), having handed the ask
    /// what its form held last ([`Reply::Held`]), or nothing.
    #[error("the inbox closed the connection before answering")]
    Gone(Option<Vec<DraftRecord>>),
    /// The inbox refused the ask.
    #[error("the inbox refused the ask: {0}")]
    Refused(String),
    /// The connection failed.
    #[error("the inbox connection failed: {0}")]
    Io(#[from] io::Error),
}

/// Whether an inbox called `name` is listening: its socket takes a connection.
pub fn listening(name: &str) -> bool {
    place(name, Folder::Find).is_ok_and(|place| UnixStream::connect(place.socket).is_ok())
}

/// How an ask in an inbox ended for its asker.
#[derive(Clone, Debug, PartialEq)]
pub enum InboxAnswer {
    /// The inbox answered: the tool result, as JSON, and whether the ask's form or the
    /// inbox's closing gave it.
    Result {
        /// The tool result.
        result: Value,
        /// What ended the ask.
        reason: ReplyReason,
    },
    /// The wait was cancelled and the ask withdrawn; what the form held, when the inbox
    /// handed it back in time, else what it was last handed of it.
    Withdrawn(Option<Vec<DraftRecord>>),
    /// Another asker connected under the same ask id and took the ask over (a second host
    /// resuming the same ask): the answer goes to that one.
    TakenOver,
}

/// What an asker whose ask was taken over says of it.
pub const TAKEN_OVER: &str = "another asker took this ask over under the same ask id";

/// How long a withdrawn ask waits for the inbox to hand its drafts back.
const HAND_BACK_WAIT: Duration = Duration::from_secs(1);

/// Sends `request` to the inbox called `name` and waits for its tool result (as JSON), until
/// the inbox answers or goes away, or `cancel` is cancelled; a cancelled wait first takes the
/// ask back from the inbox with what its form held, so the answers typed so far are kept.
pub fn ask(request: &AwayRequest, name: &str, cancel: &Cancel) -> Result<InboxAnswer, InboxError> {
    ask_on(connect(name)?, request, cancel)
}

/// [`ask`] for an asker that holds more forms back behind this one: the inbox is told how
/// many as it sends the ask, and again each time `behind` changes while it waits.
pub fn ask_holding_back(
    request: &AwayRequest,
    name: &str,
    cancel: &Cancel,
    behind: &Behind,
) -> Result<InboxAnswer, InboxError> {
    let request = AwayRequest {
        behind: behind.changed(),
        ..request.clone()
    };
    wait_for_reply(connect(name)?, &request, cancel, Some(behind))
}

/// Whether the inbox called `name` takes a connection, or why not: none is listening
/// ([`InboxError::NotListening`]), or its name or folder cannot be used.
pub fn reachable(name: &str) -> Result<(), InboxError> {
    connect(name).map(drop)
}

/// A connection to the inbox called `name`.
fn connect(name: &str) -> Result<UnixStream, InboxError> {
    let not_listening = |source| InboxError::NotListening {
        name: name.to_owned(),
        source,
    };
    let place = match place(name, Folder::Find) {
        Err(PlaceError::Folder { source, .. }) if source.kind() == ErrorKind::NotFound => {
            return Err(not_listening(source));
        }
        found => found?,
    };
    UnixStream::connect(&place.socket).map_err(not_listening)
}

/// Writes `line` on the connection, which reads without blocking, waiting at most
/// [`HAND_BACK_WAIT`] for an inbox that does not read.
fn send(stream: &mut UnixStream, line: &str) -> io::Result<()> {
    stream.set_nonblocking(false)?;
    stream.set_write_timeout(Some(HAND_BACK_WAIT))?;
    let sent = stream.write_all(line.as_bytes());
    stream.set_nonblocking(true)?;
    sent
}

/// [`ask`] on a connection to an inbox already made.
pub fn ask_on(
    stream: UnixStream,
    request: &AwayRequest,
    cancel: &Cancel,
) -> Result<InboxAnswer, InboxError> {
    wait_for_reply(stream, request, cancel, None)
}

fn wait_for_reply(
    mut stream: UnixStream,
    request: &AwayRequest,
    cancel: &Cancel,
    behind: Option<&Behind>,
) -> Result<InboxAnswer, InboxError> {
    stream.write_all(ask_line(request).as_bytes())?;
    stream.set_nonblocking(true)?;
    let mut received = Vec::new();
    let mut chunk = vec![0; 64 * 1024];
    let mut withdrawing: Option<Instant> = None;
    // What the form held when the inbox last said: kept for an inbox that goes away.
    let mut held: Option<Vec<DraftRecord>> = None;
    loop {
        if let Some(end) = received.iter().position(|&byte| byte == b'\n') {
            match parse_reply(&received[..end]) {
                Ok(Reply::Result { id, result, reason }) if id == request.id => {
                    return Ok(InboxAnswer::Result { result, reason });
                }
                Ok(Reply::Kept { id, drafts }) if id == request.id => {
                    return Ok(InboxAnswer::Withdrawn(Some(drafts)));
                }
                Ok(Reply::TakenOver { id }) if id == request.id => {
                    return Ok(InboxAnswer::TakenOver);
                }
                Ok(Reply::Held { id, drafts }) if id == request.id => held = Some(drafts),
                Ok(
                    Reply::Result { .. }
                    | Reply::Kept { .. }
                    | Reply::Held { .. }
                    | Reply::TakenOver { .. },
                ) => {}
                Ok(Reply::Error(_)) if withdrawing.is_some() => {
                    return Ok(InboxAnswer::Withdrawn(held));
                }
                Ok(Reply::Error(message)) => return Err(InboxError::Refused(message)),
                Err(error) => return Err(InboxError::Refused(error.to_string())),
            }
            received.drain(..=end);
            continue;
        }
        match withdrawing {
            None => {
                let woke = match behind {
                    Some(behind) => cancel.wait_either(stream.as_fd(), behind.fd())?,
                    None => cancel.wait(stream.as_fd(), None)?,
                };
                match woke {
                    Wake::Cancelled => {
                        if send(&mut stream, &withdraw_line(&request.id)).is_err() {
                            return Ok(InboxAnswer::Withdrawn(held));
                        }
                        withdrawing = Some(Instant::now() + HAND_BACK_WAIT);
                        continue;
                    }
                    Wake::Other => {
                        // An inbox gone meanwhile is found by the read.
                        if let Some(behind) = behind {
                            let _ = send(&mut stream, &behind_line(&request.id, behind.changed()));
                        }
                        continue;
                    }
                    Wake::Timeout | Wake::Ready => {}
                }
            }
            Some(deadline) => {
                let left = deadline.saturating_duration_since(Instant::now());
                if left.is_zero() || !readable_within(&stream, left) {
                    return Ok(InboxAnswer::Withdrawn(held));
                }
            }
        }
        match stream.read(&mut chunk) {
            Ok(0) if withdrawing.is_some() => return Ok(InboxAnswer::Withdrawn(held)),
            Ok(0) => return Err(InboxError::Gone(held)),
            Ok(read) => received.extend_from_slice(&chunk[..read]),
            Err(error)
                if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted) => {}
            Err(error) if error.kind() == ErrorKind::ConnectionReset => {
                return Err(InboxError::Gone(held));
            }
            Err(error) => return Err(error.into()),
        }
        if received.len() > MAX_LINE_BYTES {
            return Err(InboxError::Refused(format!(
                "the inbox's answer is longer than {MAX_LINE_BYTES} bytes"
            )));
        }
    }
}
