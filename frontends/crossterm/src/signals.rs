//! Signals that end or suspend a terminal session.
//!
//! While a session is open, SIGINT, SIGTERM, SIGHUP and SIGTSTP are only recorded; the run loop
//! picks them up, restores the terminal and then ends or suspends. With no session open they keep
//! their default action, so the process still terminates or stops as usual.

use std::io;
use std::sync::atomic::{AtomicBool, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};

use signal_hook::consts::signal::{SIGHUP, SIGINT, SIGTERM, SIGTSTP};
use signal_hook::flag;

/// A signal that ended a run.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Signal {
    /// SIGINT: an interrupt sent to the process (not the ctrl+c key, which the form handles).
    Interrupt,
    /// SIGTERM: a request to terminate.
    Terminate,
    /// SIGHUP: the terminal went away.
    Hangup,
}

impl Signal {
    /// The signal's number, e.g. for the conventional exit status `128 + number`.
    pub fn number(self) -> i32 {
        match self {
            Self::Interrupt => SIGINT,
            Self::Terminate => SIGTERM,
            Self::Hangup => SIGHUP,
        }
    }
}

/// What a recorded signal asks the session to do.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Request {
    /// Restore the terminal and end the run.
    End(Signal),
    /// Restore the terminal, stop the process, and come back when it continues.
    Suspend,
}

/// The process-wide signal registration, made once.
#[derive(Debug)]
pub(crate) struct SignalWatch {
    pending: Arc<AtomicUsize>,
    idle: Arc<AtomicBool>,
}

static WATCH: Mutex<Option<Arc<SignalWatch>>> = Mutex::new(None);

impl SignalWatch {
    /// The registration, made on first use.
    pub(crate) fn get() -> io::Result<Arc<Self>> {
        let mut watch = WATCH.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(watch) = watch.as_ref() {
            return Ok(Arc::clone(watch));
        }
        let pending = Arc::new(AtomicUsize::new(0));
        let idle = Arc::new(AtomicBool::new(true));
        for signal in [SIGINT, SIGTERM, SIGHUP, SIGTSTP] {
            flag::register_conditional_default(signal, Arc::clone(&idle))?;
            flag::register_usize(signal, Arc::clone(&pending), signal as usize)?;
        }
        let registered = Arc::new(Self { pending, idle });
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

    /// Starts recording signals instead of acting on them, forgetting older ones.
    pub(crate) fn capture(&self) {
        self.pending.store(0, Ordering::SeqCst);
        self.idle.store(false, Ordering::SeqCst);
    }

    /// Gives the signals their default action back.
    pub(crate) fn release(&self) {
        self.idle.store(true, Ordering::SeqCst);
    }

    /// The latest recorded signal, if any, as a request; clears it.
    pub(crate) fn take(&self) -> Option<Request> {
        request_for(self.pending.swap(0, Ordering::SeqCst))
    }

    /// Stops the process the way SIGTSTP would; returns once it is continued.
    pub(crate) fn stop_process() -> io::Result<()> {
        signal_hook::low_level::emulate_default_handler(SIGTSTP)
    }
}

/// The request for a recorded signal number (0 means none).
fn request_for(signal: usize) -> Option<Request> {
    let signal = i32::try_from(signal).ok()?;
    match signal {
        SIGINT => Some(Request::End(Signal::Interrupt)),
        SIGTERM => Some(Request::End(Signal::Terminate)),
        SIGHUP => Some(Request::End(Signal::Hangup)),
        SIGTSTP => Some(Request::Suspend),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn recorded_numbers_become_requests() {
        assert_eq!(request_for(0), None);
        assert_eq!(
            request_for(SIGTERM as usize),
            Some(Request::End(Signal::Terminate))
        );
        assert_eq!(
            request_for(SIGINT as usize),
            Some(Request::End(Signal::Interrupt))
        );
        assert_eq!(
            request_for(SIGHUP as usize),
            Some(Request::End(Signal::Hangup))
        );
        assert_eq!(request_for(SIGTSTP as usize), Some(Request::Suspend));
    }

    #[test]
    fn signal_numbers_are_the_platform_ones() {
        assert_eq!(Signal::Interrupt.number(), SIGINT);
        assert_eq!(Signal::Terminate.number(), SIGTERM);
        assert_eq!(Signal::Hangup.number(), SIGHUP);
    }
}
