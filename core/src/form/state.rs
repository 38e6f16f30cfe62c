//! The form's state: where the user is, what is pending, and the answers as drafts.

use super::drafts::Drafts;
use super::editor::Editor;
use crate::contract::rules::ReviewAction;

/// Where keys go.
#[derive(Clone, Debug)]
pub enum Focus {
    /// The option list of a question tab.
    Options,
    /// An open editor (free-form answer or note).
    Editor(Box<Editor>),
    /// The final tab's actions.
    Review,
}

/// A confirmation waiting for the same key (or click) again; any other key clears it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Pending {
    /// Nothing is waiting.
    #[default]
    None,
    /// A multi-to-single type change that would drop selections.
    TypeChange,
    /// A review shortcut digit pressed once (double-press review shortcuts).
    ReviewShortcut(ReviewAction),
    /// A final-tab action clicked once; a second click on it runs it.
    ClickedAction(ReviewAction),
}

/// The key the user pressed to end the whole flow; a dirty form asks for the same one again.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Dismissal {
    /// `main.cancel` (Esc outside editors).
    Cancel,
    /// `global.dismiss` (Ctrl+C anywhere).
    Dismiss,
}

/// A one-keystroke message about why an action did nothing.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Notice {
    /// Confirming a multi-select question without a selection (`ask_user_question`).
    SelectAtLeastOne,
    /// Submitting before every question is answered (`ask_user_question`).
    AnswerEveryQuestion,
    /// A clipboard read found no image.
    NoClipboardImage,
    /// No clipboard could be read.
    ClipboardUnavailable,
    /// The clipboard's bytes are no image of a known kind.
    NotAnImage,
    /// The clipboard's image is over the size limit.
    ImageTooLarge,
    /// The editor holds as many images as it may.
    TooManyImages,
    /// Text pasted on the final tab, where nothing takes it.
    PasteOnQuestion,
    /// The paste-image key in a form whose answers carry no images (`ask_user_question`, a
    /// host whose answers are text).
    ImagesNotTaken,
}

impl Notice {
    /// The message shown.
    pub const fn message(self) -> &'static str {
        match self {
            Self::SelectAtLeastOne => "Select at least one option.",
            Self::PasteOnQuestion => {
                "Nothing here takes text: paste on a question to write its answer."
            }
            Self::AnswerEveryQuestion => "Answer every question before submitting.",
            Self::NoClipboardImage => "No image on the clipboard.",
            Self::ClipboardUnavailable => "The clipboard cannot be read here.",
            Self::NotAnImage => "The clipboard holds no PNG, JPEG, GIF or WebP image.",
            Self::ImageTooLarge => "Images are limited to 10 MiB each.",
            Self::TooManyImages => "An answer or a note holds at most 5 images.",
            Self::ImagesNotTaken => {
                "This form takes no images: its answers reach the agent as text."
            }
        }
    }
}

/// Whether the flow is still asking.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Phase {
    /// Waiting for the user.
    Open,
    /// A result was emitted; further input is ignored.
    Finished,
}

/// The top of the preview pane: a line of the preview's line index and a wrapped row in it.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct PreviewScroll {
    /// Where the first shown segment of the text starts, in bytes (a line's start, or where
    /// a very long line is cut into segments).
    pub line: usize,
    /// The wrapped row of that line shown first.
    pub row: usize,
}

/// The top of the review's summary: where in one question's part of it the top row starts,
/// so a resize, which lays the summary out anew, keeps the same text at the top, where a row
/// number would show another part of the summary.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct SummaryPlace {
    /// The question whose part holds the row.
    pub question: usize,
    /// The cells of text in the part's rows above it, its indentation left out and a blank
    /// row counted as one: nearly the same at any width, and one more for each row down.
    pub cells: usize,
}

/// Everything that changes while the user answers.
#[derive(Clone, Debug)]
pub struct State {
    /// The active tab: a question index, or the number of questions for the final tab.
    pub tab: usize,
    /// The highlighted row of each question (the last row is the free-form row).
    pub cursors: Vec<usize>,
    /// The answers so far, one per question.
    pub drafts: Drafts,
    /// Where keys go.
    pub focus: Focus,
    /// A confirmation waiting for its second key.
    pub pending: Pending,
    /// A dismissal waiting for its second press; stays until the tab changes.
    pub armed: Option<Dismissal>,
    /// A message about the last key.
    pub notice: Option<Notice>,
    /// Messages about the settings the flow opened with (an invalid file, invalid keymaps),
    /// shown until the first key.
    pub opening_notices: Vec<String>,
    /// The highlighted final-tab action.
    pub review_cursor: usize,
    /// The first summary row shown on the final tab.
    pub review_scroll: SummaryPlace,
    /// The first prompt row shown on the active question tab, when its prompt does not fit.
    pub prompt_scroll: usize,
    /// The preview pane's scroll position for the highlighted option.
    pub preview: PreviewScroll,
    /// What is typed to find an option, while finding (`/` on an option list).
    pub find: Option<String>,
    /// Whether the flow is over.
    pub phase: Phase,
    /// The generation of the last `@` reference query asked for.
    pub file_queries: u64,
    /// The number of the last clipboard image read asked for.
    pub image_reads: u64,
    /// How many images were attached so far, for their ids.
    pub images_attached: u64,
}

impl State {
    /// The state of a new form with `questions` questions, on the first tab.
    pub fn new(questions: usize) -> Self {
        Self {
            tab: 0,
            cursors: vec![0; questions],
            drafts: Drafts::new(questions),
            focus: Focus::Options,
            pending: Pending::None,
            armed: None,
            notice: None,
            opening_notices: Vec::new(),
            review_cursor: 0,
            review_scroll: SummaryPlace::default(),
            prompt_scroll: 0,
            preview: PreviewScroll::default(),
            find: None,
            phase: Phase::Open,
            file_queries: 0,
            image_reads: 0,
            images_attached: 0,
        }
    }

    /// The open editor, if any.
    pub fn editor(&self) -> Option<&Editor> {
        match &self.focus {
            Focus::Editor(editor) => Some(editor),
            Focus::Options | Focus::Review => None,
        }
    }

    /// The open editor, mutably.
    pub fn editor_mut(&mut self) -> Option<&mut Editor> {
        match &mut self.focus {
            Focus::Editor(editor) => Some(editor),
            Focus::Options | Focus::Review => None,
        }
    }
}
