//! The `ask_user` tool's request: its normalized questions and how arguments become one.

mod args;
mod entry;
mod fields;
mod option_object;
mod options;
mod parse;
#[cfg(test)]
mod parse_tests;
mod preview;
mod repeated;
mod saved;
mod tap;

use super::request::Request;

pub use args::{AskUserArguments, OptionArguments, QuestionArguments};
pub use fields::derive_label;
pub use parse::{ParseOptions, parse_ask_user};
pub(crate) use parse::{ReadAskUser, read_ask_user};
pub use preview::{
    FileProblem, MAX_PREVIEW_FILE_BYTES, MAX_PREVIEW_FILES_BYTES, NoPreviewFiles, PreviewFile,
    PreviewSource,
};
pub use saved::{SavedArguments, SavedArgumentsView};

/// A valid `ask_user` call: the request, and the arguments as they are saved (preview files
/// loaded into `preview`, derived labels filled in).
#[derive(Clone, Debug, PartialEq)]
pub struct AskUserCall {
    /// The normalized request.
    pub request: Request,
    /// The arguments as saved, so recovery never reads a preview file again.
    pub arguments: serde_json::Value,
}
