//! The dialog flow's state machine for both tools.

use serde_json::Value;

use super::Dialog;
use super::asking::{Awaiting, Choice, ReviewChoice, State, state_at};
use super::multi::{MultiSelectReply, parse_multi_select};
use super::review;
use crate::contract::answers::{Answer, Draft};
use crate::contract::remote::RemoteError;
use crate::contract::{Call, ToolResult};

/// A reply the flow cannot take; the flow is unchanged.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplyError {
    /// The flow has already ended.
    #[error("the flow has ended")]
    Finished,
}

/// What a reply did to the flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Replied {
    /// The flow moved on: to another dialog, or to its end.
    Moved,
    /// The reply named nothing the open dialog could take (a blank select reply, a review row
    /// that is none of its rows): the same dialog waits again, and a host should be told why.
    AskedAgain,
}

/// Where a [`DialogFlow`] stands.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Step<'a> {
    /// This dialog waits for its reply.
    Ask(&'a Dialog),
    /// The flow has ended with this result.
    Done(&'a ToolResult),
}

/// What a flow does once the last question has its answer.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum AfterLast {
    /// Submit at once: one dialog per question and nothing more, as the RPC dialogs ask.
    #[default]
    Submit,
    /// Show the answers first in a select (see [`review`]): submit them, change one (asked
    /// again, then back to the review), or cancel.
    Review,
}

/// Where the open dialog stands in the flow.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Position {
    /// Asking question `number` (counted from 1) of `count`.
    Question {
        /// The question's number, from 1.
        number: usize,
        /// How many questions the call asks.
        count: usize,
    },
    /// Reviewing the answers before they are submitted.
    Review,
    /// The flow has ended.
    Ended,
}

/// Whether the review has been shown, so that a question answered now goes back to it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Pass {
    /// Going through the questions in order for the first time.
    First,
    /// Answering a question again from the review.
    Revisit,
}

/// One tool call asked question by question through dialogs.
///
/// Each question gets one dialog (two when the user chooses to write their own answer). A
/// dismissed dialog, or a blank multi-select reply, cancels the flow with the answers so far;
/// after the last question the flow submits, or reviews first ([`AfterLast`]).
/// [`DialogFlow::cancel`] and [`DialogFlow::submit_remote`] end it from outside.
///
/// Every reply moves the flow on, so a host that answered is never left waiting. A select reply
/// names the row whose string it equals, or equals but for case. One that names none of them (a
/// remote host may send any text) is the question's written answer, as if the user had chosen
/// the write-your-own row and typed it, when that row is listed and the reply is not blank;
/// otherwise the same select is asked again. That is how the multi-select reply reads words
/// naming no option too: the user's own words are an answer, and nothing is guessed from them.
#[derive(Clone, Debug)]
pub struct DialogFlow {
    call: Call,
    drafts: Vec<Draft>,
    current: usize,
    state: State,
    after_last: AfterLast,
    pass: Pass,
}

impl DialogFlow {
    /// A flow on the first question of a valid call, submitting after the last.
    pub fn new(call: Call) -> Self {
        Self::ending(call, AfterLast::Submit)
    }

    /// A flow on the first question of a valid call, ending as `after_last` says.
    pub fn ending(call: Call, after_last: AfterLast) -> Self {
        let drafts = vec![Draft::default(); call.request().questions.len()];
        let state = state_at(&call, &drafts, 0);
        Self {
            call,
            drafts,
            current: 0,
            state,
            after_last,
            pass: Pass::First,
        }
    }

    /// A flow taking up a form ended before it was answered, from what it held then (one
    /// draft per question; drafts for another number of questions are not this call's and
    /// are left out). Nothing of them is lost: a question asked again gets the answer given
    /// now, its notes kept, and one not asked again keeps its draft, for the result and for
    /// the drafts journaled if this flow too is ended from outside. With a review after the
    /// last question the flow starts at the first question without an answer (at the review
    /// when none is left), where each answer can be changed; without one, a dialog cannot show
    /// a choice made before, so it starts at the first question.
    pub fn resumed(call: Call, after_last: AfterLast, drafts: Vec<Draft>) -> Self {
        let mut flow = Self::ending(call, after_last);
        if drafts.len() != flow.drafts.len() {
            return flow;
        }
        flow.drafts = drafts;
        if after_last == AfterLast::Review {
            flow.current = flow
                .drafts
                .iter()
                .position(|draft| !draft.is_answered())
                .unwrap_or(flow.drafts.len());
        }
        flow.open_current();
        flow
    }

    /// Where the open dialog stands: a question's number, the review, or the end.
    pub fn position(&self) -> Position {
        let count = self.drafts.len();
        match &self.state {
            State::Finished(_) => Position::Ended,
            State::Asking { .. } if self.current < count => Position::Question {
                number: self.current + 1,
                count,
            },
            State::Asking { .. } => Position::Review,
        }
    }

    /// The call the flow asks.
    pub const fn call(&self) -> &Call {
        &self.call
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

    /// Takes the reply to the open dialog; `None` means it was dismissed, which cancels. A
    /// select reply naming no option is written or asked again (see [`DialogFlow`]); after
    /// this, [`DialogFlow::step`] is the dialog to show next, the same one when asked again
    /// ([`Replied::AskedAgain`]).
    pub fn reply(&mut self, reply: Option<&str>) -> Result<Replied, ReplyError> {
        let State::Asking { awaiting, .. } = &self.state else {
            return Err(ReplyError::Finished);
        };
        let Some(reply) = reply else {
            self.cancel();
            return Ok(Replied::Moved);
        };
        let action = match awaiting {
            Awaiting::Choice(choices) => match choice_named(choices, reply) {
                Some(Choice::Option(index)) => Action::Pick(vec![index], None),
                Some(Choice::Custom) => Action::AskText,
                None => {
                    let writable = choices
                        .iter()
                        .any(|(_, choice)| matches!(choice, Choice::Custom));
                    if writable && !reply.trim().is_empty() {
                        Action::Write(reply.to_owned())
                    } else {
                        Action::AskAgain
                    }
                }
            },
            // A blank reply to a question asked again keeps the answer it showed.
            Awaiting::Text
                if reply.trim().is_empty() && self.drafts[self.current].is_answered() =>
            {
                Action::Keep
            }
            Awaiting::Text if reply.trim().is_empty() => Action::Skip,
            Awaiting::Text => Action::Write(reply.to_owned()),
            Awaiting::Picks(labels) => {
                match parse_multi_select(reply, labels, self.call.rules().unknown_words) {
                    // A blank reply to a question asked again keeps the answer it showed.
                    MultiSelectReply::Blank if self.drafts[self.current].is_answered() => {
                        Action::Keep
                    }
                    MultiSelectReply::Blank => Action::Cancel,
                    MultiSelectReply::Picks(indices) => Action::Pick(indices, None),
                    MultiSelectReply::Written(text) => Action::Write(text),
                    MultiSelectReply::PicksAndWritten(indices, text) => {
                        Action::Pick(indices, Some(text))
                    }
                }
            }
            Awaiting::Review(rows) => {
                let Some((_, choice)) = rows
                    .iter()
                    .find(|(row, _)| row.eq_ignore_ascii_case(reply.trim()))
                else {
                    return Ok(Replied::AskedAgain);
                };
                self.review_reply(*choice);
                return Ok(Replied::Moved);
            }
        };
        let draft = &mut self.drafts[self.current];
        if matches!(action, Action::Pick(..) | Action::Write(_) | Action::Skip) {
            draft.clear_answer();
        }
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
            // A skip cleared the answer above; a keep left it.
            Action::Skip | Action::Keep => self.advance(),
            Action::AskText => {
                let question = &self.call.request().questions[self.current];
                let current = Answer::from_draft(question, &self.drafts[self.current])
                    .and_then(|answer| review::answer_shown(&self.call, &answer));
                let title = self.prompt().to_owned();
                self.state = State::Asking {
                    dialog: Dialog::Input {
                        title,
                        placeholder: None,
                        current,
                    },
                    awaiting: Awaiting::Text,
                };
            }
            Action::Cancel => {
                self.cancel();
            }
            Action::AskAgain => return Ok(Replied::AskedAgain),
        }
        Ok(Replied::Moved)
    }

    /// Ends the flow as cancelled, keeping the answers so far (an abort, the end of input), and
    /// returns its result; a flow that has already ended keeps its result.
    pub fn cancel(&mut self) -> ToolResult {
        let result = match &self.state {
            State::Finished(result) => return result.clone(),
            State::Asking { .. } => self.call.cancelled(Some(&self.drafts)),
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
        self.state = State::Finished(self.call.answer_remote(response)?);
        Ok(())
    }

    fn prompt(&self) -> &str {
        &self.call.request().questions[self.current].prompt
    }

    /// Does what a row of the review, or of the select of the answer to change, says.
    fn review_reply(&mut self, choice: ReviewChoice) {
        match choice {
            ReviewChoice::Submit => self.state = State::Finished(self.call.submit(&self.drafts)),
            ReviewChoice::Change => self.state = review::change(&self.call),
            ReviewChoice::Cancel => {
                self.cancel();
            }
            ReviewChoice::Question(index) => {
                self.current = index;
                self.open_current();
            }
            ReviewChoice::Back => self.open_current(),
        }
    }

    /// Goes on to the next question, or, once the review has been shown, back to it. Before a
    /// review, the next question is the next without an answer: a resumed flow does not ask
    /// again what its review will show.
    fn advance(&mut self) {
        self.current = match (self.pass, self.after_last) {
            (Pass::First, AfterLast::Review) => (self.current + 1..self.drafts.len())
                .find(|&index| !self.drafts[index].is_answered())
                .unwrap_or(self.drafts.len()),
            (Pass::First, AfterLast::Submit) => self.current + 1,
            (Pass::Revisit, _) => self.drafts.len(),
        };
        self.open_current();
    }

    /// Opens the current question's dialog; past the last question, the review or the result.
    fn open_current(&mut self) {
        let past_last = self.current >= self.drafts.len();
        self.state = if past_last && self.after_last == AfterLast::Review {
            self.pass = Pass::Revisit;
            review::review(&self.call, &self.drafts)
        } else {
            state_at(&self.call, &self.drafts, self.current)
        };
    }
}

/// The row a select reply names: the option string it equals, else the first it equals but for
/// case, as multi-select replies name labels.
fn choice_named(choices: &[(String, Choice)], reply: &str) -> Option<Choice> {
    let exact = choices.iter().find(|(option, _)| option == reply);
    let wanted = reply.to_lowercase();
    exact
        .or_else(|| {
            choices
                .iter()
                .find(|(option, _)| option.to_lowercase() == wanted)
        })
        .map(|(_, choice)| *choice)
}

/// What a reply does to the current question.
enum Action {
    /// Select these options in this order (the order the reply named them), and answer with
    /// this written text too when there is some.
    Pick(Vec<usize>, Option<String>),
    /// Answer with this written text.
    Write(String),
    /// Leave the question unanswered and go on.
    Skip,
    /// Keep the answer the question holds and go on.
    Keep,
    /// Ask for the written answer.
    AskText,
    /// Cancel the flow.
    Cancel,
    /// Keep the open dialog: the reply named nothing it could take.
    AskAgain,
}
