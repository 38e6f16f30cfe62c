//! `ask_user` arguments to a [`Request`]: every issue in one pass, in the documented order.

use std::borrow::Cow;
use std::collections::HashSet;

use serde_json::{Map, Value};

use super::AskUserCall;
use super::fields::{Place, option_label, optional_bool, optional_string, required_string};
use super::preview::{PreviewSource, judge};
use crate::contract::issue::{InvalidInput, Issue, quoted};
use crate::contract::request::{OptionSpec, Question, QuestionType, Request};

/// Settings that shape normalization.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct ParseOptions {
    /// Present requested single-select questions as multi-select (`behaviour.presentSingleAsMulti`).
    pub present_single_as_multi: bool,
}

/// Validates and normalizes `ask_user` arguments, reading preview files through `files` only
/// when the arguments have no structural issue. Never panics, whatever the JSON.
pub fn parse_ask_user(
    args: &Value,
    options: ParseOptions,
    files: &mut dyn PreviewSource,
) -> Result<AskUserCall, InvalidInput> {
    parse_ask_user_arguments(Cow::Borrowed(args), options, files)
}

/// [`parse_ask_user`] on borrowed or owned arguments: owned ones become the saved arguments
/// without a copy.
pub fn parse_ask_user_arguments(
    args: Cow<'_, Value>,
    options: ParseOptions,
    files: &mut dyn PreviewSource,
) -> Result<AskUserCall, InvalidInput> {
    let mut issues = Vec::new();
    let Some(root) = args.as_object() else {
        return Err(InvalidInput {
            issues: vec![Issue::new(
                "",
                "Arguments must be an object with a questions array",
            )],
        });
    };
    let title = optional_string(root.get("title"), "title", Place::Root, &mut issues);
    let background = optional_bool(
        root.get("background"),
        "background",
        Place::Root,
        &mut issues,
    );
    let questions = match root.get("questions") {
        None | Some(Value::Null) => {
            issues.push(Issue::new("questions", "At least one question is required"));
            Vec::new()
        }
        Some(Value::Array(items)) if items.is_empty() => {
            issues.push(Issue::new("questions", "At least one question is required"));
            Vec::new()
        }
        Some(Value::Array(items)) => parse_questions(items, &mut issues),
        Some(_) => {
            issues.push(Issue::new("questions", "questions must be an array"));
            Vec::new()
        }
    };
    if !issues.is_empty() {
        return Err(InvalidInput { issues });
    }
    let mut drafts: Vec<DraftQuestion> = questions.into_iter().flatten().collect();
    let mut arguments = args.into_owned();
    load_preview_files(&mut drafts, &mut arguments, files, &mut issues);
    if !issues.is_empty() {
        return Err(InvalidInput { issues });
    }
    let questions = drafts
        .into_iter()
        .map(|draft| draft.finish(options))
        .collect();
    Ok(AskUserCall {
        request: Request {
            title: title.text(),
            questions,
            background: background.unwrap_or(false),
        },
        arguments,
    })
}

/// A question whose fields passed their own checks, before preview files are read.
struct DraftQuestion {
    index: usize,
    question: Question,
    /// Per option: the trimmed `previewFile` path when one was given.
    preview_files: Vec<Option<String>>,
    /// Per option: whether the label was derived from the value.
    derived_labels: Vec<bool>,
}

impl DraftQuestion {
    fn finish(mut self, options: ParseOptions) -> Question {
        if options.present_single_as_multi && self.question.requested == QuestionType::Single {
            self.question.presented = QuestionType::Multi;
        }
        self.question
    }
}

fn parse_questions(items: &[Value], issues: &mut Vec<Issue>) -> Vec<Option<DraftQuestion>> {
    let mut seen_ids = HashSet::new();
    items
        .iter()
        .enumerate()
        .map(|(index, item)| parse_question(index, item, &mut seen_ids, issues))
        .collect()
}

fn parse_question(
    index: usize,
    item: &Value,
    seen_ids: &mut HashSet<String>,
    issues: &mut Vec<Issue>,
) -> Option<DraftQuestion> {
    let n = index + 1;
    let place = Place::Question(index);
    let Some(object) = item.as_object() else {
        issues.push(Issue::new(
            place.path(),
            format!("Question {n} must be an object"),
        ));
        return None;
    };
    let before = issues.len();
    let kind = match object.get("type") {
        None | Some(Value::Null) => Some(QuestionType::Single),
        Some(Value::String(text)) if text == "single" => Some(QuestionType::Single),
        Some(Value::String(text)) if text == "multi" => Some(QuestionType::Multi),
        Some(Value::String(text)) if text == "preview" => Some(QuestionType::Preview),
        Some(other) => {
            issues.push(Issue::new(
                place.field_path("type"),
                format!(
                    "Question {n}: invalid type {other}; expected \"single\", \"multi\", or \"preview\""
                ),
            ));
            None
        }
    };
    let id = required_string(object.get("id"), "id", place, issues);
    if let Some(id) = &id
        && !seen_ids.insert(id.clone())
    {
        issues.push(Issue::new(
            place.field_path("id"),
            format!("Question {n}: duplicate question id {}", quoted(id)),
        ));
    }
    let prompt = required_string(object.get("prompt"), "prompt", place, issues);
    let label = optional_string(object.get("label"), "label", place, issues);
    let required = optional_bool(object.get("required"), "required", place, issues);
    let options = match object.get("options") {
        Some(Value::Array(items)) if !items.is_empty() => parse_options(index, items, kind, issues),
        None | Some(Value::Null | Value::Array(_)) => {
            issues.push(Issue::new(
                place.field_path("options"),
                format!("Question {n}: at least one option is required"),
            ));
            Vec::new()
        }
        Some(_) => {
            issues.push(Issue::new(
                place.field_path("options"),
                format!("Question {n}: options must be an array"),
            ));
            Vec::new()
        }
    };
    if issues.len() > before {
        return None;
    }
    let (Some(kind), Some(id), Some(prompt)) = (kind, id, prompt) else {
        return None;
    };
    let mut specs = Vec::with_capacity(options.len());
    let mut preview_files = Vec::with_capacity(options.len());
    let mut derived_labels = Vec::with_capacity(options.len());
    for option in options.into_iter().flatten() {
        specs.push(option.spec);
        preview_files.push(option.preview_file);
        derived_labels.push(option.derived_label);
    }
    Some(DraftQuestion {
        index,
        question: Question {
            id,
            label: label.text().unwrap_or_else(|| format!("Q{n}")),
            prompt,
            requested: kind,
            presented: kind,
            required: required.unwrap_or(false),
            options: specs,
        },
        preview_files,
        derived_labels,
    })
}

/// The fields an option may have, found in one pass over its object rather than hashing each
/// name to look it up: an option has a few fields, and a question may have thousands of options.
#[derive(Default)]
struct OptionFields<'a> {
    value: Option<&'a Value>,
    label: Option<&'a Value>,
    description: Option<&'a Value>,
    preview: Option<&'a Value>,
    preview_file: Option<&'a Value>,
    recommended: Option<&'a Value>,
}

impl<'a> OptionFields<'a> {
    fn of(object: &'a Map<String, Value>) -> Self {
        let mut fields = Self::default();
        for (name, found) in object {
            let slot = match name.as_str() {
                "value" => &mut fields.value,
                "label" => &mut fields.label,
                "description" => &mut fields.description,
                "preview" => &mut fields.preview,
                "previewFile" => &mut fields.preview_file,
                "recommended" => &mut fields.recommended,
                _ => continue,
            };
            *slot = Some(found);
        }
        fields
    }
}

struct ParsedOption {
    spec: OptionSpec,
    preview_file: Option<String>,
    derived_label: bool,
}

fn parse_options(
    question: usize,
    items: &[Value],
    kind: Option<QuestionType>,
    issues: &mut Vec<Issue>,
) -> Vec<Option<ParsedOption>> {
    // The trimmed values borrowed from the arguments: no copy of each one.
    let mut seen_values: HashSet<&str> = HashSet::new();
    items
        .iter()
        .enumerate()
        .map(|(option, item)| {
            let place = Place::Option { question, option };
            let Some(object) = item.as_object() else {
                issues.push(Issue::new(
                    place.path(),
                    format!("{} must be an object", place.subject()),
                ));
                return None;
            };
            let fields = OptionFields::of(object);
            let before = issues.len();
            let value = required_string(fields.value, "value", place, issues);
            if let Some(value) = &value
                && let Some(text) = fields.value.and_then(Value::as_str)
                && !seen_values.insert(text.trim())
            {
                issues.push(Issue::new(
                    place.field_path("value"),
                    format!("{}: duplicate option value {}", place.subject(), quoted(value)),
                ));
            }
            let (label, derived_label) = option_label(fields.label, value.as_deref(), place, issues);
            let description = optional_string(fields.description, "description", place, issues);
            let preview = optional_string(fields.preview, "preview", place, issues);
            let preview_file = optional_string(fields.preview_file, "previewFile", place, issues);
            let has_preview = preview.has_text();
            let has_file = preview_file.has_text();
            if has_preview && has_file {
                issues.push(Issue::new(
                    place.field_path("previewFile"),
                    format!("{}: use either preview or previewFile, not both", place.subject()),
                ));
            }
            if kind == Some(QuestionType::Preview) && preview.is_omitted() && preview_file.is_omitted() {
                issues.push(Issue::new(
                    place.field_path("preview"),
                    format!(
                        "{}: preview questions require preview text for every option; add preview text or use type \"single\" instead",
                        place.subject()
                    ),
                ));
            }
            let recommended = optional_bool(fields.recommended, "recommended", place, issues);
            if issues.len() > before {
                return None;
            }
            Some(ParsedOption {
                spec: OptionSpec {
                    value: value?,
                    label: label?,
                    description: description.text(),
                    preview: preview.text(),
                    recommended,
                },
                preview_file: preview_file.text(),
                derived_label,
            })
        })
        .collect()
}

/// Reads every preview file, reports every problem, and writes loaded text and derived labels
/// into the saved arguments, which never keep a `previewFile` (a blank one means omitted).
fn load_preview_files(
    drafts: &mut [DraftQuestion],
    arguments: &mut Value,
    files: &mut dyn PreviewSource,
    issues: &mut Vec<Issue>,
) {
    for draft in drafts.iter_mut() {
        let question_index = draft.index;
        for (option_index, option) in draft.question.options.iter_mut().enumerate() {
            let saved = arguments
                .get_mut("questions")
                .and_then(|questions| questions.get_mut(question_index))
                .and_then(|question| question.get_mut("options"))
                .and_then(|options| options.get_mut(option_index))
                .and_then(Value::as_object_mut);
            let Some(saved) = saved else { continue };
            if draft.derived_labels[option_index] {
                saved.insert("label".into(), Value::String(option.label.clone()));
            }
            let Some(path) = &draft.preview_files[option_index] else {
                saved.shift_remove("previewFile");
                continue;
            };
            let file = files.load(path);
            match judge(file.content) {
                Ok(text) => {
                    let trimmed = text.trim();
                    option.preview = Some(trimmed.to_owned());
                    saved.shift_remove("previewFile");
                    saved.insert("preview".into(), Value::String(text));
                }
                Err(reason) => issues.push(Issue::new(
                    format!("questions[{question_index}].options[{option_index}].previewFile"),
                    format!(
                        "Cannot load preview file {}: {reason}",
                        quoted(&file.resolved_path)
                    ),
                )),
            }
        }
    }
}
