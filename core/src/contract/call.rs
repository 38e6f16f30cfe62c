//! One tool call, whichever tool it is: every decision that depends on the tool is made here.
//!
//! A surface (the form, the dialogs, an RPC session, a command of the program) parses the
//! arguments into a [`Call`] and then only asks it: which questions to show ([`Call::request`]),
//! which rules to follow ([`Call::rules`]), and which result each way of ending gives
//! ([`Call::submit`], [`Call::elaborate`], [`Call::cancelled`], [`Call::answer_remote`],
//! [`Call::no_ui`]). Arguments that break the contract give an [`InvalidCall`], which carries
//! the tool's own answer for them.

use std::sync::Arc;

use serde::Serialize;
use serde_json::Value;

use super::answers::{Draft, Mode, with_markers};
use super::ask_user::{SavedArguments, SavedArgumentsView};
use super::background::Delivery;
use super::question_tool::{self, QuestionRequest};
use super::remote::{
    AnswerSpec, RemoteError, RemoteErrorCode, RemoteResponse, validate_remote_response,
};
use super::request::{Question, QuestionType, Request};
use super::result::{self, AskResult};
use super::rules::{ImagePaste, Rules};
use super::tool::Tool;
use super::tool_result::ToolResult;

mod invalid;
mod parse;

pub use invalid::{CheckIssue, InvalidCall};

/// What a line break inside one line of a form's unsent text becomes: the line's next lines
/// indented under it.
const UNSENT_CONTINUATION: &str = "\n  ";

/// What only one tool's results need.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Origin {
    /// `ask_user`: its results carry the call's request id.
    AskUser { request_id: String },
    /// `ask_user_question`: its results describe the questions as the model sent them.
    AskUserQuestion(QuestionRequest),
}

/// The normalized request of a call, borrowed; it serializes as [`Call::normalized_request`].
#[derive(Serialize)]
#[serde(untagged)]
pub enum NormalizedRequest<'a> {
    /// `ask_user`: the title and questions.
    AskUser(&'a Request),
    /// `ask_user_question`: the questions in that tool's own shape.
    AskUserQuestion(&'a QuestionRequest),
}

/// The arguments of a call as they are saved.
#[derive(Clone, Debug, PartialEq, Eq)]
enum Arguments {
    /// `ask_user`: kept beside the request, which holds their texts.
    AskUser(SavedArguments),
    /// `ask_user_question`: the document as sent.
    AsSent(Value),
}

/// The saved arguments of a call, borrowed; it serializes as [`Call::arguments`].
#[derive(Serialize)]
#[serde(untagged)]
pub enum ArgumentsView<'a> {
    /// `ask_user`: read together with the request.
    AskUser(SavedArgumentsView<'a>),
    /// `ask_user_question`: the document as sent.
    AsSent(&'a Value),
}

/// A valid call of either tool, with the questions as the user currently sees them.
///
/// Cheap to clone: a surface asks with its own copy while the program keeps one for the
/// journal and the events, and the two share the saved arguments and the request (all the
/// options' texts), the request until a question's type changes on one of them.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Call {
    origin: Origin,
    request: Arc<Request>,
    rules: Rules,
    arguments: Arc<Arguments>,
}

impl Call {
    /// The tool the call follows.
    pub const fn tool(&self) -> Tool {
        match self.origin {
            Origin::AskUser { .. } => Tool::AskUser,
            Origin::AskUserQuestion(_) => Tool::AskUserQuestion,
        }
    }

    /// The request id the results carry, for a tool whose results carry one (`ask_user`):
    /// an ask sent elsewhere is known by it, so its answer comes back under the same id.
    pub fn request_id(&self) -> Option<&str> {
        match &self.origin {
            Origin::AskUser { request_id } => Some(request_id),
            Origin::AskUserQuestion(_) => None,
        }
    }

    /// Whether the agent waits for the answer or has it queued: only an `ask_user` call that
    /// asked for `background: true` is queued, since only its answers carry a request id.
    pub fn delivery(&self) -> Delivery {
        match &self.origin {
            Origin::AskUser { .. } if self.request.background => Delivery::Background,
            Origin::AskUser { .. } | Origin::AskUserQuestion(_) => Delivery::Await,
        }
    }

    /// The questions every surface asks, with the types as presented now.
    pub fn request(&self) -> &Request {
        &self.request
    }

    /// The rules a surface follows for this call.
    pub const fn rules(&self) -> &Rules {
        &self.rules
    }

    /// The call with its editors taking images as `images` says: a host whose answers are
    /// text alone (Claude Code's `AskUserQuestion`) has nowhere to put an image, so its form
    /// takes none rather than drop one the person attached. A contract without images keeps
    /// taking none.
    #[must_use]
    pub fn with_images(mut self, images: ImagePaste) -> Self {
        if images == ImagePaste::Unsupported {
            self.rules.images = ImagePaste::Unsupported;
        }
        self
    }

    /// The arguments as they are saved: preview files loaded, derived labels filled in
    /// (`ask_user`), or as sent (`ask_user_question`); built as a document on each call.
    pub fn arguments(&self) -> Value {
        match &*self.arguments {
            Arguments::AskUser(saved) => saved.to_value(&self.request),
            Arguments::AsSent(arguments) => arguments.clone(),
        }
    }

    /// [`Call::arguments`] borrowed from the call, to serialize without building a document.
    pub fn arguments_view(&self) -> ArgumentsView<'_> {
        match &*self.arguments {
            Arguments::AskUser(saved) => ArgumentsView::AskUser(saved.view(&self.request)),
            Arguments::AsSent(arguments) => ArgumentsView::AsSent(arguments),
        }
    }

    /// Shows question `index` as `presented` from now on; the results report the change. Does
    /// nothing when the rules allow no type change or there is no such question.
    pub fn present(&mut self, index: usize, presented: QuestionType) {
        if !self.rules.type_change {
            return;
        }
        let unchanged = self
            .request
            .questions
            .get(index)
            .is_none_or(|question| question.presented == presented);
        if unchanged {
            return;
        }
        if let Some(question) = Arc::make_mut(&mut self.request).questions.get_mut(index) {
            question.presented = presented;
        }
    }

    /// The form's title, as the started event and the screen show it.
    pub fn title(&self) -> Option<&str> {
        self.request.title.as_deref()
    }

    /// The normalized request as `check` prints it: the title and questions of `ask_user`, or
    /// the questions of `ask_user_question` in its own shape.
    pub fn normalized_request(&self) -> Value {
        match &self.origin {
            Origin::AskUser { .. } => to_json(&*self.request),
            Origin::AskUserQuestion(questions) => to_json(questions),
        }
    }

    /// [`Call::normalized_request`] borrowed from the call, to serialize without building a
    /// document: a long list of options is written once, not copied first.
    pub fn normalized_request_view(&self) -> NormalizedRequest<'_> {
        match &self.origin {
            Origin::AskUser { .. } => NormalizedRequest::AskUser(&self.request),
            Origin::AskUserQuestion(questions) => NormalizedRequest::AskUserQuestion(questions),
        }
    }

    /// The normalized questions, as the started event carries them.
    pub fn normalized_questions(&self) -> Value {
        match &self.origin {
            Origin::AskUser { .. } => to_json(&self.request.questions),
            Origin::AskUserQuestion(questions) => to_json(&questions.questions),
        }
    }

    /// What the question-waiting notification names: the first question's label, or its
    /// prompt when the label is only the `Q1` fallback.
    pub fn waiting_subject(&self) -> &str {
        self.request
            .questions
            .first()
            .map_or("", |question: &Question| {
                if question.label == "Q1" {
                    &question.prompt
                } else {
                    &question.label
                }
            })
    }

    /// What a remote answer may address: question ids, option values, presented multi-select.
    pub fn answer_specs(&self) -> Vec<AnswerSpec> {
        AnswerSpec::for_request(&self.request)
    }

    /// The user submitted these answers, one draft per question.
    pub fn submit(&self, drafts: &[Draft]) -> ToolResult {
        match &self.origin {
            Origin::AskUser { request_id } => ToolResult::AskUser(Box::new(result::submit_result(
                &self.request,
                request_id,
                drafts,
            ))),
            Origin::AskUserQuestion(questions) => {
                ToolResult::AskUserQuestion(question_tool::answered_result(questions, drafts))
            }
        }
    }

    /// The user asked the agent to elaborate on these answers and notes; a tool without
    /// elaboration submits them.
    pub fn elaborate(&self, drafts: &[Draft]) -> ToolResult {
        match &self.origin {
            Origin::AskUser { request_id } => ToolResult::AskUser(Box::new(
                result::elaborate_result(&self.request, request_id, drafts),
            )),
            Origin::AskUserQuestion(_) => self.submit(drafts),
        }
    }

    /// The flow ended in `mode` with these answers.
    pub fn finish(&self, mode: Mode, drafts: &[Draft]) -> ToolResult {
        match mode {
            Mode::Submit => self.submit(drafts),
            Mode::Elaborate => self.elaborate(drafts),
        }
    }

    /// The user dismissed the flow, or it was ended from outside, keeping the answers collected
    /// so far (`Some`); an explicit remote cancel keeps none (`None`).
    pub fn cancelled(&self, drafts: Option<&[Draft]>) -> ToolResult {
        match &self.origin {
            Origin::AskUser { request_id } => ToolResult::AskUser(Box::new(
                result::cancelled_result(&self.request, request_id, drafts),
            )),
            Origin::AskUserQuestion(questions) => ToolResult::AskUserQuestion(
                question_tool::cancelled_result(questions, drafts.unwrap_or_default()),
            ),
        }
    }

    /// The result an earlier ask of this call gave, kept in a journal as its `details`, given
    /// again; `None` for an `ask_user_question` call, which is never journaled.
    pub fn recorded(&self, details: AskResult) -> Option<ToolResult> {
        match &self.origin {
            Origin::AskUser { .. } => Some(ToolResult::AskUser(Box::new(result::recorded_result(
                &self.request,
                details,
            )))),
            Origin::AskUserQuestion(_) => None,
        }
    }

    /// What `drafts` hold, in the words their submitted answers would read (without the
    /// `Request ID:` line), for a form that ends without them: a form asked before a restart
    /// that nothing can ask again tells the agent what was written in it. A submitted answer
    /// keeps the notes of its chosen options only; the notes on the others are told after
    /// their question's lines. A line's own line breaks are indented, so that a note of
    /// several lines reads as one. `None` when nothing was entered.
    pub fn unsent_text(&self, drafts: &[Draft]) -> Option<String> {
        if !drafts.iter().any(Draft::is_dirty) {
            return None;
        }
        let lines = match self.submit(drafts) {
            ToolResult::AskUser(output) => {
                result::submit_lines(self.request(), &output.details.answers, |index| {
                    self.unchosen_option_notes(index, drafts)
                })
            }
            ToolResult::AskUserQuestion(output) => output
                .details
                .answers
                .iter()
                .map(question_tool::QuestionAnswer::line)
                .collect(),
        };
        let lines: Vec<String> = lines
            .iter()
            .map(|line| line.replace('\n', UNSENT_CONTINUATION))
            .collect();
        Some(lines.join("\n"))
    }

    /// `<label> / <option label> note: <note>` for each note written in `drafts` on an option
    /// of question `index` that is not chosen.
    fn unchosen_option_notes(&self, index: usize, drafts: &[Draft]) -> Vec<String> {
        let (Some(question), Some(draft)) =
            (self.request().questions.get(index), drafts.get(index))
        else {
            return Vec::new();
        };
        draft
            .noted_options()
            .into_iter()
            .filter(|&(option, _)| !draft.is_selected(option))
            .filter_map(|(option, note)| {
                let spec = question.options.get(option)?;
                let images = draft.option_note_images.get(&option).map_or(0, Vec::len);
                let note = with_markers(note, images);
                Some(format!("{} / {} note: {note}", question.label, spec.label))
            })
            .collect()
    }

    /// No surface can ask: the result tells the agent to ask another way.
    pub fn no_ui(&self) -> ToolResult {
        match &self.origin {
            Origin::AskUser { request_id } => {
                ToolResult::AskUser(Box::new(result::no_ui_result(&self.request, request_id)))
            }
            Origin::AskUserQuestion(questions) => {
                ToolResult::AskUserQuestion(question_tool::unavailable_result(questions))
            }
        }
    }

    /// The result a remote response gives (an RPC submit, `--answer`), checked against the
    /// questions as presented; a refused response leaves the call as it was.
    pub fn answer_remote(&self, response: &Value) -> Result<ToolResult, RemoteError> {
        let specs = self.answer_specs();
        Ok(
            match validate_remote_response(response, &specs, self.rules.custom_text)? {
                RemoteResponse::Answer { mode, drafts } => self.finish(mode, &drafts),
                RemoteResponse::Cancel => self.cancelled(None),
            },
        )
    }

    /// The result a remote response gives, or the error result that refuses it.
    pub fn answered_by(&self, response: &Value) -> ToolResult {
        self.answer_remote(response)
            .unwrap_or_else(|error| self.refused(&error))
    }

    /// The error result that refuses an answer a surface gave, saying why in `message`.
    pub fn invalid_answer(&self, message: &str) -> ToolResult {
        self.refused(&RemoteError {
            code: RemoteErrorCode::InvalidAnswer,
            message: message.to_owned(),
        })
    }

    /// The error result of a refused response, of the refusal's kind: `invalid_request` for an
    /// envelope that is no answer or cancel, `invalid_answer` for an answer that breaks a rule.
    fn refused(&self, refusal: &RemoteError) -> ToolResult {
        match &self.origin {
            Origin::AskUser { request_id } => ToolResult::AskUser(Box::new(
                result::invalid_answer_result(&self.request, request_id, refusal),
            )),
            Origin::AskUserQuestion(questions) => ToolResult::AskUserQuestion(
                question_tool::invalid_answer_result(questions, &refusal.message),
            ),
        }
    }
}

fn to_json(value: &impl Serialize) -> Value {
    serde_json::to_value(value).unwrap_or(Value::Null)
}

#[cfg(test)]
#[path = "call_tests.rs"]
mod tests;
