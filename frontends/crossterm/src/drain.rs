//! Reading and dropping what arrives on the terminal until it is quiet: the rest of a paste
//! still arriving, and what is typed meanwhile, when the terminal is about to go back to the
//! shell, which would run it.

use std::os::fd::AsFd;
use std::time::{Duration, Instant};

use rustix::event::{PollFd, PollFlags, Timespec, poll};

/// How long the terminal must stay quiet for a paste to have ended.
pub const PASTE_QUIET: Duration = Duration::from_millis(150);

/// How long a paste still arriving is read at most before what is left is dropped.
pub const PASTE_DRAIN_LIMIT: Duration = Duration::from_secs(2);

/// Reads and drops what `terminal` brings until it is quiet for `quiet`, or for at most
/// `limit`; a read that fails, or finds the terminal closed, ends it too.
pub fn drain_arriving(terminal: impl AsFd, quiet: Duration, limit: Duration) {
    let terminal = terminal.as_fd();
    let quiet = Timespec {
        tv_sec: i64::try_from(quiet.as_secs()).unwrap_or(i64::MAX),
        tv_nsec: i64::from(quiet.subsec_nanos()),
    };
    let started = Instant::now();
    let mut dropped = [0_u8; 16 * 1024];
    while started.elapsed() < limit {
        let mut fds = [PollFd::new(&terminal, PollFlags::IN)];
        match poll(&mut fds, Some(&quiet)) {
            Ok(1) if fds[0].revents().contains(PollFlags::IN) => {
                if !matches!(rustix::io::read(terminal, &mut dropped), Ok(read) if read > 0) {
                    return;
                }
            }
            _ => return,
        }
    }
}
