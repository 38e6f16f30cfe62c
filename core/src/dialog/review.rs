//! The review a flow can end with: the answers listed, then submit, change one, or cancel.
//!
//! Both steps are selects, so any surface that shows a select shows them; a flow opts in with
//! [`super::AfterLast::Review`].

use std::fmt::Write as _;

use super::asking::{Awaiting, ReviewChoice, State};
use super::{Dialog, DialogOption};
use crate::contract::Call;
use crate::contract::answers::{Answer, Draft};
use crate::text::sanitize_line;

/// The first line of the review's title.
pub const REVIEW_HEADING: &str = "Review your answers:";
/// The review row that submits the answers.
pub const SUBMIT: &str = "Submit";
/// The review row that asks which answer to change.
pub const CHANGE: &str = "Change an answer";
/// The review row that cancels the flow, keeping the answers in the cancelled result.
pub const CANCEL: &str = "Cancel";
/// The title of the select that picks the question to answer again.
pub const CHANGE_TITLE: &str = "Which answer do you want to change?";
/// The last row of that select: back to the review, changing nothing.
pub const BACK: &str = "Back to the review";
/// What the review shows for a question without an answer.
pub const NO_ANSWER: &str = "(no answer)";

/// The review: each question's label and answer, then submit, change an answer, or cancel.
pub(super) fn review(call: &Call, drafts: &[Draft]) -> State {
    let rows = [
        (SUBMIT, ReviewChoice::Submit),
        (CHANGE, ReviewChoice::Change),
        (CANCEL, ReviewChoice::Cancel),
    ]
    .map(|(text, choice)| (text.to_owned(), choice));
    select(review_title(call, drafts), rows.into())
}

/// The select of the question to answer again: `Question <n>: <label>` rows, then back.
pub(super) fn change(call: &Call) -> State {
    let mut rows: Vec<(String, ReviewChoice)> = call
        .request()
        .questions
        .iter()
        .enumerate()
        .map(|(index, question)| {
            let text = format!("Question {}: {}", index + 1, question.label);
            (text, ReviewChoice::Question(index))
        })
        .collect();
    rows.push((BACK.to_owned(), ReviewChoice::Back));
    select(CHANGE_TITLE.to_owned(), rows)
}

/// [`REVIEW_HEADING`], then one `<label>: <answer>` line per question, the answer being its
/// labels joined with `, ` on one line (a written answer as the result sends it), or
/// [`NO_ANSWER`]; under it the notes Submit sends with it, `  note: <note>` for the question's
/// and `  <option label> note: <note>` for a chosen option's, so nothing reaches the agent
/// that the review did not show; and the notes on options not chosen, said to stay unsent.
pub fn review_title(call: &Call, drafts: &[Draft]) -> String {
    let mut title = REVIEW_HEADING.to_owned();
    for (question, draft) in call.request().questions.iter().zip(drafts) {
        let answer = Answer::from_draft(question, draft);
        let shown = answer
            .as_ref()
            .and_then(|answer| answer_shown(call, answer))
            .unwrap_or_else(|| NO_ANSWER.to_owned());
        let _ = write!(
            title,
            "\n{}: {}",
            sanitize_line(&question.label),
            sanitize_line(&shown)
        );
        if let Some(answer) = &answer {
            if let Some(note) = &answer.note {
                let _ = write!(title, "\n  note: {}", sanitize_line(note));
            }
            for (value, note) in answer.option_notes.iter().flatten() {
                let label = question
                    .options
                    .iter()
                    .find(|option| option.value == *value)
                    .map_or(value.as_str(), |option| &*option.label);
                let _ = write!(
                    title,
                    "\n  {} note: {}",
                    sanitize_line(label),
                    sanitize_line(note)
                );
            }
        }
        // Notes on options not chosen go only with Elaborate, which these dialogs do not
        // offer: said, so the person knows they stay unsent.
        for (option, note) in draft.noted_options() {
            if draft.is_selected(option) || note.trim().is_empty() {
                continue;
            }
            if let Some(spec) = question.options.get(option) {
                let _ = write!(
                    title,
                    "\n  {} note, not sent (not chosen): {}",
                    sanitize_line(&spec.label),
                    sanitize_line(note)
                );
            }
        }
    }
    title
}

/// `answer` as the review shows it, its labels joined with `, ` and a written answer last as
/// the result sends it; `None` when nothing is chosen or written.
pub(super) fn answer_shown(call: &Call, answer: &Answer) -> Option<String> {
    let mut answer = answer.clone();
    if !answer.is_committed() {
        return None;
    }
    if let (Some(text), Some(last)) = (&answer.custom_text, answer.labels.last_mut()) {
        call.rules().written_answer.of(text).clone_into(last);
    }
    Some(answer.labels.join(", "))
}

fn select(title: String, rows: Vec<(String, ReviewChoice)>) -> State {
    let options = rows
        .iter()
        .map(|(text, _)| DialogOption::plain(text.clone()))
        .collect();
    State::Asking {
        dialog: Dialog::Select { title, options },
        awaiting: Awaiting::Review(rows),
    }
}

#[cfg(test)]
#[path = "review_tests.rs"]
mod tests;
