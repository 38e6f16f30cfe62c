//! Asking through dialogs: one question after another as `select`, `input` and `editor` prompts.
//!
//! This is the fallback for hosts that can show standard dialogs but not the full form (an RPC
//! host speaking Pi's extension-UI protocol, a plain line-by-line terminal). [`DialogFlow`] is
//! the pure state machine both share: it hands out the next [`Dialog`], takes the reply, and
//! ends in the same tool results the form builds. The words and the multi-select reply rules
//! live in [`wording`] and [`multi`].

mod flow;
pub mod multi;
pub mod wording;

pub use flow::{DialogFlow, ReplyError, Step};
pub use multi::{MultiSelectReply, parse_multi_select};

/// A dialog the user answers; a dismissed dialog has no reply.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Dialog {
    /// Pick one of `options`; the reply is the chosen string.
    Select {
        /// The question, possibly with preview texts under the option strings.
        title: String,
        /// The strings to choose from, each naming one choice.
        options: Vec<String>,
    },
    /// Type one line of text.
    Input {
        /// The question.
        title: String,
        /// A hint shown in the empty field.
        placeholder: Option<String>,
    },
    /// Write free text, possibly several lines.
    Editor {
        /// The question and how to answer it.
        title: String,
        /// The text the editor starts with.
        prefill: Option<String>,
    },
}

impl Dialog {
    /// The dialog's title.
    pub fn title(&self) -> &str {
        match self {
            Self::Select { title, .. } | Self::Input { title, .. } | Self::Editor { title, .. } => {
                title
            }
        }
    }
}

#[cfg(test)]
mod tests;
