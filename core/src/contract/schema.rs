//! JSON Schemas of both tools' arguments and results, generated from the Rust types.

use schemars::{JsonSchema, generate::SchemaSettings};
use serde_json::Value;

use super::ask_user::AskUserArguments;
use super::output::ToolOutput;
use super::question_tool::{QuestionDetails, QuestionToolArguments};
use super::result::AskResult;
use super::tool::Tool;

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
