//! The per-tool rules every surface follows: what differs between `ask_user` and
//! `ask_user_question`, as data a form and the dialogs consult. A call hands them out
//! ([`super::call::Call::rules`]); no surface decides them from the tool.

use super::question_tool::OTHER_OPTION_LABEL;
use super::remote::CustomTextRule;
use super::request::{CUSTOM_OPTION_LABEL, Question};

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

/// What the words of a multi-select dialog reply that name no option mean.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum UnknownTokens {
    /// The whole trimmed reply becomes the written answer, and no option is picked
    /// (`ask_user_question`).
    WholeReplyWritten,
    /// They are joined with `, ` into the written answer, next to the options the other tokens
    /// named (`ask_user`).
    BecomeCustomText,
}

/// How dialogs make every option string name one option.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum OptionStrings {
    /// A label shared with another option or with the write-your-own row gets ` [<value>]`;
    /// the write-your-own row is listed in selects and multi-selects alike (`ask_user`).
    ValueAfterSharedLabel,
    /// A label equal to the write-your-own row gets ` (option <n>)`, in selects only, where
    /// that row is listed (`ask_user_question`, whose labels are unique already).
    PositionAfterCustomLabel,
}

/// Whether ending a flow that holds answers asks for the same key again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum DirtyDismiss {
    /// As the `confirmDismissWhenDirty` setting says (`ask_user`).
    AsSettingSays,
    /// Never: `esc` and `ctrl+c` end the flow at once (`ask_user_question`, which has no
    /// such setting).
    Never,
}

/// Everything a surface does differently per tool, as data: a form or the dialogs consult
/// these and never the tool itself.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rules {
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
    /// What the words of a multi-select dialog reply that name no option mean.
    pub unknown_words: UnknownTokens,
    /// How dialogs tell apart option strings that would read alike.
    pub option_strings: OptionStrings,
    /// Whether cancelling a flow with answers in it may need the key twice.
    pub dirty_dismiss: DirtyDismiss,
    /// Whether the editors take images from the clipboard.
    pub images: ImagePaste,
    /// How a written answer reaches the result, which the review shows as it will be sent.
    pub written_answer: WrittenAnswer,
}

/// How a written answer reaches the result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum WrittenAnswer {
    /// As typed, spaces and line breaks at its ends included (`customText`).
    AsTyped,
    /// Without the spaces and line breaks at its ends (`user wrote: <text>`).
    Trimmed,
}

impl WrittenAnswer {
    /// `text` as the result carries it.
    pub fn of(self, text: &str) -> &str {
        match self {
            Self::AsTyped => text,
            Self::Trimmed => text.trim(),
        }
    }
}

/// Whether answers and notes can carry images. Handed to a form asked in another process (an
/// inbox, a popup) as `"fromClipboard"` or `"unsupported"`.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum ImagePaste {
    /// The editors attach clipboard images; results carry them.
    #[default]
    FromClipboard,
    /// The contract, or the host the answer goes to, has no place for images.
    Unsupported,
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
            custom_label: CUSTOM_OPTION_LABEL,
            final_tab: Some(FinalTab::Review),
            actions: ASK_USER_ACTIONS,
            notes: true,
            type_change: true,
            custom_text: CustomTextRule::CombinesOnMulti,
            multi_needs_selection: false,
            submit_needs_every_answer: false,
            unknown_words: UnknownTokens::BecomeCustomText,
            option_strings: OptionStrings::ValueAfterSharedLabel,
            dirty_dismiss: DirtyDismiss::AsSettingSays,
            images: ImagePaste::FromClipboard,
            written_answer: WrittenAnswer::AsTyped,
        }
    }

    /// The rules of `ask_user_question` for a call with `questions` questions: a Submit tab only
    /// when there is more than one.
    pub const fn ask_user_question(questions: usize) -> Self {
        Self {
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
            unknown_words: UnknownTokens::WholeReplyWritten,
            option_strings: OptionStrings::PositionAfterCustomLabel,
            dirty_dismiss: DirtyDismiss::Never,
            images: ImagePaste::Unsupported,
            written_answer: WrittenAnswer::Trimmed,
        }
    }

    /// Whether written text and picked options are one-or-the-other on this question.
    pub const fn custom_is_exclusive(&self, question: &Question) -> bool {
        !question.is_multi() || matches!(self.custom_text, CustomTextRule::Exclusive)
    }
}
