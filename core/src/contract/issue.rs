//! Validation issues: where an argument is wrong and what to do about it.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// One problem with the tool arguments, at a JavaScript-style property path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct Issue {
    /// Where the problem is, e.g. `questions[0].options[1].value`.
    pub path: String,
    /// What is wrong, in words a model can act on; no trailing period.
    pub message: String,
}

impl Issue {
    /// An issue at `path`.
    pub fn new(path: impl Into<String>, message: impl Into<String>) -> Self {
        Self {
            path: path.into(),
            message: message.into(),
        }
    }
}

/// Every problem found in one pass over the arguments, in the documented order.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("invalid ask_user payload ({} issue(s))", issues.len())]
pub struct InvalidInput {
    /// The issues, never empty.
    pub issues: Vec<Issue>,
}

/// JSON-quotes a string the way the contract's messages quote values.
pub(crate) fn quoted(text: &str) -> String {
    serde_json::to_string(text).unwrap_or_else(|_| format!("\"{text}\""))
}
