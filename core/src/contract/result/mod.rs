//! The `ask_user` result (`AskResult`): its types and the builders for every way a flow ends.

mod attachments;
mod build;
mod text;

pub(crate) use attachments::image_blocks;

use indexmap::IndexMap;
use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

pub use build::{
    cancelled_result, elaborate_result, invalid_answer_result, invalid_input_result, no_ui_result,
    recorded_result, submit_result,
};
pub use text::{ELABORATION_INSTRUCTION, NO_UI_HEADLINE, submit_lines, summary_text};

use super::answers::{Answer, Mode};
use super::images::Image;
use super::issue::Issue;
use super::request::{OptionSpec, Question, QuestionType};

/// A question as results describe it: the requested type, and the presented one when different.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ResultQuestion {
    /// The question id.
    pub id: String,
    /// The question label.
    pub label: String,
    /// The full prompt.
    pub prompt: String,
    /// The type the agent asked for.
    #[serde(rename = "type")]
    pub kind: QuestionType,
    /// The type the user answered, when it differs from `type`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub presented_type: Option<QuestionType>,
}

impl From<&Question> for ResultQuestion {
    fn from(question: &Question) -> Self {
        Self {
            id: question.id.clone(),
            label: question.label.clone(),
            prompt: question.prompt.clone(),
            kind: question.requested,
            presented_type: question.presented_type_if_different(),
        }
    }
}

/// Why a result carries no answers.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
pub enum AskError {
    /// The arguments broke the contract; nothing was asked.
    InvalidInput {
        /// Every problem found.
        issues: Vec<Issue>,
    },
    /// An external answer (remote or `--answer`) was rejected.
    InvalidAnswer {
        /// Why it was rejected.
        message: String,
    },
    /// An external response was no answer or cancel at all (not an object, or of another
    /// kind), as the remote error code `invalid_request` says.
    InvalidRequest {
        /// Why it was rejected.
        message: String,
    },
}

/// What the next ask should do after an elaborate result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum Strategy {
    /// Refine the current flow instead of restarting it.
    RefineOnly,
    /// Resume the flow as it was.
    Resume,
}

/// Where a question stands after an elaborate result.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum QuestionStatus {
    /// It has a committed answer and no notes.
    Answered,
    /// It has a question note or an option note.
    NeedsClarification,
    /// Neither.
    Unanswered,
}

/// A question's state in a continuation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct QuestionState {
    /// Where the question stands.
    pub status: QuestionStatus,
}

/// How the agent should continue after an elaborate result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Continuation {
    /// Always `refine_only` for elaborate results.
    pub strategy: Strategy,
    /// The only questions to revisit: those with a question note or any option note.
    pub affected_question_ids: Vec<String>,
    /// Committed answers of unaffected questions, to keep and not re-ask.
    pub preserved_answers: IndexMap<String, Answer>,
    /// Every question's status.
    pub question_states: IndexMap<String, QuestionState>,
}

/// What the agent should do with an elaboration.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum NextAction {
    /// Answer the clarification only.
    Clarify,
    /// Answer the clarification, then re-ask what is still open.
    ClarifyThenReask,
}

/// What a note is attached to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
pub enum Target {
    /// The question as a whole.
    Question,
    /// One of its options.
    Option {
        /// The option's value.
        #[serde(rename = "optionValue")]
        option_value: String,
    },
}

/// The full question, so notes like "the one above" stay understandable: the question as
/// results describe it, with every declared option.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct QuestionContext {
    /// Id, label, prompt, requested and presented type.
    #[serde(flatten)]
    pub question: ResultQuestion,
    /// Every declared option.
    pub options: Vec<OptionSpec>,
}

impl From<&Question> for QuestionContext {
    fn from(question: &Question) -> Self {
        Self {
            question: ResultQuestion::from(question),
            options: question.options.clone(),
        }
    }
}

/// The schema of a question note's target: exactly `{kind: "question"}`.
fn question_target_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "object",
        "properties": {"kind": {"type": "string", "const": "question"}},
        "required": ["kind"]
    })
}

/// The schema of an option note's target: exactly `{kind: "option", optionValue}`.
fn option_target_schema(_: &mut schemars::SchemaGenerator) -> schemars::Schema {
    schemars::json_schema!({
        "type": "object",
        "properties": {
            "kind": {"type": "string", "const": "option"},
            "optionValue": {"description": "The option's value.", "type": "string"}
        },
        "required": ["kind", "optionValue"]
    })
}

/// A note on a whole question.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct QuestionNoteItem {
    /// Always `{kind: "question"}`.
    #[schemars(schema_with = "question_target_schema")]
    pub target: Target,
    /// The question with all its options.
    pub question: QuestionContext,
    /// Whether the question has a committed answer.
    pub answered: bool,
    /// The committed answer, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<Answer>,
    /// The note.
    pub note: String,
    /// The images attached to the note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub images: Option<Vec<Image>>,
}

/// A note on one option, selected or not.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct OptionNoteItem {
    /// `{kind: "option", optionValue}`.
    #[schemars(schema_with = "option_target_schema")]
    pub target: Target,
    /// The question with all its options.
    pub question: QuestionContext,
    /// The noted option.
    pub option: OptionSpec,
    /// Whether the noted option is selected.
    pub selected: bool,
    /// Whether the question has a committed answer.
    pub answered: bool,
    /// The committed answer, if any.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub answer: Option<Answer>,
    /// The note.
    pub note: String,
    /// The images attached to the note.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub images: Option<Vec<Image>>,
}

/// One note the user wants clarified.
///
/// Untagged: the option variant comes first because it needs `option` and `selected`, so a
/// question note never reads back as an option note and an option note never loses its fields.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum ElaborationItem {
    /// An option note.
    Option(OptionNoteItem),
    /// A question note.
    Question(QuestionNoteItem),
}

/// The clarification request of an elaborate result.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct Elaboration {
    /// What the agent should do, in words.
    pub instruction: String,
    /// What the agent should do next.
    pub next_action: NextAction,
    /// Every question note and option note.
    pub items: Vec<ElaborationItem>,
}

/// The structured `ask_user` result, in both `details` and `structuredContent`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct AskResult {
    /// The form's title.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title: Option<String>,
    /// The id of this ask, unique per valid call.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub request_id: Option<String>,
    /// Dismissed, unavailable or invalid before the UI opened.
    pub cancelled: bool,
    /// Why nothing was asked or an answer was refused.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub error: Option<AskError>,
    /// Submit or elaborate.
    pub mode: Mode,
    /// The questions as asked.
    pub questions: Vec<ResultQuestion>,
    /// Answers by question id, in question order.
    pub answers: IndexMap<String, Answer>,
    /// How to continue after an elaborate result.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub continuation: Option<Continuation>,
    /// The notes to clarify, in elaborate mode only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub elaboration: Option<Elaboration>,
}

#[cfg(test)]
mod tests {
    use super::*;

    fn context() -> QuestionContext {
        QuestionContext {
            question: ResultQuestion {
                id: "db".into(),
                label: "Database".into(),
                prompt: "Which database?".into(),
                kind: QuestionType::Single,
                presented_type: None,
            },
            options: vec![OptionSpec {
                value: "pg".into(),
                label: "Postgres".into(),
                description: None,
                preview: None,
                recommended: None,
            }],
        }
    }

    #[test]
    fn elaboration_items_of_both_kinds_read_back_as_the_same_kind() {
        let items = vec![
            ElaborationItem::Question(QuestionNoteItem {
                target: Target::Question,
                question: context(),
                answered: false,
                answer: None,
                note: "why?".into(),
                images: None,
            }),
            ElaborationItem::Option(OptionNoteItem {
                target: Target::Option {
                    option_value: "pg".into(),
                },
                question: context(),
                option: context().options[0].clone(),
                selected: false,
                answered: false,
                answer: None,
                note: "is it hosted?".into(),
                images: None,
            }),
        ];
        let json = serde_json::to_value(&items).expect("items serialize");
        let back: Vec<ElaborationItem> = serde_json::from_value(json).expect("items deserialize");
        assert_eq!(back, items);
    }
}
