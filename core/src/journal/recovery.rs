//! The interrupted ask to reopen: the newest `ask_user` tool call on the active branch with
//! neither a tool result nor an `ask:pending-dismissed` entry, asked from its saved payload
//! when one is valid, else from the call's own arguments validated again, with the drafts its
//! form held when it was interrupted, or with the result it gave when that never reached the
//! host.

use serde::Deserialize;
use serde_json::Value;

use super::branch::Branch;
use super::drafts::{DraftRecord, drafts_for_call};
use super::entry::EntryKind;
use super::records::{
    self, DRAFTS, Drafts, HISTORY_COMPLETED, HISTORY_REQUEST, HistoryCompleted, HistoryRequest,
    PAYLOAD, PENDING_DISMISSED, Payload, PendingDismissed,
};
use crate::contract::answers::Draft;
use crate::contract::ask_user::{ParseOptions, PreviewSource};
use crate::contract::result::AskResult;
use crate::contract::{Call, InvalidCall, Tool};

/// An interrupted ask found on a branch.
#[derive(Clone, Debug, PartialEq)]
pub struct Recovery {
    /// The host's tool call whose ask it was.
    pub tool_call_id: String,
    /// The id of the entry holding that call.
    pub source_entry_id: String,
    /// The request id the journal gave the ask, when it has its request: the recovered ask
    /// completes that key rather than starting a new one.
    pub request_id: Option<String>,
    /// The saved arguments of its payloads, newest first.
    payloads: Vec<Value>,
    /// The arguments as the model sent them.
    arguments: Value,
    /// The drafts its form held when it was interrupted, if they were journaled.
    drafts: Option<Vec<DraftRecord>>,
    /// The result its form gave, when it was journaled but never reached the host (which
    /// went away before it wrote the tool result).
    pub completed: Option<AskResult>,
}

/// The ask to recover on `branch`, if there is one.
pub fn recoverable(branch: &Branch<'_>) -> Option<Recovery> {
    let dismissed: Vec<PendingDismissed> = branch
        .custom(PENDING_DISMISSED)
        .filter_map(records::read)
        .collect();
    let (entry_id, call) = branch
        .tool_calls()
        .filter(|(_, call)| call.name == Tool::AskUser.name())
        .filter(|(_, call)| !branch.has_tool_result(&call.id))
        .filter(|(_, call)| !dismissed.iter().any(|mark| mark.tool_call_id == call.id))
        .last()?;
    let shared_entry = branch
        .tool_calls()
        .filter(|(entry, other)| *entry == entry_id && other.name == Tool::AskUser.name())
        .nth(1)
        .is_some();
    let mut payloads = payloads_of(branch, entry_id, &call.id, shared_entry);
    payloads.reverse();
    let request_id = branch
        .custom(HISTORY_REQUEST)
        .filter_map(records::read::<HistoryRequest>)
        .filter(|request| request.tool_call_id == call.id)
        .last()
        .map(|request| request.request_id);
    let drafts =
        newest::<Drafts>(branch, DRAFTS, request_id.as_deref()).map(|drafts| drafts.drafts);
    let completed = newest::<HistoryCompleted>(branch, HISTORY_COMPLETED, request_id.as_deref())
        .and_then(|completed| serde_json::from_value(completed.result?).ok());
    Some(Recovery {
        completed,
        tool_call_id: call.id.clone(),
        source_entry_id: entry_id.to_owned(),
        request_id,
        payloads,
        arguments: call.arguments.clone(),
        drafts,
    })
}

/// The newest readable record of `custom_type` for the ask `request_id`, if it has one.
fn newest<T: for<'de> Deserialize<'de>>(
    branch: &Branch<'_>,
    custom_type: &'static str,
    request_id: Option<&str>,
) -> Option<T> {
    let request_id = request_id?;
    branch
        .custom(custom_type)
        .filter(|data| data["requestId"] == request_id)
        .filter_map(records::read::<T>)
        .last()
}

/// The saved arguments of tool call `call_id` in entry `entry_id`, oldest first. A payload
/// names only its entry, and is written just before its ask's history request, which names the
/// call; so a payload is the call's when the request after it names the call. One that no
/// request follows is taken only when the entry holds no other `ask_user` call
/// (`shared_entry`), for it could be either's.
fn payloads_of(
    branch: &Branch<'_>,
    entry_id: &str,
    call_id: &str,
    shared_entry: bool,
) -> Vec<Value> {
    let mut found = Vec::new();
    let mut unpaired: Option<Value> = None;
    for entry in branch.entries() {
        let EntryKind::Custom { custom_type, data } = &entry.kind else {
            continue;
        };
        if custom_type == PAYLOAD {
            found.extend(unpaired.take().filter(|_| !shared_entry));
            unpaired = records::read::<Payload>(data)
                .filter(|payload| payload.source_entry_id.as_deref() == Some(entry_id))
                .map(|payload| payload.params);
        } else if custom_type == HISTORY_REQUEST
            && let Some(params) = unpaired.take()
            && records::read::<HistoryRequest>(data)
                .is_some_and(|request| request.tool_call_id == call_id)
        {
            found.push(params);
        }
    }
    found.extend(unpaired.filter(|_| !shared_entry));
    found
}

impl Recovery {
    /// The call to ask again: the newest valid payload, else the original arguments (their
    /// preview files read through `files`). It keeps the journal's request id when there is
    /// one and asks `new_id` otherwise. Arguments that are invalid both ways give the original
    /// arguments' invalid-input result.
    pub fn call(
        &self,
        options: ParseOptions,
        files: &mut dyn PreviewSource,
        new_id: impl FnOnce() -> String,
    ) -> Result<Call, InvalidCall> {
        let request_id = self.request_id.clone().unwrap_or_else(new_id);
        for params in &self.payloads {
            let parsed = Call::parse_saved(Tool::AskUser, params, options, &request_id);
            if let Ok(call) = parsed {
                return Ok(call);
            }
        }
        Call::parse(Tool::AskUser, &self.arguments, options, files, || {
            request_id
        })
    }

    /// The journaled drafts for `call`'s questions, when there are some and there is one per
    /// question.
    pub fn drafts_for(&self, call: &Call) -> Option<Vec<Draft>> {
        drafts_for_call(self.drafts.as_ref()?, call)
    }
}
