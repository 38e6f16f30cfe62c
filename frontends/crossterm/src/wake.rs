//! Wake-up pipes: a descriptor the run loop's one `poll` waits on beside the terminal, made
//! readable by a byte written to the other end (from a signal handler, or from a thread that
//! has an input for the loop).
//!
//! Both ends are non-blocking: a full pipe already holds a wake-up, so a writer never waits,
//! and the loop drains it without blocking. Where the system has `pipe2`, the pipe is made
//! with both flags in one call, which costs a program's start one system call instead of three
//! (a socket pair and a mode switch for each end) and a pipe instead of a pair of sockets,
//! which the kernel makes several times faster.

use std::fs::File;
use std::io;

/// A new wake-up pipe, non-blocking and closed on `exec`: the end to wait on and read, and
/// the end to write to.
///
/// # Errors
/// When the system has no descriptors left.
pub fn wake_pipe() -> io::Result<(File, File)> {
    #[cfg(not(target_vendor = "apple"))]
    {
        use rustix::pipe::{PipeFlags, pipe_with};
        let (read, write) = pipe_with(PipeFlags::NONBLOCK | PipeFlags::CLOEXEC)?;
        Ok((File::from(read), File::from(write)))
    }
    #[cfg(target_vendor = "apple")]
    {
        use std::os::fd::OwnedFd;
        use std::os::unix::net::UnixStream;
        let (read, write) = UnixStream::pair()?;
        read.set_nonblocking(true)?;
        write.set_nonblocking(true)?;
        Ok((
            File::from(OwnedFd::from(read)),
            File::from(OwnedFd::from(write)),
        ))
    }
}

#[cfg(test)]
mod tests {
    use std::io::{ErrorKind, Read, Write};

    use super::*;

    #[test]
    fn a_byte_written_is_read_and_neither_end_ever_waits() {
        let (mut wake, mut waker) = wake_pipe().unwrap();
        let mut bytes = [0; 8];
        let empty = wake.read(&mut bytes).unwrap_err();
        assert_eq!(
            empty.kind(),
            ErrorKind::WouldBlock,
            "an empty pipe is not waited on"
        );
        waker.write_all(&[1]).unwrap();
        assert_eq!(wake.read(&mut bytes).unwrap(), 1);
        let full = std::iter::repeat_with(|| waker.write(&[1; 4096]))
            .find_map(Result::err)
            .unwrap();
        assert_eq!(
            full.kind(),
            ErrorKind::WouldBlock,
            "a full pipe is not waited on"
        );
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn both_ends_close_on_exec() {
        use rustix::io::{FdFlags, fcntl_getfd};
        let (wake, waker) = wake_pipe().unwrap();
        for end in [&wake, &waker] {
            assert!(fcntl_getfd(end).unwrap().contains(FdFlags::CLOEXEC));
        }
    }
}
