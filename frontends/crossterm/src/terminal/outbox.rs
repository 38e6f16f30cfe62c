//! Bytes for the terminal that are not part of a frame (a notification's bell or OSC
//! sequence): while a session is open they wait here and go out on the session's own
//! descriptor in the write of its next frame (or right after it, when they came while it was
//! drawn), so nothing opens the terminal again or needs a thread to ring it.

use std::sync::{Mutex, PoisonError};

/// The open session's waiting bytes; `None` while no session is open.
static OUTBOX: Mutex<Option<Vec<u8>>> = Mutex::new(None);

/// Opens the outbox for a session that starts (or starts again after a suspend).
pub(super) fn open() {
    let mut outbox = OUTBOX.lock().unwrap_or_else(PoisonError::into_inner);
    outbox.get_or_insert_with(Vec::new);
}

/// Takes the waiting bytes, leaving the outbox open.
pub(super) fn take() -> Vec<u8> {
    OUTBOX
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .as_mut()
        .map(std::mem::take)
        .unwrap_or_default()
}

/// Closes the outbox as the session restores the terminal; returns what still waited.
pub(super) fn close() -> Vec<u8> {
    OUTBOX
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .take()
        .unwrap_or_default()
}

/// Queues `bytes` for the open session's next frame; gives them back when no session is open.
pub fn queue(bytes: &[u8]) -> Result<(), Vec<u8>> {
    match OUTBOX
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .as_mut()
    {
        Some(waiting) => {
            waiting.extend_from_slice(bytes);
            Ok(())
        }
        None => Err(bytes.to_vec()),
    }
}
