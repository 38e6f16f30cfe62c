//! A flow's lifecycle as the host hears it around the wait for a person: the order of its
//! events and their payloads, the same on every surface that waits.

use serde::Serialize;
use serde_json::Value;

use super::{
    COMPLETED_CHANNEL, Completed, EVENT_VERSION, STARTED_CHANNEL, Source, Started, tool_flow_id,
};
use crate::contract::Call;
use crate::queue::{BLOCKED_CHANNEL, Blocked};

/// One event of a flow's lifecycle: its channel and payload, as a host relays it.
#[derive(Clone, Debug, PartialEq)]
pub struct LifecycleEvent {
    /// The channel: [`STARTED_CHANNEL`], [`COMPLETED_CHANNEL`] or `herdr:blocked`.
    pub channel: &'static str,
    /// The payload.
    pub data: Value,
}

impl LifecycleEvent {
    fn new(channel: &'static str, data: &impl Serialize) -> Self {
        Self {
            channel,
            data: serde_json::to_value(data).unwrap_or(Value::Null),
        }
    }
}

/// The events of one flow a person answers, around the wait for them: the flow starts and the
/// agent shows it is blocked on the person, then it is unblocked and the flow completes. Every
/// surface that waits for a person says it in this order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Lifecycle {
    tool_call_id: String,
    source: Source,
}

impl Lifecycle {
    /// The lifecycle of the flow tool call `tool_call_id` opened, or reopened (`source`).
    pub fn new(tool_call_id: impl Into<String>, source: Source) -> Self {
        Self {
            tool_call_id: tool_call_id.into(),
            source,
        }
    }

    /// What goes out just before the form waits for `call`'s answers, at `now` (ms since the
    /// epoch): `pi-agent-ask:started`, then `herdr:blocked` active.
    pub fn opening(&self, call: &Call, now: u64) -> [LifecycleEvent; 2] {
        let mut started = Started::for_tool_call(
            &self.tool_call_id,
            call.title().map(str::to_owned),
            call.normalized_questions(),
            now,
        );
        started.source = self.source;
        [
            LifecycleEvent::new(STARTED_CHANNEL, &started),
            LifecycleEvent::new(BLOCKED_CHANNEL, &Blocked::Active),
        ]
    }

    /// What goes out once the flow ended in a result whose `details` are `details`, at `now`:
    /// `herdr:blocked` cleared, then `pi-agent-ask:completed`. (A result that came from another
    /// process, a popup's or an inbox's, is only JSON here.)
    pub fn closing(&self, details: Value, now: u64) -> [LifecycleEvent; 2] {
        let completed = Completed {
            version: EVENT_VERSION,
            flow_id: tool_flow_id(&self.tool_call_id),
            tool_call_id: Some(self.tool_call_id.clone()),
            source: self.source,
            result: details,
            completed_at: now,
        };
        [
            LifecycleEvent::new(BLOCKED_CHANNEL, &Blocked::Cleared),
            LifecycleEvent::new(COMPLETED_CHANNEL, &completed),
        ]
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_resumed_flow_starts_blocks_unblocks_and_completes_under_its_tool_call() {
        use crate::contract::ask_user::{NoPreviewFiles, ParseOptions};
        use crate::contract::{Call, Tool};
        let arguments = json!({"title": "Setup", "questions": [{"id": "db", "prompt": "Which?",
            "options": [{"value": "pg"}]}]});
        let call = Call::parse(
            Tool::AskUser,
            &arguments,
            ParseOptions::default(),
            &mut NoPreviewFiles,
            || "r1".to_owned(),
        )
        .expect("valid");
        let lifecycle = Lifecycle::new("call-1", Source::AskResume);
        let [started, blocked] = lifecycle.opening(&call, 5);
        assert_eq!(started.channel, "pi-agent-ask:started");
        assert_eq!(started.data["flowId"], json!("tool:call-1"));
        assert_eq!(started.data["toolCallId"], json!("call-1"));
        assert_eq!(started.data["source"], json!("ask:resume"));
        assert_eq!(started.data["title"], json!("Setup"));
        assert_eq!(started.data["createdAt"], json!(5));
        assert_eq!(started.data["questions"][0]["id"], json!("db"));
        assert_eq!(
            (blocked.channel, blocked.data),
            (
                "herdr:blocked",
                json!({"active": true, "label": "Waiting for user response"})
            )
        );
        let [unblocked, completed] = lifecycle.closing(json!({"cancelled": true}), 9);
        assert_eq!(
            (unblocked.channel, unblocked.data),
            ("herdr:blocked", json!({"active": false}))
        );
        assert_eq!(
            (completed.channel, completed.data),
            (
                "pi-agent-ask:completed",
                json!({"version": 1, "flowId": "tool:call-1", "toolCallId": "call-1",
                    "source": "ask:resume", "result": {"cancelled": true}, "completedAt": 9})
            )
        );
    }
}
