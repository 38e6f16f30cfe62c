//! What happens to an ask that the journal keeps, as it happens: a valid call about to be
//! asked (or to get its receipt), its end, a queued form's end and its delivery, and the drafts
//! of a form a signal ended. Every long-lived surface (`rpc`, `mcp`) names these moments in the
//! same words, and the records they append are built here, in the journal's order: a call's
//! payload and request before its first question or its receipt; its completion before its
//! result or a wait's result is written; a wait's delivery once its result has been written;
//! drafts, and no completion, when a signal ends the form, so it can be reopened.

use serde_json::Value;

use super::append::{self, Record};
use crate::contract::answers::Draft;
use crate::contract::background::BackgroundAnswer;
use crate::contract::{Call, ToolResult};

/// One thing that happened to a call that the journal keeps.
#[derive(Clone, Copy, Debug)]
pub enum Moment<'a> {
    /// A valid call is about to be asked, or, queued, about to get its receipt
    /// (`ask:payload`, `ask:history-request`).
    Asked {
        /// The call.
        call: &'a Call,
        /// The tool call it answers (the `ask` line's id), whose entry the payload names.
        tool_call_id: &'a str,
    },
    /// A call asked in the foreground ended with this result, not yet written
    /// (`ask:history-completed`).
    Answered {
        /// The call.
        call: &'a Call,
        /// Its result.
        result: &'a ToolResult,
    },
    /// A queued form ended, before its end is delivered (`ask:history-completed`).
    BackgroundAnswered(&'a BackgroundAnswer),
    /// The ends of these queued forms were written in a wait's result
    /// (`ask:background-delivered`).
    Delivered(&'a [String]),
    /// A signal ended the session while this call's form was open: what it holds
    /// (`ask:drafts`), so the ask stays waiting and can be reopened with it.
    Interrupted {
        /// The call.
        call: &'a Call,
        /// Its answers so far, one per question.
        drafts: &'a [Draft],
    },
}

impl Moment<'_> {
    /// The tool call whose session entry the payload names, for [`Moment::Asked`].
    pub const fn tool_call_id(&self) -> Option<&str> {
        match self {
            Self::Asked { tool_call_id, .. } => Some(tool_call_id),
            _ => None,
        }
    }

    /// The records to append, in order: `source_entry_id` is the session entry holding the
    /// tool call (when the session has it), `now_millis` the time in milliseconds since the
    /// Unix epoch and `created_at` the same time in RFC 3339. Empty for a call the journal does
    /// not keep (one without a request id).
    pub fn records(
        &self,
        source_entry_id: Option<String>,
        now_millis: u64,
        created_at: &str,
    ) -> Vec<Record> {
        match *self {
            Self::Asked { call, tool_call_id } => {
                let mut records: Vec<Record> = append::payload(call, source_entry_id, now_millis)
                    .into_iter()
                    .collect();
                records.extend(append::history_request(
                    call,
                    tool_call_id,
                    created_at.to_owned(),
                ));
                records
            }
            Self::Answered { call, result } => {
                let details = result
                    .to_json()
                    .get("details")
                    .cloned()
                    .unwrap_or(Value::Null);
                append::history_completed(call, details)
                    .into_iter()
                    .collect()
            }
            Self::BackgroundAnswered(answer) => vec![append::background_completed(answer)],
            Self::Delivered(request_ids) => append::background_delivered(request_ids)
                .into_iter()
                .collect(),
            Self::Interrupted { call, drafts } => {
                append::drafts(call, drafts).into_iter().collect()
            }
        }
    }
}
