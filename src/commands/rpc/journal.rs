//! `rpc --session FILE`: the session's journal in a Pi session file. The session says what
//! happened ([`Entry`]); this appends its records under the file's lock, each entry following
//! the one that was last (see [`JournalFile`]). The file is checked before the first line is
//! read; a later failure to append is reported on standard error and never holds back an
//! answer.

use std::fs::OpenOptions;
use std::path::Path;
use std::time::SystemTime;

use pi_agent_ask_dialogs::rpc::Entry;

use crate::clock::now_millis;
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

    /// Appends what `entry` records; the payload of a call names the session entry that holds
    /// its tool call, when the active branch has it. A failure is reported, and the session
    /// goes on.
    pub fn keep(&self, entry: Entry<'_>) {
        let now = SystemTime::now();
        let created_at = humantime::format_rfc3339_millis(now).to_string();
        let millis = now_millis();
        let mut records = entry.records(None, millis, &created_at);
        if records.is_empty() {
            // A call the journal does not keep: the session file is not read for it.
            return;
        }
        if let Some(tool_call_id) = entry.tool_call_id() {
            match self.file.read() {
                Ok(session) => {
                    let source_entry_id = session
                        .active_branch()
                        .entry_of_tool_call(tool_call_id)
                        .map(str::to_owned);
                    records = entry.records(source_entry_id, millis, &created_at);
                }
                Err(error) => report(&error.to_string()),
            }
        }
        if let Err(error) = self.file.append(&records) {
            report(&error.to_string());
        }
    }
}
