//! The result of either tool, as every flow ends and every command prints it.

use serde::Serialize;

use super::output::ToolOutput;
use super::question_tool::QuestionDetails;
use super::result::AskResult;
use super::tool::Tool;

/// The result of either tool.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ToolResult {
    /// An `ask_user` result; `structuredContent` equals `details`.
    AskUser(Box<ToolOutput<AskResult>>),
    /// An `ask_user_question` result; it declares no output schema, so no `structuredContent`.
    AskUserQuestion(ToolOutput<QuestionDetails>),
}

/// A document that is no result of the tool it was read as.
#[derive(Debug, thiserror::Error)]
#[error("not an {tool} tool result: {source}")]
pub struct UnreadableResult {
    /// The tool the document was read as.
    pub tool: Tool,
    /// What did not fit the result's shape.
    pub source: serde_json::Error,
}

impl ToolResult {
    /// Reads a result document (`{content, details, structuredContent?, isError}`) of `tool`
    /// back, as the program printed it, so a result can be shown again (a transcript).
    pub fn from_json(tool: Tool, document: serde_json::Value) -> Result<Self, UnreadableResult> {
        let unreadable = |source| UnreadableResult { tool, source };
        match tool {
            Tool::AskUser => serde_json::from_value(document)
                .map(|output| Self::AskUser(Box::new(output)))
                .map_err(unreadable),
            Tool::AskUserQuestion => serde_json::from_value(document)
                .map(Self::AskUserQuestion)
                .map_err(unreadable),
        }
    }

    /// The agent-facing text.
    pub fn text(&self) -> &str {
        match self {
            Self::AskUser(output) => output.text(),
            Self::AskUserQuestion(output) => output.text(),
        }
    }

    /// Whether the result is an error result.
    pub const fn is_error(&self) -> bool {
        match self {
            Self::AskUser(output) => output.is_error,
            Self::AskUserQuestion(output) => output.is_error,
        }
    }

    /// The result's `details` as a JSON value, as the completed event carries them.
    pub fn details_json(&self) -> serde_json::Value {
        match self {
            Self::AskUser(output) => serde_json::to_value(&output.details),
            Self::AskUserQuestion(output) => serde_json::to_value(&output.details),
        }
        .unwrap_or(serde_json::Value::Null)
    }

    /// The result's `structuredContent`, for the tools that declare an output schema.
    pub fn structured_content_json(&self) -> Option<serde_json::Value> {
        match self {
            Self::AskUser(output) => output
                .structured_content
                .as_ref()
                .and_then(|content| serde_json::to_value(content).ok()),
            Self::AskUserQuestion(output) => output
                .structured_content
                .as_ref()
                .and_then(|content| serde_json::to_value(content).ok()),
        }
    }

    /// The result as a JSON value.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}
