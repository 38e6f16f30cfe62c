//! Waiting for the terminal: one blocking `poll` on the terminal and on the signals' wake-up
//! pipe, with the next deadline as its timeout, and reads that never block.
//!
//! The terminal is read through the session's one open description, which the first wait makes
//! non-blocking for the rest of the session: a read never waits for bytes that a signal could
//! not cut short (another reader of the terminal may take them between the `poll` and the
//! `read`), and a keystroke costs no call to switch the mode back and forth. The first wait
//! comes after the first frame and switches the mode before it sleeps, so neither the first
//! frame nor the first key waits for the switch. The frames written on the same description
//! wait for room when the terminal's queue is full ([`crate::waiting::WaitingWriter`]). A
//! terminal that hangs up (its other end closed, with or without a SIGHUP) reports so to `poll`
//! and `read` forever after; that ends the wait for good instead of spinning.

use std::fs::File;
use std::io::{self, ErrorKind, Read};
use std::os::fd::{AsRawFd, BorrowedFd};
use std::sync::Arc;
use std::time::Duration;

use arrayvec::ArrayVec;
use filedescriptor::{POLLIN, POLLOUT, pollfd};

use crate::backend::is_gone;

/// The most bytes taken from the terminal in one read.
const READ_SIZE: usize = 4096;

/// What ended a wait.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Woken {
    /// Bytes came from the terminal.
    Read(Vec<u8>),
    /// A signal arrived.
    Signal,
    /// The extra descriptor waited on became readable (see [`crate::run::ExternalInputs`]).
    External,
    /// The timeout passed.
    Timeout,
    /// The terminal is gone: hung up, closed, or failing to read.
    HungUp,
    /// The descriptor watched for its reader (see [`crate::output_watch::OutputWatch`]) has none
    /// any more.
    OutputClosed,
}

/// The terminal's input, read without blocking.
#[derive(Debug)]
pub(crate) struct TtyReader {
    tty: Arc<File>,
    /// What a read fills, made by the first read (after the first frame, which is drawn
    /// without it) and kept: a keystroke's few bytes are copied out of it, so a wait neither
    /// allocates nor clears a page of memory.
    buffer: Option<Box<[u8; READ_SIZE]>>,
    /// Whether the description was made non-blocking (by the first wait, after the first frame,
    /// so that nothing is spent on it before that frame or after the first key).
    nonblocking: bool,
}

impl TtyReader {
    /// Reads the terminal open on `tty`, the session's descriptor.
    pub(crate) fn new(tty: Arc<File>) -> Self {
        Self {
            tty,
            buffer: None,
            nonblocking: false,
        }
    }

    /// Waits until the terminal has bytes or hangs up, `wake` becomes readable, or `timeout`
    /// passes (never, when `None`).
    #[cfg(test)]
    pub(crate) fn wait(
        &mut self,
        wake: BorrowedFd<'_>,
        timeout: Option<Duration>,
    ) -> io::Result<Woken> {
        self.wait_beside(Some(wake), None, None, timeout)
    }

    /// [`Self::wait`], also ending when `extra` (when there is one) becomes readable or hangs
    /// up, and when `output` (when there is one, the write end of a pipe or a socket) loses its
    /// reader: terminal bytes come first, then `output`, then `extra`, then a signal. Without
    /// `wake` no signal can end the wait (see [`crate::signals::SessionSignals`]).
    pub(crate) fn wait_beside(
        &mut self,
        wake: Option<BorrowedFd<'_>>,
        extra: Option<BorrowedFd<'_>>,
        output: Option<BorrowedFd<'_>>,
        timeout: Option<Duration>,
    ) -> io::Result<Woken> {
        let mut fds: ArrayVec<pollfd, 4> = [
            Some(readable(&self.tty)),
            wake.as_ref().map(readable),
            extra.as_ref().map(readable),
            output.as_ref().map(|fd| pollfd {
                fd: fd.as_raw_fd(),
                events: 0,
                revents: 0,
            }),
        ]
        .into_iter()
        .flatten()
        .collect();
        if !self.nonblocking {
            rustix::io::ioctl_fionbio(&self.tty, true)?;
            self.nonblocking = true;
        }
        match poll_ready(&mut fds, timeout) {
            Ok(0) => return Ok(Woken::Timeout),
            Ok(_) => {}
            Err(error) if error.kind() == ErrorKind::Interrupted => return Ok(Woken::Signal),
            Err(error) => return Err(error),
        }
        let tty = fds[0].revents;
        let signalled = wake.is_some() && fds[1].revents != 0;
        let revents = |position: usize| fds.get(position).map_or(0, |fd| fd.revents);
        let extra_at = 1 + usize::from(wake.is_some());
        let external = extra.is_some() && revents(extra_at) != 0;
        let output_closed =
            output.is_some() && revents(extra_at + usize::from(extra.is_some())) != 0;
        if tty & POLLIN != 0 {
            match self.read() {
                Ok(woken) => return Ok(woken),
                Err(error) if error.kind() == ErrorKind::WouldBlock => {}
                Err(error) if error.kind() == ErrorKind::Interrupted => return Ok(Woken::Signal),
                Err(error) => return Err(error),
            }
        } else if tty != 0 {
            // Hung up, an error, or no longer a terminal at all.
            return Ok(Woken::HungUp);
        }
        Ok(if output_closed {
            Woken::OutputClosed
        } else if external {
            Woken::External
        } else if signalled {
            Woken::Signal
        } else {
            Woken::Timeout
        })
    }

    /// Reads what is there: no bytes at all means the terminal is gone, and so does an
    /// input/output error, which is what reading a hung-up terminal gives.
    fn read(&mut self) -> io::Result<Woken> {
        let buffer = self.buffer.get_or_insert_with(|| Box::new([0; READ_SIZE]));
        match self.tty.read(&mut buffer[..]) {
            Ok(0) => Ok(Woken::HungUp),
            Ok(read) => Ok(Woken::Read(buffer[..read].to_vec())),
            Err(error) if is_gone(&error) => Ok(Woken::HungUp),
            Err(error) => Err(error),
        }
    }
}

/// The longest single wait, in milliseconds (what `poll` takes); a later deadline is waited for
/// in more than one wait.
const LONGEST_WAIT_MS: u128 = i32::MAX as u128;

/// A descriptor to wait on until it is readable.
pub(crate) fn readable(fd: &impl AsRawFd) -> pollfd {
    pollfd {
        fd: fd.as_raw_fd(),
        events: POLLIN,
        revents: 0,
    }
}

/// A descriptor to wait on until it takes bytes again.
pub(crate) fn writable(fd: &impl AsRawFd) -> pollfd {
    pollfd {
        fd: fd.as_raw_fd(),
        events: POLLOUT,
        revents: 0,
    }
}

/// Waits until one of `fds` is ready (for what its `events` ask) or `timeout` passes (never,
/// when `None`); how many are. `timeout` is rounded up to whole milliseconds, so a wait never
/// ends just before a deadline and spins. This is filedescriptor's `poll`, which on macOS,
/// whose `poll` does not support terminals, uses `select`.
pub(crate) fn poll_ready(fds: &mut [pollfd], timeout: Option<Duration>) -> io::Result<usize> {
    let timeout = timeout.map(|timeout| {
        let millis = timeout.as_nanos().div_ceil(1_000_000).min(LONGEST_WAIT_MS);
        Duration::from_millis(u64::try_from(millis).unwrap_or(u64::MAX))
    });
    filedescriptor::poll(fds, timeout).map_err(|error| match error {
        filedescriptor::Error::Poll(error) | filedescriptor::Error::Io(error) => error,
        other => io::Error::other(other),
    })
}

#[cfg(test)]
mod tests {
    use std::io::Write;
    use std::os::fd::{AsFd, OwnedFd};
    use std::os::unix::net::UnixStream;

    use super::*;

    /// A reader on one end of a socket pair standing in for the terminal, the other end, and a
    /// pair standing in for the signals' pipe.
    fn reader() -> (TtyReader, UnixStream, (UnixStream, UnixStream)) {
        let (ours, theirs) = UnixStream::pair().unwrap();
        ours.set_nonblocking(true).unwrap();
        let tty = File::from(OwnedFd::from(ours));
        (
            TtyReader::new(Arc::new(tty)),
            theirs,
            UnixStream::pair().unwrap(),
        )
    }

    #[test]
    fn bytes_wake_the_wait_and_are_read() {
        let (mut reader, mut terminal, (wake, _waker)) = reader();
        terminal.write_all(b"\x1b[").unwrap();
        let woken = reader.wait(wake.as_fd(), None).unwrap();
        assert_eq!(woken, Woken::Read(b"\x1b[".to_vec()));
    }

    #[test]
    fn the_first_wait_makes_the_terminal_non_blocking_before_it_sleeps() {
        let (ours, _terminal) = UnixStream::pair().unwrap();
        let tty = Arc::new(File::from(OwnedFd::from(ours)));
        let mut reader = TtyReader::new(Arc::clone(&tty));
        let (wake, _waker) = UnixStream::pair().unwrap();
        let blocking = || {
            let flags = rustix::fs::fcntl_getfl(&*tty).unwrap();
            !flags.contains(rustix::fs::OFlags::NONBLOCK)
        };
        assert!(blocking(), "nothing is switched before the first wait");
        let timeout = Some(Duration::from_millis(1));
        assert_eq!(reader.wait(wake.as_fd(), timeout).unwrap(), Woken::Timeout);
        assert!(!blocking(), "the wait switched the mode though no key came");
    }

    #[test]
    fn a_signal_wakes_the_wait() {
        let (mut reader, _terminal, (wake, mut waker)) = reader();
        waker.write_all(&[0]).unwrap();
        assert_eq!(reader.wait(wake.as_fd(), None).unwrap(), Woken::Signal);
    }

    #[test]
    fn a_signal_that_comes_with_terminal_bytes_wakes_the_next_wait() {
        let (mut reader, mut terminal, (wake, mut waker)) = reader();
        terminal.write_all(b"x").unwrap();
        waker.write_all(&[0]).unwrap();
        assert_eq!(
            reader.wait(wake.as_fd(), None).unwrap(),
            Woken::Read(b"x".to_vec())
        );
        let timeout = Some(Duration::from_secs(5));
        assert_eq!(reader.wait(wake.as_fd(), timeout).unwrap(), Woken::Signal);
    }

    #[test]
    fn an_extra_descriptor_wakes_the_wait() {
        let (mut reader, _terminal, (wake, _waker)) = reader();
        let (extra, mut sender) = UnixStream::pair().unwrap();
        sender.write_all(&[1]).unwrap();
        let woken = reader.wait_beside(Some(wake.as_fd()), Some(extra.as_fd()), None, None);
        assert_eq!(woken.unwrap(), Woken::External);
    }

    #[test]
    fn an_output_whose_reader_goes_away_ends_the_wait_and_one_still_read_does_not() {
        let (mut reader, _terminal, (wake, _waker)) = reader();
        let (read, write) = rustix::pipe::pipe().unwrap();
        let (extra, _sender) = UnixStream::pair().unwrap();
        let timeout = Some(Duration::from_millis(20));
        let woken = reader.wait_beside(
            Some(wake.as_fd()),
            Some(extra.as_fd()),
            Some(write.as_fd()),
            timeout,
        );
        assert_eq!(
            woken.unwrap(),
            Woken::Timeout,
            "a pipe still read is no reason to wake"
        );
        drop(read);
        let woken = reader.wait_beside(
            Some(wake.as_fd()),
            Some(extra.as_fd()),
            Some(write.as_fd()),
            None,
        );
        assert_eq!(woken.unwrap(), Woken::OutputClosed);
        let woken = reader.wait_beside(None, None, Some(write.as_fd()), None);
        assert_eq!(
            woken.unwrap(),
            Woken::OutputClosed,
            "found at its place without the others"
        );
    }

    #[test]
    fn the_wait_ends_at_its_timeout() {
        let (mut reader, _terminal, (wake, _waker)) = reader();
        let timeout = Some(Duration::from_micros(1500));
        assert_eq!(reader.wait(wake.as_fd(), timeout).unwrap(), Woken::Timeout);
    }

    #[test]
    fn a_closed_terminal_is_a_hang_up_every_time() {
        let (mut reader, terminal, (wake, _waker)) = reader();
        drop(terminal);
        for _ in 0..3 {
            assert_eq!(reader.wait(wake.as_fd(), None).unwrap(), Woken::HungUp);
        }
    }
}
