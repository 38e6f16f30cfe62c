//! The tool-result envelope `{content, details, structuredContent?, isError}`, for any details.

use schemars::JsonSchema;
use serde::{Deserialize, Serialize};

/// A text block of a tool result's `content`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
pub struct TextContent {
    /// Always `"text"`.
    #[serde(rename = "type")]
    pub kind: TextKind,
    /// The agent-facing text.
    pub text: String,
}

/// The kind of a text block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum TextKind {
    /// Plain text.
    Text,
}

/// An image block of a tool result's `content`: the bytes the model sees, beside the text
/// that names what they belong to.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase")]
pub struct ImageContent {
    /// Always `"image"`.
    #[serde(rename = "type")]
    pub kind: ImageKind,
    /// The bytes in base64, without a data-URI prefix.
    pub data: String,
    /// The image's media type.
    pub mime_type: String,
}

/// The kind of an image block.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "lowercase")]
pub enum ImageKind {
    /// An image.
    Image,
}

/// One block of a tool result's `content`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize, JsonSchema)]
#[serde(untagged)]
pub enum Content {
    /// Text for the agent.
    Text(TextContent),
    /// An attached image.
    Image(ImageContent),
}

impl Content {
    /// A text block.
    pub fn text(text: impl Into<String>) -> Self {
        Self::Text(TextContent {
            kind: TextKind::Text,
            text: text.into(),
        })
    }
}

/// A tool result with typed details: `{content, details, structuredContent?, isError}`.
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize, JsonSchema)]
#[serde(rename_all = "camelCase", bound(deserialize = "D: Deserialize<'de>"))]
pub struct ToolOutput<D> {
    /// What the agent reads: one text block, then for each attached image a text naming
    /// what it belongs to and the image.
    pub content: Vec<Content>,
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
            content: vec![Content::text(text)],
            details,
            structured_content: None,
            is_error,
        }
    }

    /// The text of the first content block.
    pub fn text(&self) -> &str {
        match self.content.first() {
            Some(Content::Text(block)) => &block.text,
            _ => "",
        }
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
