//! One `resume` at a time asks an interrupted ask: two hosts reopening one session at once
//! would otherwise each ask it and each deliver an answer, and the agent would get two.
//!
//! The `resume` asking holds a lock in the user's private folder, named after the session
//! file and the tool call (`resume-<id>.lock`): alone where it asks on a terminal, in plain
//! prompts or a popup; a share of it where it asks in the inbox, which hands the ask to the
//! later asker of the same id ([`crate::inbox`]), so inbox askers share it and shut out the
//! others. A `resume` that cannot take it asks nothing. The lock goes with the process holding
//! it, however it ends.

use std::fs::File;
use std::path::Path;

use crate::inbox::place::{Folder, private_folder};
use crate::lock_file;

/// Where a `resume` asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asker {
    /// In the inbox, which hands an ask to the later asker of the same id.
    Inbox,
    /// Anywhere else: a terminal, plain prompts, a popup.
    Elsewhere,
}

/// The lock of an ask, held while this value lives.
#[derive(Debug)]
pub struct ResumeLock {
    _file: File,
}

/// What trying the lock found.
#[derive(Debug)]
pub enum Tried {
    /// It is this process's now (alone, or its share).
    Taken(ResumeLock),
    /// Another `resume` asks the ask.
    Held,
    /// No lock can be kept (no private folder): the ask goes on without one.
    Unavailable,
}

/// Tries the lock of `session`'s tool call `tool_call_id` for a `resume` asking as `asker`.
pub fn try_lock(session: &Path, tool_call_id: &str, asker: Asker) -> Tried {
    match private_folder(Folder::Make) {
        Ok(folder) => try_lock_in(&folder, session, tool_call_id, asker),
        Err(_) => Tried::Unavailable,
    }
}

/// [`try_lock`] with the lock in `folder`.
fn try_lock_in(folder: &Path, session: &Path, tool_call_id: &str, asker: Asker) -> Tried {
    let canonical = std::fs::canonicalize(session).unwrap_or_else(|_| session.to_path_buf());
    let mut key = canonical.as_os_str().as_encoded_bytes().to_vec();
    key.push(0);
    key.extend_from_slice(tool_call_id.as_bytes());
    let id = uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_URL, &key);
    let path = folder.join(format!("resume-{}.lock", id.simple()));
    let Ok(file) = lock_file::open(&path) else {
        return Tried::Unavailable;
    };
    let took = match asker {
        Asker::Inbox => lock_file::try_share(&file),
        Asker::Elsewhere => lock_file::try_take(&file),
    };
    match took {
        Ok(true) => Tried::Taken(ResumeLock { _file: file }),
        Ok(false) => Tried::Held,
        Err(_) => Tried::Unavailable,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn inbox_resumes_of_one_ask_share_its_lock_and_shut_out_the_others() {
        let folder = tempfile::tempdir().expect("a folder");
        let session = folder.path().join("session.jsonl");
        std::fs::write(&session, "").expect("written");
        let lock = |call: &str, asker| try_lock_in(folder.path(), &session, call, asker);
        let elsewhere = lock("call-1", Asker::Elsewhere);
        assert!(matches!(elsewhere, Tried::Taken(_)), "{elsewhere:?}");
        assert!(matches!(lock("call-1", Asker::Inbox), Tried::Held));
        assert!(matches!(lock("call-1", Asker::Elsewhere), Tried::Held));
        assert!(matches!(lock("call-2", Asker::Elsewhere), Tried::Taken(_)));
        drop(elsewhere);
        let first_inbox = lock("call-1", Asker::Inbox);
        let second_inbox = lock("call-1", Asker::Inbox);
        assert!(matches!(first_inbox, Tried::Taken(_)), "{first_inbox:?}");
        assert!(matches!(second_inbox, Tried::Taken(_)), "{second_inbox:?}");
        assert!(matches!(lock("call-1", Asker::Elsewhere), Tried::Held));
        drop(first_inbox);
        assert!(
            matches!(lock("call-1", Asker::Elsewhere), Tried::Held),
            "the later inbox asker holds it on"
        );
        drop(second_inbox);
        assert!(matches!(lock("call-1", Asker::Elsewhere), Tried::Taken(_)));
    }
}
