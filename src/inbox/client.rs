//! The asking side: send one ask to a listening inbox and wait for its result, in one blocking
//! wait on the connection and a [`Cancel`] token, never in a polling loop.
//!
//! Nothing here is global but the signals [`crate::interrupt`] watches, so any thread (an MCP
//! server's, for one) may ask at the same time as others.

use std::io::{self, ErrorKind, Read as _, Write as _};
use std::os::fd::AsFd as _;
use std::os::unix::net::UnixStream;

use serde_json::Value;

use super::place::{Folder, PlaceError, place};
use super::wire::{MAX_LINE_BYTES, Reply, ask_line, parse_reply};
use crate::away::AwayRequest;
use crate::cancel::{Cancel, Wake};

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
    /// The inbox went away before it answered (it closed, or crashed).
    #[error("the inbox closed the connection before answering")]
    Gone,
    /// The wait was cancelled, or a watched signal arrived.
    #[error("the wait for the inbox was cancelled")]
    Cancelled,
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

/// Sends `request` to the inbox called `name` and waits for its tool result (as JSON), until
/// the inbox answers or goes away, or `cancel` is cancelled. Dropping the connection on the
/// way out withdraws the ask from the inbox at once.
pub fn ask(request: &AwayRequest, name: &str, cancel: &Cancel) -> Result<Value, InboxError> {
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
    let stream = UnixStream::connect(&place.socket).map_err(not_listening)?;
    ask_on(stream, request, cancel)
}

/// [`ask`] on a connection to an inbox already made.
pub fn ask_on(
    mut stream: UnixStream,
    request: &AwayRequest,
    cancel: &Cancel,
) -> Result<Value, InboxError> {
    stream.write_all(ask_line(request).as_bytes())?;
    stream.set_nonblocking(true)?;
    let mut received = Vec::new();
    let mut chunk = vec![0; 64 * 1024];
    loop {
        if let Some(end) = received.iter().position(|&byte| byte == b'\n') {
            match parse_reply(&received[..end]) {
                Ok(Reply::Result { id, result }) if id == request.id => return Ok(result),
                Ok(Reply::Result { .. }) => {}
                Ok(Reply::Error(message)) => return Err(InboxError::Refused(message)),
                Err(error) => return Err(InboxError::Refused(error.to_string())),
            }
            received.drain(..=end);
            continue;
        }
        match cancel.wait(stream.as_fd(), None)? {
            Wake::Cancelled => return Err(InboxError::Cancelled),
            Wake::Timeout | Wake::Ready => {}
        }
        match stream.read(&mut chunk) {
            Ok(0) => return Err(InboxError::Gone),
            Ok(read) => received.extend_from_slice(&chunk[..read]),
            Err(error)
                if matches!(error.kind(), ErrorKind::WouldBlock | ErrorKind::Interrupted) => {}
            Err(error) if error.kind() == ErrorKind::ConnectionReset => {
                return Err(InboxError::Gone);
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
