//! Host-to-program lines, checked field by field so every error line says what was wrong.

use pi_agent_ask_core::contract::Tool;
use pi_agent_ask_core::events::{Submit, SubmitResult};
use serde_json::{Map, Value};

/// A line that is not a message this program understands.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct ProtocolError(pub String);

fn fail<T>(message: impl Into<String>) -> Result<T, ProtocolError> {
    Err(ProtocolError(message.into()))
}

/// One message from the host.
#[derive(Clone, Debug, PartialEq)]
pub enum Incoming {
    /// `{"type":"ask","id":CALL_ID,"tool"?:..,"arguments":..}`
    Ask {
        /// The tool call's id.
        id: String,
        /// Which tool was called (`ask_user` when left out).
        tool: Tool,
        /// The tool arguments, validated when the call's turn comes.
        arguments: Value,
    },
    /// `{"type":"ask","id":CALL_ID,"tool":"wait_for_answers","arguments":{}}`: a wait for
    /// every outstanding background form.
    Wait {
        /// The tool call's id, which the wait's result names.
        id: String,
    },
    /// `{"type":"extension_ui_response","id":..,"value"|"confirmed"|"cancelled":..}`
    UiResponse {
        /// The dialog request's id.
        id: String,
        /// The whole message, read once the dialog it answers is known.
        fields: Map<String, Value>,
    },
    /// `{"type":"submit","version":1,"requestId":..,"flowId":..,"response":..}` with a
    /// well-formed envelope, for the flow it names to take or refuse.
    Submit(Submit),
    /// A submit whose envelope is malformed, with the `invalid_request` acknowledgement that
    /// answers it (see [`Submit::read`]); no flow is looked up.
    MalformedSubmit(SubmitResult),
    /// `{"type":"abort","id":CALL_ID}`
    Abort {
        /// The tool call to cancel.
        id: String,
    },
}

/// Reads one line (without its `\n`); `Ok(None)` for a blank line, which is skipped.
pub fn parse_line(line: &[u8]) -> Result<Option<Incoming>, ProtocolError> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    if line.iter().all(u8::is_ascii_whitespace) {
        return Ok(None);
    }
    let value: Value = match serde_json::from_slice(line) {
        Ok(value) => value,
        Err(error) => return fail(format!("Line is not valid JSON: {error}")),
    };
    let Value::Object(fields) = value else {
        return fail("Line must be a JSON object");
    };
    let kind = match fields.get("type") {
        Some(Value::String(kind)) => kind.as_str(),
        _ => return fail("Message needs a string \"type\""),
    };
    let message = match kind {
        "ask" => ask(&fields)?,
        "extension_ui_response" => Incoming::UiResponse {
            id: string(&fields, "id", kind)?,
            fields,
        },
        "submit" => match Submit::read(&fields) {
            Ok(submit) => Incoming::Submit(submit),
            Err(refusal) => Incoming::MalformedSubmit(refusal),
        },
        "abort" => Incoming::Abort {
            id: string(&fields, "id", kind)?,
        },
        other => {
            return fail(format!(
                "Unknown message type {}; expected \"ask\", \"extension_ui_response\", \"submit\" or \"abort\"",
                Value::from(other)
            ));
        }
    };
    Ok(Some(message))
}

fn string(fields: &Map<String, Value>, key: &str, kind: &str) -> Result<String, ProtocolError> {
    match fields.get(key) {
        Some(Value::String(text)) => Ok(text.clone()),
        _ => fail(format!("{kind}: \"{key}\" must be a string")),
    }
}

/// The name of the tool that waits for background answers; it takes no arguments.
pub const WAIT_FOR_ANSWERS: &str = "wait_for_answers";

fn ask(fields: &Map<String, Value>) -> Result<Incoming, ProtocolError> {
    let id = string(fields, "id", "ask")?;
    if id.is_empty() {
        return fail("ask: \"id\" must not be empty");
    }
    if fields.get("tool").and_then(Value::as_str) == Some(WAIT_FOR_ANSWERS) {
        return Ok(Incoming::Wait { id });
    }
    let named = |value: &Value| value.as_str().and_then(|name| name.parse::<Tool>().ok());
    let tool = match fields.get("tool").map(named) {
        None => Tool::AskUser,
        Some(Some(tool)) => tool,
        Some(None) => return fail("ask: \"tool\" must be \"ask_user\" or \"ask_user_question\""),
    };
    let Some(arguments) = fields.get("arguments") else {
        return fail("ask: \"arguments\" is required");
    };
    Ok(Incoming::Ask {
        id,
        tool,
        arguments: arguments.clone(),
    })
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    fn error(line: &str) -> String {
        parse_line(line.as_bytes()).expect_err("an error line").0
    }

    #[test]
    fn one_trailing_carriage_return_is_stripped() {
        let parsed = parse_line(b"{\"type\":\"abort\",\"id\":\"c1\"}\r").unwrap();
        assert_eq!(parsed, Some(Incoming::Abort { id: "c1".into() }));
    }

    #[test]
    fn line_and_paragraph_separators_are_ordinary_characters_in_strings() {
        let line = "{\"type\":\"abort\",\"id\":\"a\u{2028}b\u{2029}c\"}";
        let parsed = parse_line(line.as_bytes()).unwrap();
        assert_eq!(
            parsed,
            Some(Incoming::Abort {
                id: "a\u{2028}b\u{2029}c".into()
            })
        );
    }

    #[test]
    fn blank_lines_are_skipped() {
        assert_eq!(parse_line(b"").unwrap(), None);
        assert_eq!(parse_line(b"  \r").unwrap(), None);
    }

    #[test]
    fn the_tool_defaults_to_ask_user() {
        let parsed = parse_line(br#"{"type":"ask","id":"c1","arguments":{}}"#).unwrap();
        assert_eq!(
            parsed,
            Some(Incoming::Ask {
                id: "c1".into(),
                tool: Tool::AskUser,
                arguments: json!({})
            })
        );
    }

    #[test]
    fn an_ask_of_wait_for_answers_is_a_wait() {
        let parsed =
            parse_line(br#"{"type":"ask","id":"w","tool":"wait_for_answers","arguments":{}}"#);
        assert_eq!(parsed.unwrap(), Some(Incoming::Wait { id: "w".into() }));
    }

    #[test]
    fn malformed_lines_say_what_is_wrong() {
        assert!(error("{").starts_with("Line is not valid JSON: "));
        assert_eq!(error("[1]"), "Line must be a JSON object");
        assert_eq!(error("{\"id\":1}"), "Message needs a string \"type\"");
        assert_eq!(
            error("{\"type\":\"hello\"}"),
            "Unknown message type \"hello\"; expected \"ask\", \"extension_ui_response\", \"submit\" or \"abort\""
        );
        assert_eq!(
            error("{\"type\":\"ask\",\"id\":\"\",\"arguments\":{}}"),
            "ask: \"id\" must not be empty"
        );
        assert_eq!(
            error("{\"type\":\"ask\",\"id\":\"c\"}"),
            "ask: \"arguments\" is required"
        );
        assert_eq!(
            error("{\"type\":\"ask\",\"id\":\"c\",\"tool\":\"x\",\"arguments\":{}}"),
            "ask: \"tool\" must be \"ask_user\" or \"ask_user_question\""
        );
        assert_eq!(
            error("{\"type\":\"abort\",\"id\":7}"),
            "abort: \"id\" must be a string"
        );
    }

    #[test]
    fn a_malformed_submit_is_read_as_its_refusal_not_an_error_line() {
        let parsed = parse_line(br#"{"type":"submit","version":2,"requestId":"r","flowId":"f"}"#);
        let Ok(Some(Incoming::MalformedSubmit(refusal))) = parsed else {
            panic!("a malformed submit, not {parsed:?}");
        };
        assert_eq!(refusal.request_id, "r");
        assert_eq!(
            refusal.message.as_deref(),
            Some("Submit event version must be 1.")
        );
    }
}
