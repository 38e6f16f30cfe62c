//! `ask_user_question` results: answer lines, cancellation, no answer, no UI, invalid calls.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::{QuestionRequest, ToolQuestion};
use crate::contract::answers::Draft;
use crate::contract::output::ToolOutput;

/// One answered question.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionAnswer {
    /// `q<n>`.
    pub id: String,
    /// The question's header.
    pub header: String,
    /// The question text.
    pub question: String,
    /// The chosen option labels, or the written text.
    pub values: Vec<String>,
    /// The same as `values`.
    pub labels: Vec<String>,
    /// Whether the answer was written rather than picked.
    pub was_custom: bool,
    /// 1-based positions of picked options (option picks only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub indices: Option<Vec<usize>>,
}

impl QuestionAnswer {
    /// The answer a draft holds: written text (trimmed) or picked options; `None` if neither.
    pub fn from_draft(question: &ToolQuestion, draft: &Draft) -> Option<Self> {
        let base = |values: Vec<String>, was_custom, indices| Self {
            id: question.id.clone(),
            header: question.header.clone(),
            question: question.question.clone(),
            labels: values.clone(),
            values,
            was_custom,
            indices,
        };
        if let Some(text) = draft.committed_custom_text() {
            return Some(base(vec![text.trim().to_owned()], true, None));
        }
        if draft.selected().is_empty() {
            return None;
        }
        let picks: Vec<(usize, String)> = draft
            .selected()
            .iter()
            .filter_map(|&index| {
                question
                    .options
                    .get(index)
                    .map(|option| (index + 1, option.label.clone()))
            })
            .collect();
        let indices = picks.iter().map(|(position, _)| *position).collect();
        let values = picks.into_iter().map(|(_, label)| label).collect();
        Some(base(values, false, Some(indices)))
    }

    /// `<header>: user selected: <i>. <label>, …` or `<header>: user wrote: <text>`.
    pub fn line(&self) -> String {
        if self.was_custom {
            return format!("{}: user wrote: {}", self.header, self.values.join(", "));
        }
        format!("{}: user selected: {}", self.header, self.picks())
    }

    /// The picked options as `<i>. <label>, …`, as the text and the transcript both show them.
    pub fn picks(&self) -> String {
        let picks: Vec<String> = self
            .indices
            .iter()
            .flatten()
            .zip(&self.labels)
            .map(|(position, label)| format!("{position}. {label}"))
            .collect();
        picks.join(", ")
    }
}

/// The structured `ask_user_question` result, carried in `details`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionDetails {
    /// The normalized questions.
    pub questions: Vec<ToolQuestion>,
    /// The answered questions, in order.
    pub answers: Vec<QuestionAnswer>,
    /// Whether the user cancelled (or the call was refused); false when no UI could ask.
    pub cancelled: bool,
    /// Set when no UI could ask at all.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub unavailable: Option<bool>,
    /// Why the call was refused, for an invalid call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<String>,
}

fn answers(request: &QuestionRequest, drafts: &[Draft]) -> Vec<QuestionAnswer> {
    request
        .questions
        .iter()
        .zip(drafts)
        .filter_map(|(question, draft)| QuestionAnswer::from_draft(question, draft))
        .collect()
}

fn lines(answers: &[QuestionAnswer]) -> Vec<String> {
    answers.iter().map(QuestionAnswer::line).collect()
}

/// The user finished the questionnaire.
pub fn answered_result(request: &QuestionRequest, drafts: &[Draft]) -> ToolOutput<QuestionDetails> {
    let answers = answers(request, drafts);
    let text = if answers.is_empty() {
        "No answer recorded.".to_owned()
    } else {
        lines(&answers).join("\n")
    };
    let details = QuestionDetails {
        questions: request.questions.clone(),
        answers,
        cancelled: false,
        unavailable: None,
        error: None,
    };
    ToolOutput::new(text, details, false)
}

/// The user cancelled, keeping what was answered before.
pub fn cancelled_result(
    request: &QuestionRequest,
    drafts: &[Draft],
) -> ToolOutput<QuestionDetails> {
    let answers = answers(request, drafts);
    let text = if answers.is_empty() {
        "User cancelled the question.".to_owned()
    } else {
        let mut lines = lines(&answers);
        lines.push("(the remaining questions were cancelled)".to_owned());
        lines.join("\n")
    };
    let details = QuestionDetails {
        questions: request.questions.clone(),
        answers,
        cancelled: true,
        unavailable: None,
        error: None,
    };
    ToolOutput::new(text, details, false)
}

/// No UI can ask: an error result telling the model to ask in prose. Nobody cancelled, so
/// `cancelled` is false; `unavailable` says why there is no answer.
pub fn unavailable_result(request: &QuestionRequest) -> ToolOutput<QuestionDetails> {
    let details = QuestionDetails {
        questions: request.questions.clone(),
        answers: Vec::new(),
        cancelled: false,
        unavailable: Some(true),
        error: None,
    };
    ToolOutput::new(
        "No interactive UI available; ask the user in your reply instead.",
        details,
        true,
    )
}

/// The call broke a rule; an error result whose text is the message.
pub fn invalid_result(message: &str) -> ToolOutput<QuestionDetails> {
    let details = QuestionDetails {
        questions: Vec::new(),
        answers: Vec::new(),
        cancelled: true,
        unavailable: None,
        error: Some(message.to_owned()),
    };
    ToolOutput::new(message, details, true)
}

/// An external answer was refused; an error result the caller can correct.
pub fn invalid_answer_result(
    request: &QuestionRequest,
    message: &str,
) -> ToolOutput<QuestionDetails> {
    let details = QuestionDetails {
        questions: request.questions.clone(),
        answers: Vec::new(),
        cancelled: true,
        unavailable: None,
        error: Some(message.to_owned()),
    };
    let text = format!("External ask UI returned an invalid response: {message}");
    ToolOutput::new(text, details, true)
}
