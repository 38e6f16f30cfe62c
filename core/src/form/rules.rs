//! The per-tool rules of the one form: what differs between `ask_user` and
//! `ask_user_question`, as data the state machine consults.

use crate::contract::ask_user::{CUSTOM_OPTION_LABEL, OptionSpec, Question, QuestionType, Request};
use crate::contract::question_tool::{OTHER_OPTION_LABEL, QuestionRequest, ToolQuestion};
use crate::contract::remote::CustomTextRule;

/// The tab after the questions.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum FinalTab {
    /// `ask_user`: Submit, Elaborate or Cancel, with a summary of the answers.
    Review,
    /// `ask_user_question` with several questions: submits once every question is answered.
    Submit,
}

impl FinalTab {
    /// The tab's title.
    pub const fn title(self) -> &'static str {
        match self {
            Self::Review => "Review",
            Self::Submit => "Submit",
        }
    }
}

/// An action of the final tab.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReviewAction {
    /// Finish with the answers.
    Submit,
    /// Finish asking the agent to clarify based on the notes.
    Elaborate,
    /// Cancel the flow, keeping the answers so far in the result.
    Cancel,
}

impl ReviewAction {
    /// The action's label.
    pub const fn label(self) -> &'static str {
        match self {
            Self::Submit => "Submit",
            Self::Elaborate => "Elaborate",
            Self::Cancel => "Cancel",
        }
    }

    /// What the action does, for the review screen's confirmation hint.
    pub const fn verb(self) -> &'static str {
        match self {
            Self::Submit => "submit",
            Self::Elaborate => "ask for elaboration",
            Self::Cancel => "cancel",
        }
    }
}

/// Which tool's rules a form follows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Tool {
    /// The full `ask_user` contract.
    AskUser,
    /// The Claude-Code-shaped `ask_user_question` tool.
    AskUserQuestion,
}

/// Everything the form does differently per tool.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
    /// The tool.
    pub tool: Tool,
    /// The label of the free-form row.
    pub custom_label: &'static str,
    /// The tab after the questions, if any.
    pub final_tab: Option<FinalTab>,
    /// The actions of the final tab, in order (digits 1.. pick them).
    pub actions: &'static [ReviewAction],
    /// Whether question and option notes exist.
    pub notes: bool,
    /// Whether `main.changeQuestionType` works.
    pub type_change: bool,
    /// Whether written text may be combined with picked options on multi-select questions.
    pub custom_text: CustomTextRule,
    /// Whether confirming a multi-select question needs at least one selection.
    pub multi_needs_selection: bool,
    /// Whether submitting needs every question answered.
    pub submit_needs_every_answer: bool,
}

const ASK_USER_ACTIONS: &[ReviewAction] = &[
    ReviewAction::Submit,
    ReviewAction::Elaborate,
    ReviewAction::Cancel,
];
const QUESTION_TOOL_ACTIONS: &[ReviewAction] = &[ReviewAction::Submit, ReviewAction::Cancel];

impl Rules {
    /// The rules of `ask_user`.
    pub const fn ask_user() -> Self {
        Self {
            tool: Tool::AskUser,
            custom_label: CUSTOM_OPTION_LABEL,
            final_tab: Some(FinalTab::Review),
            actions: ASK_USER_ACTIONS,
            notes: true,
            type_change: true,
            custom_text: CustomTextRule::CombinesOnMulti,
            multi_needs_selection: false,
            submit_needs_every_answer: false,
        }
    }

    /// The rules of `ask_user_question` for a call with `questions` questions: a Submit tab only
    /// when there is more than one.
    pub const fn ask_user_question(questions: usize) -> Self {
        Self {
            tool: Tool::AskUserQuestion,
            custom_label: OTHER_OPTION_LABEL,
            final_tab: if questions > 1 {
                Some(FinalTab::Submit)
            } else {
                None
            },
            actions: QUESTION_TOOL_ACTIONS,
            notes: false,
            type_change: false,
            custom_text: CustomTextRule::Exclusive,
            multi_needs_selection: true,
            submit_needs_every_answer: true,
        }
    }

    /// Whether written text and picked options are one-or-the-other on this question.
    pub const fn custom_is_exclusive(&self, question: &Question) -> bool {
        !question.is_multi() || matches!(self.custom_text, CustomTextRule::Exclusive)
    }
}

/// An `ask_user_question` request in the form's question model: headers as labels, option
/// labels as values, no preview.
pub fn question_tool_request(request: &QuestionRequest) -> Request {
    Request {
        title: None,
        questions: request
            .questions
            .iter()
            .map(question_tool_question)
            .collect(),
        background: false,
    }
}

fn question_tool_question(question: &ToolQuestion) -> Question {
    let kind = if question.multi_select {
        QuestionType::Multi
    } else {
        QuestionType::Single
    };
    Question {
        id: question.id.clone(),
        label: question.header.clone(),
        prompt: question.question.clone(),
        requested: kind,
        presented: kind,
        required: false,
        options: question
            .options
            .iter()
            .map(|option| OptionSpec {
                value: option.label.clone(),
                label: option.label.clone(),
                description: option.description.clone(),
                preview: None,
                recommended: None,
            })
            .collect(),
    }
}
