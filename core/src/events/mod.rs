//! Remote lifecycle events as pure data: what a host bridge learns about a flow.
//!
//! A flow announces itself on [`STARTED_CHANNEL`], ends on [`COMPLETED_CHANNEL`], and every
//! remote submission ([`Submit`], on [`SUBMIT_CHANNEL`]) is acknowledged on
//! [`SUBMIT_RESULT_CHANNEL`]. Times are milliseconds since the Unix epoch, passed in.

mod lifecycle;

pub use lifecycle::{Lifecycle, LifecycleEvent};

use serde::Serialize;
use serde_json::{Map, Value};

use crate::contract::ToolResult;
use crate::contract::remote::{RemoteError, RemoteErrorCode, response_kind};

/// The channel of [`Started`].
pub const STARTED_CHANNEL: &str = "pi-agent-ask:started";
/// The channel of [`Completed`].
pub const COMPLETED_CHANNEL: &str = "pi-agent-ask:completed";
/// The channel of [`Submit`].
pub const SUBMIT_CHANNEL: &str = "pi-agent-ask:submit";
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
    /// When the flow opened, in milliseconds since the Unix epoch.
    pub created_at: u64,
}

impl Started {
    /// The event of a flow a tool call opened.
    pub fn for_tool_call(
        tool_call_id: &str,
        title: Option<String>,
        questions: Value,
        created_at: u64,
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

impl Started {
    /// The same event for a recovered flow: an interrupted ask reopened from the session
    /// journal, whose original tool call is gone.
    #[must_use]
    pub const fn resumed(mut self) -> Self {
        self.source = Source::AskResume;
        self
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
    /// When the flow ended, in milliseconds since the Unix epoch.
    pub completed_at: u64,
}

impl Completed {
    /// The event of a flow a tool call opened, ending in `result`.
    pub fn for_tool_call(tool_call_id: &str, result: &ToolResult, completed_at: u64) -> Self {
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

impl Completed {
    /// The same event for a recovered flow (see [`Started::resumed`]).
    #[must_use]
    pub fn resumed(mut self) -> Self {
        self.source = Source::AskResume;
        self
    }
}

/// `pi-agent-ask:submit`: a remote response for an open flow, its envelope checked.
#[derive(Clone, Debug, PartialEq)]
pub struct Submit {
    /// The submission's own id, echoed in its acknowledgement.
    pub request_id: String,
    /// The flow it answers.
    pub flow_id: String,
    /// The remote response: an object whose `kind` is `answer` or `cancel`.
    pub response: Value,
}

impl Submit {
    /// Reads a submit event's fields, checking its envelope before any flow is looked up, in
    /// the contract's order: `version` is 1, `requestId` and `flowId` are non-empty strings,
    /// and `response` is an object of a known kind. A refusal is the `invalid_request`
    /// acknowledgement to send; it echoes `requestId` and `flowId` when they are strings and
    /// `""` in place of either when it is not, so a host always gets one answer per submit.
    pub fn read(event: &Map<String, Value>) -> Result<Self, SubmitResult> {
        let text = |field: &str| event.get(field).and_then(Value::as_str).unwrap_or_default();
        let (request_id, flow_id) = (text("requestId"), text("flowId"));
        let refuse = |message: &str| {
            SubmitResult::refused(request_id, flow_id, &RemoteError::invalid_request(message))
        };
        if event.get("version").and_then(Value::as_f64) != Some(f64::from(EVENT_VERSION)) {
            return Err(refuse("Submit event version must be 1."));
        }
        if request_id.is_empty() {
            return Err(refuse("Submit event requestId is required."));
        }
        if flow_id.is_empty() {
            return Err(refuse("Submit event flowId is required."));
        }
        let response = event.get("response").cloned().unwrap_or(Value::Null);
        if let Err(error) = response_kind(&response) {
            return Err(SubmitResult::refused(request_id, flow_id, &error));
        }
        Ok(Self {
            request_id: request_id.to_owned(),
            flow_id: flow_id.to_owned(),
            response,
        })
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
        let event = Started::for_tool_call("c1", None, json!([]), 1_735_689_600_000);
        assert_eq!(
            serde_json::to_value(event).unwrap(),
            json!({"version": 1, "flowId": "tool:c1", "toolCallId": "c1", "source": "tool",
                   "questions": [], "createdAt": 1_735_689_600_000_u64})
        );
    }

    #[test]
    fn the_events_of_a_recovered_flow_carry_the_resume_source() {
        let started = Started::for_tool_call("c1", None, json!([]), 1).resumed();
        assert_eq!(
            serde_json::to_value(started).unwrap()["source"],
            "ask:resume"
        );
        let completed = Completed {
            version: EVENT_VERSION,
            flow_id: tool_flow_id("c1"),
            tool_call_id: Some("c1".into()),
            source: Source::Tool,
            result: json!({}),
            completed_at: 2,
        }
        .resumed();
        assert_eq!(
            serde_json::to_value(completed).unwrap()["source"],
            "ask:resume"
        );
    }

    fn read(event: &Value) -> Result<Submit, Value> {
        let fields = event.as_object().expect("an object");
        Submit::read(fields).map_err(|refusal| serde_json::to_value(refusal).unwrap())
    }

    fn refusal(request_id: &str, flow_id: &str, message: &str) -> Value {
        json!({"version": 1, "requestId": request_id, "flowId": flow_id, "ok": false,
               "error": "invalid_request", "message": message})
    }

    #[test]
    fn a_submit_envelope_is_checked_in_order_before_its_flow() {
        let cancel = json!({"kind": "cancel"});
        assert_eq!(
            read(&json!({"version": 2, "flowId": 7, "response": "x"})),
            Err(refusal("", "", "Submit event version must be 1."))
        );
        assert_eq!(
            read(&json!({"version": 1, "requestId": "", "flowId": "f", "response": "x"})),
            Err(refusal("", "f", "Submit event requestId is required."))
        );
        assert_eq!(
            read(&json!({"version": 1, "requestId": "r", "response": "x"})),
            Err(refusal("r", "", "Submit event flowId is required."))
        );
        assert_eq!(
            read(&json!({"version": 1, "requestId": "r", "flowId": "f"})),
            Err(refusal("r", "f", "Submit response must be an object."))
        );
        assert_eq!(
            read(&json!({"version": 1, "requestId": "r", "flowId": "f", "response": {"kind": 1}})),
            Err(refusal(
                "r",
                "f",
                "Submit response kind must be \"answer\" or \"cancel\"."
            ))
        );
        assert_eq!(
            read(&json!({"version": 1, "requestId": "r", "flowId": "f", "response": cancel})),
            Ok(Submit {
                request_id: "r".into(),
                flow_id: "f".into(),
                response: cancel
            })
        );
    }
}
