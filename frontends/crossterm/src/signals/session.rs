//! One session's hold on the signals: the watch registered at once, or the signals held back
//! until the session first waits, so the first frame does not wait for the handlers.
//!
//! Registering a handler for each watched signal is most of what a session does before its
//! first frame. While the thread that opens the session is the process's only one, blocking
//! the watched signals on it keeps every one that arrives pending: the kernel hands a
//! process's signal only to a thread that does not block it. Unblocking them once the
//! handlers are in, before the first wait, hands each pending signal to its handler, so none
//! is lost and none takes its default action while the terminal is in the session's modes.
//! With any other thread alive (an inbox's listeners, a popup's watcher) one of those could
//! take a signal meanwhile, so the handlers are registered at once instead.

use std::io;
use std::sync::Arc;

use nix::sys::signal::{SigSet, SigmaskHow, Signal as Number};

use super::{Request, SignalWatch, watched_signals};

/// The signals of an open session.
#[derive(Debug)]
pub(crate) enum SessionSignals {
    /// Blocked on this thread until [`watch`](Self::watch) registers their handlers.
    Held(HeldSignals),
    /// Recorded by their handlers and waking the session's wait.
    Watched(Arc<SignalWatch>),
}

impl SessionSignals {
    /// Holds the signals back when that is safe (see the module's documentation), else
    /// registers the watch now.
    pub(crate) fn start() -> io::Result<Self> {
        match HeldSignals::hold() {
            Some(held) => Ok(Self::Held(held)),
            None => SignalWatch::get().map(Self::Watched),
        }
    }

    /// Whether the signals are still held.
    pub(crate) fn held(&self) -> bool {
        matches!(self, Self::Held(_))
    }

    /// The watch, registered now if the signals were held; the signals that came meanwhile
    /// are recorded, for the next [`take`](Self::take), and wake the next wait.
    pub(crate) fn watch(&mut self) -> io::Result<&SignalWatch> {
        if self.held() {
            let watch = SignalWatch::get()?;
            watch.capture();
            if let Self::Held(held) = std::mem::replace(self, Self::Watched(watch)) {
                held.release();
            }
        }
        match self {
            Self::Watched(watch) => Ok(watch),
            Self::Held(_) => unreachable!("the watch was just registered"),
        }
    }

    /// Starts recording the signals afresh for a session entering its modes; held signals
    /// are recorded from the start anyway.
    pub(crate) fn capture(&self) {
        if let Self::Watched(watch) = self {
            watch.capture();
        }
    }

    /// The most pressing signal received, if any; none while they are held, since none can
    /// have been handled.
    pub(crate) fn take(&self) -> Option<Request> {
        match self {
            Self::Held(_) => None,
            Self::Watched(watch) => {
                watch.drain();
                watch.take()
            }
        }
    }

    /// Whether the terminal changed size since the last resize was taken (never while the
    /// signals are held); takes it.
    pub(crate) fn take_resize(&self) -> bool {
        match self {
            Self::Held(_) => false,
            Self::Watched(watch) => watch.take_resize(),
        }
    }

    /// Notes that the terminal hung up, registering the watch if the signals were held, so
    /// that a later SIGHUP is recorded rather than ending the program before its result.
    /// Should the registration fail, SIGHUP keeps its default action.
    pub(crate) fn note_hang_up(&mut self) {
        if let Ok(watch) = self.watch() {
            watch.note_hang_up();
        }
    }
}

/// The watched signals blocked on this thread; dropping it puts back the mask it replaced.
#[derive(Debug)]
pub(crate) struct HeldSignals {
    /// The thread's signal mask before the hold.
    previous: SigSet,
}

impl HeldSignals {
    /// Blocks the watched signals if no watch is registered yet and this thread is the
    /// process's only one; `None` when either is not so, or the mask could not be changed.
    fn hold() -> Option<Self> {
        if SignalWatch::existing().is_some() || !only_thread() {
            return None;
        }
        Self::block()
    }

    /// Blocks the watched signals on this thread, whatever other threads there are.
    fn block() -> Option<Self> {
        let mut watched = SigSet::empty();
        for number in watched_signals() {
            watched.add(Number::try_from(number).ok()?);
        }
        let previous = watched.thread_swap_mask(SigmaskHow::SIG_BLOCK).ok()?;
        Some(Self { previous })
    }

    /// Ends the hold once the handlers are in place: the thread's mask is put back, and the
    /// signals that came meanwhile, pending until now, reach them.
    fn release(self) {
        drop(self);
    }
}

impl Drop for HeldSignals {
    fn drop(&mut self) {
        // Restoring a mask read from this thread cannot fail.
        let _ = self.previous.thread_set_mask();
    }
}

/// Whether the calling thread is the process's only one. Linux counts a process's threads in
/// the link count of its `/proc/self/task` directory (two plus one for each thread); where
/// that cannot be read, the answer is no.
fn only_thread() -> bool {
    rustix::fs::stat("/proc/self/task").is_ok_and(|task| task.st_nlink == 3)
}

#[cfg(test)]
mod tests {
    use super::super::Signal;
    use super::*;

    #[test]
    fn a_process_with_a_second_thread_is_not_seen_as_single_threaded() {
        // The test harness runs each test on a thread of its own beside the main one.
        assert!(!only_thread());
    }

    #[test]
    fn a_signal_that_comes_while_held_waits_for_the_handlers_and_is_recorded_by_them() {
        let held = HeldSignals::block().expect("the mask is changed");
        let mut signals = SessionSignals::Held(held);
        // Sent to this thread, which blocks it: it stays pending instead of ending the tests.
        nix::sys::signal::raise(Number::SIGUSR2).expect("raised");
        assert_eq!(signals.take(), None);
        assert!(signals.held());
        let watch = signals.watch().expect("registered");
        watch.release();
        assert!(!signals.held());
        assert_eq!(signals.take(), Some(Request::End(Signal::User2)));
        let mask = SigSet::thread_get_mask().expect("the mask is read");
        assert!(!mask.contains(Number::SIGUSR2), "the hold ended");
    }
}
