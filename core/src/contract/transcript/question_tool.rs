//! The `ask_user_question` transcript: `ask_user_question <n> questions (<headers>)` with each
//! question's options and `Other` under it, and a result's `✓ <header>: 1. <label>` lines,
//! `(wrote)` for written answers, a warning `Cancelled` and an error `No UI`.

use serde_json::Value;

use super::lines::{
    answered, choices_line, detail, entries, headline, status, text, text_field, wrote,
};
use crate::contract::output::ToolOutput;
use crate::contract::question_tool::{QuestionAnswer, QuestionDetails, normalized_header};
use crate::contract::tool::Tool;
use crate::draw::{Line, Role, Span};

/// How the automatic free-form row is named in a call's option line.
const OTHER: &str = "Other";

/// The headline, then `  <header>: <option labels>, Other` per question, or
/// `  <header>: (free-form)` for a question without options.
pub(super) fn call_lines(arguments: &Value) -> Vec<Line<'static>> {
    let questions = entries(arguments, "questions");
    let headers: Vec<String> = questions
        .iter()
        .enumerate()
        .map(|(index, question)| normalized_header(index + 1, text_field(question, "header")))
        .collect();
    let count = match questions.len() {
        1 => "1 question".to_owned(),
        n => format!("{n} questions"),
    };
    let mut lines = vec![headline(Tool::AskUserQuestion, &count, &headers)];
    for (question, header) in questions.iter().zip(&headers) {
        let options = entries(question, "options");
        let choices = if options.is_empty() {
            "(free-form)".to_owned()
        } else {
            let mut labels: Vec<&str> = options
                .iter()
                .filter_map(|option| text_field(option, "label"))
                .collect();
            labels.push(OTHER);
            labels.join(", ")
        };
        lines.push(choices_line(header, &choices));
    }
    lines
}

/// One `✓` line per answer, under `Cancelled` when the user cancelled; a refusal, no UI or no
/// answer at all is one status line.
pub(super) fn result_lines(output: &ToolOutput<QuestionDetails>) -> Vec<Line<'static>> {
    let details = &output.details;
    if let Some(message) = &details.error {
        let refused = if details.questions.is_empty() {
            "Invalid tool payload"
        } else {
            "Invalid response"
        };
        return vec![status(refused, Role::Error), detail(message)];
    }
    if details.unavailable == Some(true) {
        return vec![status("No UI", Role::Error)];
    }
    let mut lines = Vec::new();
    if details.cancelled {
        lines.push(status("Cancelled", Role::Warning));
    } else if details.answers.is_empty() {
        lines.push(status("No answer recorded", Role::Muted));
    }
    lines.extend(
        details
            .answers
            .iter()
            .map(|answer| answered(&answer.header, answer_spans(answer))),
    );
    lines
}

/// `1. OAuth, 3. Magic link` for picks, `(wrote) <text>` for a written answer.
fn answer_spans(answer: &QuestionAnswer) -> Vec<Span<'static>> {
    if answer.was_custom {
        return vec![wrote(), text(&answer.values.join(", "))];
    }
    vec![text(&answer.picks())]
}
