//! Signals that end or suspend a terminal session, or tell it the terminal changed size or
//! was left to others while the process was stopped.
//!
//! While a session is open, every catchable signal whose default action would kill the
//! process ([`Signal`]), SIGTSTP and SIGWINCH are only recorded, and each wakes the run loop
//! through a pipe it waits on beside the terminal; the loop restores the terminal and then
//! ends, suspends or redraws. SIGCONT is recorded too (the kernel continues the process
//! whatever its handler does): a process stopped by what it cannot catch (SIGSTOP, or SIGTTOU
//! in the background) finds, once continued, a terminal its shell put back in line mode and
//! wrote on, and takes it back. With no session open they keep their default action, so the
//! process still terminates or stops as usual, except SIGHUP after the terminal hung up: it has
//! nothing more to say then, and a later one (from the shell, or from the kernel once the
//! session's leader exits) would only kill the program before it prints its result. For the
//! same reason, after a run a signal ended, later signals stay recorded too.
//! A session's first frame does not wait for the handlers: in a process of one thread the
//! signals are held, blocked and pending, until the session first waits (`SessionSignals`).
//!
//! Left alone: SIGKILL and SIGSTOP cannot be caught; SIGSEGV, SIGBUS, SIGILL, SIGFPE, SIGABRT
//! and SIGSYS report a crash, which the panic hook covers where it can; SIGTRAP belongs to
//! debuggers, SIGPROF to profilers, SIGPIPE is ignored by the Rust runtime, and real-time
//! signals have no conventional meaning to honour.

use std::fs::File;
use std::io::{self, ErrorKind, Read};
use std::os::fd::{AsFd, BorrowedFd};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use signal_hook::consts::signal::{
    SIGALRM, SIGCONT, SIGHUP, SIGINT, SIGQUIT, SIGTERM, SIGTSTP, SIGUSR1, SIGUSR2, SIGVTALRM,
    SIGWINCH, SIGXCPU, SIGXFSZ,
};
use signal_hook::low_level::emulate_default_handler;

mod session;

pub(crate) use session::SessionSignals;

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
    /// Take the terminal back: the process was stopped without restoring it, and continued.
    TakeBack,
    /// Follow the terminal's new size.
    Resize,
}

/// The process-wide signal registration, made once.
#[derive(Debug)]
pub(crate) struct SignalWatch {
    /// The number of the latest ending signal not taken yet, or 0.
    ending: AtomicUsize,
    suspend: AtomicBool,
    /// Whether SIGCONT came other than at the end of the session's own stop.
    continued: AtomicBool,
    resized: AtomicBool,
    /// Whether the open session's terminal hung up.
    hung_up: AtomicBool,
    /// Whether the open session's run was ended by a signal it took.
    ended: AtomicBool,
    /// What the signal handlers touch.
    shared: Arc<Handled>,
    /// The wake-up pipe's reading end, readable after any of the signals arrived.
    wake: File,
}

/// All a signal handler touches: flags, the signals that arrived, and the wake-up pipe's
/// writing end.
#[derive(Debug)]
struct Handled {
    /// True while no session is open: the signals then act as they would by default.
    idle: AtomicBool,
    /// The same for SIGHUP alone, which stays recorded after a run ended on a hang-up.
    hangup_idle: AtomicBool,
    /// True while the session stops the process (ctrl+z): SIGTSTP stops it, and the signals
    /// that end a run stay recorded through the stop, so one the stopped process takes as it
    /// continues (its terminal closed, `kill` of a stopped job) ends the run once it takes up
    /// again rather than the process.
    stopping: AtomicBool,
    /// One bit for each signal, by number, that arrived since the pipe was last drained.
    arrived: AtomicU64,
    /// Written a byte after each signal recorded.
    waker: File,
}

impl Handled {
    /// What the handler of signal `number` does: acts by default while no session is open
    /// (the default of SIGWINCH and SIGCONT is to do nothing more, so they are always
    /// recorded) and, for SIGTSTP, while the session stops the process, or records the signal
    /// and wakes the pipe. Only atomics and system calls that are safe in a signal handler.
    fn handle(&self, number: i32) {
        let idle = if number == SIGHUP {
            &self.hangup_idle
        } else {
            &self.idle
        };
        let by_default = if self.stopping.load(Ordering::SeqCst) {
            number == SIGTSTP
        } else {
            number != SIGWINCH && number != SIGCONT && idle.load(Ordering::SeqCst)
        };
        if by_default {
            // Every watched signal is one the emulation knows.
            let _ = emulate_default_handler(number);
            return;
        }
        self.arrived.fetch_or(signal_bit(number), Ordering::SeqCst);
        // A full pipe has a wake-up in it already.
        let _ = rustix::io::write(&self.waker, &[1]);
    }
}

/// The bit that stands for signal `number` in [`Handled::arrived`].
fn signal_bit(number: i32) -> u64 {
    u32::try_from(number)
        .ok()
        .and_then(|number| 1_u64.checked_shl(number))
        .unwrap_or(0)
}

/// Every signal watched: the ending ones, SIGTSTP, SIGCONT and SIGWINCH.
fn watched_signals() -> impl Iterator<Item = i32> {
    Signal::ALL
        .into_iter()
        .map(Signal::number)
        .chain([SIGTSTP, SIGCONT, SIGWINCH])
}

static WATCH: Mutex<Option<Arc<SignalWatch>>> = Mutex::new(None);

impl SignalWatch {
    /// The registration, made on first use: one handler for each signal watched.
    pub(crate) fn get() -> io::Result<Arc<Self>> {
        let mut watch = WATCH.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(watch) = watch.as_ref() {
            return Ok(Arc::clone(watch));
        }
        let (wake, waker) = crate::wake::wake_pipe()?;
        let shared = Arc::new(Handled {
            idle: AtomicBool::new(true),
            hangup_idle: AtomicBool::new(true),
            stopping: AtomicBool::new(false),
            arrived: AtomicU64::new(0),
            waker,
        });
        for number in watched_signals() {
            let handled = Arc::clone(&shared);
            register(number, move || handled.handle(number))?;
        }
        let registered = Arc::new(Self {
            ending: AtomicUsize::new(0),
            suspend: AtomicBool::new(false),
            continued: AtomicBool::new(false),
            resized: AtomicBool::new(false),
            hung_up: AtomicBool::new(false),
            ended: AtomicBool::new(false),
            shared,
            wake,
        });
        *watch = Some(Arc::clone(&registered));
        Ok(registered)
    }

    /// The watch if it was ever registered, without registering it.
    pub(crate) fn existing() -> Option<Arc<Self>> {
        WATCH
            .try_lock()
            .ok()
            .and_then(|watch| watch.as_ref().map(Arc::clone))
    }

    /// Starts recording signals instead of acting on them, forgetting older ones; after a stop
    /// ([`hold_through_stop`](Self::hold_through_stop)), keeping those recorded meanwhile but
    /// the stop's own SIGTSTP and SIGCONT.
    pub(crate) fn capture(&self) {
        if self.shared.stopping.swap(false, Ordering::SeqCst) {
            self.drain();
            self.suspend.store(false, Ordering::SeqCst);
            self.continued.store(false, Ordering::SeqCst);
            return;
        }
        self.drain();
        self.ending.store(0, Ordering::SeqCst);
        self.suspend.store(false, Ordering::SeqCst);
        self.continued.store(false, Ordering::SeqCst);
        self.resized.store(false, Ordering::SeqCst);
        self.hung_up.store(false, Ordering::SeqCst);
        self.ended.store(false, Ordering::SeqCst);
        self.shared.idle.store(false, Ordering::SeqCst);
        self.shared.hangup_idle.store(false, Ordering::SeqCst);
    }

    /// Gives the signals their default action back; SIGHUP's only if the terminal did not hang
    /// up, and none of them after a run a signal ended: the program was asked to end and ends
    /// once its result is out, and a second signal (a popup's terminal sends SIGTERM, then
    /// SIGHUP as it closes) would only kill it before then.
    pub(crate) fn release(&self) {
        if self.shared.stopping.load(Ordering::SeqCst) {
            return;
        }
        let ended = self.ended.load(Ordering::SeqCst);
        self.shared.idle.store(!ended, Ordering::SeqCst);
        let hung_up = self.hung_up.load(Ordering::SeqCst);
        self.shared
            .hangup_idle
            .store(!hung_up && !ended, Ordering::SeqCst);
    }

    /// Keeps the signals recorded through the stop the session is about to make, until it
    /// captures them again.
    pub(crate) fn hold_through_stop(&self) {
        self.shared.stopping.store(true, Ordering::SeqCst);
    }

    /// Whether a signal that ends the run has been recorded and not taken yet (one the process
    /// took as it continued after a stop); it stays recorded for [`take`](Self::take).
    pub(crate) fn ending_recorded(&self) -> bool {
        self.drain();
        self.ending.load(Ordering::SeqCst) != 0
    }

    /// Notes that the open session's terminal hung up, so SIGHUP stays recorded after the
    /// session ends.
    pub(crate) fn note_hang_up(&self) {
        self.hung_up.store(true, Ordering::SeqCst);
    }

    /// The most pressing recorded signal, if any, as a request; clears it. Ending comes
    /// before suspending, suspending before taking the terminal back, and all before a
    /// resize.
    pub(crate) fn take(&self) -> Option<Request> {
        if let Some(signal) = Signal::from_number(self.ending.swap(0, Ordering::SeqCst)) {
            self.ended.store(true, Ordering::SeqCst);
            return Some(Request::End(signal));
        }
        if self.suspend.swap(false, Ordering::SeqCst) {
            return Some(Request::Suspend);
        }
        if self.continued.swap(false, Ordering::SeqCst) {
            return Some(Request::TakeBack);
        }
        self.resized
            .swap(false, Ordering::SeqCst)
            .then_some(Request::Resize)
    }

    /// Whether the terminal changed size since the last resize was taken; takes it.
    pub(crate) fn take_resize(&self) -> bool {
        self.drain();
        self.resized.swap(false, Ordering::SeqCst)
    }

    /// What becomes readable when a signal arrives.
    pub(crate) fn wake_fd(&self) -> BorrowedFd<'_> {
        self.wake.as_fd()
    }

    /// Empties the wake-up pipe after a wake-up and records the signals that arrived, for
    /// [`take`](Self::take). The pipe is emptied first: a signal whose byte it leaves in the
    /// pipe is recorded by the next drain at the latest.
    pub(crate) fn drain(&self) {
        let mut bytes = [0; 64];
        loop {
            match (&self.wake).read(&mut bytes) {
                Ok(0) => break,
                Ok(_) => {}
                Err(error) if error.kind() == ErrorKind::Interrupted => {}
                Err(_) => break,
            }
        }
        let arrived = self.shared.arrived.swap(0, Ordering::SeqCst);
        for number in watched_signals().filter(|&number| arrived & signal_bit(number) != 0) {
            match number {
                SIGTSTP => self.suspend.store(true, Ordering::SeqCst),
                SIGCONT => self.continued.store(true, Ordering::SeqCst),
                SIGWINCH => self.resized.store(true, Ordering::SeqCst),
                ending => self.ending.store(signal_index(ending), Ordering::SeqCst),
            }
        }
    }
}

/// Registers `action` as a handler of signal `number`, beside any other handler signal-hook
/// keeps for it.
fn register(number: i32, action: impl Fn() + Send + Sync + 'static) -> io::Result<()> {
    // SAFETY: signal-hook runs `action` inside the signal handler, where only async-signal-safe
    // work may be done; every action registered here is `Handled::handle`, which loads and
    // updates atomics (lock-free on every platform the program is built for), calls
    // signal-hook's `emulate_default_handler`, documented as async-signal-safe, and makes one
    // `write` system call. It neither allocates nor locks.
    #[allow(
        unsafe_code,
        reason = "a signal handler runs code in a context the compiler cannot check"
    )]
    unsafe {
        signal_hook::low_level::register(number, action)?;
    }
    Ok(())
}

/// A signal number as the value recorded for it.
fn signal_index(number: i32) -> usize {
    usize::try_from(number).unwrap_or_default()
}

#[cfg(test)]
mod tests;
