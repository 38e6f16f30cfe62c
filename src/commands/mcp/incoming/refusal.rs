//! Messages `rmcp` would refuse without saying to whom, and what takes their place.
//!
//! `rmcp` answers well-formed JSON that is no message of a shape it reads (a `tools/call`
//! whose params are an array, `"jsonrpc": "1.0"`, a method that is no name, a reply with
//! neither result nor error) with an error that has no `id`, and drops a message broken off
//! mid-JSON without a word: either way its sender waits for the answer for ever. When such a
//! line names its `id`, a [`stand_in`] under that id takes its place: a request of
//! [`REFUSED`], which the server answers with the refusal's error, or, for a reply to one of
//! the server's own requests (the client's form, its roots), an error reply that ends that
//! request. A notification it cannot read is set aside: nothing answers a notification.

use rmcp::model::{ClientJsonRpcMessage, ErrorCode};
use serde_json::error::Category;
use serde_json::{Value, json};

use super::peek::{Beginning, Kind, beginning_of};

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

/// Who waits for the answer to a message not taken.
#[derive(Clone, Debug, PartialEq)]
pub enum Sender {
    /// The client, for its request; its params' `_meta` (an object), which a request of
    /// 2026-07-28 needs to be answered at all.
    Request { meta: Option<Value> },
    /// The server, for its own request this replies to.
    Reply,
}

/// What stands in for a message under `id` that the server will not take: a request of
/// [`REFUSED`], or an error reply.
pub fn stand_in(id: &Value, sender: Sender, refusal: &Refusal) -> Value {
    let code = refusal.code.0;
    match sender {
        Sender::Request { meta } => {
            let mut params = json!({"code": code, "message": refusal.message});
            if let Some(meta) = meta.filter(Value::is_object) {
                params["_meta"] = meta;
            }
            json!({"jsonrpc": "2.0", "id": id, "method": REFUSED, "params": params})
        }
        Sender::Reply => json!({"jsonrpc": "2.0", "id": id, "error": {
            "code": code,
            "message": refusal.message,
        }}),
    }
}

/// What becomes of a whole line of input.
#[derive(Clone, Debug, PartialEq)]
pub enum Verdict {
    /// `rmcp` reads it, or nothing better can be done: it goes on as it is.
    Pass,
    /// It goes, and this message takes its place.
    Replace(Value),
    /// It goes, and nothing takes its place: a notification `rmcp` would answer.
    SetAside,
}

/// What becomes of `line`, a whole line of input, as the module says.
pub fn verdict(line: &[u8]) -> Verdict {
    let line = line.strip_prefix(BYTE_ORDER_MARK).unwrap_or(line);
    let Err(error) = serde_json::from_slice::<ClientJsonRpcMessage>(line) else {
        return Verdict::Pass;
    };
    let message = beginning_of(line);
    let not_json = matches!(error.classify(), Category::Syntax | Category::Eof);
    let Some(id) = message.id.clone() else {
        // A notification has no `id` at all; a request whose `id` is no integer or string
        // is left to `rmcp`, which answers it without one.
        let notification = message.kind == Kind::Request
            && !not_json
            && serde_json::from_slice::<Value>(line)
                .is_ok_and(|message| message.get("id").is_none());
        return if notification {
            Verdict::SetAside
        } else {
            Verdict::Pass
        };
    };
    let name = message.method.as_deref().unwrap_or("request");
    let (sender, refusal) = match (message.kind, not_json) {
        (Kind::Request, true) => (
            Sender::Request { meta: message.meta },
            Refusal {
                code: ErrorCode::PARSE_ERROR,
                message: format!("the {name} message is not JSON: {error}"),
            },
        ),
        (Kind::Request, false) => (
            Sender::Request {
                meta: message.meta.clone(),
            },
            request_refusal(&message, line, &error),
        ),
        (Kind::Reply, true) => (
            Sender::Reply,
            Refusal {
                code: ErrorCode::PARSE_ERROR,
                message: format!("the reply message is not JSON: {error}"),
            },
        ),
        // Broken off before it showed what it is: nobody can say who waits for it.
        (Kind::Unknown, true) => return Verdict::Pass,
        (Kind::Reply | Kind::Unknown, false) => (
            Sender::Reply,
            Refusal {
                code: ErrorCode::INVALID_REQUEST,
                message: format!("the reply message is neither a result nor an error: {error}"),
            },
        ),
    };
    Verdict::Replace(stand_in(&id, sender, &refusal))
}

/// Why a request that is JSON cannot be read as one: its method, its `jsonrpc`, its params'
/// kind, or what `rmcp` found wrong.
fn request_refusal(message: &Beginning, line: &[u8], error: &serde_json::Error) -> Refusal {
    let Some(method) = message.method.as_deref() else {
        return Refusal {
            code: ErrorCode::INVALID_REQUEST,
            message: "the request's method must be its name, a string".to_owned(),
        };
    };
    let request: Value = serde_json::from_slice(line).unwrap_or_default();
    if request.get("jsonrpc").and_then(Value::as_str) != Some("2.0") {
        return Refusal {
            code: ErrorCode::INVALID_REQUEST,
            message: format!("the {method} request must say \"jsonrpc\": \"2.0\""),
        };
    }
    let params = request.get("params");
    let message = match params {
        Some(params) if !params.is_object() => format!(
            "{method}: params must be an object, not {}",
            kind_of(params)
        ),
        Some(params) if params.get("_meta").is_some_and(|meta| !meta.is_object()) => format!(
            "{method}: params._meta must be an object, not {}",
            kind_of(&params["_meta"])
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
