//! What the flow is asking: the open dialog, and what its reply means.

use super::wording::{dialog_options, preview_title};
use super::{Dialog, DialogOption, option_texts};
use crate::contract::answers::Draft;
use crate::contract::request::QuestionType;
use crate::contract::{Call, ToolResult};

/// What the open dialog's reply means.
#[derive(Clone, Debug)]
pub(super) enum Awaiting {
    /// A select: what each of its option strings chooses.
    Choice(Vec<(String, Choice)>),
    /// Written text for the current question; blank leaves it unanswered.
    Text,
    /// A multi-select listing these option strings.
    Picks(Vec<String>),
    /// The review, or the select of the answer to change: what each row does.
    Review(Vec<(String, ReviewChoice)>),
}

/// What a select row chooses: a declared option by index, or the write-your-own row.
#[derive(Clone, Copy, Debug)]
pub(super) enum Choice {
    Option(usize),
    Custom,
}

/// What a row of the review, or of the select of the answer to change, does (see
/// [`super::review`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum ReviewChoice {
    Submit,
    Change,
    Cancel,
    /// Answer the question at this index again.
    Question(usize),
    Back,
}

/// Whether the flow waits for a dialog's reply or has ended.
#[derive(Clone, Debug)]
pub(super) enum State {
    Asking { dialog: Dialog, awaiting: Awaiting },
    Finished(ToolResult),
}

/// The dialog of question `current`, or the submitted result after the last question. A
/// question without options is answered in writing alone.
pub(super) fn state_at(call: &Call, drafts: &[Draft], current: usize) -> State {
    let Some(question) = call.request().questions.get(current) else {
        return State::Finished(call.submit(drafts));
    };
    if question.options.is_empty() {
        return State::Asking {
            dialog: Dialog::Input {
                title: question.prompt.clone(),
                placeholder: None,
                current: drafts
                    .get(current)
                    .and_then(|draft| draft.committed_custom_text())
                    .map(str::to_owned),
            },
            awaiting: Awaiting::Text,
        };
    }
    let rules = call.rules();
    let options = dialog_options(question, rules);
    match question.presented {
        QuestionType::Multi => {
            let current = drafts.get(current).and_then(current_picks);
            multi_select(&question.prompt, options, current)
        }
        QuestionType::Single => select(question.prompt.clone(), options, rules.custom_label),
        QuestionType::Preview => {
            let title = preview_title(question, &option_texts(&options));
            select(title, options, rules.custom_label)
        }
    }
}

/// A select over the options plus the write-your-own row; the option strings differ from each
/// other and from that row (see [`super::wording`]), so each reply names one row.
fn select(title: String, mut options: Vec<DialogOption>, custom_label: &str) -> State {
    options.push(DialogOption::plain(custom_label));
    let last = options.len() - 1;
    let kinds = options
        .iter()
        .enumerate()
        .map(|(index, option)| {
            let choice = if index == last {
                Choice::Custom
            } else {
                Choice::Option(index)
            };
            (option.text.clone(), choice)
        })
        .collect();
    State::Asking {
        dialog: Dialog::Select { title, options },
        awaiting: Awaiting::Choice(kinds),
    }
}

/// The reply that gives `draft`'s answer to a multi-select: its options' numbers in the order
/// picked, then its written answer; `None` when it has none.
fn current_picks(draft: &Draft) -> Option<String> {
    let mut parts: Vec<String> = draft
        .selected()
        .iter()
        .map(|index| (index + 1).to_string())
        .collect();
    parts.extend(draft.committed_custom_text().map(str::to_owned));
    (!parts.is_empty()).then(|| parts.join(", "))
}

/// The multi-select over the options.
fn multi_select(question: &str, options: Vec<DialogOption>, current: Option<String>) -> State {
    let texts = option_texts(&options)
        .into_iter()
        .map(str::to_owned)
        .collect();
    State::Asking {
        dialog: Dialog::MultiSelect {
            question: question.to_owned(),
            options,
            current,
        },
        awaiting: Awaiting::Picks(texts),
    }
}
