//! The entries an ask appends to a session, built from its call. The ids, the parent and the
//! times are the program's to give; the line is one compact JSON document in Pi's shape.

use serde::Serialize;
use serde_json::{Value, json};

use super::drafts::DraftRecord;
use super::records::{
    BACKGROUND_DELIVERED, BackgroundDelivered, DRAFTS, Drafts, HISTORY_COMPLETED, HISTORY_REQUEST,
    HistoryCompleted, HistoryRequest, PAYLOAD, PENDING_DISMISSED, Payload, PayloadSource,
    PendingDismissed, RECORD_VERSION,
};
use crate::contract::Call;
use crate::contract::answers::Draft;
use crate::contract::background::{BackgroundAnswer, Delivery, Outcome};

/// Where a new entry goes in the session's tree and when it was made.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Placement {
    /// The new entry's id.
    pub id: String,
    /// The entry it follows: the session's last entry, `None` in an empty session.
    pub parent_id: Option<String>,
    /// When it was made, as an RFC 3339 time.
    pub timestamp: String,
}

/// One custom entry to append: its `customType` and its data.
#[derive(Clone, Debug, PartialEq)]
pub struct Record {
    /// The `customType`.
    pub custom_type: &'static str,
    /// The data.
    pub data: Value,
}

impl Record {
    fn new(custom_type: &'static str, data: &impl Serialize) -> Self {
        Self {
            custom_type,
            data: serde_json::to_value(data).unwrap_or(Value::Null),
        }
    }

    /// The session line of this record placed at `placement`, without its line break.
    pub fn line(&self, placement: &Placement) -> String {
        crate::json::to_string(&json!({
            "type": "custom",
            "customType": self.custom_type,
            "data": self.data,
            "id": placement.id,
            "parentId": placement.parent_id,
            "timestamp": placement.timestamp,
        }))
    }
}

/// `ask:payload` for `call`, made at `timestamp` (ms since the epoch), for the tool call held
/// by entry `source_entry_id` when the host named it; `None` for a call without a request id,
/// which the journal does not keep.
pub fn payload(call: &Call, source_entry_id: Option<String>, timestamp: u64) -> Option<Record> {
    call.request_id()?;
    Some(Record::new(
        PAYLOAD,
        &Payload {
            version: RECORD_VERSION,
            timestamp,
            source: PayloadSource::Tool,
            source_entry_id,
            params: call.arguments(),
        },
    ))
}

/// `ask:history-request` for `call` as tool call `tool_call_id`, made at `created_at`; `None`
/// for a call without a request id, which the journal cannot key.
pub fn history_request(call: &Call, tool_call_id: &str, created_at: String) -> Option<Record> {
    let request_id = call.request_id()?;
    let questions = match call.normalized_questions() {
        Value::Array(questions) => questions,
        _ => Vec::new(),
    };
    Some(Record::new(
        HISTORY_REQUEST,
        &HistoryRequest {
            version: RECORD_VERSION,
            request_id: request_id.to_owned(),
            tool_call_id: tool_call_id.to_owned(),
            title: call.title().map(str::to_owned),
            background: call.delivery() == Delivery::Background,
            created_at,
            questions,
        },
    ))
}

/// `ask:history-completed` for `call` ending in the result whose `details` are `details` (a
/// result printed by another process is only JSON); `None` without a request id.
pub fn history_completed(call: &Call, details: Value) -> Option<Record> {
    Some(Record::new(
        HISTORY_COMPLETED,
        &HistoryCompleted {
            version: RECORD_VERSION,
            request_id: call.request_id()?.to_owned(),
            result: Some(details),
            error: None,
        },
    ))
}

/// `ask:history-completed` for a queued form's end, saved before it is delivered: its result,
/// or the error it failed with.
pub fn background_completed(answer: &BackgroundAnswer) -> Record {
    let (result, error) = match &answer.outcome {
        Outcome::Result(result) => (serde_json::to_value(result).ok(), None),
        Outcome::Error(error) => (None, Some(error.clone())),
    };
    Record::new(
        HISTORY_COMPLETED,
        &HistoryCompleted {
            version: RECORD_VERSION,
            request_id: answer.request_id.clone(),
            result,
            error,
        },
    )
}

/// `ask:background-delivered` for the queued forms whose ends reached the agent, in one wait's
/// result or one answer message; `None` when nothing was delivered.
pub fn background_delivered(request_ids: &[String]) -> Option<Record> {
    if request_ids.is_empty() {
        return None;
    }
    Some(Record::new(
        BACKGROUND_DELIVERED,
        &BackgroundDelivered {
            version: RECORD_VERSION,
            request_ids: request_ids.to_vec(),
        },
    ))
}

/// `ask:drafts` with what `call`'s open form holds; `None` without a request id.
pub fn drafts(call: &Call, drafts: &[Draft]) -> Option<Record> {
    Some(Record::new(
        DRAFTS,
        &Drafts {
            version: RECORD_VERSION,
            request_id: call.request_id()?.to_owned(),
            drafts: drafts.iter().map(DraftRecord::from).collect(),
        },
    ))
}

/// `ask:pending-dismissed` for the recovered ask of tool call `tool_call_id`, known in the
/// journal by `request_id` when it has one.
pub fn pending_dismissed(tool_call_id: &str, request_id: Option<&str>) -> Record {
    Record::new(
        PENDING_DISMISSED,
        &PendingDismissed {
            version: RECORD_VERSION,
            tool_call_id: tool_call_id.to_owned(),
            request_id: request_id.map(str::to_owned),
        },
    )
}
