//! The `ask_user_question` tool: Claude-Code-shaped questions (1–4, with 0 or 2–4 options and an
//! automatic "Other" row), validated up to the first failure.

mod parse;
mod result;

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use parse::{QuestionToolError, parse_ask_user_question};
pub use result::{
    QuestionAnswer, QuestionDetails, answered_result, cancelled_result, invalid_answer_result,
    invalid_result, unavailable_result,
};

use super::request::{OptionSpec, Question, QuestionType, Request};

/// The label of the automatic free-form row.
pub const OTHER_OPTION_LABEL: &str = "Other (type something)";
/// The longest header, in characters.
pub const MAX_HEADER_CHARS: usize = 12;
/// The most questions per call.
pub const MAX_QUESTIONS: usize = 4;
/// The most options per question.
pub const MAX_OPTIONS: usize = 4;

/// The header question `n` (from 1) shows: the given one, trimmed, cut to its first
/// [`MAX_HEADER_CHARS`] characters, or `Q<n>` when none is given; shared by the parser and
/// the transcript, so a call and its result name a question alike.
pub fn normalized_header(n: usize, given: Option<&str>) -> String {
    given
        .map(str::trim)
        .filter(|header| !header.is_empty())
        .map_or_else(
            || format!("Q{n}"),
            |header| header.chars().take(MAX_HEADER_CHARS).collect(),
        )
}

/// A normalized option.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct ToolOption {
    /// The label, which is also the answer value.
    pub label: String,
    /// An explanation shown under the label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}

/// A normalized question.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToolQuestion {
    /// `q1`..`q4`, by position.
    pub id: String,
    /// The short tab label, at most 12 characters.
    pub header: String,
    /// The question text.
    pub question: String,
    /// The options; empty for a free-form question.
    pub options: Vec<ToolOption>,
    /// Whether the `Other (type something)` row is offered (every question with options).
    pub allow_other: bool,
    /// Whether several options may be chosen.
    pub multi_select: bool,
}

impl ToolQuestion {
    /// A question with no options asks for free-form text only.
    pub fn is_free_form(&self) -> bool {
        self.options.is_empty()
    }
}

/// A validated `ask_user_question` call.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct QuestionRequest {
    /// The questions, in order.
    pub questions: Vec<ToolQuestion>,
}

impl QuestionRequest {
    /// The questions in the model every surface asks: headers as labels, option labels as
    /// values (so a remote answer names options by label), no previews, a question with
    /// `multiSelect` presented as multi-select.
    pub fn to_request(&self) -> Request {
        Request {
            title: None,
            questions: self
                .questions
                .iter()
                .map(ToolQuestion::to_question)
                .collect(),
            background: false,
        }
    }
}

impl ToolQuestion {
    fn to_question(&self) -> Question {
        let kind = if self.multi_select {
            QuestionType::Multi
        } else {
            QuestionType::Single
        };
        Question {
            id: self.id.clone(),
            label: self.header.clone(),
            prompt: self.question.clone(),
            requested: kind,
            presented: kind,
            required: false,
            options: self
                .options
                .iter()
                .map(|option| OptionSpec {
                    value: option.label.as_str().into(),
                    label: option.label.as_str().into(),
                    description: option.description.as_deref().map(Box::from),
                    preview: None,
                    recommended: None,
                })
                .collect(),
        }
    }
}

/// The tool's arguments as the model sends them; the input schema is generated from these.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionToolArguments {
    /// One to four questions.
    pub questions: Vec<QuestionArgument>,
}

/// One question as the model sends it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct QuestionArgument {
    /// The question text.
    pub question: String,
    /// A short tab label (at most 12 characters); `Q<n>` when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub header: Option<String>,
    /// Two to four options, or none for a free-form question.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub options: Option<Vec<OptionArgument>>,
    /// Whether several options may be chosen (default false).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub multi_select: Option<bool>,
}

/// One option as the model sends it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct OptionArgument {
    /// The label, unique within the question (case-insensitive).
    pub label: String,
    /// An optional explanation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
}
