//! The dialog flow's state machine for both tools.

use serde_json::Value;

use super::Dialog;
use super::asking::{Awaiting, Choice, Questions, State, state_at};
use super::multi::{MultiSelectReply, UnknownTokens, parse_multi_select};
use crate::contract::ToolResult;
use crate::contract::answers::Draft;
use crate::contract::ask_user::Request;
use crate::contract::issue::quoted;
use crate::contract::question_tool::{self, QuestionRequest};
use crate::contract::remote::{
    CustomTextRule, RemoteError, RemoteResponse, validate_remote_response,
};
use crate::contract::result::{self, Mode};

/// A reply the open dialog cannot take; the flow is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplyError {
    /// A select reply that is none of the select's options.
    #[error("{} is not one of the options", quoted(.0))]
    UnknownOption(String),
    /// The flow has already ended.
    #[error("the flow has ended")]
    Finished,
}

/// Where a [`DialogFlow`] stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Step<'a> {
    /// This dialog waits for its reply.
    Ask(&'a Dialog),
    /// The flow has ended with this result.
    Done(&'a ToolResult),
}

/// One tool call asked question by question through dialogs.
///
/// Each question gets one dialog (two when the user chooses to write their own answer). A
/// dismissed dialog, or a blank multi-select reply, cancels the flow with the answers so far;
/// after the last question the flow submits. [`DialogFlow::cancel`] and
/// [`DialogFlow::submit_remote`] end it from outside.
#[derive(Clone, Debug)]
pub struct DialogFlow {
    questions: Questions,
    drafts: Vec<Draft>,
    current: usize,
    state: State,
}

impl DialogFlow {
    /// A flow for a valid `ask_user` call; `request_id` is the call's fresh UUID.
    pub fn ask_user(request: Request, request_id: impl Into<String>) -> Self {
        let count = request.questions.len();
        let questions = Questions::AskUser {
            request,
            request_id: request_id.into(),
        };
        Self::start(questions, count)
    }

    /// A flow for a valid `ask_user_question` call.
    pub fn ask_user_question(request: QuestionRequest) -> Self {
        let count = request.questions.len();
        Self::start(Questions::AskUserQuestion(request), count)
    }

    fn start(questions: Questions, count: usize) -> Self {
        let drafts = vec![Draft::default(); count];
        let state = state_at(&questions, &drafts, 0);
        Self {
            questions,
            drafts,
            current: 0,
            state,
        }
    }

    /// Where the flow stands: a dialog waiting for its reply, or the result.
    pub fn step(&self) -> Step<'_> {
        match &self.state {
            State::Asking { dialog, .. } => Step::Ask(dialog),
            State::Finished(result) => Step::Done(result),
        }
    }

    /// The dialog waiting for a reply, or `None` once the flow has ended.
    pub fn dialog(&self) -> Option<&Dialog> {
        match &self.state {
            State::Asking { dialog, .. } => Some(dialog),
            State::Finished(_) => None,
        }
    }

    /// The tool result, once the flow has ended.
    pub fn result(&self) -> Option<&ToolResult> {
        match &self.state {
            State::Asking { .. } => None,
            State::Finished(result) => Some(result),
        }
    }

    /// The answers collected so far, one draft per question.
    pub fn drafts(&self) -> &[Draft] {
        &self.drafts
    }

    /// The form's title, as the started event shows it.
    pub fn title(&self) -> Option<&str> {
        match &self.questions {
            Questions::AskUser { request, .. } => request.title.as_deref(),
            Questions::AskUserQuestion(_) => None,
        }
    }

    /// The normalized questions, as the started event shows them.
    pub fn normalized_questions(&self) -> Value {
        let questions = match &self.questions {
            Questions::AskUser { request, .. } => serde_json::to_value(&request.questions),
            Questions::AskUserQuestion(request) => serde_json::to_value(&request.questions),
        };
        questions.unwrap_or(Value::Null)
    }

    /// Takes the reply to the open dialog; `None` means it was dismissed, which cancels.
    pub fn reply(&mut self, reply: Option<&str>) -> Result<(), ReplyError> {
        let State::Asking { awaiting, .. } = &self.state else {
            return Err(ReplyError::Finished);
        };
        let Some(reply) = reply else {
            self.cancel();
            return Ok(());
        };
        let action = match awaiting {
            Awaiting::Choice(choices) => {
                let Some((_, choice)) = choices.iter().find(|(option, _)| option == reply) else {
                    return Err(ReplyError::UnknownOption(reply.to_owned()));
                };
                match choice {
                    Choice::Option(index) => Action::Pick(vec![*index], None),
                    Choice::Custom => Action::AskText,
                }
            }
            Awaiting::Text if reply.trim().is_empty() => Action::Skip,
            Awaiting::Text => Action::Write(match self.questions {
                Questions::AskUser { .. } => reply.to_owned(),
                Questions::AskUserQuestion(_) => reply.trim().to_owned(),
            }),
            Awaiting::Picks(labels) => {
                let unknown = match self.questions {
                    Questions::AskUser { .. } => UnknownTokens::BecomeCustomText,
                    Questions::AskUserQuestion(_) => UnknownTokens::WholeReplyWritten,
                };
                match parse_multi_select(reply, labels, unknown) {
                    MultiSelectReply::Blank => Action::Cancel,
                    MultiSelectReply::Picks(indices) => Action::Pick(indices, None),
                    MultiSelectReply::Written(text) => Action::Write(text),
                    MultiSelectReply::PicksAndWritten(indices, text) => {
                        Action::Pick(indices, Some(text))
                    }
                }
            }
        };
        let draft = &mut self.drafts[self.current];
        match action {
            Action::Pick(indices, written) => {
                for index in indices {
                    draft.select(index);
                }
                if let Some(text) = written {
                    draft.custom_text = text;
                    draft.custom_selected = true;
                }
                self.advance();
            }
            Action::Write(text) => {
                draft.custom_text = text;
                draft.custom_selected = true;
                self.advance();
            }
            Action::Skip => self.advance(),
            Action::AskText => {
                let title = self.prompt().to_owned();
                self.state = State::Asking {
                    dialog: Dialog::Input {
                        title,
                        placeholder: None,
                    },
                    awaiting: Awaiting::Text,
                };
            }
            Action::Cancel => {
                self.cancel();
            }
        }
        Ok(())
    }

    /// Ends the flow as cancelled, keeping the answers so far (an abort, the end of input), and
    /// returns its result; a flow that has already ended keeps its result.
    pub fn cancel(&mut self) -> ToolResult {
        let result = match &self.state {
            State::Finished(result) => return result.clone(),
            State::Asking { .. } => match &self.questions {
                Questions::AskUser {
                    request,
                    request_id,
                } => ToolResult::AskUser(Box::new(result::cancelled_result(
                    request,
                    request_id,
                    Some(&self.drafts),
                ))),
                Questions::AskUserQuestion(request) => ToolResult::AskUserQuestion(
                    question_tool::cancelled_result(request, &self.drafts),
                ),
            },
        };
        self.state = State::Finished(result.clone());
        result
    }

    /// Ends the flow with a remote response: a complete answer set or an explicit cancel.
    /// An invalid response is refused and leaves the flow open.
    pub fn submit_remote(&mut self, response: &Value) -> Result<(), RemoteError> {
        if self.result().is_some() {
            return Err(RemoteError::flow_not_found());
        }
        let result = match &self.questions {
            Questions::AskUser {
                request,
                request_id,
            } => {
                let response = validate_remote_response(
                    response,
                    &request.answer_specs(),
                    CustomTextRule::CombinesOnMulti,
                )?;
                ToolResult::AskUser(Box::new(match response {
                    RemoteResponse::Answer {
                        mode: Mode::Submit,
                        drafts,
                    } => result::submit_result(request, request_id, &drafts),
                    RemoteResponse::Answer {
                        mode: Mode::Elaborate,
                        drafts,
                    } => result::elaborate_result(request, request_id, &drafts),
                    RemoteResponse::Cancel => result::cancelled_result(request, request_id, None),
                }))
            }
            Questions::AskUserQuestion(request) => {
                let response = validate_remote_response(
                    response,
                    &request.answer_specs(),
                    CustomTextRule::Exclusive,
                )?;
                ToolResult::AskUserQuestion(match response {
                    RemoteResponse::Answer { drafts, .. } => {
                        question_tool::answered_result(request, &drafts)
                    }
                    RemoteResponse::Cancel => question_tool::cancelled_result(request, &[]),
                })
            }
        };
        self.state = State::Finished(result);
        Ok(())
    }

    fn prompt(&self) -> &str {
        match &self.questions {
            Questions::AskUser { request, .. } => &request.questions[self.current].prompt,
            Questions::AskUserQuestion(request) => &request.questions[self.current].question,
        }
    }

    fn advance(&mut self) {
        self.current += 1;
        self.open_current();
    }

    fn open_current(&mut self) {
        self.state = state_at(&self.questions, &self.drafts, self.current);
    }
}

/// What a reply does to the current question.
enum Action {
    /// Select these options (in any order; drafts keep declared order), and answer with this
    /// written text too when there is some.
    Pick(Vec<usize>, Option<String>),
    /// Answer with this written text.
    Write(String),
    /// Leave the question unanswered and go on.
    Skip,
    /// Ask for the written answer.
    AskText,
    /// Cancel the flow.
    Cancel,
}
