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

/// A tool result as an MCP `CallToolResult`: its content blocks (the text, then any attached
/// images), `structuredContent` for the tool that declares an output schema, and `details` in
/// `_meta` for every tool.
pub fn call_result(result: &ToolResult) -> Value {
    document_result(&result.to_json())
}

/// [`call_result`] for a tool result document as `ask` prints it, such as the one an inbox or
/// a popup sends back.
pub fn document_result(document: &Value) -> Value {
    let mut meta = Map::new();
    meta.insert(
        DETAILS_META.to_owned(),
        document.get("details").cloned().unwrap_or(Value::Null),
    );
    let content = document
        .get("content")
        .filter(|content| content.is_array())
        .cloned()
        .unwrap_or_else(|| json!([]));
    let mut reply = json!({
        "resultType": "complete",
        "content": content,
        "isError": document.get("isError").and_then(Value::as_bool).unwrap_or(false),
        "_meta": meta,
    });
    if let Some(structured) = document.get("structuredContent") {
        reply["structuredContent"] = structured.clone();
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
    fn a_result_document_keeps_its_image_blocks_its_structured_content_and_its_details() {
        let details = json!({"cancelled": false, "answers": {}});
        let image = json!({"type": "image", "data": "iVBORw0KGgo=", "mimeType": "image/png"});
        let document = json!({
            "content": [{"type": "text", "text": "Answered"}, {"type": "text", "text": "Image 1"}, image],
            "details": details,
            "structuredContent": details,
            "isError": false,
        });
        let reply = document_result(&document);
        assert_eq!(reply["content"], document["content"]);
        assert_eq!(reply["structuredContent"], details);
        assert_eq!(reply["_meta"][DETAILS_META], details);
        assert_eq!(reply["isError"], false);
        let without = document_result(&json!({"content": [], "details": {}, "isError": true}));
        assert_eq!(without.get("structuredContent"), None);
        assert_eq!(without["isError"], true);
    }

    #[test]
    fn the_descriptions_tell_the_model_to_bundle_related_questions() {
        for tool in definitions() {
            let description = tool["description"].as_str().unwrap_or_default();
            assert!(description.contains("2-3 related"), "{description}");
        }
    }
}
