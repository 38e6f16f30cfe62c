//! `rpc --session FILE`: the session's journal in a Pi session file. The session says what
//! happened ([`Moment`]); this appends its records under the file's lock, each entry following
//! the one that was last (see [`JournalFile`]). The file is checked before the first line is
//! read, and the background queue it left is taken up; a later failure to append is reported
//! on standard error and never holds back an answer.

use std::fs::OpenOptions;
use std::path::Path;

use pi_agent_ask_core::contract::ask_user::ParseOptions;
use pi_agent_ask_core::journal::Moment;
use pi_agent_ask_core::journal::backlog::{Backlog, backlog};

use crate::journal_file::{JournalError, JournalFile, not_on_the_branch};
use crate::outcome::report;

/// The session file an `rpc` session journals to.
pub struct RpcJournal {
    file: JournalFile,
}

impl RpcJournal {
    /// The journal in the session file at `path`, once the file is known to be readable as a
    /// session and open for appending, and the background queue it left, its forms asked again
    /// with `options`; nothing is written.
    pub fn open(path: &Path, options: ParseOptions) -> Result<(Self, Backlog), JournalError> {
        let file = JournalFile::new(path);
        let session = file.read()?;
        let left = backlog(&session.active_branch(), options);
        OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|source| JournalError::Unwritable {
                path: path.display().to_string(),
                source,
            })?;
        Ok((Self { file }, left))
    }

    /// Appends what `moment` records (see [`JournalFile::keep`]); a failure is reported, and
    /// the session goes on.
    pub fn keep(&self, moment: Moment<'_>) {
        match self.file.keep(moment) {
            Ok(true) => {}
            // The `ask` line's id is the host's tool call, which `resume` looks for.
            Ok(false) => report(&not_on_the_branch(
                moment.tool_call_id().unwrap_or_default(),
            )),
            Err(error) => report(&error.to_string()),
        }
    }
}
