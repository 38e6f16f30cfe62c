//! JSON Schemas of both tools' arguments and results, generated from the Rust types.

use schemars::transform::RecursiveTransform;
use schemars::{JsonSchema, Schema, generate::SchemaSettings};
use serde_json::Value;

use super::ask_user::AskUserArguments;
use super::background::Receipt;
use super::output::ToolOutput;
use super::question_tool::{QuestionDetails, QuestionToolArguments};
use super::result::AskResult;
use super::tool::Tool;

fn schema_of<T: JsonSchema>() -> Value {
    let generator = settings().into_generator();
    serde_json::to_value(generator.into_root_schema_for::<T>()).unwrap_or(Value::Null)
}

/// Draft 2020-12, without the formats `schemars` gives numbers (`uint`, `int32`, `double`):
/// no JSON Schema vocabulary defines them, so a validator in strict mode refuses the schema
/// and others (the TypeScript SDK's) warn at every tool listing. The bounds they imply stay
/// (`minimum: 0`).
fn settings() -> SchemaSettings {
    SchemaSettings::draft2020_12().with_transform(RecursiveTransform(without_number_format))
}

fn without_number_format(schema: &mut Schema) {
    let numeric = schema
        .get("format")
        .and_then(Value::as_str)
        .is_some_and(|format| {
            format.starts_with("int")
                || format.starts_with("uint")
                || format == "float"
                || format == "double"
        });
    if numeric {
        schema.remove("format");
    }
}

/// The JSON Schema of the tool's arguments.
pub fn input_schema(tool: Tool) -> Value {
    match tool {
        Tool::AskUser => schema_of::<AskUserArguments>(),
        Tool::AskUserQuestion => schema_of::<QuestionToolArguments>(),
    }
}

/// The schema of the structured result an MCP tool declares as its `outputSchema`: an object
/// at the root with every definition inlined, as MCP requires; `None` for a tool that returns
/// no `structuredContent` (`ask_user_question`, whose details ride beside its text).
pub fn structured_output_schema(tool: Tool) -> Option<Value> {
    match tool {
        Tool::AskUser => inline_schema_of::<AskResult>(),
        Tool::AskUserQuestion => None,
    }
}

/// The schema of a background receipt's details, inlined as [`structured_output_schema`] is:
/// what a queued `ask_user` call returns as its structured result instead of an answer.
pub fn receipt_schema() -> Option<Value> {
    inline_schema_of::<Receipt>()
}

fn inline_schema_of<T: JsonSchema>() -> Option<Value> {
    let mut settings = settings();
    settings.inline_subschemas = true;
    let schema = settings.into_generator().into_root_schema_for::<T>();
    let mut value = serde_json::to_value(schema).ok()?;
    if let Some(object) = value.as_object_mut() {
        object.remove("$schema");
    }
    Some(value)
}

/// The JSON Schema of the whole tool result (`content`, `details`, `structuredContent`,
/// `isError`).
pub fn output_schema(tool: Tool) -> Value {
    match tool {
        Tool::AskUser => schema_of::<ToolOutput<AskResult>>(),
        Tool::AskUserQuestion => schema_of::<ToolOutput<QuestionDetails>>(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn has_reference(value: &Value) -> bool {
        match value {
            Value::Object(map) => map
                .iter()
                .any(|(key, value)| key == "$ref" || key == "$defs" || has_reference(value)),
            Value::Array(items) => items.iter().any(has_reference),
            _ => false,
        }
    }

    #[test]
    fn the_structured_output_schema_is_an_object_with_no_references() {
        let schema = structured_output_schema(Tool::AskUser).expect("ask_user declares one");
        assert_eq!(schema["type"], "object");
        assert!(schema["properties"]["answers"].is_object());
        assert!(!has_reference(&schema), "{schema}");
    }

    fn formats(value: &Value, found: &mut Vec<String>) {
        match value {
            Value::Object(map) => {
                if let Some(Value::String(format)) = map.get("format") {
                    found.push(format.clone());
                }
                map.values().for_each(|value| formats(value, found));
            }
            Value::Array(items) => items.iter().for_each(|value| formats(value, found)),
            _ => {}
        }
    }

    #[test]
    fn no_schema_names_a_format_json_schema_does_not_define() {
        let mut found = Vec::new();
        for tool in [Tool::AskUser, Tool::AskUserQuestion] {
            formats(&input_schema(tool), &mut found);
            formats(&output_schema(tool), &mut found);
            formats(
                &structured_output_schema(tool).unwrap_or_default(),
                &mut found,
            );
        }
        formats(&receipt_schema().unwrap_or_default(), &mut found);
        assert_eq!(found, Vec::<String>::new());
        let receipt = receipt_schema().expect("a receipt schema");
        assert_eq!(receipt["properties"]["pendingRequests"]["minimum"], 0);
    }

    #[test]
    fn ask_user_question_declares_no_structured_output() {
        assert_eq!(structured_output_schema(Tool::AskUserQuestion), None);
    }
}
