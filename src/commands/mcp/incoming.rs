//! What comes in, made fit for `rmcp`, which would otherwise leave a client waiting for ever.
//! The input passes through [`Incoming`], which holds each line until it ends:
//!
//! - A line longer than [`LONGEST_LINE`], which `rmcp` drops without a word, is skipped, and in
//!   its place comes a stand-in under the same `id`, read from the line's beginning or end
//!   ([`refusal::stand_in`]): a request the server answers with an error saying why, or, for a
//!   reply to one of the server's own requests, an error reply that ends that request.
//! - A line `rmcp` could not read as a message (see [`refusal`]) is replaced the same way.
//! - Before a request begins the session, a notification or a reply is set aside: `rmcp` would
//!   end the session on it, and a client of 2026-07-28, which has no handshake, may send one.
//! - Lone UTF-16 surrogate escapes are mended ([`pi_agent_ask_core::surrogates`]), which
//!   `rmcp` would otherwise drop with their message, the call never answered.

use std::io;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll, ready};

use pi_agent_ask_core::surrogates::Mender;
use rmcp::model::{ErrorCode, InitializeRequestParams};
use serde::de::IgnoredAny;
use serde_json::Value;
use tokio::io::{AsyncRead, ReadBuf};

use super::withdrawn::{Withdrawals, call_request, cancelled_request};
use crate::outcome::report;

mod peek;
mod refusal;

use peek::{Beginning, Kind, beginning_of, id_at_end, meta_at_end, method_at_end};
pub use refusal::REFUSED;
use refusal::{Refusal, Sender, Verdict};

/// The `method` and `id` of the message `line`, as far as its beginning shows them.
pub fn method_and_id(line: &[u8]) -> (Option<String>, Option<Value>) {
    let Beginning { method, id, .. } = beginning_of(line);
    (method, id)
}

/// Why a message of `bytes` bytes, a `what` (a method's name, or "reply"), was not taken.
pub fn too_long_message(what: &str, bytes: usize) -> String {
    format!(
        "the {what} message of {bytes} bytes is longer than the {LONGEST_LINE} bytes a message \
         may take (its line break aside)"
    )
}

/// The longest line passed on, its line break aside: within `rmcp`'s own limit (16 MiB with
/// the line break), so that a line this guard passes is one `rmcp` reads.
pub const LONGEST_LINE: usize = 16 * 1024 * 1024 - 1;
/// How much of a line too long to take is kept of its beginning, to find its `id` and `method`
/// in, and of its end, to find its params' `_meta` in.
const KEPT: usize = 64 * 1024;

/// The input, each line handed on whole once it ends, or replaced as the module says.
pub struct Incoming<R> {
    inner: R,
    /// Where the current line stands.
    line: Line,
    /// The current line so far while it is passing; once it is skipped, its first [`KEPT`]
    /// bytes, to find its `id` and `method` in.
    held: Vec<u8>,
    /// At least its last [`KEPT`] bytes, once it is that long.
    end: Vec<u8>,
    /// Mends the lone surrogate escapes a JavaScript client can write, which `rmcp` would
    /// refuse with the whole message, unanswered.
    mender: Mender,
    /// The bytes just read, mended.
    mended: Vec<u8>,
    /// A `\r` that ended the bytes read so far, not yet taken: whether it is the line's or its
    /// line break's shows with the next byte.
    held_return: bool,
    /// Whether a request has begun the session.
    session: Session,
    /// Lines ready and not yet handed on, from `out_from` on.
    out: Vec<u8>,
    out_from: usize,
    /// Where each `notifications/cancelled` read is noted, before `rmcp` handles it.
    withdrawals: Option<Arc<Withdrawals>>,
}

/// Whether the session has begun: `rmcp` ends a session whose first message after a
/// `server/discover` (or before anything) is a notification or a reply, which a client of
/// 2026-07-28 may send, having no handshake to wait for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Session {
    /// No request that begins one has come.
    NotBegun,
    /// A request began it (`initialize`, or one of 2026-07-28 naming its revision), or a line
    /// too long to look at first.
    Begun,
}

/// What a whole line that comes before the session does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Opening {
    /// A notification or a reply, with nothing to answer or to wait for yet: set aside.
    SetAside,
    /// A request that begins a session: `initialize`, or one carrying the protocol revision
    /// in its `_meta`, as every request of 2026-07-28 does.
    Begins,
    /// Anything else (`ping`, `server/discover`, a request `rmcp` refuses for want of that
    /// `_meta`, a line that is no message): handed on, and the session still to begin.
    Passes,
}

/// The `_meta` key a request of 2026-07-28 names its protocol revision by.
const PROTOCOL_VERSION_KEY: &str = "io.modelcontextprotocol/protocolVersion";

/// What `line`, coming before the session, does.
fn before_the_session(line: &[u8]) -> Opening {
    let Beginning {
        id,
        kind,
        method,
        meta,
    } = beginning_of(line);
    let names_a_revision = meta.is_some_and(|meta| meta.get(PROTOCOL_VERSION_KEY).is_some());
    match (id.is_some(), kind) {
        (false, Kind::Request) => Opening::SetAside,
        (true, Kind::Reply | Kind::Unknown)
            if serde_json::from_slice::<IgnoredAny>(line).is_ok() =>
        {
            Opening::SetAside
        }
        (true, Kind::Request) => match method.as_deref() {
            // An `initialize` whose params are not a handshake's (no `clientInfo`, a version
            // that is no string) is answered with an error, and the session is still to begin:
            // the client's `notifications/initialized` after it is set aside, not the end.
            Some("initialize") if handshake_params(line) => Opening::Begins,
            Some("ping" | "server/discover" | "initialize") => Opening::Passes,
            _ if names_a_revision => Opening::Begins,
            _ => Opening::Passes,
        },
        _ => Opening::Passes,
    }
}

/// Whether the request `line` carries params an `initialize` handshake can be read from.
fn handshake_params(line: &[u8]) -> bool {
    serde_json::from_slice::<Value>(line).is_ok_and(|request| {
        serde_json::from_value::<InitializeRequestParams>(request["params"].clone()).is_ok()
    })
}

/// The messages of a batch (a JSON array of them, which the protocol took before 2025-06-18 and
/// `rmcp` does not), each as a line of its own to be taken one by one, so that each request is
/// answered under its own `id`; a batch broken off ends with what is left of the message it
/// broke off in (which names its `id` and `method` when they came before the break). `None` for
/// a line that is no batch, or an empty one.
fn batch(line: &[u8]) -> Option<Vec<Vec<u8>>> {
    let mut rest = line.trim_ascii_start().strip_prefix(b"[")?;
    let mut messages = Vec::new();
    loop {
        rest = rest.trim_ascii_start();
        if rest.is_empty() || (messages.is_empty() && rest.starts_with(b"]")) {
            break;
        }
        let mut values = serde_json::Deserializer::from_slice(rest).into_iter::<Value>();
        if let Some(Ok(message)) = values.next() {
            messages.push(message.to_string().into_bytes());
            rest = rest[values.byte_offset()..].trim_ascii_start();
        } else {
            messages.push(rest.to_vec());
            break;
        }
        match rest.split_first() {
            Some((b',', after)) => rest = after,
            _ => break,
        }
    }
    (!messages.is_empty()).then_some(messages)
}

/// Where the current line stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    /// Held whole so far, this many bytes long.
    Held(usize),
    /// Too long: skipped to its end; this many bytes long so far.
    Skipping(usize),
}

impl<R> Incoming<R> {
    /// Guards `inner`.
    pub fn new(inner: R) -> Self {
        Self {
            inner,
            line: Line::Held(0),
            held: Vec::new(),
            end: Vec::new(),
            mender: Mender::default(),
            mended: Vec::new(),
            out: Vec::new(),
            out_from: 0,
            held_return: false,
            session: Session::NotBegun,
            withdrawals: None,
        }
    }

    /// Notes in `withdrawals` the request each `notifications/cancelled` names, as it is read.
    #[must_use]
    pub fn noting(mut self, withdrawals: Arc<Withdrawals>) -> Self {
        self.withdrawals = Some(withdrawals);
        self
    }

    /// Takes `bytes`, just read, into the current line, ending it at each line break.
    fn take(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let end = bytes.iter().position(|&byte| byte == b'\n');
            let (piece, rest) = bytes.split_at(end.map_or(bytes.len(), |at| at + 1));
            let mut text = piece.strip_suffix(b"\n").unwrap_or(piece);
            // A `\r` held back from the bytes before is the line's when no line break follows
            // it; before one it is part of the line break, which goes on as `\n` alone.
            if std::mem::take(&mut self.held_return) && !(end.is_some() && text.is_empty()) {
                self.hold(b"\r");
            }
            match text.strip_suffix(b"\r") {
                Some(before) if end.is_some() => text = before,
                Some(before) => {
                    text = before;
                    self.held_return = true;
                }
                None => {}
            }
            self.hold(text);
            if end.is_some() {
                self.end_line();
            }
            bytes = rest;
        }
    }

    /// Takes `text`, more of the current line, skipping the line once it grows too long.
    fn hold(&mut self, text: &[u8]) {
        self.keep_end(text);
        match self.line {
            Line::Held(length) if length + text.len() <= LONGEST_LINE => {
                self.held.extend_from_slice(text);
                self.line = Line::Held(length + text.len());
            }
            Line::Held(length) => {
                self.held.truncate(KEPT);
                let room = KEPT.saturating_sub(self.held.len());
                self.held.extend_from_slice(&text[..room.min(text.len())]);
                self.line = Line::Skipping(length + text.len());
            }
            Line::Skipping(length) => self.line = Line::Skipping(length + text.len()),
        }
    }

    fn keep_end(&mut self, text: &[u8]) {
        if text.len() >= KEPT {
            self.end.clear();
            self.end.extend_from_slice(&text[text.len() - KEPT..]);
            return;
        }
        if self.end.len() >= 2 * KEPT {
            self.end.drain(..self.end.len() - KEPT);
        }
        self.end.extend_from_slice(text);
    }

    /// Ends the current line: hands it on, sets it aside, or hands on what stands in for it.
    fn end_line(&mut self) {
        let line = std::mem::replace(&mut self.line, Line::Held(0));
        match line {
            Line::Skipping(length) => {
                self.session = Session::Begun;
                self.stand_in_for_too_long(length);
            }
            Line::Held(_) => {
                let held = std::mem::take(&mut self.held);
                match batch(&held) {
                    Some(messages) => {
                        for message in &messages {
                            self.hand_on_line(message);
                        }
                    }
                    None => self.hand_on_line(&held),
                }
                self.held = held;
            }
        }
        self.held.clear();
        if self.held.capacity() > 4 * KEPT {
            // As for what is handed on: a long line's room is not kept.
            self.held = Vec::new();
        }
        self.end.clear();
    }

    /// Hands on `line`, a whole message, unless it is set aside before the session begins or
    /// something else takes its place ([`refusal::verdict`]).
    fn hand_on_line(&mut self, line: &[u8]) {
        let opening = (self.session == Session::NotBegun).then(|| before_the_session(line));
        match opening {
            Some(Opening::SetAside) => return,
            Some(Opening::Begins) | None => self.session = Session::Begun,
            Some(Opening::Passes) => {}
        }
        match refusal::verdict(line) {
            Verdict::Pass => {
                if let Some(withdrawals) = &self.withdrawals {
                    if let Some(id) = call_request(line) {
                        withdrawals.called(&id);
                    } else if let Some(id) = cancelled_request(line) {
                        withdrawals.note(&id);
                    }
                }
                self.out.extend_from_slice(line);
                self.out.push(b'\n');
            }
            Verdict::Replace(stand_in) => self.hand_on(&stand_in),
            Verdict::SetAside => {
                report("mcp: a notification that could not be read was set aside");
            }
        }
    }

    fn hand_on(&mut self, message: &Value) {
        self.out.extend_from_slice(message.to_string().as_bytes());
        self.out.push(b'\n');
    }

    /// Hands on what stands in for a line of `length` bytes, when its beginning or its end
    /// names its `id`, and says on standard error what was dropped.
    fn stand_in_for_too_long(&mut self, length: usize) {
        let message = beginning_of(&self.held);
        let id = message.id.or_else(|| id_at_end(&self.end));
        let method = message.method.or_else(|| method_at_end(&self.end));
        let request = message.kind == Kind::Request || method.is_some();
        let what = method.as_deref().unwrap_or("incoming");
        report(&format!(
            "mcp: {}; it was dropped",
            too_long_message(what, length)
        ));
        let (sender, what) = if request {
            let meta = message.meta.or_else(|| meta_at_end(&self.end));
            (
                Sender::Request { meta },
                method.as_deref().unwrap_or("request"),
            )
        } else {
            (Sender::Reply, "reply")
        };
        let refusal = Refusal {
            code: ErrorCode::INVALID_REQUEST,
            message: too_long_message(what, length),
        };
        if let Some(id) = id {
            self.hand_on(&refusal::stand_in(&id, sender, &refusal));
        }
    }
}

impl<R: AsyncRead + Unpin> AsyncRead for Incoming<R> {
    fn poll_read(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffer: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        while this.out_from == this.out.len() {
            this.out.clear();
            if this.out.capacity() > 4 * KEPT {
                // What a long line left is not kept for the small ones after it.
                this.out = Vec::new();
            }
            this.out_from = 0;
            let mut read = [0; 8192];
            let mut read = ReadBuf::new(&mut read);
            ready!(Pin::new(&mut this.inner).poll_read(context, &mut read))?;
            let mut mended = std::mem::take(&mut this.mended);
            if read.filled().is_empty() {
                this.mender.finish(&mut mended);
            } else {
                this.mender.mend(read.filled(), &mut mended);
            }
            this.take(&mended);
            if read.filled().is_empty() {
                // A `\r` that ends the input is the last line's, and that line, without a
                // line break, ends with the input.
                if std::mem::take(&mut this.held_return) {
                    this.hold(b"\r");
                }
                if this.line != Line::Held(0) {
                    this.end_line();
                }
            }
            mended.clear();
            this.mended = mended;
            if read.filled().is_empty() && this.out.is_empty() {
                return Poll::Ready(Ok(()));
            }
        }
        let waiting = &this.out[this.out_from..];
        let handed = waiting.len().min(buffer.remaining());
        buffer.put_slice(&waiting[..handed]);
        this.out_from += handed;
        Poll::Ready(Ok(()))
    }
}

#[cfg(test)]
#[path = "incoming_tests.rs"]
mod tests;
