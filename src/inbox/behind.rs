//! How many forms an asker holds back behind the one it asks in an inbox: an MCP server sends
//! its queue one form at a time, and the inbox counts the rest among the asks waiting. The
//! asker sets the count as its queue changes; the wait for the inbox's answer wakes and tells
//! the inbox.

use std::fs::File;
use std::io::{self, Read as _, Write as _};
use std::os::fd::{AsFd as _, BorrowedFd};
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use pi_agent_ask_core::input::Timer;

/// The count, shared by its clones: one asker's queue, whichever of its forms is in the inbox.
#[derive(Clone, Debug)]
pub struct Behind {
    inner: Arc<Inner>,
}

#[derive(Debug)]
struct Inner {
    count: AtomicUsize,
    /// When the inbox last answered an ask of this asker while it held more back: the inbox
    /// keeps the front place for the next one from then, for [`Timer::NextHeldBack`].
    answered: Mutex<Option<Instant>>,
    /// Written to when the count changes, so a wait that polls `alarm` wakes up.
    wake: File,
    alarm: File,
}

impl Behind {
    /// A count of none.
    pub fn new() -> io::Result<Self> {
        let (alarm, wake) = pi_agent_ask_crossterm::wake_pipe()?;
        Ok(Self {
            inner: Arc::new(Inner {
                count: AtomicUsize::new(0),
                answered: Mutex::new(None),
                wake,
                alarm,
            }),
        })
    }

    /// Sets the count; a wait on [`Behind::fd`] wakes if it changed.
    pub fn set(&self, count: usize) {
        if self.inner.count.swap(count, Ordering::SeqCst) != count {
            // Best effort: a full buffer already wakes every wait.
            let _ = (&self.inner.wake).write(&[1]);
        }
    }

    /// The count now.
    pub fn count(&self) -> usize {
        self.inner.count.load(Ordering::SeqCst)
    }

    /// Readable once the count has changed since the last [`Behind::changed`].
    pub fn fd(&self) -> BorrowedFd<'_> {
        self.inner.alarm.as_fd()
    }

    /// The inbox answered an ask of this asker: when it held more back, the inbox keeps the
    /// front place for the next one.
    pub fn answered(&self) {
        if self.count() > 0 {
            *self.lock() = Some(Instant::now());
        }
    }

    /// Whether the inbox may still keep the front place for this asker's next ask: it
    /// answered one holding more back less than the place's time ago. An inbox that is not
    /// there for that next ask (it stopped listening, or closed the connection without a
    /// word) closed with those asks counted as waiting on it: they end cancelled, as its
    /// closing cancels the asks it shows.
    pub fn keeps_place(&self) -> bool {
        let place = Duration::from_millis(Timer::NextHeldBack.duration_ms());
        self.lock().is_some_and(|at| at.elapsed() < place)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Option<Instant>> {
        self.inner
            .answered
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// Takes the wake-ups so far and gives the count now.
    pub fn changed(&self) -> usize {
        let mut drained = [0; 64];
        while matches!((&self.inner.alarm).read(&mut drained), Ok(read) if read > 0) {}
        self.count()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::cancel::readable_within;
    use std::time::Duration;

    #[test]
    fn a_change_wakes_the_wait_and_the_same_count_again_does_not() {
        let behind = Behind::new().expect("a count");
        behind.set(2);
        assert!(readable_within(&behind.fd(), Duration::from_secs(5)));
        assert_eq!(behind.changed(), 2);
        behind.set(2);
        assert!(!readable_within(&behind.fd(), Duration::from_millis(20)));
        behind.clone().set(0);
        assert_eq!(behind.changed(), 0);
    }
}
