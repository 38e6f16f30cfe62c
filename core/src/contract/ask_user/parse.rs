//! `ask_user` arguments to a [`Request`]: every issue in one pass, in the documented order,
//! read as they arrive so that a long list of options is never held as a tree.

use std::collections::HashSet;

use serde::de::Deserializer;
use serde_json::Value;

use super::AskUserCall;
use super::fields::{Found, Place, optional_bool, optional_string, required_string};
use super::option_object::Known;
use super::options::{OptionsRead, Texts, order_as_normalized};
use super::preview::{FileProblem, MAX_PREVIEW_FILES_BYTES, PreviewSource, judge};
use super::saved::{SavedArguments, SavedOption, SavedQuestion};
use super::tap::{ElementTap, FieldTap, value_with_elements, value_with_field};
use crate::contract::issue::{InvalidInput, Issue, quoted};
use crate::contract::request::{Question, QuestionType, Request};
use crate::contract::trimmed::TrimmedText;

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
    match read_ask_user(args, options, files) {
        Ok(Ok(read)) => Ok(AskUserCall {
            arguments: read.saved.to_value(&read.request),
            request: read.request,
        }),
        Ok(Err(refusal)) => Err(refusal.invalid),
        Err(_) => Err(not_an_object()),
    }
}

/// A valid `ask_user` call as read: the request, and the saved arguments beside it.
pub(crate) struct ReadAskUser {
    pub(crate) request: Request,
    pub(crate) saved: SavedArguments,
}

/// Arguments refused: every issue, and the title as written, which the refusal shows.
pub(crate) struct Refusal {
    pub(crate) title: Option<String>,
    pub(crate) invalid: InvalidInput,
}

/// Reads `ask_user` arguments from any deserializer (JSON text as it arrives, or a document
/// already parsed) and validates them as [`parse_ask_user`] does; only one option's object is
/// held at a time. The outer error is the deserializer's own (text that is not JSON).
pub(crate) fn read_ask_user<'de, D: Deserializer<'de>>(
    deserializer: D,
    options: ParseOptions,
    files: &mut dyn PreviewSource,
) -> Result<Result<ReadAskUser, Refusal>, D::Error> {
    let mut questions = QuestionsRead::default();
    let root = value_with_field(deserializer, "questions", &mut questions)?;
    Ok(finish(root, questions, options, files))
}

fn not_an_object() -> InvalidInput {
    InvalidInput {
        issues: vec![Issue::new(
            "",
            "Arguments must be an object with a questions array",
        )],
    }
}

fn finish(
    root: Value,
    questions: QuestionsRead,
    options: ParseOptions,
    files: &mut dyn PreviewSource,
) -> Result<ReadAskUser, Refusal> {
    let Value::Object(root) = root else {
        return Err(Refusal {
            title: None,
            invalid: not_an_object(),
        });
    };
    let written_title = root.get("title").and_then(Value::as_str).map(str::to_owned);
    let refuse = |issues| Refusal {
        title: written_title.clone(),
        invalid: InvalidInput { issues },
    };
    let mut issues = Vec::new();
    let title = optional_string(&root, "title", Place::Root, &mut issues);
    let background = optional_bool(&root, "background", Place::Root, &mut issues);
    match root.get("questions") {
        Some(Value::Array(_)) if questions.count > 0 => issues.extend(questions.issues),
        None | Some(Value::Null | Value::Array(_)) => {
            issues.push(Issue::new("questions", "At least one question is required"));
        }
        Some(_) => issues.push(Issue::new("questions", "questions must be an array")),
    }
    if !issues.is_empty() {
        return Err(refuse(issues));
    }
    let mut drafts = questions.drafts;
    load_preview_files(&mut drafts, files, &mut issues);
    if !issues.is_empty() {
        return Err(refuse(issues));
    }
    let (questions, saved): (Vec<Question>, Vec<SavedQuestion>) = drafts
        .into_iter()
        .map(|draft| (presented(draft.question, options), draft.saved))
        .unzip();
    Ok(ReadAskUser {
        request: Request {
            title: title.text().map(str::to_owned),
            questions,
            background: background.unwrap_or(false),
        },
        saved: SavedArguments {
            root,
            questions: saved,
        },
    })
}

/// A question whose fields and options passed their checks, before preview files are read.
struct DraftQuestion {
    index: usize,
    question: Question,
    saved: SavedQuestion,
}

/// The question as the settings present it.
fn presented(mut question: Question, options: ParseOptions) -> Question {
    if options.present_single_as_multi && question.requested == QuestionType::Single {
        question.presented = QuestionType::Multi;
    }
    question
}

/// The questions read so far, each checked as soon as it is complete.
#[derive(Default)]
struct QuestionsRead {
    count: usize,
    drafts: Vec<DraftQuestion>,
    issues: Vec<Issue>,
    seen_ids: HashSet<String>,
}

impl FieldTap for QuestionsRead {
    fn take<'de, D: Deserializer<'de>>(&mut self, deserializer: D) -> Result<Value, D::Error> {
        *self = Self::default();
        value_with_elements(deserializer, self)
    }
}

impl ElementTap for QuestionsRead {
    fn element<'de, D: Deserializer<'de>>(&mut self, deserializer: D) -> Result<(), D::Error> {
        let index = self.count;
        self.count += 1;
        let mut options = OptionsRead::new(index);
        let item = value_with_field(deserializer, "options", &mut options)?;
        if let Some(draft) = self.read(index, item, options) {
            self.drafts.push(draft);
        }
        Ok(())
    }
}

impl QuestionsRead {
    fn read(&mut self, index: usize, item: Value, read: OptionsRead) -> Option<DraftQuestion> {
        let issues = &mut self.issues;
        let n = index + 1;
        let path = format!("questions[{index}]");
        let Value::Object(object) = item else {
            issues.push(Issue::new(&path, format!("Question {n} must be an object")));
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
                    format!("{path}.type"),
                    format!(
                        "Question {n}: invalid type {other}; expected \"single\", \"multi\", or \"preview\""
                    ),
                ));
                None
            }
        };
        let id = required_string(&object, "id", Place::Question(index), issues).map(str::to_owned);
        if let Some(id) = &id
            && !self.seen_ids.insert(id.clone())
        {
            issues.push(Issue::new(
                format!("{path}.id"),
                format!("Question {n}: duplicate question id {}", quoted(id)),
            ));
        }
        let prompt =
            required_string(&object, "prompt", Place::Question(index), issues).map(str::to_owned);
        let label = optional_string(&object, "label", Place::Question(index), issues);
        let required = optional_bool(&object, "required", Place::Question(index), issues);
        let options = match object.get("options") {
            Some(Value::Array(_)) if read.len() > 0 => read.finish(kind, issues),
            None | Some(Value::Null | Value::Array(_)) => {
                issues.push(Issue::new(
                    format!("{path}.options"),
                    format!("Question {n}: at least one option is required"),
                ));
                None
            }
            Some(_) => {
                issues.push(Issue::new(
                    format!("{path}.options"),
                    format!("Question {n}: options must be an array"),
                ));
                None
            }
        };
        if issues.len() > before {
            return None;
        }
        let (Some(kind), Some(id), Some(prompt), Some(options)) = (kind, id, prompt, options)
        else {
            return None;
        };
        Some(DraftQuestion {
            index,
            question: Question {
                id,
                label: label.text().map_or_else(|| format!("Q{n}"), str::to_owned),
                prompt,
                requested: kind,
                presented: kind,
                required: required.unwrap_or(false),
                options: options.specs,
            },
            saved: SavedQuestion {
                object,
                options: options.saved,
            },
        })
    }
}

/// Reads every preview file and reports every problem; the saved option gets a `preview` in
/// place of its `previewFile`, written as the text loaded (a blank `previewFile` means omitted,
/// and is dropped too). The files read take at most [`MAX_PREVIEW_FILES_BYTES`] in all; past
/// that, each further file is a problem, and is not read.
fn load_preview_files(
    drafts: &mut [DraftQuestion],
    files: &mut dyn PreviewSource,
    issues: &mut Vec<Issue>,
) {
    let mut taken: u64 = 0;
    for draft in drafts.iter_mut() {
        let question_index = draft.index;
        let saved = draft.saved.options.iter_mut();
        for (option_index, (option, saved)) in
            draft.question.options.iter_mut().zip(saved).enumerate()
        {
            let SavedOption::Written(object) = saved else {
                continue;
            };
            let path = object
                .get("previewFile")
                .and_then(Value::as_str)
                .map(str::trim)
                .filter(|path| !path.is_empty())
                .map(str::to_owned);
            let Some(path) = path else {
                object.shift_remove("previewFile");
                continue;
            };
            let room = MAX_PREVIEW_FILES_BYTES.saturating_sub(taken);
            let mut file = files.load(&path, room);
            if matches!(&file.content, Ok(bytes) if bytes.len() as u64 > room) {
                file.content = Err(FileProblem::OverTotal);
            }
            match judge(file.content) {
                Ok(text) => {
                    taken += text.len() as u64;
                    // The saved object keeps the preview's place; its text is the option's,
                    // written as loaded (see `SavedOption::Written`).
                    option.preview = Some(TrimmedText::new(text));
                    object.shift_remove("previewFile");
                    object.insert("preview".into(), Value::Null);
                    let fields = object
                        .iter()
                        .map(|(key, value)| (Known::named(key), Found::from(value)));
                    if let Some(order) = order_as_normalized(fields, Texts::loaded(option)) {
                        *saved = SavedOption::AsNormalized(order);
                    }
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
