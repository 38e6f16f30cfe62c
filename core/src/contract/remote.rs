//! Remote responses (`--answer`, RPC `submit`): validated in the contract's order, then turned
//! into drafts so labels and indices are always recomputed.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};
use serde_json::{Map, Value};

use super::answers::{Draft, Mode};
use super::issue::quoted;
use super::request::Request;

/// What a remote answer may address in one question.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct AnswerSpec {
    /// The question id the response uses.
    pub id: String,
    /// The option values it may select, in declared order.
    pub values: Vec<String>,
    /// Whether several values may be selected.
    pub multi: bool,
}

impl AnswerSpec {
    /// What a remote answer may address in each of the request's questions: its id, its
    /// option values, and whether it is presented as multi-select.
    pub fn for_request(request: &Request) -> Vec<Self> {
        request
            .questions
            .iter()
            .map(|question| Self {
                id: question.id.clone(),
                values: question
                    .options
                    .iter()
                    .map(|option| option.value.to_string())
                    .collect(),
                multi: question.is_multi(),
            })
            .collect()
    }
}

/// Whether a question may have selected values and custom text together.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum CustomTextRule {
    /// Multi-select questions may combine them (`ask_user`).
    CombinesOnMulti,
    /// One or the other, always (`ask_user_question`).
    Exclusive,
}

/// A valid remote response.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum RemoteResponse {
    /// A complete answer set, replacing whatever was collected.
    Answer {
        /// Submit or elaborate.
        mode: Mode,
        /// One draft per question, in question order.
        drafts: Vec<Draft>,
    },
    /// The remote side cancelled the flow.
    Cancel,
}

/// The error codes of a refused submission.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "snake_case")]
pub enum RemoteErrorCode {
    /// The envelope is not an answer or a cancel.
    InvalidRequest,
    /// The answer set breaks a rule.
    InvalidAnswer,
    /// The flow is finished or unknown.
    FlowNotFound,
}

/// Why a remote response was refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct RemoteError {
    /// The error code.
    pub code: RemoteErrorCode,
    /// The exact message.
    pub message: String,
}

impl RemoteError {
    /// The refusal of a submission whose envelope is malformed, before any flow is looked up.
    pub fn invalid_request(message: impl Into<String>) -> Self {
        Self {
            code: RemoteErrorCode::InvalidRequest,
            message: message.into(),
        }
    }

    fn answer(message: String) -> Self {
        Self {
            code: RemoteErrorCode::InvalidAnswer,
            message,
        }
    }

    /// The refusal for a flow that is finished or was never open.
    pub fn flow_not_found() -> Self {
        Self {
            code: RemoteErrorCode::FlowNotFound,
            message: "Ask flow is not active.".to_owned(),
        }
    }
}

/// What a response's envelope asks for, before its answers are read.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ResponseKind {
    /// `{kind: "answer", ..}`: an answer set to check against the questions.
    Answer,
    /// `{kind: "cancel"}`.
    Cancel,
}

/// Checks a response's envelope, which needs no questions: an object whose `kind` is `answer`
/// or `cancel`. A refusal is `invalid_request`.
pub fn response_kind(response: &Value) -> Result<ResponseKind, RemoteError> {
    let Some(envelope) = response.as_object() else {
        return Err(RemoteError::invalid_request(
            "Submit response must be an object.",
        ));
    };
    match envelope.get("kind").and_then(Value::as_str) {
        Some("cancel") => Ok(ResponseKind::Cancel),
        Some("answer") => Ok(ResponseKind::Answer),
        _ => Err(RemoteError::invalid_request(
            "Submit response kind must be \"answer\" or \"cancel\".",
        )),
    }
}

/// Validates a remote response against the questions; never panics, whatever the JSON.
pub fn validate_remote_response(
    response: &Value,
    questions: &[AnswerSpec],
    rule: CustomTextRule,
) -> Result<RemoteResponse, RemoteError> {
    if response_kind(response)? == ResponseKind::Cancel {
        return Ok(RemoteResponse::Cancel);
    }
    let Some(answers) = response.get("answers").and_then(Value::as_object) else {
        return Err(RemoteError::answer(
            "Answer response must include an answers object.".into(),
        ));
    };
    let mode = match response.get("mode") {
        None => Mode::Submit,
        Some(Value::String(mode)) if mode == "submit" => Mode::Submit,
        Some(Value::String(mode)) if mode == "elaborate" => Mode::Elaborate,
        Some(_) => {
            return Err(RemoteError::answer(
                "Answer mode must be \"submit\" or \"elaborate\".".into(),
            ));
        }
    };
    if let Some(unknown) = answers
        .keys()
        .find(|id| !questions.iter().any(|question| &question.id == *id))
    {
        return Err(RemoteError::answer(format!(
            "Unknown question id {}.",
            quoted(unknown)
        )));
    }
    let mut drafts = vec![Draft::default(); questions.len()];
    for (id, answer) in answers {
        let Some(position) = questions.iter().position(|question| &question.id == id) else {
            continue;
        };
        drafts[position] = answer_draft(&questions[position], answer, rule)?;
    }
    Ok(RemoteResponse::Answer { mode, drafts })
}

fn answer_draft(
    question: &AnswerSpec,
    answer: &Value,
    rule: CustomTextRule,
) -> Result<Draft, RemoteError> {
    let id = quoted(&question.id);
    let fail = |message: String| Err(RemoteError::answer(message));
    let Some(answer) = answer.as_object() else {
        return fail(format!("Answer for question {id} must be an object."));
    };
    let values = match optional(answer, "values") {
        None => Vec::new(),
        Some(Value::Array(items)) if items.iter().all(Value::is_string) => {
            items.iter().filter_map(Value::as_str).collect()
        }
        Some(_) => return fail(format!("Answer values for question {id} must be strings.")),
    };
    if values
        .iter()
        .enumerate()
        .any(|(index, value)| values[..index].contains(value))
    {
        return fail(format!("Answer values for question {id} must be unique."));
    }
    if !question.multi && values.len() > 1 {
        return fail(format!("Question {id} accepts only one selected value."));
    }
    let custom_text = match optional(answer, "customText") {
        None => None,
        Some(Value::String(text)) => Some(text.as_str()),
        Some(_) => return fail(format!("Custom text for question {id} must be a string.")),
    };
    let has_custom = custom_text.is_some_and(|text| !text.trim().is_empty());
    let combines = rule == CustomTextRule::CombinesOnMulti && question.multi;
    if !combines && has_custom && !values.is_empty() {
        return fail(format!(
            "Question {id} cannot combine a selected value and custom text."
        ));
    }
    let note = match optional(answer, "note") {
        None => None,
        Some(Value::String(text)) => Some(text.as_str()),
        Some(_) => return fail(format!("Note for question {id} must be a string.")),
    };
    let option_notes: Vec<(&str, &str)> = match optional(answer, "optionNotes") {
        None => Vec::new(),
        Some(Value::Object(notes)) if notes.values().all(Value::is_string) => notes
            .iter()
            .filter_map(|(value, note)| Some((value.as_str(), note.as_str()?)))
            .filter(|(_, note)| !note.trim().is_empty())
            .collect(),
        Some(_) => {
            return fail(format!(
                "Option notes for question {id} must be string values."
            ));
        }
    };
    let index_of = |value: &str| question.values.iter().position(|known| known == value);
    // Selected in the order the response lists them: that is the order they were chosen in.
    let mut draft = Draft::default();
    for value in values {
        let Some(index) = index_of(value) else {
            return fail(format!(
                "Unknown option value {} for question {id}.",
                quoted(value)
            ));
        };
        draft.select(index);
    }
    for (value, note) in option_notes {
        let Some(index) = index_of(value) else {
            return fail(format!(
                "Unknown option note value {} for question {id}.",
                quoted(value)
            ));
        };
        draft.option_notes.insert(index, note.to_owned());
    }
    if let Some(text) = custom_text.filter(|_| has_custom) {
        text.clone_into(&mut draft.custom_text);
        draft.custom_selected = true;
    }
    if let Some(note) = note {
        note.clone_into(&mut draft.note);
    }
    Ok(draft)
}

/// A field that is present and not `null`.
fn optional<'a>(object: &'a Map<String, Value>, field: &str) -> Option<&'a Value> {
    object.get(field).filter(|value| !value.is_null())
}
