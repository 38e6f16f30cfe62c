//! Signals that end or suspend a terminal session, or tell it the terminal changed size.
//!
//! While a session is open, every catchable signal whose default action would kill the
//! process ([`Signal`]), SIGTSTP and SIGWINCH are only recorded, and each wakes the run loop
//! through a pipe it waits on beside the terminal; the loop restores the terminal and then
//! ends, suspends or redraws. With no session open they keep their default action, so the
//! process still terminates or stops as usual, except SIGHUP after the terminal hung up: it has
//! nothing more to say then, and a later one (from the shell, or from the kernel once the
//! session's leader exits) would only kill the program before it prints its result.
//!
//! Left alone: SIGKILL and SIGSTOP cannot be caught; SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT
//! and SIGSYS report a crash, which the panic hook covers where it can; SIGTRAP belongs to
//! debuggers, SIGPROF to profilers, SIGPIPE is ignored by the Rust runtime, and real-time
//! signals have no conventional meaning to honour.

use std::io::{self, Read};
use std::os::fd::{AsFd, AsRawFd, BorrowedFd};
use std::os::unix::net::UnixStream;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use signal_hook::consts::signal::{
    SIGALRM, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGUSR1, SIGUSR2, SIGVTALRM, SIGWINCH,
    SIGXCPU, SIGXFSZ,
};
use signal_hook::flag;
use signal_hook::low_level::pipe;

/// A signal that ended a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signal {
    /// SIGHUP: the terminal went away (also used when it closes without the signal).
    Hangup,
    /// SIGINT: an interrupt sent to the process (not the ctrl+c key, which the form handles).
    Interrupt,
    /// SIGQUIT: a request to quit (not the ctrl+\ key, which raw mode turns into a key).
    Quit,
    /// SIGTERM: a request to terminate.
    Terminate,
    /// SIGUSR1, whose default action is to terminate.
    User1,
    /// SIGUSR2, whose default action is to terminate.
    User2,
    /// SIGALRM: a real-time timer ran out.
    Alarm,
    /// SIGXCPU: the CPU time limit was reached.
    CpuLimit,
    /// SIGXFSZ: the file size limit was reached.
    FileSizeLimit,
    /// SIGVTALRM: a virtual timer ran out.
    VirtualAlarm,
}

impl Signal {
    /// Every signal that ends a run.
    pub const ALL: [Self; 10] = [
        Self::Hangup,
        Self::Interrupt,
        Self::Quit,
        Self::Terminate,
        Self::User1,
        Self::User2,
        Self::Alarm,
        Self::CpuLimit,
        Self::FileSizeLimit,
        Self::VirtualAlarm,
    ];

    /// The signal's number, e.g. for the conventional exit status `128 + number`.
    pub fn number(self) -> i32 {
        match self {
            Self::Hangup => SIGHUP,
            Self::Interrupt => SIGINT,
            Self::Quit => SIGQUIT,
            Self::Terminate => SIGTERM,
            Self::User1 => SIGUSR1,
            Self::User2 => SIGUSR2,
            Self::Alarm => SIGALRM,
            Self::CpuLimit => SIGXCPU,
            Self::FileSizeLimit => SIGXFSZ,
            Self::VirtualAlarm => SIGVTALRM,
        }
    }

    /// The ending signal numbered `number`, if it is one.
    fn from_number(number: usize) -> Option<Self> {
        Self::ALL
            .into_iter()
            .find(|signal| signal_index(signal.number()) == number)
    }
}

/// What a recorded signal asks the session to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Request {
    /// Restore the terminal and end the run.
    End(Signal),
    /// Restore the terminal, stop the process, and come back when it continues.
    Suspend,
    /// Follow the terminal's new size.
    Resize,
}

/// The process-wide signal registration, made once.
#[derive(Debug)]
pub(crate) struct SignalWatch {
    /// The number of the latest ending signal not taken yet, or 0.
    ending: Arc<AtomicUsize>,
    suspend: Arc<AtomicBool>,
    resized: Arc<AtomicBool>,
    /// True while no session is open: the signals then act as they would by default.
    idle: Arc<AtomicBool>,
    /// The same for SIGHUP alone, which stays recorded after a run ended on a hang-up.
    hangup_idle: Arc<AtomicBool>,
    /// Whether the open session's terminal hung up.
    hung_up: AtomicBool,
    /// Readable after any of the signals arrived.
    wake: UnixStream,
    /// The end the signal handlers write to; kept open for them.
    waker: UnixStream,
}

static WATCH: Mutex<Option<Arc<SignalWatch>>> = Mutex::new(None);

impl SignalWatch {
    /// The registration, made on first use.
    pub(crate) fn get() -> io::Result<Arc<Self>> {
        let mut watch = WATCH.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(watch) = watch.as_ref() {
            return Ok(Arc::clone(watch));
        }
        let (wake, waker) = UnixStream::pair()?;
        wake.set_nonblocking(true)?;
        waker.set_nonblocking(true)?;
        let registered = Arc::new(Self {
            ending: Arc::new(AtomicUsize::new(0)),
            suspend: Arc::new(AtomicBool::new(false)),
            resized: Arc::new(AtomicBool::new(false)),
            idle: Arc::new(AtomicBool::new(true)),
            hangup_idle: Arc::new(AtomicBool::new(true)),
            hung_up: AtomicBool::new(false),
            wake,
            waker,
        });
        registered.register()?;
        *watch = Some(Arc::clone(&registered));
        Ok(registered)
    }

    /// Registers the handlers; each records its signal first, then wakes the loop (signal-hook
    /// runs a signal's actions in the order they were registered).
    fn register(&self) -> io::Result<()> {
        let waker = self.waker.as_raw_fd();
        for signal in Signal::ALL {
            let number = signal.number();
            let idle = if number == SIGHUP {
                &self.hangup_idle
            } else {
                &self.idle
            };
            flag::register_conditional_default(number, Arc::clone(idle))?;
            flag::register_usize(number, Arc::clone(&self.ending), signal_index(number))?;
            pipe::register_raw(number, waker)?;
        }
        flag::register_conditional_default(SIGTSTP, Arc::clone(&self.idle))?;
        flag::register(SIGTSTP, Arc::clone(&self.suspend))?;
        pipe::register_raw(SIGTSTP, waker)?;
        flag::register(SIGWINCH, Arc::clone(&self.resized))?;
        pipe::register_raw(SIGWINCH, waker)?;
        Ok(())
    }

    /// The watch if it was ever registered, without registering it.
    pub(crate) fn existing() -> Option<Arc<Self>> {
        WATCH
            .try_lock()
            .ok()
            .and_then(|watch| watch.as_ref().map(Arc::clone))
    }

    /// Starts recording signals instead of acting on them, forgetting older ones.
    pub(crate) fn capture(&self) {
        self.ending.store(0, Ordering::SeqCst);
        self.suspend.store(false, Ordering::SeqCst);
        self.resized.store(false, Ordering::SeqCst);
        self.hung_up.store(false, Ordering::SeqCst);
        self.idle.store(false, Ordering::SeqCst);
        self.hangup_idle.store(false, Ordering::SeqCst);
    }

    /// Gives the signals their default action back; SIGHUP's only if the terminal did not hang
    /// up.
    pub(crate) fn release(&self) {
        self.idle.store(true, Ordering::SeqCst);
        let hung_up = self.hung_up.load(Ordering::SeqCst);
        self.hangup_idle.store(!hung_up, Ordering::SeqCst);
    }

    /// Notes that the open session's terminal hung up, so SIGHUP stays recorded after the
    /// session ends.
    pub(crate) fn note_hang_up(&self) {
        self.hung_up.store(true, Ordering::SeqCst);
    }

    /// The most pressing recorded signal, if any, as a request; clears it. Ending comes
    /// before suspending, and both before a resize.
    pub(crate) fn take(&self) -> Option<Request> {
        if let Some(signal) = Signal::from_number(self.ending.swap(0, Ordering::SeqCst)) {
            return Some(Request::End(signal));
        }
        if self.suspend.swap(false, Ordering::SeqCst) {
            return Some(Request::Suspend);
        }
        self.resized
            .swap(false, Ordering::SeqCst)
            .then_some(Request::Resize)
    }

    /// What becomes readable when a signal arrives.
    pub(crate) fn wake_fd(&self) -> BorrowedFd<'_> {
        self.wake.as_fd()
    }

    /// Empties the wake-up pipe after a wake-up; the recorded signals stay.
    pub(crate) fn drain(&self) {
        let mut bytes = [0_u8; 64];
        while (&self.wake).read(&mut bytes).is_ok_and(|read| read > 0) {}
    }
}

/// A signal number as the value recorded for it.
fn signal_index(number: i32) -> usize {
    usize::try_from(number).unwrap_or_default()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_ending_signal_is_found_by_its_number() {
        for signal in Signal::ALL {
            assert_eq!(
                Signal::from_number(signal_index(signal.number())),
                Some(signal)
            );
        }
        assert_eq!(Signal::from_number(0), None);
        assert_eq!(Signal::from_number(signal_index(SIGTSTP)), None);
        assert_eq!(Signal::from_number(signal_index(SIGWINCH)), None);
    }

    #[test]
    fn signal_numbers_are_the_platform_ones() {
        assert_eq!(Signal::Interrupt.number(), SIGINT);
        assert_eq!(Signal::Terminate.number(), SIGTERM);
        assert_eq!(Signal::Hangup.number(), SIGHUP);
        assert_eq!(Signal::Quit.number(), SIGQUIT);
        assert_eq!(Signal::User1.number(), SIGUSR1);
        assert_eq!(Signal::VirtualAlarm.number(), SIGVTALRM);
    }
}
