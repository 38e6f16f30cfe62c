//! The program's folder in the user's state directory (`$XDG_STATE_HOME/pi-agent-ask/`, else
//! `~/.local/state/pi-agent-ask/`): where an MCP server keeps its journal when no session file
//! is named, one per working directory and server running at once, so a restarted server finds
//! the forms and answers of the one before. The folder holds the user's answers: it is made private (0700) and refused
//! when it belongs to someone else or is open to others.

use std::ffi::OsString;
use std::fs::File;
use std::os::unix::fs::{DirBuilderExt as _, FileExt as _, MetadataExt as _};
use std::path::{Path, PathBuf};
use std::time::{Duration, Instant};

use owner::{Agent, Claim};

use crate::lock_file;

mod owner;

/// The folder's name under the state directory.
const FOLDER: &str = "pi-agent-ask";

/// Why the state folder cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum StateDirError {
    /// Neither `XDG_STATE_HOME` (absolute) nor `HOME` says where it is.
    #[error("neither XDG_STATE_HOME nor HOME names a state directory")]
    Unknown,
    /// It cannot be made or read.
    #[error("cannot make the state folder {path}: {source}")]
    Io {
        /// The folder.
        path: String,
        /// Why.
        source: std::io::Error,
    },
    /// The folder, or a folder on its way, is something else (a file).
    #[error("cannot make the state folder {path}: {blocker} is not a folder")]
    NotAFolder {
        /// The folder.
        path: String,
        /// What stands where a folder must be.
        blocker: String,
    },
    /// Every journal of the working directory is held by a running server.
    #[error("{0} MCP servers of this working directory keep journals already")]
    AllTaken(u32),
    /// It belongs to another user, or others may read or change it.
    #[error("the state folder {0} is not private to this user (it must be theirs, mode 0700)")]
    NotPrivate(String),
}

/// The most MCP servers of one working directory that keep journals at once.
const MOST_SERVERS: u32 = 64;
/// What a server writes in its lock once its input has ended: it is closing, and the next
/// server waits for its journal rather than taking another.
const CLOSING: &[u8] = b"closing\n";
/// How long a server waits for a closing one's journal: the closing server takes its open
/// form back within 5 seconds.
const HANDOVER: Duration = Duration::from_secs(6);
/// How often the closing server's lock is tried meanwhile.
const HANDOVER_TRY: Duration = Duration::from_millis(20);
/// How long a server that finds the journal held, its holder not closing, looks for the word
/// before it takes the next: a server says it is closing a few milliseconds after its input
/// ends, and a client restarting it may start the next one within them.
const CLOSING_SAID_WITHIN: Duration = Duration::from_millis(50);
/// How often the word is looked for meanwhile.
const CLOSING_LOOK: Duration = Duration::from_millis(5);

/// A journal an MCP server keeps, held for it alone while this value lives.
#[derive(Debug)]
pub struct McpJournal {
    /// The journal file.
    pub path: PathBuf,
    /// The locked file beside it; dropping it lets the next server take the journal.
    held: File,
}

impl McpJournal {
    /// Says in the lock that this server is closing (its input has ended): a server started
    /// meanwhile, as a client restarting it starts one, waits for this journal and takes up
    /// its forms, rather than keeping one of its own beside it.
    pub fn mark_closing(&self) {
        // Without the word the next server keeps a journal of its own, as before.
        let _ = self.held.write_all_at(CLOSING, 0);
    }
}

/// The journal an MCP server started in `cwd` keeps: `mcp-<id>.jsonl` in the state folder,
/// the id derived from the canonical working directory, so a restarted server of one project
/// finds the file of the one before and no two projects share one. Two agent sessions in one
/// project run two servers at once, and a journal serves one: each server holds its journal
/// with a lock (`mcp-<id>.lock`), and a server that finds it held takes another free
/// (`mcp-<id>-2.jsonl`, ...). Each journal notes the agent that ran its server (`owner`), and
/// of the free ones a server takes its agent's own, else one whose agent is gone, else a new
/// one, and another running agent's only when nothing else is free (see [`Claim`]). A server
/// whose journal's server, of its own agent, is closing ([`McpJournal::mark_closing`]) waits
/// for it, up to [`HANDOVER`]. The folder is made when missing.
pub fn mcp_journal(cwd: &Path) -> Result<McpJournal, StateDirError> {
    let folder = folder(std::env::var_os("XDG_STATE_HOME"), std::env::var_os("HOME"))?;
    make_private(&folder)?;
    journal_in(&folder, cwd, Agent::of_this_process())
}

/// [`mcp_journal`] in the private `folder`, for a server `agent` runs.
fn journal_in(
    folder: &Path,
    cwd: &Path,
    agent: Option<Agent>,
) -> Result<McpJournal, StateDirError> {
    let canonical = std::fs::canonicalize(cwd).unwrap_or_else(|_| cwd.to_path_buf());
    let id = uuid::Uuid::new_v5(
        &uuid::Uuid::NAMESPACE_URL,
        canonical.as_os_str().as_encoded_bytes(),
    );
    let mut best: Option<(Claim, Slot)> = None;
    for number in 1..=MOST_SERVERS {
        let stem = match number {
            1 => format!("mcp-{}", id.simple()),
            _ => format!("mcp-{}-{number}", id.simple()),
        };
        let slot = Slot::in_folder(folder, &stem);
        let io = |source| StateDirError::Io {
            path: slot.lock_path.display().to_string(),
            source,
        };
        let made = slot.lock_path.exists();
        // A slot never made is a fresh journal: made only when nothing better was found, so
        // that every start taking up what another left adds no file.
        if !made && best.as_ref().is_some_and(|(held, _)| *held < Claim::Fresh) {
            break;
        }
        let lock = lock_file::open(&slot.lock_path).map_err(io)?;
        let claim = Agent::claim(agent, Agent::read(&slot.owner_path), slot.path.exists());
        // A closing server is waited for when it is this agent's, or nobody's known.
        let waits = claim == Claim::Own || agent.is_none();
        let taken =
            lock_file::try_take(&lock).map_err(io)? || (waits && handed_over(&lock).map_err(io)?);
        if taken && best.as_ref().is_none_or(|(held, _)| claim < *held) {
            best = Some((
                claim,
                Slot {
                    lock: Some(lock),
                    ..slot
                },
            ));
            if claim == Claim::Own {
                break;
            }
        }
        // Slots are made in order: none after one never made.
        if !made {
            break;
        }
    }
    let (_, slot) = best.ok_or(StateDirError::AllTaken(MOST_SERVERS))?;
    slot.take(agent)
}

/// One journal of the state folder, its lock (once held) and its owner's note.
struct Slot {
    path: PathBuf,
    lock_path: PathBuf,
    owner_path: PathBuf,
    lock: Option<File>,
}

impl Slot {
    fn in_folder(folder: &Path, stem: &str) -> Self {
        Self {
            path: folder.join(format!("{stem}.jsonl")),
            lock_path: folder.join(format!("{stem}.lock")),
            owner_path: folder.join(format!("{stem}.owner")),
            lock: None,
        }
    }

    /// Makes the held journal `agent`'s.
    fn take(self, agent: Option<Agent>) -> Result<McpJournal, StateDirError> {
        let held = self.lock.ok_or(StateDirError::AllTaken(MOST_SERVERS))?;
        // The word of the server before is not this one's.
        held.set_len(0).map_err(|source| StateDirError::Io {
            path: self.lock_path.display().to_string(),
            source,
        })?;
        match agent {
            Some(agent) => agent.write(&self.owner_path),
            None => {
                let _ = std::fs::remove_file(&self.owner_path);
            }
        }
        Ok(McpJournal {
            path: self.path,
            held,
        })
    }
}

/// Takes `lock`, held by another server, if that server lets it go: at once when it has said
/// it is closing or says so within [`CLOSING_SAID_WITHIN`], when it gives the lock up within
/// [`HANDOVER`]; whether it did. A server that says nothing meanwhile keeps its journal.
fn handed_over(lock: &File) -> std::io::Result<bool> {
    let started = Instant::now();
    let mut closing_since = None;
    loop {
        if closing_since.is_none() && says_closing(lock) {
            closing_since = Some(Instant::now());
        }
        let (waited_enough, step) = match closing_since {
            Some(since) => (since.elapsed() >= HANDOVER, HANDOVER_TRY),
            None => (started.elapsed() >= CLOSING_SAID_WITHIN, CLOSING_LOOK),
        };
        if waited_enough {
            return Ok(false);
        }
        std::thread::sleep(step);
        if lock_file::try_take(lock)? {
            return Ok(true);
        }
    }
}

/// Whether the server holding `lock` has said it is closing.
fn says_closing(lock: &File) -> bool {
    let mut word = [0; CLOSING.len()];
    lock.read_exact_at(&mut word, 0).is_ok() && word == CLOSING
}

/// The state folder from the variables: `$XDG_STATE_HOME/pi-agent-ask` when it is absolute
/// (a relative one is ignored, as the XDG specification says), else
/// `$HOME/.local/state/pi-agent-ask`.
fn folder(
    xdg_state_home: Option<OsString>,
    home: Option<OsString>,
) -> Result<PathBuf, StateDirError> {
    if let Some(base) = xdg_state_home
        .map(PathBuf::from)
        .filter(|base| base.is_absolute())
    {
        return Ok(base.join(FOLDER));
    }
    let home = home
        .map(PathBuf::from)
        .filter(|home| home.is_absolute())
        .ok_or(StateDirError::Unknown)?;
    Ok(home.join(".local").join("state").join(FOLDER))
}

/// Makes `folder` (0700, its parents as the user's umask says) and checks it is private.
fn make_private(folder: &Path) -> Result<(), StateDirError> {
    let io = |source| StateDirError::Io {
        path: folder.display().to_string(),
        source,
    };
    // Something that is not a folder where one must be says so, not only "File exists".
    let not_a_folder = |error: std::io::Error| match folder
        .ancestors()
        .find(|path| std::fs::metadata(path).is_ok_and(|meta| !meta.is_dir()))
    {
        Some(blocker) => StateDirError::NotAFolder {
            path: folder.display().to_string(),
            blocker: blocker.display().to_string(),
        },
        None => io(error),
    };
    if let Some(parent) = folder.parent() {
        std::fs::create_dir_all(parent).map_err(not_a_folder)?;
    }
    match std::fs::DirBuilder::new().mode(0o700).create(folder) {
        Ok(()) => {}
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {}
        Err(error) => return Err(not_a_folder(error)),
    }
    let metadata = std::fs::symlink_metadata(folder).map_err(io)?;
    if metadata.is_file() {
        return Err(not_a_folder(std::io::ErrorKind::NotADirectory.into()));
    }
    let ours = metadata.uid() == rustix::process::getuid().as_raw();
    if !metadata.is_dir() || !ours || metadata.mode() & 0o077 != 0 {
        return Err(StateDirError::NotPrivate(folder.display().to_string()));
    }
    Ok(())
}

#[cfg(test)]
#[path = "state_dir_tests.rs"]
mod tests;
