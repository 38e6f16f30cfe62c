//! Writing to the session's terminal descriptor, which its reads leave non-blocking.
//!
//! The session reads and writes the terminal through one open description. Its first read makes
//! that description non-blocking for good (`reader.rs`), so that no later read can wait for bytes
//! another reader of the terminal took first, and a keystroke costs no system call to switch
//! the mode back and forth. A write can then find the terminal's output queue full (a terminal
//! that is slow to drain a large frame): [`WaitingWriter`] waits until it takes bytes again,
//! as a blocking write would have, so every caller still writes whole frames.

use std::io::{self, ErrorKind, Write};
use std::os::fd::AsRawFd;

use crate::reader::{poll_ready, writable};

/// A writer that, where its descriptor has no room, waits for room instead of failing.
#[derive(Debug)]
pub(crate) struct WaitingWriter<W>(pub(crate) W);

impl<W: Write + AsRawFd> Write for WaitingWriter<W> {
    fn write(&mut self, buf: &[u8]) -> io::Result<usize> {
        loop {
            match self.0.write(buf) {
                Err(error) if error.kind() == ErrorKind::WouldBlock => self.wait_for_room()?,
                written => return written,
            }
        }
    }

    fn flush(&mut self) -> io::Result<()> {
        self.0.flush()
    }
}

impl<W: AsRawFd> WaitingWriter<W> {
    /// Waits until the descriptor takes bytes again, or reports why it never will (a terminal
    /// that hung up is ready at once, and the next write says so). A signal only ends the wait
    /// early.
    fn wait_for_room(&self) -> io::Result<()> {
        let mut fds = [writable(&self.0)];
        match poll_ready(&mut fds, None) {
            Err(error) if error.kind() != ErrorKind::Interrupted => Err(error),
            _ => Ok(()),
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Read;
    use std::os::unix::net::UnixStream;
    use std::thread;
    use std::time::Duration;

    use super::*;

    /// More than a socket's send buffer holds, so that a non-blocking write runs out of room.
    const FRAME: usize = 4 << 20;

    fn frame() -> Vec<u8> {
        (0..FRAME).map(|at| (at % 251) as u8).collect()
    }

    /// Reads everything `reader` is sent, on a thread of its own, once `start` returns.
    fn drain_after(
        mut reader: UnixStream,
        start: impl FnOnce() + Send + 'static,
    ) -> thread::JoinHandle<Vec<u8>> {
        thread::spawn(move || {
            start();
            let mut received = Vec::new();
            reader.read_to_end(&mut received).unwrap();
            received
        })
    }

    /// Reads everything `reader` is sent, slowly at first, on a thread of its own.
    fn drain_slowly(reader: UnixStream) -> thread::JoinHandle<Vec<u8>> {
        drain_after(reader, || thread::sleep(Duration::from_millis(50)))
    }

    #[test]
    fn a_frame_larger_than_the_room_left_is_written_whole_once_room_comes() {
        let (writer, reader) = UnixStream::pair().unwrap();
        writer.set_nonblocking(true).unwrap();
        let received = drain_slowly(reader);
        let mut waiting = WaitingWriter(writer);
        waiting.write_all(&frame()).unwrap();
        drop(waiting);
        assert!(
            received.join().unwrap() == frame(),
            "the bytes arrive whole and in order"
        );
    }

    #[test]
    fn without_waiting_the_same_frame_fails_for_lack_of_room() {
        let (mut writer, reader) = UnixStream::pair().unwrap();
        writer.set_nonblocking(true).unwrap();
        // The reader starts only once the write has given up, however late this thread runs.
        let (tried, go) = std::sync::mpsc::channel();
        let received = drain_after(reader, move || go.recv().unwrap_or_default());
        let written = writer.write_all(&frame());
        tried.send(()).unwrap();
        drop(writer);
        received.join().unwrap();
        assert_eq!(written.unwrap_err().kind(), ErrorKind::WouldBlock);
    }

    #[test]
    fn a_closed_reader_is_an_error_not_a_wait() {
        let (writer, reader) = UnixStream::pair().unwrap();
        writer.set_nonblocking(true).unwrap();
        drop(reader);
        let error = WaitingWriter(writer).write_all(&frame()).unwrap_err();
        assert_eq!(error.kind(), ErrorKind::BrokenPipe);
    }
}
