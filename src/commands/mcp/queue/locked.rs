//! The queue's state under its lock, telling the inbox's count as the lock is let go: every
//! change to the queue is made under the lock, so none is missed.

use std::ops::{Deref, DerefMut};
use std::sync::MutexGuard;

use super::State;
use crate::inbox::behind::Behind;

/// The state, locked; letting it go tells the server's [`Behind`] how many asks wait in line.
pub(super) struct Locked<'a> {
    pub(super) state: MutexGuard<'a, State>,
    pub(super) behind: Option<&'a Behind>,
}

impl Deref for Locked<'_> {
    type Target = State;

    fn deref(&self) -> &State {
        &self.state
    }
}

impl DerefMut for Locked<'_> {
    fn deref_mut(&mut self) -> &mut State {
        &mut self.state
    }
}

impl Drop for Locked<'_> {
    fn drop(&mut self) {
        if let Some(behind) = self.behind {
            behind.set(self.state.queue.waiting());
        }
    }
}
