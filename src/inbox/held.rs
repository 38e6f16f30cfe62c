//! Handing an asker what its form holds while the person works on it (`held` lines), off the
//! run loop: an asker that does not read (a stopped process) must not freeze the inbox. Each
//! connection's held lines go through a thread of its own, which writes only the latest (an
//! older one not yet written is replaced), and every line to that asker (a held one, its
//! result, its hand-back) is written under one lock, so lines never mix.

use std::io::Write as _;
use std::os::unix::net::UnixStream;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Duration;

/// The lines to one asker: its stream, written under one lock, and the held line waiting.
pub struct Outbox {
    stream: Mutex<UnixStream>,
    waiting: Mutex<Waiting>,
    wake: Condvar,
}

/// What the held writer has yet to do.
#[derive(Default)]
struct Waiting {
    /// The latest held line not yet written.
    line: Option<String>,
    /// Whether the ask is done: the writer ends.
    done: bool,
    /// Whether the writer thread runs.
    started: bool,
}

impl Outbox {
    /// The lines to the asker on `stream`.
    pub fn new(stream: UnixStream) -> Arc<Self> {
        Arc::new(Self {
            stream: Mutex::new(stream),
            waiting: Mutex::new(Waiting::default()),
            wake: Condvar::new(),
        })
    }

    /// Writes `line` now, waiting at most `timeout` for an asker that does not read, after
    /// any held line being written; best effort, as an asker gone meanwhile answers itself.
    pub fn write(&self, line: &str, timeout: Duration) {
        let mut stream = self.stream.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = stream.set_write_timeout(Some(timeout));
        let _ = stream.write_all(line.as_bytes());
    }

    /// Hands the writer thread `line` to write, in place of one not yet written.
    pub fn hold(self: &Arc<Self>, line: String, timeout: Duration) {
        let mut waiting = self.waiting.lock().unwrap_or_else(PoisonError::into_inner);
        if waiting.done {
            return;
        }
        waiting.line = Some(line);
        if !waiting.started {
            waiting.started = true;
            let outbox = Arc::clone(self);
            std::thread::spawn(move || outbox.write_held(timeout));
        }
        self.wake.notify_one();
    }

    /// Waits until the held line handed last has been written (or the writer ended).
    #[cfg(test)]
    pub fn wait_written(&self) {
        loop {
            let waiting = self.waiting.lock().unwrap_or_else(PoisonError::into_inner);
            if waiting.line.is_none() || waiting.done {
                break;
            }
            drop(waiting);
            std::thread::yield_now();
        }
        // A line taken is written under the stream's lock.
        drop(self.stream.lock().unwrap_or_else(PoisonError::into_inner));
    }

    /// Ends the connection both ways: the asker was let go.
    pub fn shut(&self) {
        let stream = self.stream.lock().unwrap_or_else(PoisonError::into_inner);
        let _ = stream.shutdown(std::net::Shutdown::Both);
    }

    /// No more held lines: the ask is done.
    pub fn close(&self) {
        let mut waiting = self.waiting.lock().unwrap_or_else(PoisonError::into_inner);
        waiting.done = true;
        waiting.line = None;
        self.wake.notify_one();
    }

    /// The writer thread: each latest held line, until the ask is done. A line the asker
    /// did not take within `timeout` may be cut short: the connection is then ended, so the
    /// asker reads no broken line (it keeps what it was handed before).
    fn write_held(&self, timeout: Duration) {
        loop {
            let (line, mut stream) = {
                let mut waiting = self.waiting.lock().unwrap_or_else(PoisonError::into_inner);
                let line = loop {
                    if waiting.done {
                        return;
                    }
                    if let Some(line) = waiting.line.take() {
                        break line;
                    }
                    waiting = self
                        .wake
                        .wait(waiting)
                        .unwrap_or_else(PoisonError::into_inner);
                };
                // The stream is taken before the line is seen gone, so whoever sees it gone
                // and then takes the stream finds it written.
                (
                    line,
                    self.stream.lock().unwrap_or_else(PoisonError::into_inner),
                )
            };
            let _ = stream.set_write_timeout(Some(timeout));
            if stream.write_all(line.as_bytes()).is_err() {
                let _ = stream.shutdown(std::net::Shutdown::Both);
                drop(stream);
                self.close();
                return;
            }
        }
    }
}
