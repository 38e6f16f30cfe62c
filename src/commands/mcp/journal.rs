//! The server's journal (`--session FILE`, else the working directory's journal in the state
//! folder, [`crate::state_dir`]): a session file in Pi's JSON-lines shape that keeps
//! the background queue across restarts. A queued form's payload and request are appended
//! before its receipt is sent, its end before it is delivered, what its form held when the
//! input ended before its answer, and a wait's delivery once its result is handed to the
//! client; a new server reads the file back into its queue
//! ([`pi_agent_ask_core::journal::backlog`]). A missing file is made, with a session header.

use std::fs::OpenOptions;
use std::io::Write as _;
use std::os::unix::fs::OpenOptionsExt as _;
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use pi_agent_ask_core::contract::Call;
use pi_agent_ask_core::contract::answers::Draft;
use pi_agent_ask_core::contract::ask_user::ParseOptions;
use pi_agent_ask_core::contract::background::BackgroundAnswer;
use pi_agent_ask_core::journal::Moment;
use pi_agent_ask_core::journal::backlog::{Backlog, backlog};

use crate::journal_file::{JournalError, JournalFile};
use crate::outcome::{UsageError, report};

/// The size past which a journal the server keeps for itself starts afresh once nothing in
/// it is pending.
pub const TRIM_OVER_BYTES: u64 = 1024 * 1024;

/// Whose history a journal is, and so whether the server may start it afresh.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum History {
    /// A file named with `--session`: the user's, kept whole.
    Kept,
    /// The working directory's journal in the state folder, the server's own.
    Trimmed,
}

/// The journal of one server.
pub struct Journal {
    file: JournalFile,
}

impl Journal {
    /// Opens the journal at `path`, making it (a session header for `cwd`) when it is missing,
    /// and reads the queue it left, its forms asked again with `options`. A file that cannot
    /// be made or read is a usage error: the server does not start without its journal.
    ///
    /// A journal the server keeps for itself ([`History::Trimmed`]) that has grown past
    /// [`TRIM_OVER_BYTES`] and holds nothing to ask or deliver any more starts afresh: what
    /// it held is in the agents' transcripts already, and a journal that only grows would
    /// cost every start more.
    pub fn open(
        path: &Path,
        cwd: &Path,
        options: ParseOptions,
        history: History,
    ) -> Result<(Self, Backlog), UsageError> {
        make(path, cwd).map_err(|error| {
            UsageError::new(format!(
                "cannot make the journal {}: {error}",
                path.display()
            ))
        })?;
        let file = JournalFile::new(path);
        let session = file
            .read()
            .map_err(|error| UsageError::new(error.to_string()))?;
        for problem in &session.problems {
            report(&format!(
                "mcp: the journal {}: {problem}, skipped",
                path.display()
            ));
        }
        let left = backlog(&session.active_branch(), options);
        let grown = std::fs::metadata(path).is_ok_and(|found| found.len() > TRIM_OVER_BYTES);
        if history == History::Trimmed
            && grown
            && left.waiting.is_empty()
            && left.undelivered.is_empty()
        {
            // Nothing pending is lost whichever step fails: a missing journal is made again.
            let fresh = std::fs::remove_file(path).and_then(|()| make(path, cwd));
            if let Err(error) = fresh {
                report(&format!(
                    "mcp: cannot start the journal {} afresh: {error}",
                    path.display()
                ));
            }
        }
        Ok((Self { file }, left))
    }

    /// Records a queued call's saved arguments and questions, before its receipt is sent; the
    /// call is known by its request id.
    pub fn queued(&self, call: &Call) -> Result<(), JournalError> {
        let tool_call_id = call.request_id().unwrap_or_default();
        self.file.keep_apart(Moment::Asked { call, tool_call_id })
    }

    /// Records a queued form's end, before it is delivered; a failure is reported, and the
    /// end is still delivered.
    pub fn finished(&self, answer: &BackgroundAnswer) {
        self.write(Moment::BackgroundAnswered(answer));
    }

    /// Records what a queued form held when the input ended before its answer, so the next
    /// server opens it as it was left.
    pub fn drafts(&self, call: &Call, drafts: &[Draft]) {
        self.write(Moment::Interrupted { call, drafts });
    }

    /// Records that the ends of these forms reached the client, so no restart delivers them
    /// again.
    pub fn delivered(&self, request_ids: &[String]) {
        self.write(Moment::Delivered(request_ids));
    }

    fn write(&self, moment: Moment<'_>) {
        if let Err(error) = self.file.keep_apart(moment) {
            report(&format!("mcp: {error}"));
        }
    }
}

/// Makes a missing journal with its session header; an existing one is left as it is.
fn make(path: &Path, cwd: &Path) -> std::io::Result<()> {
    let mut file = match OpenOptions::new()
        .write(true)
        .create_new(true)
        .mode(0o600)
        .open(path)
    {
        Ok(file) => file,
        Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => return Ok(()),
        Err(error) => return Err(error),
    };
    let header = serde_json::json!({
        "type": "session",
        "version": 3,
        "id": uuid::Uuid::new_v4().to_string(),
        "timestamp": humantime::format_rfc3339_millis(SystemTime::now()).to_string(),
        "cwd": PathBuf::from(cwd).display().to_string(),
    });
    writeln!(file, "{}", pi_agent_ask_core::json::to_string(&header))
}

#[cfg(test)]
mod tests {
    use pi_agent_ask_core::contract::ask_user::ParseOptions;
    use pi_agent_ask_core::contract::{Call, Tool};
    use serde_json::json;

    use super::{History, Journal, TRIM_OVER_BYTES};

    /// A journal at `path` of more than [`TRIM_OVER_BYTES`] of entries that ask nothing.
    fn grown(path: &std::path::Path, cwd: &std::path::Path) {
        let (journal, _) =
            Journal::open(path, cwd, ParseOptions::default(), History::Kept).expect("made");
        drop(journal);
        let pad = "x".repeat(1024);
        let mut text = std::fs::read_to_string(path).expect("read");
        for n in 0..=TRIM_OVER_BYTES / 1024 {
            let entry = json!({"type": "custom", "customType": "other", "id": format!("p{n}"),
                "parentId": null, "data": pad});
            text.push_str(&entry.to_string());
            text.push('\n');
        }
        std::fs::write(path, text).expect("written");
    }

    fn lines(path: &std::path::Path) -> usize {
        std::fs::read_to_string(path).expect("read").lines().count()
    }

    #[test]
    fn the_servers_own_journal_starts_afresh_once_grown_with_nothing_pending() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("mcp.jsonl");
        grown(&path, dir.path());
        let (_, left) = Journal::open(&path, dir.path(), ParseOptions::default(), History::Trimmed)
            .expect("opened");
        assert!(left.waiting.is_empty() && left.undelivered.is_empty());
        assert_eq!(lines(&path), 1, "the session header alone");
        let header: serde_json::Value =
            serde_json::from_str(&std::fs::read_to_string(&path).expect("read")).expect("JSON");
        assert_eq!(header["type"], "session");
    }

    #[test]
    fn a_journal_named_with_session_or_holding_a_pending_form_is_kept_whole() {
        let dir = tempfile::tempdir().expect("a folder");
        let named = dir.path().join("named.jsonl");
        grown(&named, dir.path());
        let before = lines(&named);
        Journal::open(&named, dir.path(), ParseOptions::default(), History::Kept).expect("opened");
        assert_eq!(lines(&named), before, "the user's file");

        let pending = dir.path().join("pending.jsonl");
        grown(&pending, dir.path());
        let (journal, _) =
            Journal::open(&pending, dir.path(), ParseOptions::default(), History::Kept)
                .expect("opened");
        let arguments = json!({"questions": [{"id": "q", "prompt": "Which?",
            "options": [{"value": "a"}]}], "background": true});
        let call = Call::parse_saved(Tool::AskUser, &arguments, ParseOptions::default(), "r-1")
            .expect("valid arguments");
        journal.queued(&call).expect("journaled");
        let before = lines(&pending);
        let (_, left) = Journal::open(
            &pending,
            dir.path(),
            ParseOptions::default(),
            History::Trimmed,
        )
        .expect("opened");
        assert_eq!(left.waiting.len(), 1, "the queued form comes back");
        assert_eq!(
            lines(&pending),
            before,
            "nothing is dropped while a form waits"
        );
    }
}
