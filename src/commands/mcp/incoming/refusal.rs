//! Messages `rmcp` would refuse without saying to whom, and what takes their place.
//!
//! `rmcp` answers well-formed JSON that is no message of a shape it reads (a `tools/call`
//! whose params are an array, `"jsonrpc": "1.0"`, a reply with neither result nor error) with
//! an error that has no `id`, and drops a request broken off mid-JSON without a word: either
//! way its sender waits for the answer for ever. When such a line names its `id`, a
//! [`stand_in`] under that id takes its place: a request of [`REFUSED`], which the server
//! answers with the refusal's error, or, for a reply to one of the server's own requests (the
//! client's form, its roots), an error reply that ends that request.

use rmcp::model::{ClientJsonRpcMessage, ErrorCode};
use serde_json::{Value, json};

use super::peek::{Beginning, beginning_of};

/// The method of the request that stands in for a message the server will not take; its
/// params hold the error to answer with (`code`, `message`) and the message's `_meta`.
pub const REFUSED: &str = "pi-agent-ask/refused";

/// The byte order mark a line may start with, which `rmcp` skips.
const BYTE_ORDER_MARK: &[u8] = b"\xef\xbb\xbf";

/// Why a message is not taken: the JSON-RPC error its sender gets.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Refusal {
    pub code: ErrorCode,
    pub message: String,
}

/// What stands in for a message the server will not take, seen as `message` shows it: a
/// request of [`REFUSED`] under its `id`, an error reply under it when it is a reply, nothing
/// when it names no `id` (there is no one to answer).
pub fn stand_in(message: Beginning, refusal: &Refusal) -> Option<Value> {
    let Beginning { id, method, meta } = message;
    let id = id?;
    let code = refusal.code.0;
    Some(match method {
        Some(_) => {
            let mut params = json!({"code": code, "message": refusal.message});
            if let Some(meta) = meta {
                params["_meta"] = meta;
            }
            json!({"jsonrpc": "2.0", "id": id, "method": REFUSED, "params": params})
        }
        None => json!({"jsonrpc": "2.0", "id": id, "error": {
            "code": code,
            "message": refusal.message,
        }}),
    })
}

/// What stands in for `line`, a whole line of input, when `rmcp` could not read it as a
/// message and it names its `id`; `None` when it passes as it is.
pub fn stand_in_for_unreadable(line: &[u8]) -> Option<Value> {
    let line = line.strip_prefix(BYTE_ORDER_MARK).unwrap_or(line);
    let error = serde_json::from_slice::<ClientJsonRpcMessage>(line).err()?;
    let message = beginning_of(line);
    message.id.as_ref()?;
    let refusal = match (&message.method, error.classify()) {
        // A line that is no JSON names no request to answer unless it names its method too:
        // a reply broken off is left to `rmcp`, which drops it.
        (None, serde_json::error::Category::Syntax | serde_json::error::Category::Eof) => {
            return None;
        }
        (Some(method), serde_json::error::Category::Syntax | serde_json::error::Category::Eof) => {
            Refusal {
                code: ErrorCode::PARSE_ERROR,
                message: format!("the {method} message is not JSON: {error}"),
            }
        }
        (Some(method), _) => request_refusal(method, line, &error),
        (None, _) => Refusal {
            code: ErrorCode::INVALID_REQUEST,
            message: format!("the reply message is neither a result nor an error: {error}"),
        },
    };
    stand_in(message, &refusal)
}

/// Why a request that is JSON cannot be read as one: its `jsonrpc`, its params' kind, or what
/// `rmcp` found wrong.
fn request_refusal(method: &str, line: &[u8], error: &serde_json::Error) -> Refusal {
    let request: Value = serde_json::from_slice(line).unwrap_or_default();
    if request.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Refusal {
            code: ErrorCode::INVALID_REQUEST,
            message: format!("the {method} request must say \"jsonrpc\": \"2.0\""),
        };
    }
    let message = match request.get("params") {
        Some(params) if !params.is_object() => format!(
            "{method}: params must be an object, not {}",
            kind_of(params)
        ),
        _ => format!("{method}: the params could not be read: {error}"),
    };
    Refusal {
        code: ErrorCode::INVALID_PARAMS,
        message,
    }
}

/// The kind of a JSON value, as an error names it.
fn kind_of(value: &Value) -> &'static str {
    match value {
        Value::Null => "null",
        Value::Bool(_) => "a boolean",
        Value::Number(_) => "a number",
        Value::String(_) => "a string",
        Value::Array(_) => "an array",
        Value::Object(_) => "an object",
    }
}
