//! Messages too long to take. `rmcp` drops an incoming line over 16 MiB without a word, and a
//! client whose `tools/call` it dropped waits for its answer for ever. The input passes through
//! [`LongLines`] first: a line longer than [`LONGEST_LINE`] is cut there (what `rmcp` was given
//! of it reads as broken JSON, which it ignores), the rest of it is skipped, and in its place
//! comes a request of [`TOO_LONG`] under the same `id`, read from the line's beginning, which
//! the server answers with an error saying why (see `super::server`); a reply to one of the
//! server's own requests (the client's form, its roots) is followed instead by an error reply
//! under its `id`, so that the request ends with that error. Before a request begins the
//! session, a notification or a reply is set aside: `rmcp` would end the session on it, and a
//! client of 2026-07-28, which has no handshake, may send one. On the way, lone UTF-16
//! surrogate escapes are mended ([`pi_agent_ask_core::surrogates`]), which `rmcp` would
//! otherwise drop with their message, the call never answered.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use pi_agent_ask_core::surrogates::Mender;
use rmcp::model::ErrorCode;
use serde::de::IgnoredAny;
use serde_json::json;
use tokio::io::{AsyncRead, ReadBuf};

use crate::outcome::report;

mod peek;

use peek::{Beginning, beginning_of, id_at_end, meta_at_end, method_at_end};

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
/// The method of the request that stands in for one too long to take.
pub const TOO_LONG: &str = "pi-agent-ask/too-long";
/// How much of a line's beginning is kept to find its `id` and `method` in, and of its end
/// to find its params' `_meta` in.
const KEPT: usize = 64 * 1024;

/// The input, with each line longer than [`LONGEST_LINE`] replaced as the module says.
pub struct LongLines<R> {
    inner: R,
    /// Where the current line stands.
    line: Line,
    /// The first [`KEPT`] bytes of the current line.
    beginning: Vec<u8>,
    /// At least its last [`KEPT`] bytes, once it is that long.
    end: Vec<u8>,
    /// Mends the lone surrogate escapes a JavaScript client can write, which `rmcp` would
    /// refuse with the whole message, unanswered.
    mender: Mender,
    /// The bytes just read, mended.
    mended: Vec<u8>,
    /// A `\r` that ended the bytes read so far, not yet handed on: whether it is the line's
    /// or its line break's shows with the next byte.
    held_return: bool,
    /// Whether a request has begun the session.
    session: Session,
    /// Bytes read and not yet handed on, from `out_from` on.
    out: Vec<u8>,
    out_from: usize,
}

/// Whether the session has begun: `rmcp` ends a session whose first message after a
/// `server/discover` (or before anything) is a notification or a reply, which a client of
/// 2026-07-28 may send, having no handshake to wait for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Session {
    /// No request but `ping` and `server/discover` has come.
    NotBegun,
    /// A request began it (`initialize`, or any other of 2026-07-28), or a line too long to
    /// look at first.
    Begun,
}

/// What a whole line that comes before the session does.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Opening {
    /// A notification or a reply, with nothing to answer or to wait for yet: set aside.
    SetAside,
    /// `ping` or `server/discover`, which `rmcp` answers before the session.
    Answered,
    /// Any other request (or a line that is no message, which `rmcp` ignores).
    Begins,
}

/// What `line`, coming before the session, does.
fn before_the_session(line: &[u8]) -> Opening {
    let Beginning { id, method, .. } = beginning_of(line);
    match (id, method.as_deref()) {
        (Some(_), Some("ping" | "server/discover")) => Opening::Answered,
        (None, Some(_)) => Opening::SetAside,
        (Some(_), None) if serde_json::from_slice::<IgnoredAny>(line).is_ok() => Opening::SetAside,
        _ => Opening::Begins,
    }
}

/// Where the current line stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Line {
    /// Passed on so far, this many bytes long.
    Passing(usize),
    /// Too long: cut, and skipped to its end; this many bytes long so far.
    Skipping(usize),
}

impl<R> LongLines<R> {
    /// Guards `inner`.
    pub fn new(inner: R) -> Self {
        Self {
            inner,
            line: Line::Passing(0),
            beginning: Vec::new(),
            end: Vec::new(),
            mender: Mender::default(),
            mended: Vec::new(),
            out: Vec::new(),
            out_from: 0,
            held_return: false,
            session: Session::NotBegun,
        }
    }

    /// Takes `bytes`, just read, into what is handed on.
    fn take(&mut self, mut bytes: &[u8]) {
        while !bytes.is_empty() {
            let end = bytes.iter().position(|&byte| byte == b'\n');
            let (piece, rest) = bytes.split_at(end.map_or(bytes.len(), |at| at + 1));
            let mut text = piece.strip_suffix(b"\n").unwrap_or(piece);
            if self.session == Session::NotBegun && self.line == Line::Passing(0) {
                let whole = end.is_some() && !self.held_return;
                if whole && before_the_session(text) == Opening::SetAside {
                    bytes = rest;
                    continue;
                }
                if !whole || before_the_session(text) == Opening::Begins {
                    self.session = Session::Begun;
                }
            }
            // A `\r` held back from the bytes before is the line's when no line break follows
            // it; before one it is part of the line break, which goes on as `\n` alone.
            if std::mem::take(&mut self.held_return) && !(end.is_some() && text.is_empty()) {
                self.pass(b"\r");
            }
            match text.strip_suffix(b"\r") {
                Some(before) if end.is_some() => text = before,
                Some(before) => {
                    text = before;
                    self.held_return = true;
                }
                None => {}
            }
            self.pass(text);
            if end.is_some() {
                if let Line::Skipping(length) = self.line {
                    self.stand_in(length);
                } else {
                    self.out.push(b'\n');
                }
                self.line = Line::Passing(0);
                self.beginning.clear();
                self.end.clear();
            }
            bytes = rest;
        }
    }

    /// Takes `text`, more of the current line, cutting the line where it grows too long.
    fn pass(&mut self, text: &[u8]) {
        self.keep_end(text);
        match self.line {
            Line::Passing(length) if length + text.len() <= LONGEST_LINE => {
                self.keep_beginning(text);
                self.out.extend_from_slice(text);
                self.line = Line::Passing(length + text.len());
            }
            Line::Passing(length) => {
                let fits = LONGEST_LINE - length;
                self.keep_beginning(&text[..fits]);
                self.out.extend_from_slice(&text[..fits]);
                self.out.push(b'\n');
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

    fn keep_beginning(&mut self, text: &[u8]) {
        let room = KEPT.saturating_sub(self.beginning.len());
        self.beginning
            .extend_from_slice(&text[..room.min(text.len())]);
    }

    /// Puts the request that answers for a line of `length` bytes, when its beginning names
    /// its `id` and `method`, and says on standard error what was dropped.
    fn stand_in(&mut self, length: usize) {
        let Beginning { id, method, meta } = beginning_of(&self.beginning);
        let id = id.or_else(|| id_at_end(&self.end));
        let method = method.or_else(|| method_at_end(&self.end));
        let meta = meta.or_else(|| meta_at_end(&self.end));
        report(&format!(
            "mcp: {}; it was dropped",
            too_long_message(method.as_deref().unwrap_or("incoming"), length)
        ));
        let stand_in = match (id, method) {
            (Some(id), Some(method)) => {
                let mut params = json!({"method": method, "bytes": length});
                if let Some(meta) = meta {
                    params["_meta"] = meta;
                }
                json!({"jsonrpc": "2.0", "id": id, "method": TOO_LONG, "params": params})
            }
            // A reply to a request of the server's (the client's form, its roots): the request
            // gets an error in its place rather than waiting for ever.
            (Some(id), None) => json!({"jsonrpc": "2.0", "id": id, "error": {
                "code": ErrorCode::INVALID_REQUEST.0,
                "message": too_long_message("reply", length),
            }}),
            (None, _) => return,
        };
        self.out.extend_from_slice(stand_in.to_string().as_bytes());
        self.out.push(b'\n');
    }
}

impl<R: AsyncRead + Unpin> AsyncRead for LongLines<R> {
    fn poll_read(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
        buffer: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        while this.out_from == this.out.len() {
            this.out.clear();
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
            // A `\r` that ends the input is the last line's.
            if read.filled().is_empty() && std::mem::take(&mut this.held_return) {
                this.pass(b"\r");
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
#[path = "long_lines_tests.rs"]
mod tests;
