//! The tool-result envelope every command prints and every flow ends with.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

use super::question_tool::QuestionDetails;
use super::result::AskResult;

/// A text block of a tool result's `content`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TextContent {
    /// Always `"text"`.
    #[serde(rename = "type")]
    pub kind: TextKind,
    /// The agent-facing text.
    pub text: String,
}

/// The only content kind this product emits.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum TextKind {
    /// Plain text.
    Text,
}

/// A tool result with typed details: `{content, details, structuredContent?, isError}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ToolOutput<D> {
    /// What the agent reads: one text block.
    pub content: Vec<TextContent>,
    /// The structured result that drives transcript rendering.
    pub details: D,
    /// The same object as `details`, for tools that declare an output schema.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub structured_content: Option<D>,
    /// Whether this is an error result the agent should correct.
    pub is_error: bool,
}

impl<D> ToolOutput<D> {
    /// A result with one text block.
    pub fn new(text: impl Into<String>, details: D, is_error: bool) -> Self {
        Self {
            content: vec![TextContent {
                kind: TextKind::Text,
                text: text.into(),
            }],
            details,
            structured_content: None,
            is_error,
        }
    }

    /// The text of the first content block.
    pub fn text(&self) -> &str {
        self.content.first().map_or("", |block| block.text.as_str())
    }
}

impl<D: Clone> ToolOutput<D> {
    /// The same result with `structuredContent` equal to `details`.
    #[must_use]
    pub fn with_structured_content(mut self) -> Self {
        self.structured_content = Some(self.details.clone());
        self
    }
}

/// The result of either tool.
#[derive(Clone, Debug, PartialEq, Serialize)]
#[serde(untagged)]
pub enum ToolResult {
    /// An `ask_user` result; `structuredContent` equals `details`.
    AskUser(Box<ToolOutput<AskResult>>),
    /// An `ask_user_question` result; it declares no output schema, so no `structuredContent`.
    AskUserQuestion(ToolOutput<QuestionDetails>),
}

impl ToolResult {
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

    /// The result as a JSON value.
    pub fn to_json(&self) -> serde_json::Value {
        serde_json::to_value(self).unwrap_or(serde_json::Value::Null)
    }
}
