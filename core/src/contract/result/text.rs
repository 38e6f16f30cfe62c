//! The agent-facing texts of `ask_user` results.

use std::fmt::Write as _;

use indexmap::IndexMap;

use super::{AskError, AskResult, ElaborationItem};
use crate::contract::answers::{Answer, Mode, with_markers};
use crate::contract::issue::{InvalidInput, quoted};
use crate::contract::request::{CUSTOM_OPTION_LABEL, Request};

/// The instruction every elaboration carries.
pub const ELABORATION_INSTRUCTION: &str = "First answer the user's noted clarification directly and concisely using the provided question and option context. Do not treat these notes as final answers. Then re-ask only the affected questions if a choice is still needed afterward. Do not jump straight to a follow-up question unless the note is already resolved.";

/// Added when any question with an entry in `answers` (a note-only entry too) was presented as
/// another type than the agent asked for (by the setting or the type hotkey), so the agent knows
/// the answer's shape may differ from the one it asked for.
const PRESENTED_NOTE: &str =
    "Note: Some questions were presented as multi-select by user preference.";

/// The first line of the no-UI text, by which a transcript tells that result from a cancel.
pub const NO_UI_HEADLINE: &str = "Needs user input: ask_user requires interactive TUI mode.";

/// Appends the `Request ID: <id>` line every valid call's text ends with.
pub(super) fn with_request_id(text: &str, request_id: &str) -> String {
    format!("{text}\nRequest ID: {request_id}")
}

pub(super) const fn cancelled_text() -> &'static str {
    "User cancelled the ask flow"
}

/// One line per question (`(no answer)` when nothing is committed, even when the question is
/// left out of `answers`), then its notes, then the presentation note ([`PRESENTED_NOTE`]).
pub(super) fn submit_text(request: &Request, answers: &IndexMap<String, Answer>) -> String {
    let lines = submit_lines(request, answers, |_| Vec::new());
    if lines.is_empty() {
        return "User submitted the ask flow".to_owned();
    }
    lines.join("\n")
}

/// The lines of the submitted text, a note of several lines still one item, with the lines
/// `also(index)` gives after question `index`'s own: what a form held and never sent tells
/// the notes on options not chosen beside their question.
pub fn submit_lines(
    request: &Request,
    answers: &IndexMap<String, Answer>,
    mut also: impl FnMut(usize) -> Vec<String>,
) -> Vec<String> {
    let mut lines = Vec::new();
    let mut presented_differently = false;
    for (index, question) in request.questions.iter().enumerate() {
        let label = &question.label;
        let answer = answers.get(&question.id);
        match answer {
            Some(answer) if answer.is_committed() => {
                lines.push(format!("{label}: {}", answer.summary()));
            }
            _ => lines.push(format!("{label}: (no answer)")),
        }
        if let Some(answer) = answer {
            presented_differently |= question.presented_type_if_different().is_some();
            if let Some(note) = answer.note_with_markers() {
                lines.push(format!("{label} note: {note}"));
            }
            for value in &answer.values {
                let Some((_, option)) = question.option_by_value(value) else {
                    continue;
                };
                if let Some(note) = answer.option_note_with_markers(value) {
                    lines.push(format!("{label} / {} note: {note}", option.label));
                }
            }
        }
        lines.extend(also(index));
    }
    if presented_differently {
        lines.push(PRESENTED_NOTE.to_owned());
    }
    lines
}

/// One line per note, naming the question prompt, the option and the current answer.
pub(super) fn elaborate_text(
    request: &Request,
    answers: &IndexMap<String, Answer>,
    items: &[ElaborationItem],
) -> String {
    let current = |id: &str| {
        answers
            .get(id)
            .map(|answer| format!(" after current answer {}", quoted(&answer.summary())))
            .unwrap_or_default()
    };
    let mut lines: Vec<String> = items
        .iter()
        .map(|item| match item {
            ElaborationItem::Question(item) => format!(
                "User asked to elaborate on question {}{} with note {}",
                quoted(&item.question.question.prompt),
                current(&item.question.question.id),
                quoted(&with_markers(
                    &item.note,
                    item.images.as_ref().map_or(0, Vec::len)
                ))
            ),
            ElaborationItem::Option(item) => format!(
                "User asked to elaborate on question {} option {}{} with note {}",
                quoted(&item.question.question.prompt),
                quoted(&item.option.label),
                current(&item.question.question.id),
                quoted(&with_markers(
                    &item.note,
                    item.images.as_ref().map_or(0, Vec::len)
                ))
            ),
        })
        .collect();
    if lines.is_empty() {
        lines = request
            .questions
            .iter()
            .filter(|question| answers.contains_key(&question.id))
            .map(|question| {
                format!(
                    "User asked to elaborate on question {}{}",
                    quoted(&question.prompt),
                    current(&question.id)
                )
            })
            .collect();
    }
    if lines.is_empty() {
        return "User asked for elaboration based on notes".to_owned();
    }
    lines.join("\n")
}

/// The questions spelled out for an agent that has no UI to ask them in.
pub(super) fn no_ui_text(request: &Request) -> String {
    let mut text = format!(
        "{NO_UI_HEADLINE}\nRun same tool call in interactive TUI mode, or ask user these questions manually:\n"
    );
    for (index, question) in request.questions.iter().enumerate() {
        let _ = writeln!(
            text,
            "{}. {}: {}",
            index + 1,
            question.label,
            question.prompt
        );
        for option in &question.options {
            let _ = writeln!(text, "   - {} [{}]", option.label, option.value);
        }
        let _ = writeln!(text, "   - {CUSTOM_OPTION_LABEL} [custom]");
    }
    text.push_str(
        "details.questions contains normalized pending questions. details.answers stays empty until user responds.",
    );
    text
}

/// The text of an external answer that was refused.
pub(super) fn invalid_answer_text(message: &str) -> String {
    format!("External ask UI returned an invalid response: {message}")
}

/// The text a result's details stand for, without the `Request ID:` line: the refusal, the
/// cancellation, the elaboration or the submitted answers. A queued form's answer is told in
/// these words long after its call, so they are rebuilt from the request and the details
/// rather than kept; a no-UI result reads as cancelled (a queued form is always asked).
pub fn summary_text(request: &Request, details: &AskResult) -> String {
    match &details.error {
        Some(AskError::InvalidInput { issues }) => {
            return invalid_input_text(&InvalidInput {
                issues: issues.clone(),
            });
        }
        Some(AskError::InvalidAnswer { message } | AskError::InvalidRequest { message }) => {
            return invalid_answer_text(message);
        }
        None => {}
    }
    if details.cancelled {
        return cancelled_text().to_owned();
    }
    match (details.mode, &details.elaboration) {
        (Mode::Elaborate, elaboration) => elaborate_text(
            request,
            &details.answers,
            elaboration
                .as_ref()
                .map_or(&[], |elaboration| &elaboration.items),
        ),
        (Mode::Submit, _) => submit_text(request, &details.answers),
    }
}

/// `Invalid ask_user payload:` and one `- <path>: <message>` line per issue.
pub(super) fn invalid_input_text(invalid: &InvalidInput) -> String {
    let mut text = String::from("Invalid ask_user payload:");
    for issue in &invalid.issues {
        let _ = write!(text, "\n- {}: {}", issue.path, issue.message);
    }
    text
}
