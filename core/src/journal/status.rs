//! Each question's status in the journal, derived on read from its request and completion.

use serde::Serialize;
use serde_json::Value;

use super::records::{HistoryCompleted, HistoryRequest};

/// Where one journaled question stands. Only `Answered` is an answer; none of them is approval.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum HistoryStatus {
    /// No outcome recorded yet.
    Waiting,
    /// Values or written text were committed.
    Answered,
    /// The form ended with nothing committed for it.
    Skipped,
    /// The form was cancelled.
    Cancelled,
    /// The user asked the agent to clarify it first.
    Clarification,
    /// The form failed.
    Error,
}

/// The status of every question of `request`, in its order, given its completion if any.
pub fn statuses(
    request: &HistoryRequest,
    completed: Option<&HistoryCompleted>,
) -> Vec<(String, HistoryStatus)> {
    request
        .questions
        .iter()
        .filter_map(|question| question["id"].as_str())
        .map(|id| (id.to_owned(), status(id, completed)))
        .collect()
}

fn status(id: &str, completed: Option<&HistoryCompleted>) -> HistoryStatus {
    let Some(completed) = completed else {
        return HistoryStatus::Waiting;
    };
    if completed.error.is_some() {
        return HistoryStatus::Error;
    }
    let Some(result) = &completed.result else {
        return HistoryStatus::Waiting;
    };
    if result["cancelled"] == true {
        return HistoryStatus::Cancelled;
    }
    if result["mode"] == "elaborate" && needs_clarification(id, result) {
        return HistoryStatus::Clarification;
    }
    let answer = &result["answers"][id];
    let has_values = answer["values"]
        .as_array()
        .is_some_and(|values| !values.is_empty());
    let has_text = answer["customText"]
        .as_str()
        .is_some_and(|text| !text.trim().is_empty());
    if has_values || has_text {
        HistoryStatus::Answered
    } else {
        HistoryStatus::Skipped
    }
}

fn needs_clarification(id: &str, result: &Value) -> bool {
    let affected = result["continuation"]["affectedQuestionIds"]
        .as_array()
        .is_some_and(|ids| ids.iter().any(|found| found == id));
    let items = result["elaboration"]["items"]
        .as_array()
        .map(Vec::as_slice)
        .unwrap_or_default();
    affected || items.is_empty() || items.iter().any(|item| item["question"]["id"] == id)
}
