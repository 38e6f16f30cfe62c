//! The `ask_user` transcript: `ask_user <n> question(s) (<labels>)` with each question's
//! options under it, and a result's status (`Submitted`, `Cancelled`, `Elaboration requested`,
//! `Invalid tool payload`, `Invalid response`, `No UI`) with its answers and notes.

use serde_json::Value;

use super::lines::{
    answered, choices_line, detail, entries, headline, status, text, text_field, to_clarify,
    unanswered, under, wrote,
};
use crate::contract::answers::{Answer, Mode, with_markers};
use crate::contract::ask_user::derive_label;
use crate::contract::output::ToolOutput;
use crate::contract::result::{
    AskError, AskResult, ElaborationItem, NO_UI_HEADLINE, ResultQuestion,
};
use crate::contract::tool::Tool;
use crate::draw::{Line, Role, Span};

/// The headline, then `  <label>: <option labels>` for each question with a readable option.
pub(super) fn call_lines(arguments: &Value) -> Vec<Line<'static>> {
    let questions = entries(arguments, "questions");
    let labels: Vec<String> = questions
        .iter()
        .enumerate()
        .map(|(index, question)| {
            text_field(question, "label").map_or_else(|| format!("Q{}", index + 1), str::to_owned)
        })
        .collect();
    let mut lines = vec![headline(
        Tool::AskUser,
        &format!("{} question(s)", questions.len()),
        &labels,
    )];
    for (question, label) in questions.iter().zip(&labels) {
        let options: Vec<String> = entries(question, "options")
            .iter()
            .filter_map(option_label)
            .collect();
        if !options.is_empty() {
            lines.push(choices_line(label, &options.join(", ")));
        }
    }
    lines
}

/// An option's label as the contract reads it: given, or derived from its value; absent when
/// neither has text yet.
fn option_label(option: &Value) -> Option<String> {
    text_field(option, "label").map(str::to_owned).or_else(|| {
        text_field(option, "value")
            .map(derive_label)
            .filter(|label| !label.is_empty())
    })
}

/// The status, then per question its answer or `(no answer)` and its notes; a refusal lists
/// why, a cancel what it kept, an elaboration the questions to clarify.
pub(super) fn result_lines(output: &ToolOutput<AskResult>) -> Vec<Line<'static>> {
    let details = &output.details;
    match &details.error {
        Some(AskError::InvalidInput { issues }) => {
            let mut lines = vec![status("Invalid tool payload", Role::Error)];
            lines.extend(
                issues
                    .iter()
                    .map(|issue| detail(&format!("{}: {}", issue.path, issue.message))),
            );
            return lines;
        }
        Some(AskError::InvalidAnswer { message } | AskError::InvalidRequest { message }) => {
            return vec![status("Invalid response", Role::Error), detail(message)];
        }
        None => {}
    }
    if details.cancelled && output.text().starts_with(NO_UI_HEADLINE) {
        let role = if output.is_error {
            Role::Error
        } else {
            Role::Warning
        };
        return vec![status("No UI", role)];
    }
    if details.cancelled {
        let mut lines = vec![status("Cancelled", Role::Warning)];
        for question in &details.questions {
            if let Some(answer) = details.answers.get(&question.id) {
                lines.extend(answer_lines(&question.label, answer));
            }
        }
        return lines;
    }
    if details.mode == Mode::Elaborate {
        return elaboration_lines(details);
    }
    let mut lines = vec![status("Submitted", Role::Success)];
    for question in &details.questions {
        match details.answers.get(&question.id) {
            Some(answer) => lines.extend(answer_lines(&question.label, answer)),
            None => lines.push(unanswered(&question.label)),
        }
    }
    lines
}

/// `✓ <label>: <answer>` (or `? <label>: (no answer)` for a note-only entry), then
/// `  note: <note>` and `  <option label> note: <note>` for each selected option's note.
fn answer_lines(label: &str, answer: &Answer) -> Vec<Line<'static>> {
    let mut lines = vec![if answer.is_committed() {
        answered(label, answer_spans(answer))
    } else {
        unanswered(label)
    }];
    if let Some(note) = answer.note_with_markers() {
        lines.push(under("note", vec![text(&note)]));
    }
    for (value, option_label) in answer.values.iter().zip(&answer.labels) {
        if let Some(note) = answer.option_note_with_markers(value) {
            lines.push(under(&format!("{option_label} note"), vec![text(&note)]));
        }
    }
    lines
}

/// The chosen options' labels, then `(wrote) <text>` with a marker per image of the written
/// answer.
fn answer_spans(answer: &Answer) -> Vec<Span<'static>> {
    let written = usize::from(answer.custom_text.is_some());
    let picked = &answer.labels[..answer.labels.len().saturating_sub(written)];
    let images = answer.custom_images.as_ref().map_or(0, Vec::len);
    let mut spans = Vec::new();
    if !picked.is_empty() {
        spans.push(text(&picked.join(", ")));
    }
    if answer.custom_text.is_some() || images > 0 {
        if !spans.is_empty() {
            spans.push(text(", "));
        }
        spans.push(wrote());
        let custom = answer.custom_text.as_deref().unwrap_or_default();
        spans.push(text(&with_markers(custom, images)));
    }
    spans
}

/// `Elaboration requested`, then each question with notes by its full prompt (its current
/// answer and its notes under it), and the other committed answers. Without any note, every
/// answered question is the one to elaborate on.
fn elaboration_lines(details: &AskResult) -> Vec<Line<'static>> {
    let items = details
        .elaboration
        .as_ref()
        .map_or(&[][..], |elaboration| elaboration.items.as_slice());
    let mut lines = vec![status("Elaboration requested", Role::Accent)];
    for question in &details.questions {
        let noted: Vec<&ElaborationItem> = items
            .iter()
            .filter(|item| item_question(item).id == question.id)
            .collect();
        let answer = details.answers.get(&question.id);
        if noted.is_empty() && !items.is_empty() {
            if let Some(answer) = answer {
                lines.push(answered(&question.label, answer_spans(answer)));
            }
            continue;
        }
        if noted.is_empty() && answer.is_none() {
            continue;
        }
        lines.push(to_clarify(&question.label, &question.prompt));
        if let Some(answer) = answer {
            lines.push(under("answer", answer_spans(answer)));
        }
        lines.extend(noted.into_iter().map(note_line));
    }
    lines
}

fn item_question(item: &ElaborationItem) -> &ResultQuestion {
    match item {
        ElaborationItem::Question(item) => &item.question.question,
        ElaborationItem::Option(item) => &item.question.question,
    }
}

/// `  note: <note>` or `  <option label> note: <note>`, with a marker per image.
fn note_line(item: &ElaborationItem) -> Line<'static> {
    let (what, note, images) = match item {
        ElaborationItem::Question(item) => ("note".to_owned(), &item.note, &item.images),
        ElaborationItem::Option(item) => (
            format!("{} note", item.option.label),
            &item.note,
            &item.images,
        ),
    };
    let note = with_markers(note, images.as_ref().map_or(0, Vec::len));
    under(&what, vec![text(&note)])
}
