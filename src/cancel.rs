//! Cancelling a wait for an answer from elsewhere: another thread (a closed MCP call) or a
//! signal that ends a run (SIGINT, SIGTERM, SIGHUP and the rest, once [`interrupt::watch`] has
//! run) ends it at once.
//!
//! A surface that waits for a person somewhere else (an inbox, a popup) sleeps in one blocking
//! wait on what it waits for and on this token, never in a polling loop.

use std::fs::File;
use std::io::{self, Write};
use std::os::fd::{AsFd, BorrowedFd};
use std::sync::Arc;
use std::sync::atomic::{AtomicBool, Ordering};
use std::time::{Duration, Instant};

use pi_agent_ask_crossterm::wake_pipe;
use rustix::event::{PollFd, PollFlags, Timespec, poll};

use crate::interrupt;

/// A token that ends waits once it is cancelled; clones share it.
#[derive(Clone)]
pub struct Cancel {
    inner: Arc<Inner>,
}

struct Inner {
    cancelled: AtomicBool,
    /// Written once on cancelling, so a wait that polls `alarm` wakes up.
    wake: File,
    alarm: File,
}

/// How a [`Cancel::wait`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Wake {
    /// The file descriptor waited on is ready (readable, or hung up).
    Ready,
    /// The token was cancelled, or a watched signal arrived.
    Cancelled,
    /// The timeout passed first.
    Timeout,
    /// The second descriptor of [`Cancel::wait_either`] is ready.
    Other,
}

impl Cancel {
    /// A token not cancelled yet.
    pub fn new() -> io::Result<Self> {
        let (alarm, wake) = wake_pipe()?;
        Ok(Self {
            inner: Arc::new(Inner {
                cancelled: AtomicBool::new(false),
                wake,
                alarm,
            }),
        })
    }

    /// Cancels every wait on this token, now and later.
    pub fn cancel(&self) {
        if !self.inner.cancelled.swap(true, Ordering::SeqCst) {
            // Best effort: a full buffer already wakes every wait.
            let _ = (&self.inner.wake).write(&[1]);
        }
    }

    /// Whether the token was cancelled, or a watched signal arrived.
    pub fn is_cancelled(&self) -> bool {
        self.inner.cancelled.load(Ordering::SeqCst) || interrupt::received().is_some()
    }

    /// Waits until `fd` is readable (or hung up), the token is cancelled or a watched signal
    /// arrives, or `timeout` passes (`None`: no timeout).
    pub fn wait(&self, fd: BorrowedFd<'_>, timeout: Option<Duration>) -> io::Result<Wake> {
        self.wait_on(fd, None, timeout)
    }

    /// [`Cancel::wait`] on `fd` and `other` at once: [`Wake::Other`] when `other` is readable
    /// and `fd` is not.
    pub fn wait_either(&self, fd: BorrowedFd<'_>, other: BorrowedFd<'_>) -> io::Result<Wake> {
        self.wait_on(fd, Some(other), None)
    }

    fn wait_on(
        &self,
        fd: BorrowedFd<'_>,
        other: Option<BorrowedFd<'_>>,
        timeout: Option<Duration>,
    ) -> io::Result<Wake> {
        let timeout = timeout.map(|timeout| Timespec {
            tv_sec: i64::try_from(timeout.as_secs()).unwrap_or(i64::MAX),
            tv_nsec: i64::from(timeout.subsec_nanos()),
        });
        loop {
            if self.is_cancelled() {
                return Ok(Wake::Cancelled);
            }
            let signals = interrupt::wake_fd();
            let mut fds = vec![
                PollFd::new(&fd, PollFlags::IN),
                PollFd::new(&self.inner.alarm, PollFlags::IN),
            ];
            if let Some(other) = &other {
                fds.push(PollFd::new(other, PollFlags::IN));
            }
            if let Some(signals) = &signals {
                fds.push(PollFd::new(signals, PollFlags::IN));
            }
            match poll(&mut fds, timeout.as_ref()) {
                Ok(0) => return Ok(Wake::Timeout),
                Ok(_) | Err(rustix::io::Errno::INTR) => {}
                Err(error) => return Err(error.into()),
            }
            if self.is_cancelled() {
                return Ok(Wake::Cancelled);
            }
            if !fds[0].revents().is_empty() {
                return Ok(Wake::Ready);
            }
            if other.is_some() && !fds[2].revents().is_empty() {
                return Ok(Wake::Other);
            }
        }
    }

    /// Cancels the token once nobody reads the program's standard output any more, where it
    /// is a pipe or a socket: the host waiting for the result (an agent, Claude Code) went
    /// away, and a form it asked for elsewhere must not outlive it. A thread sleeps in one
    /// wait for that, and ends with the process.
    pub fn cancel_when_output_closes(&self) {
        let Some(output) = pi_agent_ask_crossterm::standard_output_with_a_reader() else {
            return;
        };
        let token = self.clone();
        std::thread::spawn(move || {
            loop {
                let mut fds = [PollFd::new(&output, PollFlags::empty())];
                match poll(&mut fds, None) {
                    Ok(_) if !fds[0].revents().is_empty() => {
                        token.cancel();
                        return;
                    }
                    Ok(_) | Err(rustix::io::Errno::INTR) => {}
                    Err(_) => return,
                }
            }
        });
    }

    /// The file descriptor that becomes readable once the token is cancelled, for a wait of
    /// the caller's own that polls more than one descriptor.
    pub fn fd(&self) -> BorrowedFd<'_> {
        self.inner.alarm.as_fd()
    }
}

/// Whether `source` becomes readable (or hangs up) within `limit`.
pub fn readable_within(source: &impl std::os::fd::AsFd, limit: Duration) -> bool {
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        let timeout = Timespec {
            tv_sec: i64::try_from(left.as_secs()).unwrap_or(i64::MAX),
            tv_nsec: i64::from(left.subsec_nanos()),
        };
        let fd = source.as_fd();
        let mut fds = [PollFd::new(&fd, PollFlags::IN)];
        match poll(&mut fds, Some(&timeout)) {
            Ok(0) => return false,
            Ok(_) => return true,
            Err(rustix::io::Errno::INTR) => {}
            Err(_) => return false,
        }
    }
}

#[cfg(test)]
mod tests {
    use std::os::unix::net::UnixStream;
    use std::time::Instant;

    use super::*;

    #[test]
    fn a_cancel_from_another_thread_ends_a_wait_at_once() {
        let cancel = Cancel::new().expect("a token");
        let (_writer, reader) = UnixStream::pair().expect("a socket pair");
        let other = cancel.clone();
        let cancelled = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(30));
            other.cancel();
            Instant::now()
        });
        let woke = cancel.wait(reader.as_fd(), None).expect("the wait");
        let at = cancelled.join().expect("the thread");
        assert_eq!(woke, Wake::Cancelled);
        assert!(at.elapsed() < Duration::from_millis(100));
        assert!(cancel.is_cancelled());
    }

    #[test]
    fn a_ready_descriptor_or_a_timeout_ends_a_wait() {
        let cancel = Cancel::new().expect("a token");
        let (mut writer, reader) = UnixStream::pair().expect("a socket pair");
        let short = Some(Duration::from_millis(10));
        assert_eq!(
            cancel.wait(reader.as_fd(), short).expect("the wait"),
            Wake::Timeout
        );
        writer.write_all(b"x").expect("written");
        assert_eq!(
            cancel.wait(reader.as_fd(), short).expect("the wait"),
            Wake::Ready
        );
    }
}
