//! One `resume` at a time asks an interrupted ask: two hosts reopening one session at once
//! would otherwise each ask it and each deliver an answer, and the agent would get two.
//!
//! The `resume` asking holds a lock in the user's private folder, named after the session
//! file and the tool call (`resume-<id>.lock`), with the surface it asks on written in it. A
//! second `resume` of the same ask finds it held and asks nothing, unless both ask in the
//! inbox, which hands the ask to the later one ([`crate::inbox`]). The lock goes with the
//! process holding it, however it ends.

use std::fs::File;
use std::io::{Read as _, Write as _};
use std::os::unix::fs::FileExt as _;
use std::path::Path;

use crate::inbox::place::{Folder, private_folder};
use crate::lock_file;

/// Where the `resume` holding the lock asks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Asker {
    /// In the inbox, which hands an ask to the later asker of the same id.
    Inbox,
    /// Anywhere else: a terminal, plain prompts, a popup.
    Elsewhere,
}

impl Asker {
    const fn word(self) -> &'static str {
        match self {
            Self::Inbox => "inbox\n",
            Self::Elsewhere => "elsewhere\n",
        }
    }
}

/// The lock of an ask, held while this value lives.
#[derive(Debug)]
pub struct ResumeLock {
    _file: File,
}

/// What trying the lock found.
#[derive(Debug)]
pub enum Tried {
    /// It is this process's now.
    Taken(ResumeLock),
    /// Another `resume` holds it, asking there.
    Held(HeldLock),
    /// No lock can be kept (no private folder): the ask goes on without one.
    Unavailable,
}

/// The lock of an ask another `resume` holds.
#[derive(Debug)]
pub struct HeldLock {
    /// Where that one asks.
    pub asker: Asker,
    file: File,
}

impl HeldLock {
    /// Takes the lock once the other `resume` lets it go, on a thread of its own, and holds
    /// it until this process ends: a `resume` that took the ask over in the inbox asks it on,
    /// and a third must find it held.
    pub fn take_when_free(self, asker: Asker) {
        std::thread::spawn(move || {
            let file = self.file;
            if file.lock().is_ok() {
                // At the start: this descriptor read the other one's word.
                let _ = file.set_len(0);
                let _ = file.write_all_at(asker.word().as_bytes(), 0);
                // Open until the process ends, and with it the lock.
                std::mem::forget(file);
            }
        });
    }
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
    let Ok(mut file) = lock_file::open(&path) else {
        return Tried::Unavailable;
    };
    match lock_file::try_take(&file) {
        Ok(true) => {
            let said = file
                .set_len(0)
                .and_then(|()| file.write_all(asker.word().as_bytes()));
            if said.is_err() {
                return Tried::Unavailable;
            }
            Tried::Taken(ResumeLock { _file: file })
        }
        Ok(false) => {
            let mut word = String::new();
            let _ = file.read_to_string(&mut word);
            let asker = if word == Asker::Inbox.word() {
                Asker::Inbox
            } else {
                Asker::Elsewhere
            };
            Tried::Held(HeldLock { asker, file })
        }
        Err(_) => Tried::Unavailable,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_second_resume_of_one_ask_finds_it_held_and_where_it_is_asked() {
        let folder = tempfile::tempdir().expect("a folder");
        let session = folder.path().join("session.jsonl");
        std::fs::write(&session, "").expect("written");
        let lock = |call: &str, asker| try_lock_in(folder.path(), &session, call, asker);
        let first = lock("call-1", Asker::Elsewhere);
        assert!(matches!(first, Tried::Taken(_)), "{first:?}");
        let second = lock("call-1", Asker::Inbox);
        assert!(
            matches!(&second, Tried::Held(held) if held.asker == Asker::Elsewhere),
            "{second:?}"
        );
        drop(second);
        let other_call = lock("call-2", Asker::Inbox);
        assert!(matches!(other_call, Tried::Taken(_)), "{other_call:?}");
        drop(first);
        let after = lock("call-1", Asker::Inbox);
        assert!(matches!(after, Tried::Taken(_)), "{after:?}");
        let Tried::Held(held) = lock("call-1", Asker::Inbox) else {
            panic!("held by the inbox resume");
        };
        assert_eq!(held.asker, Asker::Inbox);
        held.take_when_free(Asker::Inbox);
        drop(after);
        let deadline = std::time::Instant::now() + std::time::Duration::from_secs(5);
        loop {
            match lock("call-1", Asker::Elsewhere) {
                Tried::Held(held) if held.asker == Asker::Inbox => break,
                other => {
                    drop(other);
                    assert!(std::time::Instant::now() < deadline, "never taken over");
                    std::thread::sleep(std::time::Duration::from_millis(10));
                }
            }
        }
    }
}
