//! The inbox's listening side: the socket, one thread accepting askers and one reading each
//! asker's connection, and the events they hand the run loop through the program's one channel
//! of arrivals (`crate::arrivals`), so the inbox sleeps in its one blocking wait until
//! something happens.
//!
//! Each connection carries one ask. Its arrival is registered under the ask id with the
//! connection's serial number, and the connection closing withdraws the ask only while that
//! connection is still the one registered: an asker that reconnected with the same id keeps
//! its ask, and the older connection, if it is still open, is told so and closed. Both happen
//! under one lock, so the run loop hears them in the order they happened.

use std::collections::HashMap;
use std::fs::File;
use std::io::{self, BufReader, Write as _};
use std::os::fd::BorrowedFd;
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::PathBuf;
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, PoisonError, Weak};
use std::time::{Duration, Instant};

use pi_agent_ask_core::contract::ToolResult;
use pi_agent_ask_core::contract::answers::Draft;
use pi_agent_ask_core::effect::ReplyReason;
use pi_agent_ask_core::input::{AskId, InboxEvent, Input};
use pi_agent_ask_core::journal::drafts::DraftRecord;
use pi_agent_ask_crossterm::ExternalInputs;
use pi_agent_ask_dialogs::rpc::lines::{Line, read_line};

use crate::arrivals::{self, Arrivals, Courier};
use crate::lock_file;

use super::arrival::arrival;
use super::held::{Ending, Outbox};
use super::place::{Folder, Place, PlaceError, place};
use super::wire::{
    AfterAsk, MAX_LINE_BYTES, error_line, held_line, kept_line, parse_after_ask, parse_ask,
    result_line, taken_over_line,
};

/// How long an ending inbox waits for its last lines to reach askers that do not read them.
const REPLY_TIMEOUT: Duration = Duration::from_secs(5);

/// Why an inbox cannot start.
#[derive(Debug, thiserror::Error)]
pub enum StartError {
    /// Its folder or name cannot be used.
    #[error(transparent)]
    Place(#[from] PlaceError),
    /// An inbox of this name is already running.
    #[error("an inbox named {0:?} is already running")]
    Running(String),
    /// The lock or the socket failed.
    #[error("cannot listen at {}: {source}", path.display())]
    Listen {
        /// The file that failed.
        path: PathBuf,
        /// What failed.
        source: io::Error,
    },
}

/// A listening inbox; dropping it removes its socket.
pub struct Server {
    place: Place,
    /// Held for the inbox's life: a second inbox of the same name cannot take it.
    _lock: File,
    /// The run loop's inputs: the askers' events, and those of the program's own threads.
    arrivals: Arrivals,
    shared: Arc<Shared>,
}

/// What the connection threads share with the run loop.
struct Shared {
    askers: Mutex<HashMap<String, Registered>>,
    courier: Courier,
    /// Every connection's writer still running, for an ending inbox to wait on.
    outboxes: Mutex<Vec<Weak<Outbox>>>,
}

/// The connection an ask is answered on.
struct Registered {
    serial: u64,
    outbox: Arc<Outbox>,
}

impl Server {
    /// Starts the inbox called `name`: takes its lock, removes a stale socket left by an
    /// inbox that ended without cleaning up, listens, and accepts askers from now on.
    pub fn start(name: &str) -> Result<Self, StartError> {
        Self::start_at(place(name, Folder::Make)?, name)
    }

    /// [`Self::start`] with the inbox's files at `place`.
    pub fn start_at(place: Place, name: &str) -> Result<Self, StartError> {
        let listen_error = |path: &PathBuf| {
            let path = path.clone();
            move |source| StartError::Listen { path, source }
        };
        let lock = lock_file::open(&place.lock).map_err(listen_error(&place.lock))?;
        if !lock_file::try_take(&lock).map_err(listen_error(&place.lock))? {
            return Err(StartError::Running(name.to_owned()));
        }
        match std::fs::remove_file(&place.socket) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => {
                return Err(listen_error(&place.socket)(error));
            }
            _ => {}
        }
        let listener = UnixListener::bind(&place.socket).map_err(listen_error(&place.socket))?;
        let (courier, arrivals) = arrivals::channel().map_err(listen_error(&place.socket))?;
        let shared = Arc::new(Shared {
            askers: Mutex::new(HashMap::new()),
            courier,
            outboxes: Mutex::new(Vec::new()),
        });
        let accepting = Arc::clone(&shared);
        std::thread::spawn(move || accept(&listener, &accepting));
        Ok(Self {
            place,
            _lock: lock,
            arrivals,
            shared,
        })
    }

    /// What hands results to askers, for the effect handler while the run loop holds this.
    pub fn replies(&self) -> Replies {
        Replies {
            shared: Arc::clone(&self.shared),
        }
    }

    /// Hands the run loop inputs from the program's other threads (paths found for an `@`
    /// reference, a clipboard read) beside the askers' events.
    pub fn courier(&self) -> Courier {
        self.shared.courier.clone()
    }

    /// Stops taking askers: the socket is removed, so a new asker finds no inbox; those
    /// connected still get their replies.
    pub fn stop_listening(&self) {
        let _ = std::fs::remove_file(&self.place.socket);
    }
}

/// Hands results to the askers of an inbox.
pub struct Replies {
    shared: Arc<Shared>,
}

impl Replies {
    /// Hands `result` to the asker of `ask`, if it is still connected, saying whether the
    /// inbox's closing gave it; the ask is done.
    pub fn reply(&self, ask: &AskId, result: &ToolResult, reason: ReplyReason) {
        let registered = self.shared.lock().remove(&ask.0);
        if let Some(registered) = registered {
            // Best effort: an asker gone meanwhile gives its ask's cancelled result itself.
            let line = result_line(&ask.0, &result.to_json(), reason);
            registered.outbox.finish(line, Ending::Open);
        }
    }

    /// Hands the asker of a recalled `ask` what its form held, if it is still connected.
    pub fn hand_back(&self, ask: &AskId, drafts: &[Draft]) {
        let registered = self.shared.lock().remove(&ask.0);
        if let Some(registered) = registered {
            let records: Vec<DraftRecord> = drafts.iter().map(DraftRecord::from).collect();
            registered
                .outbox
                .finish(kept_line(&ask.0, &records), Ending::Open);
        }
    }

    /// Hands the asker of `ask` what its form holds now, if it is still connected (it asked
    /// for it, or the core would not hold): written by the connection's own thread.
    pub fn hold(&self, ask: &AskId, drafts: &[Draft]) {
        let outbox = self
            .shared
            .lock()
            .get(&ask.0)
            .map(|registered| Arc::clone(&registered.outbox));
        if let Some(outbox) = outbox {
            let records: Vec<DraftRecord> = drafts.iter().map(DraftRecord::from).collect();
            outbox.hold(held_line(&ask.0, &records));
        }
    }

    /// Waits, at most [`REPLY_TIMEOUT`], for the lines handed over to reach the askers still
    /// connected: an inbox that is ending gives its closing results the time to leave.
    pub fn wait_written(&self) {
        let deadline = Instant::now() + REPLY_TIMEOUT;
        let outboxes: Vec<Arc<Outbox>> = self
            .shared
            .outboxes()
            .iter()
            .filter_map(Weak::upgrade)
            .collect();
        for outbox in outboxes {
            outbox.wait_written(deadline);
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.stop_listening();
    }
}

impl ExternalInputs for Server {
    fn fd(&self) -> BorrowedFd<'_> {
        self.arrivals.fd()
    }

    fn take(&mut self) -> Vec<Input> {
        self.arrivals.take()
    }
}

impl Shared {
    fn lock(&self) -> std::sync::MutexGuard<'_, HashMap<String, Registered>> {
        self.askers.lock().unwrap_or_else(PoisonError::into_inner)
    }

    fn outboxes(&self) -> std::sync::MutexGuard<'_, Vec<Weak<Outbox>>> {
        self.outboxes.lock().unwrap_or_else(PoisonError::into_inner)
    }

    /// A writer for the asker on `stream`, noted among the running ones (those done are let
    /// go as it is).
    fn outbox_for(&self, stream: UnixStream) -> Arc<Outbox> {
        let outbox = Outbox::start(stream);
        let mut outboxes = self.outboxes();
        outboxes.retain(|running| running.strong_count() > 0);
        outboxes.push(Arc::downgrade(&outbox));
        outbox
    }

    /// Hands the run loop an event and wakes it.
    fn send(&self, event: InboxEvent) {
        self.courier.deliver(Input::Inbox(event));
    }
}

/// Accepts askers for as long as the process runs, each on a thread of its own.
fn accept(listener: &UnixListener, shared: &Arc<Shared>) {
    static SERIAL: AtomicU64 = AtomicU64::new(0);
    for stream in listener.incoming() {
        let Ok(stream) = stream else {
            continue;
        };
        let shared = Arc::clone(shared);
        let serial = SERIAL.fetch_add(1, Ordering::Relaxed);
        std::thread::spawn(move || serve(&shared, &stream, serial));
    }
}

/// Reads one asker's connection: its ask, then nothing more until it closes.
fn serve(shared: &Shared, stream: &UnixStream, serial: u64) {
    let mut answer = stream;
    if !peer_is_this_user(stream) {
        let _ = answer.write_all(error_line("the asker is another user").as_bytes());
        return;
    }
    let Ok(reading) = stream.try_clone() else {
        return;
    };
    let mut reader = BufReader::new(reading);
    let mut line = Vec::new();
    let mut asked: Option<String> = None;
    loop {
        let refusal = match read_line(&mut reader, &mut line, MAX_LINE_BYTES) {
            Ok(Line::Read) if asked.is_some() => match parse_after_ask(&line) {
                Ok(after) if asked.as_deref() != Some(after.id()) => {
                    "a line after the ask names the ask of its own connection".to_owned()
                }
                Ok(AfterAsk::Withdraw { id }) => {
                    shared.send(InboxEvent::Recalled(AskId(id)));
                    continue;
                }
                Ok(AfterAsk::Behind { id, count }) => {
                    shared.send(InboxEvent::Behind {
                        ask: AskId(id),
                        count,
                    });
                    continue;
                }
                Err(_) => "one ask per connection".to_owned(),
            },
            Ok(Line::Read) => match parse_ask(&line).map(arrival) {
                Ok(Ok(arrival)) => {
                    let id = arrival.ask.0.clone();
                    if let Ok(registered) = stream.try_clone() {
                        let mut askers = shared.lock();
                        let replaced = askers.insert(
                            id.clone(),
                            Registered {
                                serial,
                                outbox: shared.outbox_for(registered),
                            },
                        );
                        // An asker still connected under the same id (a second host resuming
                        // the same ask) is told and let go: the answer goes to the newer one.
                        if let Some(replaced) = replaced {
                            replaced.outbox.finish(taken_over_line(&id), Ending::Shut);
                        }
                        shared.send(InboxEvent::Arrived(Box::new(arrival)));
                        asked = Some(id);
                    }
                    continue;
                }
                Ok(Err((id, invalid))) => {
                    let result = invalid.into_result().to_json();
                    let line = result_line(&id, &result, ReplyReason::FormEnded);
                    let _ = answer.write_all(line.as_bytes());
                    continue;
                }
                Err(error) => error.to_string(),
            },
            Ok(Line::TooLong) => format!("the line is longer than {MAX_LINE_BYTES} bytes"),
            Ok(Line::End) | Err(_) => break,
        };
        let _ = answer.write_all(error_line(&refusal).as_bytes());
    }
    if let Some(id) = asked {
        let mut askers = shared.lock();
        if askers.get(&id).is_some_and(|kept| kept.serial == serial) {
            if let Some(gone) = askers.remove(&id) {
                gone.outbox.close();
            }
            shared.send(InboxEvent::Withdrawn(AskId(id)));
        }
    }
}

/// Whether the process at the other end runs as this user.
#[cfg(any(target_os = "linux", target_os = "android"))]
fn peer_is_this_user(stream: &UnixStream) -> bool {
    rustix::net::sockopt::socket_peercred(stream)
        .is_ok_and(|peer| peer.uid == rustix::process::getuid())
}

/// Where peer credentials cannot be read, the private folder is what keeps others out.
#[cfg(not(any(target_os = "linux", target_os = "android")))]
fn peer_is_this_user(_stream: &UnixStream) -> bool {
    true
}

#[cfg(test)]
#[path = "server_tests.rs"]
mod tests;
