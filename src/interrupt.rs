//! Reading that a signal interrupts, for the surfaces that read lines: the plain prompts and RPC.
//!
//! A blocking read would keep SIGINT, SIGTERM and SIGHUP from ending the program the way every
//! surface ends on them: with the cancelled result of what was answered so far, and exit
//! `128 + n`. Once [`watch`] has run, these signals no longer kill the process; they are
//! recorded, and a read through [`reader`] waits for its input and for a signal at once, so a
//! signal fails the read (and every later one) at once. The caller ends its flow, writes the
//! result and exits with [`received`]'s status. Without a signal a read reads as usual.

use std::io::{self, Read};
use std::os::fd::{AsFd, BorrowedFd};
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use pi_agent_ask_crossterm::Signal;
use rustix::event::{PollFd, PollFlags, poll};
use signal_hook::consts::signal::{SIGHUP, SIGINT, SIGTERM};

/// The signals recorded once watched, and the socket their handlers write to, to wake a read.
struct Watch {
    received: Arc<AtomicUsize>,
    wake: UnixStream,
}

static WATCH: OnceLock<Option<Watch>> = OnceLock::new();

/// Records SIGINT, SIGTERM and SIGHUP from now on instead of letting them end the process;
/// registered once. Where that fails the signals keep their default action.
pub fn watch() {
    WATCH.get_or_init(|| register().ok());
}

fn register() -> io::Result<Watch> {
    let received = Arc::new(AtomicUsize::new(0));
    let (wake, alarm) = UnixStream::pair()?;
    for signal in [SIGINT, SIGTERM, SIGHUP] {
        // The flag first, so a woken read finds the signal that woke it.
        signal_hook::flag::register_usize(signal, Arc::clone(&received), signal as usize)?;
        signal_hook::low_level::pipe::register(signal, alarm.try_clone()?)?;
    }
    Ok(Watch { received, wake })
}

/// The first watched signal received, if one was.
pub fn received() -> Option<Signal> {
    let watch = WATCH.get()?.as_ref()?;
    match i32::try_from(watch.received.load(Ordering::SeqCst)).ok()? {
        SIGINT => Some(Signal::Interrupt),
        SIGTERM => Some(Signal::Terminate),
        SIGHUP => Some(Signal::Hangup),
        _ => None,
    }
}

/// The descriptor that becomes readable when a watched signal arrives, once [`watch`] ran;
/// for a wait of its own that a signal must end (see `crate::cancel`).
#[allow(dead_code)] // used by `crate::cancel`, whose surfaces are not built in yet
pub fn wake_fd() -> Option<BorrowedFd<'static>> {
    Some(WATCH.get()?.as_ref()?.wake.as_fd())
}

/// Reads `source` until a watched signal arrives; from then on every read fails. Reads go
/// straight to the file descriptor, so nothing waits in a buffer the wait cannot see.
pub fn reader<F: AsFd + Send + 'static>(source: F) -> Box<dyn Read + Send> {
    Box::new(Interruptible { source })
}

/// A file descriptor read only once it has input, while no signal has arrived.
struct Interruptible<F> {
    source: F,
}

impl<F: AsFd> Read for Interruptible<F> {
    fn read(&mut self, buf: &mut [u8]) -> io::Result<usize> {
        let Some(watch) = WATCH.get().and_then(Option::as_ref) else {
            return Ok(rustix::io::read(&self.source, buf)?);
        };
        loop {
            if let Some(signal) = received() {
                return Err(io::Error::other(format!(
                    "reading stopped by signal {}",
                    signal.number()
                )));
            }
            let mut fds = [
                PollFd::new(&self.source, PollFlags::IN),
                PollFd::new(&watch.wake, PollFlags::IN),
            ];
            match poll(&mut fds, None) {
                Ok(_) | Err(rustix::io::Errno::INTR) => {}
                Err(error) => return Err(error.into()),
            }
            if fds[1].revents().is_empty() && !fds[0].revents().is_empty() {
                return match rustix::io::read(&self.source, &mut *buf) {
                    Err(rustix::io::Errno::INTR) => continue,
                    read => Ok(read?),
                };
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use std::time::{Duration, Instant};

    use super::*;

    #[test]
    fn a_signal_ends_a_read_that_waits_for_input_at_once() {
        watch();
        let (_writer, waiting) = UnixStream::pair().expect("a socket pair");
        let mut input = reader(waiting);
        let raised = std::thread::spawn(|| {
            std::thread::sleep(Duration::from_millis(50));
            signal_hook::low_level::raise(SIGTERM).expect("the signal is raised");
            Instant::now()
        });
        let failed = input.read(&mut [0; 16]);
        let ended = Instant::now();
        let raised = raised.join().expect("the signal was raised");
        assert!(failed.is_err(), "{failed:?}");
        assert!(ended.duration_since(raised) < Duration::from_millis(100));
        assert_eq!(received(), Some(Signal::Terminate));
        assert!(input.read(&mut [0; 16]).is_err(), "a later read went on");
    }
}
