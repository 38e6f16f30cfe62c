//! What Claude Code hands a `PreToolUse` hook on standard input, read bounded and checked for
//! the one case this hook answers: the built-in `AskUserQuestion` tool.

use std::io::Read;
use std::path::PathBuf;

use serde::Deserialize;
use serde_json::Value;

use crate::files::read_at_most;

/// The most hook input read; Claude Code's `AskUserQuestion` input is a few kilobytes.
pub const MAX_INPUT_BYTES: u64 = 4 * 1024 * 1024;
/// The hook event answered.
pub const PRE_TOOL_USE: &str = "PreToolUse";
/// The tool answered.
pub const ASK_USER_QUESTION: &str = "AskUserQuestion";

/// Why the hook input is not a question this hook answers; each is reported on one line and
/// leaves the tool call to Claude Code.
#[derive(Debug, thiserror::Error)]
pub enum InputError {
    /// Standard input could not be read.
    #[error("cannot read the hook input: {0}")]
    Read(#[from] std::io::Error),
    /// Standard input holds more than [`MAX_INPUT_BYTES`].
    #[error("the hook input is longer than {MAX_INPUT_BYTES} bytes")]
    TooLong,
    /// Standard input is not UTF-8 text: this byte (counted from 1) is the first that is not.
    #[error("the hook input is not UTF-8 text (byte {0} is not)")]
    NotUtf8(usize),
    /// Standard input is JSON, but no object: no hook input at all.
    #[error("the hook input is not a JSON object")]
    NotAnObject,
    /// Standard input is not the JSON of a hook input.
    #[error("the hook input is not a Claude Code hook input: {0}")]
    Malformed(serde_json::Error),
    /// Another hook event (the hook is configured for the wrong event).
    #[error("the hook input is a {0:?} event, not {PRE_TOOL_USE:?}")]
    OtherEvent(String),
    /// Another tool (the hook's matcher is wider than `AskUserQuestion`).
    #[error("the tool {0:?} is not {ASK_USER_QUESTION:?}")]
    OtherTool(String),
    /// A field of the hook input read as text is something else.
    #[error("the hook input's {0} is not a string")]
    NotText(&'static str),
    /// The tool input is not `AskUserQuestion`'s: what is wrong, and where.
    #[error("the AskUserQuestion input is not understood: {0}")]
    Questions(String),
    /// Two questions share a text, which `answers` keys by.
    #[error("two questions share the text {0:?}")]
    DuplicateQuestion(String),
}

/// The fields of a `PreToolUse` hook input this hook reads; the others are ignored.
#[derive(Debug, Deserialize)]
struct RawInput {
    hook_event_name: String,
    #[serde(default)]
    tool_name: String,
    #[serde(default)]
    cwd: Option<PathBuf>,
    #[serde(default)]
    session_id: Option<String>,
    #[serde(default)]
    tool_input: Value,
}

/// One option of an `AskUserQuestion` question.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
pub struct ClaudeOption {
    /// The label, which is also the answer.
    pub label: String,
    /// What the option means.
    #[serde(default)]
    pub description: Option<String>,
}

/// One `AskUserQuestion` question.
#[derive(Clone, Debug, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct ClaudeQuestion {
    /// The question text; `answers` is keyed by it.
    pub question: String,
    /// The short chip Claude Code shows, our tab label.
    #[serde(default)]
    pub header: Option<String>,
    /// The options.
    #[serde(default)]
    pub options: Vec<ClaudeOption>,
    /// Whether several options may be chosen.
    #[serde(default)]
    pub multi_select: bool,
}

/// An `AskUserQuestion` call to answer.
#[derive(Clone, Debug, PartialEq)]
pub struct HookInput {
    /// The questions, read.
    pub questions: Vec<ClaudeQuestion>,
    /// `tool_input` exactly as given, which `updatedInput` hands back with the answers.
    pub raw_input: Value,
    /// The session's working directory, where the form's `@` references look.
    pub cwd: Option<PathBuf>,
    /// Claude Code's session, which with the questions names the ask (see
    /// [`HookInput::ask_id`]).
    pub session_id: Option<String>,
}

impl HookInput {
    /// The id the ask goes by in an inbox: the same for the same questions asked again in the
    /// same session (a call the hook's timeout or Claude Code's interrupt ended, asked anew),
    /// so an inbox that kept the form aside gives it back as it was left; `None` without a
    /// session.
    pub fn ask_id(&self) -> Option<String> {
        let session = self.session_id.as_deref().filter(|id| !id.is_empty())?;
        let questions = self.raw_input.get("questions")?;
        let name = format!("claude-code:{session}:{questions}");
        Some(uuid::Uuid::new_v5(&uuid::Uuid::NAMESPACE_URL, name.as_bytes()).to_string())
    }
}

/// Reads at most [`MAX_INPUT_BYTES`] of `reader` and parses it.
pub fn read(reader: impl Read) -> Result<HookInput, InputError> {
    let bytes = read_at_most(reader, MAX_INPUT_BYTES, 0)?.ok_or(InputError::TooLong)?;
    let text = std::str::from_utf8(&bytes)
        .map_err(|error| InputError::NotUtf8(error.valid_up_to() + 1))?;
    let document = serde_json::from_str(text).map_err(InputError::Malformed)?;
    parse(document)
}

/// Checks a hook input document: a `PreToolUse` event of `AskUserQuestion` whose questions
/// have the documented shape and distinct texts.
pub fn parse(document: Value) -> Result<HookInput, InputError> {
    if !document.is_object() {
        // serde would name the struct it reads into, which means nothing to the reader.
        return Err(InputError::NotAnObject);
    }
    // serde would say "expected a string" without naming the field.
    for field in ["hook_event_name", "tool_name", "cwd", "session_id"] {
        if document
            .get(field)
            .is_some_and(|value| !value.is_string() && !value.is_null())
        {
            return Err(InputError::NotText(field));
        }
    }
    let raw: RawInput = serde_json::from_value(document).map_err(InputError::Malformed)?;
    if raw.hook_event_name != PRE_TOOL_USE {
        return Err(InputError::OtherEvent(raw.hook_event_name));
    }
    if raw.tool_name != ASK_USER_QUESTION {
        return Err(InputError::OtherTool(raw.tool_name));
    }
    let questions = questions(&raw.tool_input)?;
    for (position, question) in questions.iter().enumerate() {
        if questions[..position]
            .iter()
            .any(|earlier| earlier.question == question.question)
        {
            return Err(InputError::DuplicateQuestion(question.question.clone()));
        }
    }
    let raw_input = raw.tool_input;
    Ok(HookInput {
        questions,
        raw_input,
        cwd: raw.cwd,
        session_id: raw.session_id,
    })
}

/// The questions of an `AskUserQuestion` input, each read on its own so that what is wrong is
/// said with the question it is in.
fn questions(tool_input: &Value) -> Result<Vec<ClaudeQuestion>, InputError> {
    let wrong = |what: String| Err(InputError::Questions(what));
    if !tool_input.is_object() {
        return wrong("it is not a JSON object".to_owned());
    }
    let Some(list) = tool_input.get("questions") else {
        return wrong("it has no questions".to_owned());
    };
    let Some(list) = list.as_array() else {
        return wrong("questions is not a list".to_owned());
    };
    list.iter()
        .enumerate()
        .map(|(index, question)| {
            let at = format!("Question {}", index + 1);
            shape_problem(question)
                .map_or_else(
                    || ClaudeQuestion::deserialize(question).map_err(|error| format!(": {error}")),
                    Err,
                )
                .map_err(|what| InputError::Questions(format!("{at}{what}")))
        })
        .collect()
}

/// What is wrong with the shape of one question, said after its number (`: question is not a
/// string`, `, option 2: label is not a string`), as the contract's own checks say it: serde
/// names neither the field nor the option.
fn shape_problem(question: &Value) -> Option<String> {
    let Some(question) = question.as_object() else {
        return Some(" is not a JSON object".to_owned());
    };
    let wrong = |object: &serde_json::Map<String, Value>, field: &str, optional: bool| match object
        .get(field)
    {
        None | Some(Value::Null) if optional => None,
        None => Some(format!("{field} is missing")),
        Some(Value::String(_)) => None,
        Some(_) => Some(format!("{field} is not a string")),
    };
    if let Some(problem) =
        wrong(question, "question", false).or_else(|| wrong(question, "header", true))
    {
        return Some(format!(": {problem}"));
    }
    if question
        .get("multiSelect")
        .is_some_and(|multi| !multi.is_boolean())
    {
        return Some(": multiSelect is not true or false".to_owned());
    }
    let options = match question.get("options") {
        None | Some(Value::Null) => return None,
        Some(Value::Array(options)) => options,
        Some(_) => return Some(": options is not a list".to_owned()),
    };
    options.iter().enumerate().find_map(|(index, option)| {
        let at = format!(", option {}", index + 1);
        let Some(option) = option.as_object() else {
            return Some(format!("{at} is not a JSON object"));
        };
        wrong(option, "label", false)
            .or_else(|| wrong(option, "description", true))
            .map(|problem| format!("{at}: {problem}"))
    })
}
