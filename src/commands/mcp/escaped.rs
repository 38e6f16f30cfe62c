//! The server's output as the program writes every document: `rmcp` writes its messages with
//! `serde_json`, which escapes only the C0 controls, so each one passes through
//! [`pi_agent_ask_core::json::escape_text`] on its way out, and DEL, the C1 controls, the
//! bidirectional controls (ALM among them) and U+2028/U+2029 that a model put in its arguments leave as `\u`
//! escapes. The messages read back as the same values.

use std::io;
use std::pin::Pin;
use std::task::{Context, Poll, ready};

use pi_agent_ask_core::json::escape_text;
use tokio::io::AsyncWrite;

/// `inner`, written escaped.
pub struct Escaped<W> {
    inner: W,
    /// Escaped bytes not yet taken by `inner`.
    pending: Vec<u8>,
    /// The start of a character a write ended inside, put before the next write's bytes.
    carried: Vec<u8>,
}

impl<W> Escaped<W> {
    /// Escapes what is written to `inner`.
    pub fn new(inner: W) -> Self {
        Self {
            inner,
            pending: Vec::new(),
            carried: Vec::new(),
        }
    }
}

impl<W: AsyncWrite + Unpin> Escaped<W> {
    /// Hands `inner` the escaped bytes waiting; ready once it took them all.
    fn drain(&mut self, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        while !self.pending.is_empty() {
            let taken = ready!(Pin::new(&mut self.inner).poll_write(context, &self.pending))?;
            if taken == 0 {
                return Poll::Ready(Err(io::ErrorKind::WriteZero.into()));
            }
            self.pending.drain(..taken);
        }
        Poll::Ready(Ok(()))
    }
}

impl<W: AsyncWrite + Unpin> AsyncWrite for Escaped<W> {
    /// Takes all of `bytes` once the bytes before them have gone to `inner`, and starts handing
    /// them on; a flush waits for the rest.
    fn poll_write(
        self: Pin<&mut Self>,
        context: &mut Context<'_>,
        bytes: &[u8],
    ) -> Poll<io::Result<usize>> {
        let this = self.get_mut();
        ready!(this.drain(context))?;
        if this.carried.is_empty() {
            let left = escape_text(bytes, &mut this.pending);
            this.carried.extend_from_slice(&bytes[bytes.len() - left..]);
        } else {
            this.carried.extend_from_slice(bytes);
            let left = escape_text(&this.carried, &mut this.pending);
            let done = this.carried.len() - left;
            this.carried.drain(..done);
        }
        if let Poll::Ready(Err(error)) = this.drain(context) {
            return Poll::Ready(Err(error));
        }
        Poll::Ready(Ok(bytes.len()))
    }

    fn poll_flush(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.drain(context))?;
        Pin::new(&mut this.inner).poll_flush(context)
    }

    fn poll_shutdown(self: Pin<&mut Self>, context: &mut Context<'_>) -> Poll<io::Result<()>> {
        let this = self.get_mut();
        ready!(this.drain(context))?;
        Pin::new(&mut this.inner).poll_shutdown(context)
    }
}

#[cfg(test)]
mod tests {
    use tokio::io::AsyncWriteExt as _;

    use super::*;

    #[test]
    fn controls_leave_escaped_even_when_a_write_ends_inside_one() {
        let message = "{\"text\":\"a\u{9b}b\u{202e}c\u{7f}d é\"}\n".as_bytes();
        let runtime = tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime");
        for cut in 0..=message.len() {
            let mut output = Escaped::new(Vec::new());
            runtime.block_on(async {
                output.write_all(&message[..cut]).await.expect("written");
                output.write_all(&message[cut..]).await.expect("written");
                output.flush().await.expect("flushed");
            });
            assert_eq!(
                String::from_utf8(output.inner).expect("UTF-8"),
                "{\"text\":\"a\\u009bb\\u202ec\\u007fd é\"}\n",
                "cut at {cut}"
            );
        }
    }
}
