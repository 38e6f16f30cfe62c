//! One blocking wait on several descriptors that a cancel or a watched signal also ends: what
//! the caller sleeps in while the popup starts (its program connecting, or the host's command
//! ending) without a polling loop.

use std::io;
use std::os::fd::BorrowedFd;
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec, poll};

use crate::cancel::Cancel;
use crate::interrupt;

/// How a wait ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Woke {
    /// The descriptor at this index is readable or hung up (the lowest such index).
    Ready(usize),
    /// The token was cancelled, or a watched signal arrived.
    Cancelled,
    /// `limit` passed first.
    Timeout,
}

/// Waits until one of `fds` is readable (or hung up), `cancel` is cancelled, or `limit` passes.
pub fn wait_any(cancel: &Cancel, fds: &[BorrowedFd<'_>], limit: Duration) -> io::Result<Woke> {
    let deadline = Instant::now() + limit;
    loop {
        if cancel.is_cancelled() {
            return Ok(Woke::Cancelled);
        }
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() {
            return Ok(Woke::Timeout);
        }
        let signals = interrupt::wake_fd();
        let mut polled: Vec<PollFd<'_>> = fds
            .iter()
            .map(|fd| PollFd::new(fd, PollFlags::IN))
            .collect();
        let alarm = cancel.fd();
        polled.push(PollFd::new(&alarm, PollFlags::IN));
        if let Some(signals) = &signals {
            polled.push(PollFd::new(signals, PollFlags::IN));
        }
        let timeout = Timespec {
            tv_sec: i64::try_from(left.as_secs()).unwrap_or(i64::MAX),
            tv_nsec: i64::from(left.subsec_nanos()),
        };
        match poll(&mut polled, Some(&timeout)) {
            Ok(_) | Err(rustix::io::Errno::INTR) => {}
            Err(error) => return Err(error.into()),
        }
        if cancel.is_cancelled() {
            return Ok(Woke::Cancelled);
        }
        if let Some(index) = polled[..fds.len()]
            .iter()
            .position(|fd| !fd.revents().is_empty())
        {
            return Ok(Woke::Ready(index));
        }
    }
}

#[cfg(test)]
mod tests {
    use std::io::Write as _;
    use std::os::fd::AsFd as _;
    use std::os::unix::net::UnixStream;

    use super::*;

    /// Checks a wait's end; a watched signal that another test of this process raised ends
    /// every wait from then on, as it must.
    fn assert_woke(woke: Woke, expected: Woke) {
        if woke == Woke::Cancelled && interrupt::received().is_some() {
            return;
        }
        assert_eq!(woke, expected);
    }

    #[test]
    fn the_first_ready_descriptor_a_cancel_or_the_limit_ends_the_wait() {
        let cancel = Cancel::new().expect("a token");
        let (_quiet_writer, quiet) = UnixStream::pair().expect("a pair");
        let (mut writer, ready) = UnixStream::pair().expect("a pair");
        let fds = [quiet.as_fd(), ready.as_fd()];
        let short = Duration::from_millis(20);
        assert_woke(
            wait_any(&cancel, &fds, short).expect("waited"),
            Woke::Timeout,
        );
        writer.write_all(b"x").expect("written");
        assert_woke(
            wait_any(&cancel, &fds, short).expect("waited"),
            Woke::Ready(1),
        );
        drop(writer);
        let other = cancel.clone();
        let started = Instant::now();
        std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(30));
            other.cancel();
        });
        let fds = [quiet.as_fd()];
        let woke = wait_any(&cancel, &fds, Duration::from_secs(10)).expect("waited");
        assert_eq!(woke, Woke::Cancelled);
        assert!(started.elapsed() < Duration::from_secs(2));
    }
}
