//! What an ask writes to the journal of its Pi session (`--session`): its payload and request
//! before the form waits, its drafts when the form is ended from outside, and its outcome
//! before the result is printed.

use std::path::Path;

use pi_agent_ask_core::contract::Call;
use pi_agent_ask_core::journal::append::{self, Record};
use pi_agent_ask_core::journal::recoverable;
use serde_json::Value;

use super::ask::{AskEnding, Asked};
use crate::clock::now_millis;
use crate::journal_file::{JournalFile, not_on_the_branch};
use crate::outcome::{UsageError, report};

/// The journal of one ask: its session file and the tool call it asks for.
pub struct AskJournal {
    file: JournalFile,
    tool_call_id: String,
}

impl AskJournal {
    /// The journal in the session file at `path` for tool call `tool_call_id`; without one
    /// the ask is known by its request id. The file is first read by [`AskJournal::started`].
    pub fn open(path: &Path, tool_call_id: Option<&str>, call: &Call) -> Self {
        let tool_call_id = tool_call_id
            .or_else(|| call.request_id())
            .unwrap_or_default()
            .to_owned();
        Self {
            file: JournalFile::new(path),
            tool_call_id,
        }
    }

    /// The journal of a recovered ask, whose tool call and session are known already.
    pub const fn recovered(file: JournalFile, tool_call_id: String) -> Self {
        Self { file, tool_call_id }
    }

    /// The tool call the ask is for.
    pub fn tool_call_id(&self) -> &str {
        &self.tool_call_id
    }

    /// Records the saved arguments (under the entry holding the tool call, when it is on the
    /// active branch) and the normalized questions, before the form waits; a session file that
    /// cannot be read or appended to is a usage error, and nothing is asked.
    pub fn started(&self, call: &Call) -> Result<(), UsageError> {
        let (records, found) = self.start_records(call)?;
        if !found && call.request_id() != Some(self.tool_call_id.as_str()) {
            report(&not_on_the_branch(&self.tool_call_id));
        }
        self.file
            .append(&records)
            .map_err(|error| UsageError::new(error.to_string()))
    }

    /// The payload and the request that start `call`'s ask, and whether the active branch
    /// holds its tool call.
    fn start_records(&self, call: &Call) -> Result<(Vec<Record>, bool), UsageError> {
        let source_entry_id = self
            .file
            .entry_of_tool_call(&self.tool_call_id)
            .map_err(|error| UsageError::new(error.to_string()))?;
        let created_at = humantime::format_rfc3339_millis(std::time::SystemTime::now());
        let found = source_entry_id.is_some();
        let mut records: Vec<Record> = append::payload(call, source_entry_id, now_millis())
            .into_iter()
            .collect();
        records.extend(append::history_request(
            call,
            &self.tool_call_id,
            created_at.to_string(),
        ));
        Ok((records, found))
    }

    /// [`AskJournal::started`] for a recovered ask, unless another `resume` keyed it first
    /// (two hosts resuming one session at once): then nothing is written and the request id
    /// it was keyed under is returned, for this ask to take, so that both ask one form.
    pub fn started_once(&self, call: &Call) -> Result<Option<String>, UsageError> {
        let (records, _) = self.start_records(call)?;
        self.file
            .append_unless(&records, |session| {
                recoverable(&session.active_branch())
                    .filter(|recovery| recovery.tool_call_id == self.tool_call_id)
                    .and_then(|recovery| recovery.request_id)
            })
            .map_err(|error| UsageError::new(error.to_string()))
    }

    /// Records how the ask ended: the outcome the result delivers; or, for a form ended from
    /// outside, its drafts, so `resume` reopens it with them (the ask stays waiting).
    pub fn ended(&self, call: &Call, asked: &Asked) {
        let records: Vec<Record> = match &asked.ending {
            // The inbox's closing gives a result as the form's end does.
            AskEnding::User | AskEnding::InboxClosed => {
                append::history_completed(call, details(&asked.result))
                    .into_iter()
                    .collect()
            }
            // Nothing could ask it: it is over, the model told to ask another way; its
            // dismissal keeps `resume` from giving it again as a cancel, which its details
            // (cancelled, no answers) would read as.
            AskEnding::Unasked => self.closing(call, asked),
            // A surface gone without a word, having said nothing of the form: the ask stays
            // waiting as it was. An ask taken over is the other asker's to journal.
            AskEnding::SurfaceGone(_, None) | AskEnding::TakenOver => Vec::new(),
            // What the form held when its surface last said (an inbox killed): kept as a
            // signal's drafts are, and the ask stays waiting.
            AskEnding::Interrupted(kept) | AskEnding::SurfaceGone(_, kept) => kept
                .as_deref()
                .and_then(|drafts| append::drafts(call, drafts))
                .into_iter()
                .collect(),
        };
        self.write(&records);
    }

    /// Records how a recovered ask ended: ended from outside, its drafts; not asked at all (no
    /// UI), nothing, so a later `resume` can still ask it. Answered or cancelled by the user, it
    /// returns the entries that end it, its outcome and its dismissal, for the caller to
    /// append ([`Self::write`]) or hand to the host.
    pub fn ended_recovered(&self, call: &Call, asked: &Asked) -> Vec<Record> {
        match &asked.ending {
            AskEnding::User | AskEnding::InboxClosed => self.closing(call, asked),
            AskEnding::Interrupted(_) | AskEnding::SurfaceGone(..) => {
                self.ended(call, asked);
                Vec::new()
            }
            AskEnding::Unasked | AskEnding::TakenOver => Vec::new(),
        }
    }

    /// The entries that end `call`'s ask for good: its outcome, then its dismissal.
    fn closing(&self, call: &Call, asked: &Asked) -> Vec<Record> {
        let mut records: Vec<Record> = append::history_completed(call, details(&asked.result))
            .into_iter()
            .collect();
        records.push(append::pending_dismissed(
            &self.tool_call_id,
            call.request_id(),
        ));
        records
    }

    /// Closes `call`'s ask, journaled as started, that was never asked after all (a usage
    /// error found once it was under way): its dismissal, with no outcome.
    pub fn abandoned(&self, call: &Call) {
        self.write(&[append::pending_dismissed(
            &self.tool_call_id,
            call.request_id(),
        )]);
    }

    /// Appends `records`; a failure is reported, never turned into a lost answer.
    pub fn write(&self, records: &[Record]) {
        if let Err(error) = self.file.append(records) {
            report(&error.to_string());
        }
    }
}

fn details(result: &Value) -> Value {
    result.get("details").cloned().unwrap_or(Value::Null)
}
