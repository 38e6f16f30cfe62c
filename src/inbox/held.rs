//! The lines an inbox writes to one asker, in order, by a thread of the connection's own: the
//! run loop only hands them over, so an asker that does not read (a process stopped with
//! ctrl+z) never freezes the inbox, and a line is never cut short, so the asker never reads a
//! broken one. What the form holds (`held` lines) is written only while nothing else waits, and
//! a newer one replaces one not yet started; the ask's last line (its result, its hand-back, the
//! word that another asker took it over) ends the queue.

use std::io::Write as _;
use std::os::unix::net::UnixStream;
use std::sync::{Arc, Condvar, Mutex, PoisonError};
use std::time::Instant;

/// The lines to one asker and the thread that writes them.
pub struct Outbox {
    queue: Mutex<Queue>,
    changed: Condvar,
}

/// What the writer has yet to write.
#[derive(Default)]
struct Queue {
    /// The latest held line, not started.
    held: Option<String>,
    /// The ask's last line, and whether the connection ends once it is written.
    last: Option<(String, Ending)>,
    /// No line comes any more: the last one was handed over, or the connection failed.
    closed: bool,
    /// A line taken is being written.
    writing: bool,
    /// The writer is done: everything handed over was written, or the connection failed.
    finished: bool,
}

/// What becomes of the connection once the ask's last line is written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Ending {
    /// It stays open; the asker closes it.
    Open,
    /// It is ended both ways: the asker was let go (another took its ask over).
    Shut,
}

impl Outbox {
    /// The lines to the asker on `stream`, written by a thread started now.
    pub fn start(stream: UnixStream) -> Arc<Self> {
        let outbox = Arc::new(Self {
            queue: Mutex::new(Queue::default()),
            changed: Condvar::new(),
        });
        let writer = Arc::clone(&outbox);
        std::thread::spawn(move || writer.write_all(stream));
        outbox
    }

    fn queue(&self) -> std::sync::MutexGuard<'_, Queue> {
        self.queue.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// Hands over what the form holds now, in place of a held line not yet started; nothing
    /// once the ask's last line was handed over.
    pub fn hold(&self, line: String) {
        let mut queue = self.queue();
        if !queue.closed {
            queue.held = Some(line);
            self.changed.notify_all();
        }
    }

    /// Hands over the ask's last line (a held line not started is dropped: this one says
    /// more), then `ending` for the connection.
    pub fn finish(&self, line: String, ending: Ending) {
        let mut queue = self.queue();
        if !queue.closed {
            queue.held = None;
            queue.last = Some((line, ending));
            queue.closed = true;
            self.changed.notify_all();
        }
    }

    /// No line comes any more: the asker went away.
    pub fn close(&self) {
        let mut queue = self.queue();
        queue.held = None;
        queue.closed = true;
        self.changed.notify_all();
    }

    /// Waits until everything handed over is written, or until `deadline`: an inbox that ends
    /// gives its last lines the time to leave.
    pub fn wait_written(&self, deadline: Instant) {
        let mut queue = self.queue();
        while !queue.finished && (queue.held.is_some() || queue.last.is_some() || queue.writing) {
            let left = deadline.saturating_duration_since(Instant::now());
            if left.is_zero() {
                return;
            }
            queue = self
                .changed
                .wait_timeout(queue, left)
                .unwrap_or_else(PoisonError::into_inner)
                .0;
        }
    }

    /// The writer thread: each line in turn, however long the asker takes to read it, until
    /// the last one, or until the connection fails.
    fn write_all(&self, mut stream: UnixStream) {
        loop {
            let (line, ending) = {
                let mut queue = self.queue();
                loop {
                    if let Some(held) = queue.held.take() {
                        queue.writing = true;
                        break (held, None);
                    }
                    if let Some((last, ending)) = queue.last.take() {
                        queue.writing = true;
                        break (last, Some(ending));
                    }
                    if queue.closed {
                        queue.finished = true;
                        self.changed.notify_all();
                        return;
                    }
                    queue = self
                        .changed
                        .wait(queue)
                        .unwrap_or_else(PoisonError::into_inner);
                }
            };
            let written = stream.write_all(line.as_bytes());
            if ending == Some(Ending::Shut) {
                let _ = stream.shutdown(std::net::Shutdown::Both);
            }
            if written.is_err() {
                let mut queue = self.queue();
                queue.held = None;
                queue.last = None;
                queue.closed = true;
                queue.writing = false;
                queue.finished = true;
                self.changed.notify_all();
                return;
            }
            self.queue().writing = false;
            // A waiter for the written lines looks again.
            self.changed.notify_all();
        }
    }
}
