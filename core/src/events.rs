//! Remote lifecycle events as pure data: what a host bridge learns about a flow.
//!
//! A flow announces itself on [`STARTED_CHANNEL`], ends on [`COMPLETED_CHANNEL`], and every
//! remote submission is acknowledged on [`SUBMIT_RESULT_CHANNEL`]. Timestamps are passed in.

use serde::Serialize;
use serde_json::Value;

use crate::contract::ToolResult;
use crate::contract::remote::{RemoteError, RemoteErrorCode};

/// The channel of [`Started`].
pub const STARTED_CHANNEL: &str = "pi-agent-ask:started";
/// The channel of [`Completed`].
pub const COMPLETED_CHANNEL: &str = "pi-agent-ask:completed";
/// The channel of [`SubmitResult`].
pub const SUBMIT_RESULT_CHANNEL: &str = "pi-agent-ask:submit-result";
/// The version every payload carries.
pub const EVENT_VERSION: u32 = 1;

/// The flow id of the flow a tool call opens: `tool:<tool call id>`.
pub fn tool_flow_id(tool_call_id: &str) -> String {
    format!("tool:{tool_call_id}")
}

/// What opened a flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub enum Source {
    /// A tool call.
    #[serde(rename = "tool")]
    Tool,
    /// An interrupted ask reopened after a restart.
    #[serde(rename = "ask:resume")]
    AskResume,
}

/// `pi-agent-ask:started`: a flow opened and is waiting for answers.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Started {
    /// Always [`EVENT_VERSION`].
    pub version: u32,
    /// The flow's id; remote submissions name it.
    pub flow_id: String,
    /// The tool call that opened the flow, if one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_call_id: Option<String>,
    /// What opened the flow.
    pub source: Source,
    /// The form's title, if it has one.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The normalized questions, whose ids and option values remote answers use.
    pub questions: Value,
    /// When the flow opened (ISO-8601, UTC).
    pub created_at: String,
}

impl Started {
    /// The event of a flow a tool call opened.
    pub fn for_tool_call(
        tool_call_id: &str,
        title: Option<String>,
        questions: Value,
        created_at: String,
    ) -> Self {
        Self {
            version: EVENT_VERSION,
            flow_id: tool_flow_id(tool_call_id),
            tool_call_id: Some(tool_call_id.to_owned()),
            source: Source::Tool,
            title,
            questions,
            created_at,
        }
    }
}

/// `pi-agent-ask:completed`: a flow ended, with the structured result the tool returns.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Completed {
    /// Always [`EVENT_VERSION`].
    pub version: u32,
    /// The flow's id.
    pub flow_id: String,
    /// The tool call that opened the flow, if one did.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub tool_call_id: Option<String>,
    /// What opened the flow.
    pub source: Source,
    /// The result's `details`.
    pub result: Value,
    /// When the flow ended (ISO-8601, UTC).
    pub completed_at: String,
}

impl Completed {
    /// The event of a flow a tool call opened, ending in `result`.
    pub fn for_tool_call(tool_call_id: &str, result: &ToolResult, completed_at: String) -> Self {
        Self {
            version: EVENT_VERSION,
            flow_id: tool_flow_id(tool_call_id),
            tool_call_id: Some(tool_call_id.to_owned()),
            source: Source::Tool,
            result: result.details_json(),
            completed_at,
        }
    }
}

/// `pi-agent-ask:submit-result`: the answer to one remote submission.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "camelCase")]
pub struct SubmitResult {
    /// Always [`EVENT_VERSION`].
    pub version: u32,
    /// The submission's own id, echoed back.
    pub request_id: String,
    /// The flow the submission named.
    pub flow_id: String,
    /// Whether the submission was accepted (and completed the flow).
    pub ok: bool,
    /// Why it was refused.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub error: Option<RemoteErrorCode>,
    /// The refusal in words.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub message: Option<String>,
}

impl SubmitResult {
    /// The submission was accepted.
    pub fn accepted(request_id: &str, flow_id: &str) -> Self {
        Self {
            version: EVENT_VERSION,
            request_id: request_id.to_owned(),
            flow_id: flow_id.to_owned(),
            ok: true,
            error: None,
            message: None,
        }
    }

    /// The submission was refused for this reason.
    pub fn refused(request_id: &str, flow_id: &str, error: &RemoteError) -> Self {
        Self {
            ok: false,
            error: Some(error.code),
            message: Some(error.message.clone()),
            ..Self::accepted(request_id, flow_id)
        }
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_refusal_carries_its_code_and_message() {
        let event = SubmitResult::refused("r1", "tool:c1", &RemoteError::flow_not_found());
        assert_eq!(
            serde_json::to_value(event).unwrap(),
            json!({"version": 1, "requestId": "r1", "flowId": "tool:c1", "ok": false,
                   "error": "flow_not_found", "message": "Ask flow is not active."})
        );
    }

    #[test]
    fn a_started_event_names_the_tool_call_and_leaves_out_a_missing_title() {
        let event = Started::for_tool_call("c1", None, json!([]), "T".into());
        assert_eq!(
            serde_json::to_value(event).unwrap(),
            json!({"version": 1, "flowId": "tool:c1", "toolCallId": "c1", "source": "tool",
                   "questions": [], "createdAt": "T"})
        );
    }
}
