//! Builders for every `ask_user` result.

use indexmap::IndexMap;

use super::attachments::image_blocks;
use super::text::{
    ELABORATION_INSTRUCTION, cancelled_text, elaborate_text, invalid_answer_text,
    invalid_input_text, no_ui_text, submit_text, summary_text, with_request_id,
};
use super::{
    AskError, AskResult, Continuation, Elaboration, ElaborationItem, Mode, NextAction,
    OptionNoteItem, QuestionContext, QuestionNoteItem, QuestionState, QuestionStatus,
    ResultQuestion, Strategy, Target,
};
use crate::contract::answers::{Answer, Draft};
use crate::contract::images::Image;
use crate::contract::issue::InvalidInput;
use crate::contract::output::ToolOutput;
use crate::contract::remote::{RemoteError, RemoteErrorCode};
use crate::contract::request::Request;

fn base(request: &Request, request_id: &str) -> AskResult {
    AskResult {
        title: request.title.clone(),
        request_id: Some(request_id.to_owned()),
        cancelled: false,
        error: None,
        mode: Mode::Submit,
        questions: request.questions.iter().map(ResultQuestion::from).collect(),
        answers: IndexMap::new(),
        continuation: None,
        elaboration: None,
    }
}

/// `images` as an item carries them: `None` when there are none.
fn images_of(images: &[Image]) -> Option<Vec<Image>> {
    (!images.is_empty()).then(|| images.to_vec())
}

fn finish(
    text: &str,
    request_id: &str,
    details: AskResult,
    is_error: bool,
) -> ToolOutput<AskResult> {
    ToolOutput::new(with_request_id(text, request_id), details, is_error).with_structured_content()
}

/// The output with the image blocks of what it carries after its text.
fn with_images(request: &Request, mut output: ToolOutput<AskResult>) -> ToolOutput<AskResult> {
    let blocks = image_blocks(request, &output.details);
    output.content.extend(blocks);
    output
}

/// Submit-mode answers: every question whose entry is not empty, in question order.
fn submitted_answers(request: &Request, drafts: &[Draft]) -> IndexMap<String, Answer> {
    request
        .questions
        .iter()
        .zip(drafts)
        .filter_map(|(question, draft)| {
            Answer::from_draft(question, draft).map(|answer| (question.id.clone(), answer))
        })
        .collect()
}

/// The user submitted the form.
pub fn submit_result(
    request: &Request,
    request_id: &str,
    drafts: &[Draft],
) -> ToolOutput<AskResult> {
    let mut details = base(request, request_id);
    details.answers = submitted_answers(request, drafts);
    let text = submit_text(request, &details.answers);
    with_images(request, finish(&text, request_id, details, false))
}

/// The user asked the agent to elaborate on their notes (or on their answers, without notes).
pub fn elaborate_result(
    request: &Request,
    request_id: &str,
    drafts: &[Draft],
) -> ToolOutput<AskResult> {
    let mut details = base(request, request_id);
    details.mode = Mode::Elaborate;
    let mut items = Vec::new();
    let mut affected = Vec::new();
    let mut preserved = IndexMap::new();
    let mut states = IndexMap::new();
    for (question, draft) in request.questions.iter().zip(drafts) {
        let committed = Answer::from_draft(question, draft).filter(Answer::is_committed);
        let before = items.len();
        if draft.has_question_note() {
            items.push(ElaborationItem::Question(QuestionNoteItem {
                target: Target::Question,
                question: QuestionContext::from(question),
                answered: committed.is_some(),
                answer: committed.clone(),
                note: draft.committed_note().unwrap_or_default().to_owned(),
                images: images_of(&draft.note_images),
            }));
        }
        for (index, note) in draft.noted_options() {
            let Some(option) = question.options.get(index) else {
                continue;
            };
            items.push(ElaborationItem::Option(OptionNoteItem {
                target: Target::Option {
                    option_value: option.value.to_string(),
                },
                question: QuestionContext::from(question),
                option: option.clone(),
                selected: draft.is_selected(index),
                answered: committed.is_some(),
                answer: committed.clone(),
                note: note.to_owned(),
                images: images_of(draft.option_note_images(index)),
            }));
        }
        let status = if items.len() > before {
            affected.push(question.id.clone());
            QuestionStatus::NeedsClarification
        } else if let Some(answer) = &committed {
            preserved.insert(question.id.clone(), answer.clone());
            QuestionStatus::Answered
        } else {
            QuestionStatus::Unanswered
        };
        states.insert(question.id.clone(), QuestionState { status });
        if let Some(answer) = committed {
            details.answers.insert(question.id.clone(), answer);
        }
    }
    let text = elaborate_text(request, &details.answers, &items);
    details.continuation = Some(Continuation {
        strategy: Strategy::RefineOnly,
        affected_question_ids: affected,
        preserved_answers: preserved,
        question_states: states,
    });
    details.elaboration = Some(Elaboration {
        instruction: ELABORATION_INSTRUCTION.to_owned(),
        next_action: NextAction::ClarifyThenReask,
        items,
    });
    with_images(request, finish(&text, request_id, details, false))
}

/// The user dismissed the form. A form keeps the answers collected so far (`Some(drafts)`); an
/// explicit remote cancel has none (`None`).
pub fn cancelled_result(
    request: &Request,
    request_id: &str,
    drafts: Option<&[Draft]>,
) -> ToolOutput<AskResult> {
    let mut details = base(request, request_id);
    details.cancelled = true;
    if let Some(drafts) = drafts {
        details.answers = submitted_answers(request, drafts)
            .into_iter()
            .map(|(id, answer)| (id, answer.without_image_data()))
            .collect();
    }
    finish(cancelled_text(), request_id, details, false)
}

/// No UI can ask: the questions come back for the agent to ask another way.
pub fn no_ui_result(request: &Request, request_id: &str) -> ToolOutput<AskResult> {
    let mut details = base(request, request_id);
    details.cancelled = true;
    finish(&no_ui_text(request), request_id, details, false)
}

/// An external answer was refused; an error result the caller can correct.
pub fn invalid_answer_result(
    request: &Request,
    request_id: &str,
    refusal: &RemoteError,
) -> ToolOutput<AskResult> {
    let mut details = base(request, request_id);
    details.cancelled = true;
    let message = refusal.message.clone();
    details.error = Some(match refusal.code {
        RemoteErrorCode::InvalidRequest => AskError::InvalidRequest { message },
        RemoteErrorCode::InvalidAnswer | RemoteErrorCode::FlowNotFound => {
            AskError::InvalidAnswer { message }
        }
    });
    finish(
        &invalid_answer_text(&refusal.message),
        request_id,
        details,
        true,
    )
}

/// The arguments broke the contract; not an error result, so the agent reads the issues.
/// `title` is the arguments' `title` as given, when it is a string.
pub fn invalid_input_result(
    title: Option<String>,
    invalid: &InvalidInput,
) -> ToolOutput<AskResult> {
    let details = AskResult {
        title,
        request_id: None,
        cancelled: true,
        error: Some(AskError::InvalidInput {
            issues: invalid.issues.clone(),
        }),
        mode: Mode::Submit,
        questions: Vec::new(),
        answers: IndexMap::new(),
        continuation: None,
        elaboration: None,
    };
    ToolOutput::new(invalid_input_text(invalid), details, false).with_structured_content()
}

/// A result given once and kept in a journal (its details), given again: the text and image
/// blocks those details stand for, as they were first given.
pub fn recorded_result(request: &Request, details: AskResult) -> ToolOutput<AskResult> {
    let request_id = details.request_id.clone().unwrap_or_default();
    let text = summary_text(request, &details);
    let is_error = details.error.is_some();
    // A cancelled result carries the ids of its images only, and shows none.
    let images = !details.cancelled && !is_error;
    let output = finish(&text, &request_id, details, is_error);
    if images {
        with_images(request, output)
    } else {
        output
    }
}
