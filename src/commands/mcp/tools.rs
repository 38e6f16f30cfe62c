//! The tools the server lists: both contracts, with the input schemas `schema input` prints,
//! read-only annotations, the guidance on when and how to ask, and an output schema for the
//! tool that returns `structuredContent`.

use pi_agent_ask_core::contract::ToolResult;
use pi_agent_ask_core::contract::schema::{input_schema, receipt_schema, structured_output_schema};
use serde_json::{Map, Value, json};

/// The `_meta` key that carries a result's `details` for hosts that render transcripts.
pub const DETAILS_META: &str = "pi-agent-ask/details";

/// The tool that waits for the answers of queued forms.
pub use pi_agent_ask_dialogs::rpc::WAIT_FOR_ANSWERS;

/// When and how to queue a form and wait for it, for the model.
const WAIT_GUIDANCE: &str = "Wait for the answers of every ask_user form queued with \
`background: true`, forms queued while waiting included; returns at once when none is \
outstanding, with no timeout otherwise. Queue a form when you can keep working on steps that \
do not depend on its answers; call this before any step that does, and never treat a receipt \
as an answer or an approval. Each result is delivered once: `results` holds each form's \
`result` (cancelled and elaborate results too) or the `error` it failed with.";

/// The `tools/list` entries, as JSON (`rmcp`'s `Tool` is read from it).
pub fn definitions() -> Vec<Value> {
    let mut tools: Vec<Value> = pi_agent_ask_core::contract::Tool::ALL
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
                definition["outputSchema"] = admitting_receipts(output);
            }
            definition
        })
        .collect();
    tools.push(json!({
        "name": WAIT_FOR_ANSWERS,
        "description": WAIT_GUIDANCE,
        "inputSchema": {"type": "object", "properties": {}, "additionalProperties": false},
        "annotations": {"readOnlyHint": true, "openWorldHint": false},
    }));
    tools
}

/// An `outputSchema` that admits a background receipt beside the tool's own result, since a
/// call with `background: true` returns one as its structured content.
fn admitting_receipts(output: Value) -> Value {
    match receipt_schema() {
        Some(receipt) => {
            json!({"type": "object", "anyOf": [output, receipt]})
        }
        None => output,
    }
}

/// What is wrong with `wait_for_answers` arguments, which must be none or `{}`.
pub fn wait_arguments_issue(arguments: Option<&Map<String, Value>>) -> Option<String> {
    let names: Vec<&str> = arguments?.keys().map(String::as_str).collect();
    (!names.is_empty()).then(|| {
        format!(
            "wait_for_answers takes no arguments; got {}.",
            names.join(", ")
        )
    })
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
    fn every_tool_is_read_only_and_only_ask_user_declares_an_output_schema() {
        let tools = definitions();
        let names: Vec<&str> = tools
            .iter()
            .map(|tool| tool["name"].as_str().unwrap_or_default())
            .collect();
        assert_eq!(names, ["ask_user", "ask_user_question", "wait_for_answers"]);
        for tool in &tools {
            assert_eq!(tool["annotations"]["readOnlyHint"], true);
            assert_eq!(tool["annotations"].get("destructiveHint"), None);
            assert_eq!(tool["annotations"]["openWorldHint"], false);
            assert_eq!(tool["inputSchema"]["type"], "object");
        }
        assert_eq!(tools[0]["outputSchema"]["type"], "object");
        assert_eq!(tools[1].get("outputSchema"), None);
        assert_eq!(tools[2].get("outputSchema"), None);
    }

    #[test]
    fn wait_for_answers_takes_no_arguments() {
        assert_eq!(wait_arguments_issue(None), None);
        assert_eq!(wait_arguments_issue(Some(&Map::new())), None);
        let mut given = Map::new();
        given.insert("timeout".to_owned(), json!(5));
        assert_eq!(
            wait_arguments_issue(Some(&given)).as_deref(),
            Some("wait_for_answers takes no arguments; got timeout.")
        );
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
        for tool in &definitions()[..2] {
            let description = tool["description"].as_str().unwrap_or_default();
            assert!(description.contains("2-3 related"), "{description}");
        }
    }
}
