//! `rpc --session FILE`: the session's journal in a Pi session file. The session says what
//! happened ([`Moment`]); this appends its records under the file's lock, each entry following
//! the one that was last (see [`JournalFile`]). The file is checked before the first line is
//! read; a later failure to append is reported on standard error and never holds back an
//! answer.

use std::fs::OpenOptions;
use std::path::Path;

use pi_agent_ask_core::journal::Moment;

use crate::journal_file::{JournalError, JournalFile};
use crate::outcome::report;

/// The session file an `rpc` session journals to.
pub struct RpcJournal {
    file: JournalFile,
}

impl RpcJournal {
    /// The journal in the session file at `path`, once the file is known to be readable as a
    /// session and open for appending; nothing is written.
    pub fn open(path: &Path) -> Result<Self, JournalError> {
        let file = JournalFile::new(path);
        file.read()?;
        OpenOptions::new()
            .append(true)
            .open(path)
            .map_err(|source| JournalError::Unwritable {
                path: path.display().to_string(),
                source,
            })?;
        Ok(Self { file })
    }

    /// Appends what `moment` records (see [`JournalFile::keep`]); a failure is reported, and
    /// the session goes on.
    pub fn keep(&self, moment: Moment<'_>) {
        if let Err(error) = self.file.keep(moment) {
            report(&error.to_string());
        }
    }
}
