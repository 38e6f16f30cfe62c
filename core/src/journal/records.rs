//! The journal's custom entries, with the data shapes Pi's extension writes: read and written
//! through serde so a session written by either reads back in the other.

use serde::{Deserialize, Serialize};
use serde_json::Value;

use super::drafts::DraftRecord;

/// The version every record carries.
pub const RECORD_VERSION: u32 = 1;

/// The `customType` of [`Payload`].
pub const PAYLOAD: &str = "ask:payload";
/// The `customType` of [`HistoryRequest`].
pub const HISTORY_REQUEST: &str = "ask:history-request";
/// The `customType` of [`HistoryCompleted`].
pub const HISTORY_COMPLETED: &str = "ask:history-completed";
/// The `customType` of [`PendingDismissed`].
pub const PENDING_DISMISSED: &str = "ask:pending-dismissed";
/// The `customType` of [`Drafts`].
pub const DRAFTS: &str = "ask:drafts";
/// The `customType` of [`BackgroundDelivered`].
pub const BACKGROUND_DELIVERED: &str = "ask:background-delivered";

/// What wrote a payload.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "lowercase")]
pub enum PayloadSource {
    /// A tool call.
    Tool,
}

/// `ask:payload`: the arguments as saved, so a recovered form asks what was asked even when a
/// preview file has changed or gone since.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Payload {
    /// Always [`RECORD_VERSION`].
    pub version: u32,
    /// When it was written, in milliseconds since the Unix epoch.
    pub timestamp: u64,
    /// What asked.
    pub source: PayloadSource,
    /// The id of the entry holding the tool call, when the host named the call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub source_entry_id: Option<String>,
    /// The arguments: previews loaded, `previewFile` gone.
    pub params: Value,
}

/// `ask:history-request`: the questions of one ask, under its request id.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryRequest {
    /// Always [`RECORD_VERSION`].
    pub version: u32,
    /// The ask's request id, the journal's key.
    pub request_id: String,
    /// The host's tool call.
    pub tool_call_id: String,
    /// The form's title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Whether the ask was queued in the background.
    pub background: bool,
    /// When the ask was made, as an RFC 3339 time.
    pub created_at: String,
    /// The normalized questions, `type` the requested type.
    pub questions: Vec<Value>,
}

/// `ask:history-completed`: how an ask ended, written before its answer is delivered.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct HistoryCompleted {
    /// Always [`RECORD_VERSION`].
    pub version: u32,
    /// The ask's request id.
    pub request_id: String,
    /// The result's details, when the form gave one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub result: Option<Value>,
    /// Why the form failed, when it did.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

/// `ask:pending-dismissed`: a recovered ask was submitted or cancelled and never reopens.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PendingDismissed {
    /// Always [`RECORD_VERSION`].
    pub version: u32,
    /// The tool call whose ask it was.
    pub tool_call_id: String,
    /// The ask's request id, when the journal had one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
}

/// `ask:drafts`: what an open form held when it was interrupted, so a recovered form opens
/// with the user's work.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Drafts {
    /// Always [`RECORD_VERSION`].
    pub version: u32,
    /// The ask's request id.
    pub request_id: String,
    /// One draft per question, in the questions' order.
    pub drafts: Vec<DraftRecord>,
}

/// `ask:background-delivered`: the ends of these queued forms reached the agent (in a wait's
/// result or an answer message), so they are never delivered again, here or after a restart.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct BackgroundDelivered {
    /// Always [`RECORD_VERSION`].
    pub version: u32,
    /// The delivered forms' request ids, in the order they were delivered.
    pub request_ids: Vec<String>,
}

/// Reads a record's data; a record of another version or shape is `None`.
pub fn read<T: for<'de> Deserialize<'de>>(data: &Value) -> Option<T> {
    if data["version"] != RECORD_VERSION {
        return None;
    }
    serde_json::from_value(data.clone()).ok()
}
