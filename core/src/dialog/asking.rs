//! What the flow is asking: whose questions, the open dialog, and what its reply means.

use super::wording::{ask_user_options, preview_title, question_tool_options};
use super::{Dialog, DialogOption, option_texts};
use crate::contract::ToolResult;
use crate::contract::answers::Draft;
use crate::contract::ask_user::{CUSTOM_OPTION_LABEL, QuestionType, Request};
use crate::contract::question_tool::{self, OTHER_OPTION_LABEL, QuestionRequest};
use crate::contract::result;

/// Which tool's questions are asked.
#[derive(Clone, Debug)]
pub(super) enum Questions {
    AskUser {
        request: Request,
        request_id: String,
    },
    AskUserQuestion(QuestionRequest),
}

/// What the open dialog's reply means.
#[derive(Clone, Debug)]
pub(super) enum Awaiting {
    /// A select: what each of its option strings chooses.
    Choice(Vec<(String, Choice)>),
    /// Written text for the current question; blank leaves it unanswered.
    Text,
    /// A multi-select listing these option strings.
    Picks(Vec<String>),
}

/// What a select row chooses: a declared option by index, or the write-your-own row.
#[derive(Clone, Copy, Debug)]
pub(super) enum Choice {
    Option(usize),
    Custom,
}

/// Whether the flow waits for a dialog's reply or has ended.
#[derive(Clone, Debug)]
pub(super) enum State {
    Asking { dialog: Dialog, awaiting: Awaiting },
    Finished(ToolResult),
}

/// The dialog of question `current`, or the submitted result after the last question.
pub(super) fn state_at(questions: &Questions, drafts: &[Draft], current: usize) -> State {
    match questions {
        Questions::AskUser {
            request,
            request_id,
        } => match request.questions.get(current) {
            None => State::Finished(ToolResult::AskUser(Box::new(result::submit_result(
                request, request_id, drafts,
            )))),
            Some(question) => {
                let options = ask_user_options(question);
                match question.presented {
                    QuestionType::Multi => multi_select(&question.prompt, options),
                    QuestionType::Single => {
                        select(question.prompt.clone(), options, CUSTOM_OPTION_LABEL)
                    }
                    QuestionType::Preview => {
                        let title = preview_title(question, &option_texts(&options));
                        select(title, options, CUSTOM_OPTION_LABEL)
                    }
                }
            }
        },
        Questions::AskUserQuestion(request) => match request.questions.get(current) {
            None => State::Finished(ToolResult::AskUserQuestion(question_tool::answered_result(
                request, drafts,
            ))),
            Some(question) => {
                let options = question_tool_options(question);
                if question.is_free_form() {
                    State::Asking {
                        dialog: Dialog::Input {
                            title: question.question.clone(),
                            placeholder: None,
                        },
                        awaiting: Awaiting::Text,
                    }
                } else if question.multi_select {
                    multi_select(&question.question, options)
                } else {
                    select(question.question.clone(), options, OTHER_OPTION_LABEL)
                }
            }
        },
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

/// The multi-select over the options.
fn multi_select(question: &str, options: Vec<DialogOption>) -> State {
    let texts = option_texts(&options)
        .into_iter()
        .map(str::to_owned)
        .collect();
    State::Asking {
        dialog: Dialog::MultiSelect {
            question: question.to_owned(),
            options,
        },
        awaiting: Awaiting::Picks(texts),
    }
}
