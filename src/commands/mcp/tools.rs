//! The tools the server lists: both contracts, with the input schemas `schema input` prints,
//! read-only annotations, the guidance on when and how to ask, and an output schema for the
//! tool that returns `structuredContent`.

use pi_agent_ask_core::contract::ToolResult;
use pi_agent_ask_core::contract::schema::{input_schema, structured_output_schema};
use serde_json::{Map, Value, json};

/// The `_meta` key that carries a result's `details` for hosts that render transcripts.
pub const DETAILS_META: &str = "pi-agent-ask/details";

/// The `tools/list` entries, as JSON (`rmcp`'s `Tool` is read from it).
pub fn definitions() -> Vec<Value> {
    pi_agent_ask_core::contract::Tool::ALL
        .into_iter()
        .map(|tool| {
            let mut definition = json!({
                "name": tool.name(),
                "description": tool.guidance(),
                "inputSchema": input_schema(tool),
                // Read-only, so no `destructiveHint`; it asks a person and nothing else.
                "annotations": {"readOnlyHint": true, "openWorldHint": false},
            });
            if let Some(output) = structured_output_schema(tool) {
                definition["outputSchema"] = output;
            }
            definition
        })
        .collect()
}

/// A tool result as an MCP `CallToolResult`: the text, `structuredContent` for the tool that
/// declares an output schema, and `details` in `_meta` for every tool.
pub fn call_result(result: &ToolResult) -> Value {
    let mut meta = Map::new();
    meta.insert(DETAILS_META.to_owned(), result.details_json());
    let mut reply = json!({
        "resultType": "complete",
        "content": [{"type": "text", "text": result.text()}],
        "isError": result.is_error(),
        "_meta": meta,
    });
    if let Some(structured) = result.structured_content_json() {
        reply["structuredContent"] = structured;
    }
    reply
}

/// An error result with only a text, for a call the server cannot run as sent.
pub fn error_result(text: &str) -> Value {
    json!({"resultType": "complete", "content": [{"type": "text", "text": text}], "isError": true})
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn both_tools_are_read_only_and_only_ask_user_declares_an_output_schema() {
        let tools = definitions();
        let names: Vec<&str> = tools
            .iter()
            .map(|tool| tool["name"].as_str().unwrap_or_default())
            .collect();
        assert_eq!(names, ["ask_user", "ask_user_question"]);
        for tool in &tools {
            assert_eq!(tool["annotations"]["readOnlyHint"], true);
            assert_eq!(tool["annotations"].get("destructiveHint"), None);
            assert_eq!(tool["annotations"]["openWorldHint"], false);
            assert_eq!(tool["inputSchema"]["type"], "object");
        }
        assert_eq!(tools[0]["outputSchema"]["type"], "object");
        assert_eq!(tools[1].get("outputSchema"), None);
    }

    #[test]
    fn the_descriptions_tell_the_model_to_bundle_related_questions() {
        for tool in definitions() {
            let description = tool["description"].as_str().unwrap_or_default();
            assert!(description.contains("2-3 related"), "{description}");
        }
    }
}
