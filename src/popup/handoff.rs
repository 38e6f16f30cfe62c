//! The private folder a call is handed to the popup through, and its result handed back.
//!
//! The folder is created 0700 under `$XDG_RUNTIME_DIR` (else the temporary folder) and removed
//! with everything in it when the caller's [`Handoff`] is dropped, on every way out. It holds:
//!
//! - `call.json` (0600): the tool, the request id, the arguments as saved (preview files
//!   loaded) and the settings file in effect;
//! - `done.sock`: the caller listens, the popup's program connects as it starts and keeps the
//!   connection until it exits, so the caller sleeps in one wait and learns at once that the
//!   program ended, however it ended; the caller sending [`END_FORM`] and shutting its side
//!   down asks the program to end its form, and a connection that closes without it means the
//!   caller is gone (killed), so the program removes the folder itself. The program writes
//!   its result on that connection as it ends ([`send_result`]), so handing it back needs
//!   no room on a disk: a full runtime folder cannot lose an answer.

use std::fs::{self, OpenOptions, Permissions};
use std::io::{self, Write as _};
use std::os::unix::fs::{OpenOptionsExt as _, PermissionsExt as _};
use std::os::unix::net::{UnixListener, UnixStream};
use std::path::{Path, PathBuf};

use pi_agent_ask_core::contract::rules::ImagePaste;
use pi_agent_ask_core::journal::drafts::DraftRecord;
use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::environment::Environment;
use crate::away::ArgumentsText;

const CALL: &str = "call.json";
/// The start of the private folder's name; [`tempfile`] adds six random characters.
const PREFIX: &str = "pi-agent-ask-popup-";
const SOCKET: &str = "done.sock";

/// What the caller sends before it shuts its side of the connection down to have the form
/// ended; a connection closed without it is a caller that went away.
pub const END_FORM: &[u8] = b"end";

/// The call as the popup's program needs it to ask the same questions.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CallFile {
    /// The tool's name.
    pub tool: String,
    /// The request id the results carry, for `ask_user`.
    pub request_id: Option<String>,
    /// The arguments as saved, preview files loaded, as JSON text the popup's program reads
    /// its call from.
    pub arguments: ArgumentsText,
    /// The settings file in effect, when a location is known.
    pub config: Option<PathBuf>,
    /// The working directory of the call: where `@` references find their paths.
    pub cwd: PathBuf,
    /// What the form opens with, one record per question: the drafts of an interrupted ask
    /// being resumed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub drafts: Option<Vec<DraftRecord>>,
    /// Whether the form's editors take images: not for a host whose answers are text alone.
    #[serde(default)]
    pub images: ImagePaste,
}

/// What the popup's program hands back.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", tag = "kind")]
pub enum ResultFile {
    /// The form ended: its tool result and the status the program exits with.
    Ended {
        /// The tool result document.
        result: Value,
        /// 0, `128 + n` after signal `n`, 101 after a crash.
        exit: u8,
        /// What the form held when it was ended from outside (the caller's signal, the
        /// popup's terminal closing), so a journaled ask can be resumed as it was left.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        kept: Option<Vec<DraftRecord>>,
    },
    /// The program could not ask (no terminal in the popup, an unreadable call).
    Failed {
        /// Why.
        error: String,
    },
}

/// The caller's side: the private folder, removed when dropped.
pub struct Handoff {
    dir: tempfile::TempDir,
}

impl Handoff {
    /// Creates the private folder under `$XDG_RUNTIME_DIR` when it is a folder, else under
    /// the temporary folder, and writes the call into it; a runtime folder that cannot take
    /// it (full) gives way to the temporary folder too.
    pub fn create(env: &Environment, call: &CallFile) -> io::Result<Self> {
        let text = serde_json::to_vec(call)?;
        let temporary = std::env::temp_dir();
        // A runtime folder so deep that the socket's path would not fit a socket's address
        // gives way to the temporary folder, as a missing one does.
        let runtime = env
            .get("XDG_RUNTIME_DIR")
            .map(PathBuf::from)
            .filter(|dir| dir.is_dir() && socket_fits(dir) && *dir != temporary);
        if let Some(runtime) = runtime
            && let Ok(dir) = Self::create_in(&runtime, &text)
        {
            return Ok(dir);
        }
        if !socket_fits(&temporary) {
            return Err(io::Error::other(format!(
                "{} is too deep a folder for the popup's socket (a socket's address holds \
                 about a hundred bytes): choose a shorter XDG_RUNTIME_DIR or TMPDIR",
                temporary.display()
            )));
        }
        Self::create_in(&temporary, &text)
    }

    /// The private folder made in `base`, holding the call's `text`.
    fn create_in(base: &Path, text: &[u8]) -> io::Result<Self> {
        let dir = tempfile::Builder::new()
            .prefix(PREFIX)
            .permissions(Permissions::from_mode(0o700))
            .tempdir_in(base)?;
        write_private(&dir.path().join(CALL), text)?;
        Ok(Self { dir })
    }

    /// The folder, which the popup's program is given.
    pub fn path(&self) -> &Path {
        self.dir.path()
    }

    /// Listens for the popup's program.
    pub fn listen(&self) -> io::Result<UnixListener> {
        let listener = UnixListener::bind(self.dir.path().join(SOCKET))?;
        listener.set_nonblocking(true)?;
        Ok(listener)
    }
}

/// The caller's side: the result in what the popup's program sent before its connection
/// closed; none when it sent nothing (killed first), and one cut short or unreadable is said
/// on standard error.
pub fn read_result(received: &[u8]) -> Option<ResultFile> {
    if received.is_empty() {
        return None;
    }
    serde_json::from_slice(received)
        .inspect_err(|error| {
            crate::outcome::report(&format!("the popup's result cannot be read: {error}"));
        })
        .ok()
}

/// Whether the socket of a private folder made in `base` fits a socket's address.
fn socket_fits(base: &Path) -> bool {
    let socket = base.join(format!("{PREFIX}XXXXXX")).join(SOCKET);
    std::os::unix::net::SocketAddr::from_pathname(socket).is_ok()
}

/// The popup's side: reads the call from the folder `dir`.
pub fn read_call(dir: &Path) -> Result<CallFile, String> {
    let bytes =
        fs::read(dir.join(CALL)).map_err(|error| format!("cannot read the call: {error}"))?;
    serde_json::from_slice(&bytes).map_err(|error| format!("the call is not readable: {error}"))
}

/// The popup's side: connects to the caller, which learns of the program's end when the
/// connection closes.
pub fn connect(dir: &Path) -> io::Result<UnixStream> {
    UnixStream::connect(dir.join(SOCKET))
}

/// The popup's side: sends the result on the connection to the caller, which reads it once
/// the connection closes.
pub fn send_result(mut connection: &UnixStream, result: &ResultFile) -> io::Result<()> {
    connection.write_all(&serde_json::to_vec(result)?)?;
    connection.flush()
}

/// The popup's side, once the caller went away without ending the form: removes the folder
/// and the files the handoff puts in it (nothing else, so a wrong folder is left alone).
pub fn remove_orphaned(dir: &Path) -> io::Result<()> {
    for name in [CALL, SOCKET] {
        match fs::remove_file(dir.join(name)) {
            Err(error) if error.kind() != io::ErrorKind::NotFound => return Err(error),
            _ => {}
        }
    }
    fs::remove_dir(dir)
}

/// Writes a new file only its owner can read.
fn write_private(path: &Path, bytes: &[u8]) -> io::Result<()> {
    let mut file = OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)?;
    file.write_all(bytes)?;
    file.sync_all()
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn call() -> CallFile {
        CallFile {
            tool: "ask_user".to_owned(),
            request_id: Some("id-1".to_owned()),
            arguments: ArgumentsText::of(&json!({"questions": []})),
            config: Some(PathBuf::from("/home/me/settings.json")),
            cwd: PathBuf::from("/home/me/project"),
            drafts: Some(vec![DraftRecord {
                custom_text: "half a thought".to_owned(),
                ..DraftRecord::default()
            }]),
            images: ImagePaste::Unsupported,
        }
    }

    #[test]
    fn the_folder_and_its_files_are_private_and_gone_after_the_handoff() {
        let base = tempfile::tempdir().expect("a folder");
        let env = Environment::from_pairs([("XDG_RUNTIME_DIR", base.path().as_os_str())]);
        let handoff = Handoff::create(&env, &call()).expect("created");
        let dir = handoff.path().to_path_buf();
        assert_eq!(dir.parent(), Some(base.path()));
        let mode = |path: &Path| fs::metadata(path).expect("exists").permissions().mode() & 0o777;
        assert_eq!(mode(&dir), 0o700);
        assert_eq!(mode(&dir.join(CALL)), 0o600);
        assert_eq!(read_call(&dir), Ok(call()));

        drop(handoff);
        assert!(!dir.exists());
    }

    #[test]
    fn the_result_comes_back_on_the_connection_and_one_cut_short_is_none() {
        let (caller, program) = UnixStream::pair().expect("a pair");
        let ended = ResultFile::Ended {
            result: json!({"isError": false, "content": [{"type": "text", "text": "ok"}]}),
            exit: 0,
            kept: None,
        };
        send_result(&program, &ended).expect("sent");
        drop(program);
        let mut received = Vec::new();
        std::io::Read::read_to_end(&mut &caller, &mut received).expect("read");
        assert_eq!(read_result(&received), Some(ended));
        assert_eq!(read_result(&received[..received.len() - 1]), None);
        assert_eq!(read_result(b""), None);
    }

    #[test]
    fn an_orphaned_folder_is_removed_with_its_files_but_never_with_others() {
        let base = tempfile::tempdir().expect("a folder");
        let env = Environment::from_pairs([("XDG_RUNTIME_DIR", base.path().as_os_str())]);
        let handoff = Handoff::create(&env, &call()).expect("created");
        let _listener = handoff.listen().expect("listening");
        let dir = handoff.path().to_path_buf();
        remove_orphaned(&dir).expect("removed");
        assert!(!dir.exists());

        let other = tempfile::tempdir().expect("a folder");
        std::fs::write(other.path().join("notes.txt"), "kept").expect("written");
        assert!(remove_orphaned(other.path()).is_err());
        assert!(other.path().join("notes.txt").exists());
    }

    #[test]
    fn a_runtime_folder_too_deep_for_the_socket_gives_way_to_the_temporary_folder() {
        let base = tempfile::tempdir().expect("a folder");
        let deep = base.path().join("d".repeat(100));
        fs::create_dir(&deep).expect("made");
        let env = Environment::from_pairs([("XDG_RUNTIME_DIR", deep.as_os_str())]);
        let handoff = Handoff::create(&env, &call()).expect("created");
        assert!(handoff.path().starts_with(std::env::temp_dir()));
        handoff.listen().expect("the socket fits");
    }

    #[test]
    fn without_a_runtime_folder_the_handoff_goes_to_the_temporary_folder() {
        let env = Environment::from_pairs([("XDG_RUNTIME_DIR", "/nonexistent/run")]);
        let handoff = Handoff::create(&env, &call()).expect("created");
        assert!(handoff.path().starts_with(std::env::temp_dir()));
    }
}
