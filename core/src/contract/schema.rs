//! JSON Schemas of both tools' arguments and results, generated from the Rust types.

use schemars::{JsonSchema, generate::SchemaSettings};
use serde_json::Value;

use super::ToolOutput;
use super::ask_user::AskUserArguments;
use super::question_tool::{QuestionDetails, QuestionToolArguments};
use super::result::AskResult;

/// Which tool contract arguments follow.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Tool {
    /// The full `ask_user` contract.
    #[default]
    AskUser,
    /// The Claude-Code-shaped `ask_user_question` tool.
    AskUserQuestion,
}

impl Tool {
    /// The tool's name as agents call it.
    pub const fn name(self) -> &'static str {
        match self {
            Self::AskUser => "ask_user",
            Self::AskUserQuestion => "ask_user_question",
        }
    }
}

fn schema_of<T: JsonSchema>() -> Value {
    let generator = SchemaSettings::draft2020_12().into_generator();
    serde_json::to_value(generator.into_root_schema_for::<T>()).unwrap_or(Value::Null)
}

/// The JSON Schema of the tool's arguments.
pub fn input_schema(tool: Tool) -> Value {
    match tool {
        Tool::AskUser => schema_of::<AskUserArguments>(),
        Tool::AskUserQuestion => schema_of::<QuestionToolArguments>(),
    }
}

/// The JSON Schema of the whole tool result (`content`, `details`, `structuredContent`,
/// `isError`).
pub fn output_schema(tool: Tool) -> Value {
    match tool {
        Tool::AskUser => schema_of::<ToolOutput<AskResult>>(),
        Tool::AskUserQuestion => schema_of::<ToolOutput<QuestionDetails>>(),
    }
}
