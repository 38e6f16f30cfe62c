//! Waiting for the terminal: one blocking `poll` on the terminal and on the signals' wake-up
//! pipe, with the next deadline as its timeout, and reads that never block.
//!
//! The terminal is read through a descriptor of its own, opened non-blocking, so a read never
//! waits for bytes that a signal could not cut short, and the descriptors drawing on the
//! terminal stay blocking. A terminal that hangs up (its other end closed, with or without a
//! SIGHUP) reports so to `poll` and `read` forever after; that ends the wait for good instead
//! of spinning.

use std::fs::{File, OpenOptions};
use std::io::{self, ErrorKind, Read};
use std::os::fd::BorrowedFd;
use std::time::Duration;

use rustix::event::{PollFd, PollFlags, Timespec, poll};
use rustix::io::Errno;

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
    /// The timeout passed.
    Timeout,
    /// The terminal is gone: hung up, closed, or failing to read.
    HungUp,
}

/// The terminal's input, read without blocking.
#[derive(Debug)]
pub(crate) struct TtyReader {
    tty: File,
}

impl TtyReader {
    /// Opens the terminal at `path` for reading, non-blocking.
    pub(crate) fn open(path: &str) -> io::Result<Self> {
        let tty = OpenOptions::new().read(true).open(path)?;
        rustix::io::ioctl_fionbio(&tty, true)?;
        Ok(Self { tty })
    }

    /// Waits until the terminal has bytes or hangs up, `wake` becomes readable, or `timeout`
    /// passes (never, when `None`).
    pub(crate) fn wait(
        &mut self,
        wake: BorrowedFd<'_>,
        timeout: Option<Duration>,
    ) -> io::Result<Woken> {
        let timeout = timeout.and_then(|timeout| Timespec::try_from(timeout).ok());
        let mut fds = [
            PollFd::new(&self.tty, PollFlags::IN),
            PollFd::new(&wake, PollFlags::IN),
        ];
        match poll(&mut fds, timeout.as_ref()) {
            Ok(0) => return Ok(Woken::Timeout),
            Ok(_) => {}
            Err(Errno::INTR) => return Ok(Woken::Signal),
            Err(error) => return Err(error.into()),
        }
        let tty = fds[0].revents();
        let signalled = !fds[1].revents().is_empty();
        if tty.contains(PollFlags::IN) {
            match self.read() {
                Ok(woken) => return Ok(woken),
                Err(error) if error.kind() == ErrorKind::WouldBlock => {}
                Err(error) if error.kind() == ErrorKind::Interrupted => return Ok(Woken::Signal),
                Err(error) => return Err(error),
            }
        } else if tty.intersects(PollFlags::HUP | PollFlags::ERR | PollFlags::NVAL) {
            return Ok(Woken::HungUp);
        }
        Ok(if signalled {
            Woken::Signal
        } else {
            Woken::Timeout
        })
    }

    /// Reads what is there: no bytes at all means the terminal is gone, and so does an
    /// input/output error, which is what reading a hung-up terminal gives.
    fn read(&mut self) -> io::Result<Woken> {
        let mut bytes = vec![0; READ_SIZE];
        match self.tty.read(&mut bytes) {
            Ok(0) => Ok(Woken::HungUp),
            Ok(read) => {
                bytes.truncate(read);
                Ok(Woken::Read(bytes))
            }
            Err(error) if is_gone(&error) => Ok(Woken::HungUp),
            Err(error) => Err(error),
        }
    }
}
