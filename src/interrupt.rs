//! Reading that a signal interrupts, for the surfaces that read lines: the plain prompts and RPC.
//!
//! A blocking read would keep the signals that end a run (SIGINT, SIGTERM, SIGHUP, SIGQUIT and
//! the rest of `Signal::ALL`) from ending the program the way every surface ends on them: with the cancelled result of what was answered so far, and exit
//! `128 + n`. Once [`watch`] has run, these signals no longer kill the process; they are
//! recorded, and a read through [`reader`] waits for its input and for a signal at once, so a
//! signal fails the read (and every later one) at once. The caller ends its flow, writes the
//! result and exits with [`received`]'s status. Without a signal a read reads as usual. The
//! plain prompts' reads end the same way when the host that reads the program's output has
//! gone ([`reader_watching_output`]), with SIGPIPE's status, and as on SIGHUP when their
//! terminal hangs up ([`note_terminal_gone`]).

use std::io::{self, Read};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd, OwnedFd};
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, OnceLock};

use pi_agent_ask_crossterm::Signal;
use rustix::event::{PollFd, PollFlags, poll};
use signal_hook::consts::signal::SIGHUP;

/// The signals recorded once watched, and the socket their handlers write to, to wake a read.
struct Watch {
    received: Arc<AtomicUsize>,
    wake: UnixStream,
    /// The end the handlers write to, one descriptor for every signal: held here, in a static
    /// never dropped, for as long as the process runs, since the handlers are never removed.
    #[cfg_attr(
        not(all(test, target_os = "linux")),
        expect(
            dead_code,
            reason = "held open for the handlers, which write to its number"
        )
    )]
    alarm: UnixStream,
}

static WATCH: OnceLock<Option<Watch>> = OnceLock::new();

/// Whether a read through [`reader_watching_output`] found the program's output without a
/// reader: the host that ran the program for its result went away.
static OUTPUT_CLOSED: AtomicBool = AtomicBool::new(false);

/// Whether the terminal a reader reads went away (its read found the end of a terminal whose
/// line editing is off, which only a hang-up gives).
static TERMINAL_GONE: AtomicBool = AtomicBool::new(false);

/// Records every signal that ends a run ([`Signal::ALL`]: SIGINT, SIGTERM, SIGHUP, SIGQUIT
/// and the rest whose default is to end the process) from now on instead of letting it end
/// the process; registered once. Where that fails the signals keep their default action.
pub fn watch() {
    WATCH.get_or_init(|| register().ok());
}

fn register() -> io::Result<Watch> {
    let received = Arc::new(AtomicUsize::new(0));
    let (wake, alarm) = UnixStream::pair()?;
    for signal in Signal::ALL.map(Signal::number) {
        // The flag first, so a woken read finds the signal that woke it.
        let number = usize::try_from(signal).unwrap_or_default();
        signal_hook::flag::register_usize(signal, Arc::clone(&received), number)?;
        // The same descriptor for every signal, not a copy each: the handlers are never
        // removed, which is what would close it.
        signal_hook::low_level::pipe::register_raw(signal, alarm.as_raw_fd())?;
    }
    Ok(Watch {
        received,
        wake,
        alarm,
    })
}

/// The first watched signal received, if one was.
pub fn received() -> Option<Signal> {
    let watch = WATCH.get()?.as_ref()?;
    let number = i32::try_from(watch.received.load(Ordering::SeqCst)).ok()?;
    Signal::ALL
        .into_iter()
        .find(|signal| signal.number() == number)
}

/// The descriptor that becomes readable when a watched signal arrives, once [`watch`] ran;
/// for a wait of its own that a signal must end (see `crate::cancel`).
pub fn wake_fd() -> Option<BorrowedFd<'static>> {
    Some(WATCH.get()?.as_ref()?.wake.as_fd())
}

/// Reads `source` until a watched signal arrives; from then on every read fails. Reads go
/// straight to the file descriptor, so nothing waits in a buffer the wait cannot see.
pub fn reader<F: AsFd + Send + 'static>(source: F) -> Box<dyn Read + Send> {
    Box::new(Interruptible {
        source,
        output: None,
        continued: None,
    })
}

/// [`reader`], whose reads also fail once the program's standard output, a pipe or a socket,
/// has no reader any more ([`output_closed`]): a prompt then ends as on a signal rather than
/// wait on the terminal for a host that is gone.
pub fn reader_watching_output<F: AsFd + Send + 'static>(source: F) -> Box<dyn Read + Send> {
    Box::new(Interruptible {
        source,
        output: pi_agent_ask_crossterm::standard_output_with_a_reader(),
        continued: None,
    })
}

/// [`reader_watching_output`] for a terminal whose settings the reader keeps: a read the
/// process's stop and continuation (Ctrl-Z, then `fg`) interrupts fails with
/// [`io::ErrorKind::Interrupted`] once `continued`, written to on SIGCONT, is readable, for
/// the reader to set the terminal as it was and read again.
pub fn terminal_reader<F: AsFd + Send + 'static>(
    source: F,
    continued: UnixStream,
) -> Box<dyn Read + Send> {
    Box::new(Interruptible {
        source,
        output: pi_agent_ask_crossterm::standard_output_with_a_reader(),
        continued: Some(continued),
    })
}

/// Notes that the terminal went away under a read: the run ends as on SIGHUP.
pub fn note_terminal_gone() {
    TERMINAL_GONE.store(true, Ordering::SeqCst);
}

/// Whether a read found the program's output without a reader (see [`reader_watching_output`]).
pub fn output_closed() -> bool {
    OUTPUT_CLOSED.load(Ordering::SeqCst)
}

/// The signal's number when the run was ended from outside: a watched signal's, or SIGPIPE's
/// when its output lost its reader.
pub fn ended_from_outside() -> Option<i32> {
    received()
        .map(Signal::number)
        .or_else(|| TERMINAL_GONE.load(Ordering::SeqCst).then_some(SIGHUP))
        .or_else(|| output_closed().then_some(libc::SIGPIPE))
}

/// A file descriptor read only once it has input, while no signal has arrived and, when
/// watched, the program's output has a reader.
struct Interruptible<F> {
    source: F,
    output: Option<OwnedFd>,
    /// Readable once the process continued after a stop ([`terminal_reader`]).
    continued: Option<UnixStream>,
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
            if output_closed() {
                return Err(io::Error::other(
                    "reading stopped: the program's output has no reader any more",
                ));
            }
            let mut fds = vec![
                PollFd::new(&self.source, PollFlags::IN),
                PollFd::new(&watch.wake, PollFlags::IN),
            ];
            if let Some(continued) = &self.continued {
                fds.push(PollFd::new(continued, PollFlags::IN));
            }
            // No events asked: the wait ends on the output's error or hang-up alone.
            if let Some(output) = &self.output {
                fds.push(PollFd::new(output, PollFlags::empty()));
            }
            match poll(&mut fds, None) {
                Ok(_) | Err(rustix::io::Errno::INTR) => {}
                Err(error) => return Err(error.into()),
            }
            // A signal sent before the input ended can still be handled only as the wait
            // returns, with the input's end ready and the wake-up not yet written: it comes
            // first, as it came first.
            if received().is_some() {
                continue;
            }
            let continued_at = self.continued.as_ref().map(|_| 2);
            if let (Some(at), Some(continued)) = (continued_at, &self.continued)
                && !fds[at].revents().is_empty()
            {
                let _ =
                    rustix::net::recv(continued, &mut [0; 64], rustix::net::RecvFlags::DONTWAIT);
                // A signal taken as the process continued (`kill` of the stopped job) ends
                // the read before the reader takes the terminal again: the process may be in
                // the background, where that would stop it once more.
                if received().is_none() {
                    return Err(io::ErrorKind::Interrupted.into());
                }
                continue;
            }
            let output_at = 2 + usize::from(self.continued.is_some());
            if fds
                .get(output_at)
                .is_some_and(|output| !output.revents().is_empty())
            {
                OUTPUT_CLOSED.store(true, Ordering::SeqCst);
                continue;
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

    use signal_hook::consts::signal::SIGTERM;

    use super::*;

    #[test]
    fn a_signal_ends_a_read_that_waits_for_input_at_once() {
        if !crate::alone::alone(
            "interrupt::tests::a_signal_ends_a_read_that_waits_for_input_at_once",
        ) {
            return;
        }
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

    #[cfg(target_os = "linux")]
    #[test]
    fn every_signal_wakes_a_read_through_one_descriptor() {
        if !crate::alone::alone(
            "interrupt::tests::every_signal_wakes_a_read_through_one_descriptor",
        ) {
            return;
        }
        watch();
        // Every signal's handler writes to the one descriptor the watch holds, not to a copy
        // of its own (ten signals held ten copies).
        let alarm = &WATCH.get().and_then(Option::as_ref).expect("watched").alarm;
        let named = |fd: &std::path::Path| std::fs::read_link(fd).ok();
        let socket =
            named(&std::path::Path::new("/proc/self/fd").join(alarm.as_raw_fd().to_string()));
        let copies = std::fs::read_dir("/proc/self/fd")
            .expect("the process's descriptors")
            .filter_map(Result::ok)
            .filter(|entry| socket.is_some() && named(&entry.path()) == socket)
            .count();
        assert_eq!(copies, 1, "descriptors of the signals' socket");
    }
}
