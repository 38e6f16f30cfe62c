//! The normalized questions every surface asks: what `ask_user` arguments become, and what an
//! `ask_user_question` call is shown as.
//!
//! A form, the dialogs and a remote answer all work on this one model; the tool a call came
//! from only decides how its result reads (see [`super::call`]).

use compact_str::CompactString;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::trimmed::TrimmedText;

/// The value of the internal custom-answer row every question gets.
pub const CUSTOM_OPTION_VALUE: &str = "__other__";
/// The label of the internal custom-answer row.
pub const CUSTOM_OPTION_LABEL: &str = "Type your own";

/// How a question is answered.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum QuestionType {
    /// Pick one option (or write one answer).
    Single,
    /// Pick any number of options, plus an optional written answer.
    Multi,
    /// Pick one option, each showing a preview text beside the list.
    Preview,
}

impl QuestionType {
    /// Whether several options may be selected at once.
    pub const fn is_multi(self) -> bool {
        matches!(self, Self::Multi)
    }

    /// The contract's name for the type.
    pub const fn as_str(self) -> &'static str {
        match self {
            Self::Single => "single",
            Self::Multi => "multi",
            Self::Preview => "preview",
        }
    }
}

/// A normalized option: trimmed, blank optional fields omitted.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct OptionSpec {
    /// The canonical answer value (a short one held inline, as most are).
    #[schemars(with = "String")]
    pub value: CompactString,
    /// What the user reads.
    #[schemars(with = "String")]
    pub label: CompactString,
    /// A longer explanation shown under or beside the label.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub description: Option<Box<str>>,
    /// Preview text (inline or loaded from `previewFile`), trimmed, kept inside the text as
    /// written.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[schemars(with = "Option<String>")]
    pub preview: Option<TrimmedText>,
    /// Presentation metadata only: marked `(recommended)`, never preselected.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub recommended: Option<bool>,
}

/// A normalized question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Question {
    /// Unique id within the call, trimmed.
    pub id: String,
    /// Short label (tab title); `Q<n>` when none was given.
    pub label: String,
    /// The full question.
    pub prompt: String,
    /// The type the agent asked for.
    pub requested: QuestionType,
    /// The type the user sees and answers (settings or the type hotkey may change it).
    pub presented: QuestionType,
    /// Metadata only; never blocks submission.
    pub required: bool,
    /// The declared options, in order.
    pub options: Vec<OptionSpec>,
}

impl Question {
    /// Whether the user answers this question with several selections.
    pub const fn is_multi(&self) -> bool {
        self.presented.is_multi()
    }

    /// The presentation the type hotkey switches to: `single <-> multi`, `preview <-> multi`.
    pub const fn toggled_presentation(&self) -> QuestionType {
        match (self.requested, self.presented) {
            (QuestionType::Preview, QuestionType::Multi) => QuestionType::Preview,
            (
                QuestionType::Preview | QuestionType::Single | QuestionType::Multi,
                QuestionType::Single | QuestionType::Preview,
            ) => QuestionType::Multi,
            (QuestionType::Single | QuestionType::Multi, QuestionType::Multi) => {
                QuestionType::Single
            }
        }
    }

    /// The presented type when it differs from the requested one.
    pub fn presented_type_if_different(&self) -> Option<QuestionType> {
        (self.presented != self.requested).then_some(self.presented)
    }

    /// The option with this value, with its 0-based index.
    pub fn option_by_value(&self, value: &str) -> Option<(usize, &OptionSpec)> {
        self.options
            .iter()
            .enumerate()
            .find(|(_, option)| *option.value == *value)
    }
}

/// The normalized question as the started event and `check` show it.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct NormalizedQuestion<'a> {
    id: &'a str,
    label: &'a str,
    prompt: &'a str,
    #[serde(rename = "type")]
    kind: QuestionType,
    #[serde(skip_serializing_if = "Option::is_none")]
    requested_type: Option<QuestionType>,
    #[serde(skip_serializing_if = "Option::is_none")]
    presented_type: Option<QuestionType>,
    required: bool,
    options: &'a [OptionSpec],
}

impl Serialize for Question {
    fn serialize<S: serde::Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let differs = self.presented != self.requested;
        NormalizedQuestion {
            id: &self.id,
            label: &self.label,
            prompt: &self.prompt,
            kind: self.presented,
            requested_type: differs.then_some(self.requested),
            presented_type: differs.then_some(self.presented),
            required: self.required,
            options: &self.options,
        }
        .serialize(serializer)
    }
}

/// A validated, normalized `ask_user` request.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct Request {
    /// The form's title, trimmed; omitted when blank.
    #[serde(skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The questions, in order.
    pub questions: Vec<Question>,
    /// Whether the agent asked for the form to be queued rather than awaited.
    #[serde(skip)]
    pub background: bool,
}

impl Request {
    /// The question with this id, with its index.
    pub fn question_by_id(&self, id: &str) -> Option<(usize, &Question)> {
        self.questions
            .iter()
            .enumerate()
            .find(|(_, question)| question.id == id)
    }
}
