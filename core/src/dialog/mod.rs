//! Asking through dialogs: one question after another as `select`, `input` and `editor` prompts.
//!
//! This is the fallback for hosts that can show standard dialogs but not the full form (an RPC
//! host speaking Pi's extension-UI protocol, a plain line-by-line terminal). [`DialogFlow`] is
//! the pure state machine both share: it hands out the next [`Dialog`], takes the reply, and
//! ends in the same tool results the form builds. A [`Dialog`] keeps each option's description
//! and recommendation for a surface that can show them; the RPC dialogs show the strings alone,
//! and ask a multi-select as an `editor`. The words and the multi-select reply rules
//! live in [`wording`] and [`multi`]; the review a flow can end with lives in [`review`].

mod asking;
mod flow;
pub mod multi;
pub mod review;
pub mod wording;

pub use flow::{AfterLast, DialogFlow, Position, Replied, ReplyError, Step};
pub use multi::{MultiSelectReply, UnknownTokens, parse_multi_select};

/// One option a select or a multi-select lists.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct DialogOption {
    /// The string that names the option: what the list shows, and a select's reply.
    pub text: String,
    /// More about the option, for surfaces that show it (the RPC dialogs do not).
    pub description: Option<String>,
    /// Whether the option is marked recommended, for surfaces that show it.
    pub recommended: bool,
}

impl DialogOption {
    /// An option with neither a description nor a recommendation.
    pub fn plain(text: impl Into<String>) -> Self {
        Self {
            text: text.into(),
            description: None,
            recommended: false,
        }
    }
}

/// A dialog the user answers; a dismissed dialog has no reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// Pick one of `options`; the reply is the chosen option's string.
    Select {
        /// The question, possibly with preview texts under the option strings.
        title: String,
        /// The options to choose from, each string naming one choice.
        options: Vec<DialogOption>,
    },
    /// Type one line of text.
    Input {
        /// The question.
        title: String,
        /// A hint shown in the empty field.
        placeholder: Option<String>,
        /// The written answer the question holds, asked again (`Change an answer`): shown,
        /// and kept by a blank reply.
        current: Option<String>,
    },
    /// Pick any number of `options` by typing their numbers or strings; the reply is the text
    /// typed, read by [`parse_multi_select`]. Standard dialogs ask it as an editor titled
    /// [`wording::multi_select_title`], starting empty.
    MultiSelect {
        /// The question.
        question: String,
        /// The options, numbered from 1 in this order.
        options: Vec<DialogOption>,
        /// The answer the question holds, asked again (`Change an answer`), as a reply that
        /// gives it (`1, 3, Audit log`): shown, and kept by a blank reply.
        current: Option<String>,
    },
}

impl Dialog {
    /// The dialog's title; a multi-select's is its question.
    pub fn title(&self) -> &str {
        match self {
            Self::Select { title, .. } | Self::Input { title, .. } => title,
            Self::MultiSelect { question, .. } => question,
        }
    }
}

/// The strings naming `options`, in order.
pub fn option_texts(options: &[DialogOption]) -> Vec<&str> {
    options.iter().map(|option| option.text.as_str()).collect()
}

#[cfg(test)]
mod resumed_tests;
#[cfg(test)]
mod tests;
