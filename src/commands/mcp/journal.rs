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

/// The journal of one server.
pub struct Journal {
    file: JournalFile,
}

impl Journal {
    /// Opens the journal at `path`, making it (a session header for `cwd`) when it is missing,
    /// and reads the queue it left, its forms asked again with `options`. A file that cannot
    /// be made or read is a usage error: the server does not start without its journal.
    pub fn open(
        path: &Path,
        cwd: &Path,
        options: ParseOptions,
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
