//! The `ask_user` arguments as the agent sends them; the input schema is generated from these.
//! Parsing walks the JSON itself so it can report every issue in one pass.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use crate::contract::request::QuestionType;

/// The tool's arguments.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct AskUserArguments {
    /// A title shown above the questions.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// Queue the form and return a receipt at once; the answers arrive later (`wait_for_answers`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub background: Option<bool>,
    /// At least one question.
    pub questions: Vec<QuestionArguments>,
}

/// One question as the agent sends it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
pub struct QuestionArguments {
    /// Unique within the call.
    pub id: String,
    /// A short label for the tab; `Q<n>` when omitted.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub label: Option<String>,
    /// The full question.
    pub prompt: String,
    /// `single` (default), `multi` or `preview`.
    #[serde(rename = "type", default, skip_serializing_if = "Option::is_none")]
    pub kind: Option<QuestionType>,
    /// Metadata only; never blocks submission.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub required: Option<bool>,
    /// At least one option; every question also gets a `Type your own` row.
    pub options: Vec<OptionArguments>,
}

/// One option as the agent sends it.
#[derive(Clone, Debug, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct OptionArguments {
    /// The canonical answer value, unique within the question.
    pub value: String,
    /// What the user reads; derived from `value` when blank.
    pub label: String,
    /// A longer explanation.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<String>,
    /// Preview text (required for every option of a preview question, or `previewFile`).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preview: Option<String>,
    /// A UTF-8 text file whose content is the preview, absolute or relative to the working
    /// directory; not together with `preview`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub preview_file: Option<String>,
    /// Marked `(recommended)`; never preselected.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recommended: Option<bool>,
}
