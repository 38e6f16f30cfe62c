//! What the hook prints: the form's `ask_user` result turned into Claude Code's `PreToolUse`
//! decision. Answers go back as `updatedInput.answers` (keyed by question text, as Claude
//! Code's own dialog fills them); notes and unanswered questions go to `additionalContext` in
//! the stable wording of [`context`]; a cancelled form denies the call.

use std::borrow::Cow;

use pi_agent_ask_core::contract::answers::{Answer, Mode};
use pi_agent_ask_core::contract::request::QuestionType;
use pi_agent_ask_core::contract::result::{AskResult, ElaborationItem};
use pi_agent_ask_core::json;
use serde_json::{Map, Value, json};

use super::input::{ClaudeQuestion, PRE_TOOL_USE};
use super::translate::{question_id, question_position};

/// The reason a cancelled form gives Claude Code, the text `ask_user_question` cancels with.
pub const CANCELLED_REASON: &str = "User cancelled the question.";
/// The first line of the reason when the user asked for clarification instead of answering.
pub const CLARIFY_HEADLINE: &str = "The user asked for clarification instead of answering.";
/// The last line of the reason when the user asked for clarification without writing a note:
/// the contract's instruction speaks of notes, which there are none of.
pub const CLARIFY_WITHOUT_NOTES: &str = "The user wrote no note: explain the choices these questions offer and what the answers so far would mean, then ask again what still needs a choice.";
/// What joins the picks of a multi-select answer (and a written answer after them).
pub const ANSWER_SEPARATOR: &str = ", ";

/// The hook's decision on the `AskUserQuestion` call.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Reply {
    /// Run the tool with the answers filled in.
    Allow {
        /// `tool_input` as given: its questions and anything else Claude Code sent with them.
        input: Value,
        /// The answers by question text, in question order; unanswered questions are left out.
        answers: Map<String, Value>,
        /// Notes and unanswered questions, as [`context`] words them.
        context: Option<String>,
    },
    /// Refuse the call; Claude reads the reason.
    Deny {
        /// Why, in words for the model.
        reason: String,
    },
}

impl Reply {
    /// The hook output document Claude Code reads.
    pub fn to_json(&self) -> Value {
        let mut output = Map::new();
        output.insert("hookEventName".into(), PRE_TOOL_USE.into());
        match self {
            Self::Allow {
                input,
                answers,
                context,
            } => {
                output.insert("permissionDecision".into(), "allow".into());
                // `updatedInput` replaces the tool's input whole: what came with the questions
                // goes back with the answers.
                let mut updated = input.as_object().cloned().unwrap_or_default();
                updated.insert("answers".into(), Value::Object(answers.clone()));
                output.insert("updatedInput".into(), Value::Object(updated));
                if let Some(context) = context {
                    output.insert("additionalContext".into(), context.clone().into());
                }
            }
            Self::Deny { reason } => {
                output.insert("permissionDecision".into(), "deny".into());
                output.insert("permissionDecisionReason".into(), reason.clone().into());
            }
        }
        json!({ "hookSpecificOutput": output })
    }
}

/// The decision for `result`, the form's answer to `questions` (`raw`: the tool input as given).
pub fn reply(questions: &[ClaudeQuestion], raw: &Value, result: &AskResult) -> Reply {
    if result.cancelled {
        return Reply::Deny {
            reason: CANCELLED_REASON.to_owned(),
        };
    }
    if result.mode == Mode::Elaborate {
        return Reply::Deny {
            reason: clarification(questions, result),
        };
    }
    let mut answers = Map::new();
    let mut lines = Vec::new();
    for (position, question) in questions.iter().enumerate() {
        // A question's lines come in the order the README lists them: its notes, then
        // whether it was answered, then how it was presented.
        let answer = result.answers.get(&question_id(position));
        if let Some(answer) = answer {
            lines.extend(note_lines(question, answer));
        }
        match answer.and_then(|answer| answer_text(question, answer)) {
            Some(text) => {
                answers.insert(question.question.clone(), text.into());
            }
            None => lines.push(unanswered(question)),
        }
        if let Some(answer) = answer {
            lines.extend(
                presented(result, position, answer).map(|kind| presented_line(question, kind)),
            );
        }
    }
    Reply::Allow {
        input: raw.clone(),
        answers,
        context: context(&lines),
    }
}

/// The lines of `additionalContext` as one text, `None` without any. Each line names the
/// question by its text, JSON-quoted: `Note on question "<Q>": <note>`, `Note on option
/// "<L>" of question "<Q>": <note>`, `Question "<Q>" was left unanswered.`, and the
/// [`presented_line`]; a note of several lines is JSON-quoted too, so it stays on its line.
pub fn context(lines: &[String]) -> Option<String> {
    (!lines.is_empty()).then(|| lines.join("\n"))
}

/// The answer Claude Code reads: the picked options' labels as given, in the order picked,
/// then the written text, joined with [`ANSWER_SEPARATOR`]; `None` when nothing is picked.
pub fn answer_text(question: &ClaudeQuestion, answer: &Answer) -> Option<String> {
    let mut parts: Vec<&str> = answer
        .indices
        .iter()
        .zip(&answer.values)
        .map(|(index, value)| {
            index
                .checked_sub(1)
                .and_then(|position| question.options.get(position))
                .map_or(value.as_str(), |option| option.label.as_str())
        })
        .collect();
    if let Some(text) = &answer.custom_text {
        parts.push(text);
    }
    (!parts.is_empty()).then(|| parts.join(ANSWER_SEPARATOR))
}

/// How question `position` was presented when that needs saying beside `answer`: as another
/// type than Claude asked for, and, as multiple choice, with several options named.
fn presented(result: &AskResult, position: usize, answer: &Answer) -> Option<QuestionType> {
    result
        .questions
        .get(position)
        .and_then(|asked| asked.presented_type)
        .filter(|kind| !kind.is_multi() || names_several(answer))
}

/// Whether `answer` names more than one option (or options and a written answer): only then
/// does a single-choice question answered as multiple choice need saying so.
fn names_several(answer: &Answer) -> bool {
    answer.indices.len() + usize::from(answer.custom_text.is_some()) > 1
}

/// The note lines of one answer: its question note, then its selected options' notes.
fn note_lines(question: &ClaudeQuestion, answer: &Answer) -> Vec<String> {
    let mut lines = Vec::new();
    if let Some(note) = answer.note_with_markers() {
        lines.push(question_note(question, &note));
    }
    for value in &answer.values {
        if let Some(note) = answer.option_note_with_markers(value) {
            lines.push(option_note(question, value, &note));
        }
    }
    lines
}

/// The line saying a question was answered as another type than Claude asked for (the
/// settings' `presentSingleAsMulti`, or the form's type key), since a single-choice answer
/// may then name several options.
fn presented_line(question: &ClaudeQuestion, presented: QuestionType) -> String {
    let how = if presented.is_multi() {
        "multiple choice by the user's preference, so its answer may name several options"
    } else {
        "single choice by the user's preference"
    };
    format!(
        "Question {} was answered as {how}.",
        quoted(&question.question)
    )
}

/// The line saying `question` was left unanswered.
fn unanswered(question: &ClaudeQuestion) -> String {
    format!(
        "Question {} was left unanswered.",
        quoted(&question.question)
    )
}

fn question_note(question: &ClaudeQuestion, note: &str) -> String {
    format!(
        "Note on question {}: {}",
        quoted(&question.question),
        one_line(note)
    )
}

fn option_note(question: &ClaudeQuestion, value: &str, note: &str) -> String {
    format!(
        "Note on option {} of question {}: {}",
        quoted(label_of(question, value)),
        quoted(&question.question),
        one_line(note)
    )
}

/// `text` as it reads on one line of the context: as it is, or JSON-quoted when it breaks
/// the line (so each line still says whose note it is).
fn one_line(text: &str) -> Cow<'_, str> {
    let breaks = |c: char| {
        matches!(
            c,
            '\n' | '\r' | '\u{b}' | '\u{c}' | '\u{85}' | '\u{2028}' | '\u{2029}'
        )
    };
    if text.contains(breaks) {
        Cow::Owned(json::to_string(&text))
    } else {
        Cow::Borrowed(text)
    }
}

/// The label as Claude gave it of the option whose (trimmed) value is `value`.
fn label_of<'a>(question: &'a ClaudeQuestion, value: &'a str) -> &'a str {
    question
        .options
        .iter()
        .find(|option| option.label.trim() == value)
        .map_or(value, |option| option.label.as_str())
}

/// The reason of an elaborate result: the headline, the answers so far, every note, and the
/// contract's instruction for the agent.
fn clarification(questions: &[ClaudeQuestion], result: &AskResult) -> String {
    let mut lines = vec![CLARIFY_HEADLINE.to_owned()];
    for (position, question) in questions.iter().enumerate() {
        let answer = result.answers.get(&question_id(position));
        if let Some(text) = answer.and_then(|answer| answer_text(question, answer)) {
            lines.push(format!(
                "Answer so far to question {}: {}",
                quoted(&question.question),
                one_line(&text)
            ));
        }
    }
    let question_of = |id: &str| {
        question_position(id, questions.len()).and_then(|position| questions.get(position))
    };
    for item in result
        .elaboration
        .iter()
        .flat_map(|elaboration| &elaboration.items)
    {
        match item {
            ElaborationItem::Question(item) => {
                if let Some(question) = question_of(&item.question.question.id) {
                    lines.push(question_note(question, &item.note));
                }
            }
            ElaborationItem::Option(item) => {
                if let Some(question) = question_of(&item.question.question.id) {
                    lines.push(option_note(question, &item.option.value, &item.note));
                }
            }
        }
    }
    for (position, question) in questions.iter().enumerate() {
        let answer = result.answers.get(&question_id(position));
        if answer
            .and_then(|answer| answer_text(question, answer))
            .is_none()
        {
            lines.push(unanswered(question));
        }
    }
    for (position, question) in questions.iter().enumerate() {
        if let Some(answer) = result.answers.get(&question_id(position)) {
            lines.extend(
                presented(result, position, answer).map(|kind| presented_line(question, kind)),
            );
        }
    }
    match &result.elaboration {
        Some(elaboration) if !elaboration.items.is_empty() => {
            lines.push(elaboration.instruction.clone());
        }
        _ => lines.push(CLARIFY_WITHOUT_NOTES.to_owned()),
    }
    lines.join("\n")
}

/// `text` as a JSON string, so a question or label with quotes or line breaks stays one
/// readable, unambiguous name: every character that could break the line (U+0085, U+2028
/// and U+2029 too) or act on a terminal written as an escape.
fn quoted(text: &str) -> String {
    json::to_string(&text)
}
