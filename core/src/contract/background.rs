//! The words and documents of queued (`background: true`) `ask_user` forms: the receipt a call
//! returns instead of an answer, the text an answer arrives in later, and the result of
//! `wait_for_answers`. The queue that decides when each is sent lives above; these are only
//! its exact shapes, so every surface that delivers an answer says it the same way.

use serde::ser::{Serialize, SerializeMap, Serializer};

use serde_json::Value;

use super::output::{Content, ToolOutput};
use super::request::Request;
use super::result::{AskResult, image_blocks, summary_text};
use super::tool_result::ToolResult;

/// What a `wait_for_answers` call gets when its session ends before the answers, while its
/// forms stay to be asked again (the journal keeps them): no answer, which a later wait gives.
pub const WAIT_ENDED: &str = "The wait ended before the answers; the forms stay queued.";

/// Whether raw arguments ask for the form to be queued (`background: true`), read before they
/// are validated: a surface that answers at once must validate such a call when it arrives,
/// and may leave every other call until its turn. The parsed call has the last word
/// ([`super::call::Call::delivery`]).
pub fn asks_background(arguments: &Value) -> bool {
    arguments.get("background") == Some(&Value::Bool(true))
}

/// How a call's answer reaches the agent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Delivery {
    /// The call waits for its form and answers with its result.
    Await,
    /// The call answers at once with a [`Receipt`]; the form is queued and its answer comes
    /// later, on its own or through `wait_for_answers`.
    Background,
}

/// The `status` of a receipt: always `"queued"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ReceiptStatus {
    /// The form waits in the queue; nothing is answered yet.
    Queued,
}

/// What a queued call returns at once: `{status: "queued", requestId, questionIds,
/// pendingRequests}`. It is not an answer.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, schemars::JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Receipt {
    /// Always [`ReceiptStatus::Queued`].
    pub status: ReceiptStatus,
    /// The queued form's request id, which its answer will carry.
    pub request_id: String,
    /// The ids of its questions, in order.
    pub question_ids: Vec<String>,
    /// How many forms are pending, as the queue counts them.
    pub pending_requests: usize,
}

impl Receipt {
    /// The receipt of `request`, queued under `request_id` with `pending_requests` forms
    /// pending.
    pub fn new(request: &Request, request_id: &str, pending_requests: usize) -> Self {
        Self {
            status: ReceiptStatus::Queued,
            request_id: request_id.to_owned(),
            question_ids: request.questions.iter().map(|q| q.id.clone()).collect(),
            pending_requests,
        }
    }

    /// What the model reads: that this is no answer, and how to get one.
    pub fn text(&self) -> String {
        format!(
            "Queued ask_user [{}]. {} form(s) pending. This is not an answer. Continue independent work; call wait_for_answers when answers are needed.",
            self.request_id, self.pending_requests
        )
    }

    /// The receipt as the call's tool result: its text, and itself as the details.
    pub fn output(self) -> ToolOutput<Self> {
        ToolOutput {
            content: vec![Content::text(self.text())],
            details: self,
            structured_content: None,
            is_error: false,
        }
    }
}

/// How a queued form ended.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Outcome {
    /// The form was answered, dismissed or elaborated on: its result.
    Result(Box<AskResult>),
    /// The form could not be asked; the message says why. Never an invented answer.
    Error(String),
}

impl Outcome {
    /// How a form that ended with `result` ended: its `ask_user` result, or an error for a
    /// result of another tool, which is never queued.
    pub fn of(result: &ToolResult) -> Self {
        match result {
            ToolResult::AskUser(output) => Self::Result(Box::new(output.details.clone())),
            ToolResult::AskUserQuestion(_) => {
                Self::Error("an ask_user_question form cannot be queued".to_owned())
            }
        }
    }
}

/// One queued form's end: `{requestId, result}` or `{requestId, error}`, as the answer
/// message's details and each entry of a wait's `results` carry it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BackgroundAnswer {
    /// The form's request id.
    pub request_id: String,
    /// Its result or why it failed.
    pub outcome: Outcome,
}

impl Serialize for BackgroundAnswer {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let mut map = serializer.serialize_map(Some(2))?;
        map.serialize_entry("requestId", &self.request_id)?;
        match &self.outcome {
            Outcome::Result(result) => map.serialize_entry("result", result)?,
            Outcome::Error(error) => map.serialize_entry("error", error)?,
        }
        map.end()
    }
}

impl BackgroundAnswer {
    /// The text the answer reaches the model in, on its own or as a wait's result, for the
    /// `request` the form asked: `Background answer [<id>] — <title>:`, the questions by id
    /// and prompt, then `Response:` and the result's usual text with every label followed by
    /// its question's id, so repeated labels stay apart without the call in view. A failed
    /// form says only that it failed and why.
    pub fn text(&self, request: &Request) -> String {
        let id = &self.request_id;
        let result = match &self.outcome {
            Outcome::Error(error) => {
                return format!("Background answer [{id}]:\nQuestion form failed: {error}");
            }
            Outcome::Result(result) => result,
        };
        let mut lines = vec![match &request.title {
            Some(title) => format!("Background answer [{id}] — {title}:"),
            None => format!("Background answer [{id}]:"),
        }];
        lines.push("Questions:".to_owned());
        for question in &request.questions {
            lines.push(format!(
                "- [{}] {}: {}",
                question.id, question.label, question.prompt
            ));
        }
        lines.push("Response:".to_owned());
        let mut labelled = request.clone();
        for question in &mut labelled.questions {
            question.label = format!("{} [{}]", question.label, question.id);
        }
        lines.push(summary_text(&labelled, result));
        lines.join("\n")
    }
}

/// The `status` of a wait's result: always `"complete"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "lowercase")]
pub enum WaitStatus {
    /// Every form waited for has ended.
    Complete,
}

/// The result of `wait_for_answers`: `{status: "complete", requestIds, results: [{requestId,
/// result?, error?}]}`.
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct WaitResult {
    /// Always [`WaitStatus::Complete`].
    pub status: WaitStatus,
    /// The request ids of `results`, in the same order.
    pub request_ids: Vec<String>,
    /// How each form waited for ended, in the order they ended.
    pub results: Vec<BackgroundAnswer>,
}

impl WaitResult {
    /// The result of a wait that saw these forms end (none for an empty queue).
    pub fn new(results: Vec<BackgroundAnswer>) -> Self {
        Self {
            status: WaitStatus::Complete,
            request_ids: results
                .iter()
                .map(|answer| answer.request_id.clone())
                .collect(),
            results,
        }
    }

    /// The wait's tool result: each answer's text (see [`BackgroundAnswer::text`]) for the
    /// request `request_of` gives its id, apart by a blank line, or a line saying none was
    /// outstanding, then the image blocks of every answer, as its own result would carry them;
    /// and itself as the details.
    pub fn output<'a>(self, request_of: impl Fn(&str) -> Option<&'a Request>) -> ToolOutput<Self> {
        let unknown = Request {
            title: None,
            questions: Vec::new(),
            background: true,
        };
        let texts: Vec<String> = self
            .results
            .iter()
            .map(|answer| answer.text(request_of(&answer.request_id).unwrap_or(&unknown)))
            .collect();
        let text = if texts.is_empty() {
            "No background forms are outstanding.".to_owned()
        } else {
            texts.join("\n\n")
        };
        let mut content = vec![Content::text(text)];
        for answer in &self.results {
            if let (Outcome::Result(result), Some(request)) =
                (&answer.outcome, request_of(&answer.request_id))
            {
                content.extend(image_blocks(request, result));
            }
        }
        ToolOutput {
            content,
            details: self,
            structured_content: None,
            is_error: false,
        }
    }
}

#[cfg(test)]
#[path = "background_tests.rs"]
mod tests;
