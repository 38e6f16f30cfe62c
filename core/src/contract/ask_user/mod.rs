//! The `ask_user` tool's request: its normalized questions and how arguments become one.

mod args;
mod fields;
mod parse;
#[cfg(test)]
mod parse_tests;
mod preview;

use super::request::Request;

pub use args::{AskUserArguments, OptionArguments, QuestionArguments};
pub use fields::derive_label;
pub use parse::{ParseOptions, parse_ask_user, parse_ask_user_arguments};
pub use preview::{
    FileProblem, MAX_PREVIEW_FILE_BYTES, NoPreviewFiles, PreviewFile, PreviewSource,
};

/// A valid `ask_user` call: the request, and the arguments as they are saved (preview files
/// loaded into `preview`, derived labels filled in).
#[derive(Clone, Debug, PartialEq)]
pub struct AskUserCall {
    /// The normalized request.
    pub request: Request,
    /// The arguments as saved, so recovery never reads a preview file again.
    pub arguments: serde_json::Value,
}
