//! Host-to-program lines, checked field by field so every failure says what was wrong, in a
//! Pi `response` line naming the command and carrying the line's `id` when it had one.

use pi_agent_ask_core::contract::Tool;
use pi_agent_ask_core::events::{Submit, SubmitResult};
use serde_json::{Map, Value};

/// A line that is not a message this program can take, answered with a failed Pi `response`.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{message}")]
pub struct ProtocolError {
    /// The command the response names: the line's `type`, or `parse` for a line that has none.
    pub command: String,
    /// The line's own `id`, when it had a string one, so a client waiting on it hears back.
    pub id: Option<String>,
    /// What was wrong with it.
    pub message: String,
}

impl ProtocolError {
    /// A failure of a line of type `command` whose `id` was `id`.
    pub fn new(command: &str, id: Option<&str>, message: impl Into<String>) -> Self {
        Self {
            command: command.to_owned(),
            id: id.map(str::to_owned),
            message: message.into(),
        }
    }

    /// A line that could not be read as a command at all, answered as Pi answers one.
    pub fn parse(message: impl Into<String>) -> Self {
        Self::new(PARSE, None, message)
    }
}

/// The command a failed response names when the line was not a command.
pub const PARSE: &str = "parse";

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
    /// Pi's `{"type":"abort","id"?:..}`: everything in progress stops (see
    /// [`super::Session`]), answered with `{"type":"response","command":"abort","success":true}`.
    Abort {
        /// The correlation id the response carries back.
        id: Option<String>,
    },
    /// `{"type":"abort_ask","callId":CALL_ID,"id"?:..}`: this program's own command, ending the
    /// one call named.
    AbortAsk {
        /// The tool call to cancel.
        call_id: String,
    },
}

/// The type of the command that aborts one call.
pub const ABORT_ASK: &str = "abort_ask";

/// Reads one line (without its `\n`). A blank line is no JSON either: Pi answers it with a failed
/// `parse` response, and so does this.
pub fn parse_line(line: &[u8]) -> Result<Incoming, ProtocolError> {
    let line = line.strip_suffix(b"\r").unwrap_or(line);
    let value: Value = serde_json::from_slice(line)
        .or_else(|error| match pi_agent_ask_core::surrogates::mended(line) {
            Some(repaired) => serde_json::from_slice(&repaired),
            None => Err(error),
        })
        .map_err(|error| ProtocolError::parse(format!("Failed to parse command: {error}")))?;
    let Value::Object(fields) = value else {
        return Err(ProtocolError::parse(
            "Failed to parse command: a command must be a JSON object",
        ));
    };
    let Some(Value::String(kind)) = fields.get("type") else {
        return Err(ProtocolError::parse(
            "Failed to parse command: a command needs a string \"type\"",
        ));
    };
    let kind = kind.as_str();
    let id = match fields.get("id") {
        Some(Value::String(id)) => Some(id.as_str()),
        _ => None,
    };
    let fail = |message: String| ProtocolError::new(kind, id, message);
    let message = match kind {
        "ask" => ask(&fields).map_err(fail)?,
        "extension_ui_response" => Incoming::UiResponse {
            id: string(&fields, "id", kind).map_err(fail)?,
            fields,
        },
        "submit" => match Submit::read(&fields) {
            Ok(submit) => Incoming::Submit(submit),
            Err(refusal) => Incoming::MalformedSubmit(refusal),
        },
        "abort" => match fields.get("id") {
            None | Some(Value::String(_)) => Incoming::Abort {
                id: id.map(str::to_owned),
            },
            Some(_) => return Err(fail("abort: \"id\" must be a string".to_owned())),
        },
        ABORT_ASK => Incoming::AbortAsk {
            call_id: string(&fields, "callId", kind).map_err(fail)?,
        },
        other => return Err(fail(format!("Unknown command: {other}"))),
    };
    Ok(message)
}

fn string(fields: &Map<String, Value>, key: &str, kind: &str) -> Result<String, String> {
    match fields.get(key) {
        Some(Value::String(text)) => Ok(text.clone()),
        _ => Err(format!("{kind}: \"{key}\" must be a string")),
    }
}

/// The name of the tool that waits for background answers; it takes no arguments.
pub const WAIT_FOR_ANSWERS: &str = "wait_for_answers";

fn ask(fields: &Map<String, Value>) -> Result<Incoming, String> {
    let id = string(fields, "id", "ask")?;
    if id.is_empty() {
        return Err("ask: \"id\" must not be empty".to_owned());
    }
    if fields.get("tool").and_then(Value::as_str) == Some(WAIT_FOR_ANSWERS) {
        return Ok(Incoming::Wait { id });
    }
    let named = |value: &Value| value.as_str().and_then(|name| name.parse::<Tool>().ok());
    let tool = match fields.get("tool").map(named) {
        None => Tool::AskUser,
        Some(Some(tool)) => tool,
        Some(None) => {
            return Err("ask: \"tool\" must be \"ask_user\" or \"ask_user_question\"".to_owned());
        }
    };
    let Some(arguments) = fields.get("arguments") else {
        return Err("ask: \"arguments\" is required".to_owned());
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

    fn error(line: &str) -> ProtocolError {
        parse_line(line.as_bytes()).expect_err("a failed response")
    }

    #[test]
    fn one_trailing_carriage_return_is_stripped() {
        let parsed = parse_line(b"{\"type\":\"abort_ask\",\"callId\":\"c1\"}\r").unwrap();
        assert_eq!(
            parsed,
            Incoming::AbortAsk {
                call_id: "c1".into()
            }
        );
    }

    #[test]
    fn line_and_paragraph_separators_are_ordinary_characters_in_strings() {
        let line = "{\"type\":\"abort_ask\",\"callId\":\"a\u{2028}b\u{2029}c\"}";
        let parsed = parse_line(line.as_bytes()).unwrap();
        assert_eq!(
            parsed,
            Incoming::AbortAsk {
                call_id: "a\u{2028}b\u{2029}c".into()
            }
        );
    }

    #[test]
    fn a_lone_surrogate_a_javascript_host_can_send_reads_as_the_replacement_character() {
        let parsed = parse_line(br#"{"type":"abort_ask","callId":"smile \ud83d"}"#).unwrap();
        assert_eq!(
            parsed,
            Incoming::AbortAsk {
                call_id: "smile \u{fffd}".into()
            }
        );
    }

    #[test]
    fn a_blank_line_is_a_failed_parse_as_in_pi() {
        for line in [&b""[..], b"  \r"] {
            let failed = parse_line(line).expect_err("a failed response");
            assert!(
                failed.message.starts_with("Failed to parse command: "),
                "{failed:?}"
            );
        }
    }

    #[test]
    fn the_tool_defaults_to_ask_user() {
        let parsed = parse_line(br#"{"type":"ask","id":"c1","arguments":{}}"#).unwrap();
        assert_eq!(
            parsed,
            Incoming::Ask {
                id: "c1".into(),
                tool: Tool::AskUser,
                arguments: json!({})
            }
        );
    }

    #[test]
    fn an_ask_of_wait_for_answers_is_a_wait() {
        let parsed =
            parse_line(br#"{"type":"ask","id":"w","tool":"wait_for_answers","arguments":{}}"#);
        assert_eq!(parsed.unwrap(), Incoming::Wait { id: "w".into() });
    }

    #[test]
    fn pi_abort_takes_an_optional_correlation_id() {
        assert_eq!(
            parse_line(br#"{"type":"abort"}"#).unwrap(),
            Incoming::Abort { id: None }
        );
        assert_eq!(
            parse_line(br#"{"type":"abort","id":"req_1"}"#).unwrap(),
            Incoming::Abort {
                id: Some("req_1".into())
            }
        );
    }

    #[test]
    fn a_line_that_is_no_command_fails_as_pi_fails_a_parse() {
        let unparsable = error("{");
        assert_eq!(
            (unparsable.command.as_str(), unparsable.id),
            ("parse", None)
        );
        assert!(unparsable.message.starts_with("Failed to parse command: "));
        assert_eq!(
            error("[1]"),
            ProtocolError::parse("Failed to parse command: a command must be a JSON object")
        );
        assert_eq!(
            error("{\"id\":\"x\"}"),
            ProtocolError::parse("Failed to parse command: a command needs a string \"type\"")
        );
    }

    #[test]
    fn an_unknown_command_fails_as_pi_fails_one_carrying_its_id() {
        assert_eq!(
            error("{\"type\":\"hello\",\"id\":\"req_7\"}"),
            ProtocolError::new("hello", Some("req_7"), "Unknown command: hello")
        );
        assert_eq!(
            error("{\"type\":\"get_state\"}"),
            ProtocolError::new("get_state", None, "Unknown command: get_state")
        );
    }

    #[test]
    fn malformed_commands_say_what_is_wrong_and_carry_their_id() {
        let cases = [
            (
                "{\"type\":\"ask\",\"id\":\"\",\"arguments\":{}}",
                "ask",
                Some(""),
                "ask: \"id\" must not be empty",
            ),
            (
                "{\"type\":\"ask\",\"id\":\"c\"}",
                "ask",
                Some("c"),
                "ask: \"arguments\" is required",
            ),
            (
                "{\"type\":\"ask\",\"id\":\"c\",\"tool\":\"x\",\"arguments\":{}}",
                "ask",
                Some("c"),
                "ask: \"tool\" must be \"ask_user\" or \"ask_user_question\"",
            ),
            (
                "{\"type\":\"ask\",\"id\":3,\"arguments\":{}}",
                "ask",
                None,
                "ask: \"id\" must be a string",
            ),
            (
                "{\"type\":\"abort\",\"id\":7}",
                "abort",
                None,
                "abort: \"id\" must be a string",
            ),
            (
                "{\"type\":\"abort_ask\",\"id\":\"r\"}",
                "abort_ask",
                Some("r"),
                "abort_ask: \"callId\" must be a string",
            ),
        ];
        for (line, command, id, message) in cases {
            assert_eq!(
                error(line),
                ProtocolError::new(command, id, message),
                "{line}"
            );
        }
    }

    #[test]
    fn a_malformed_submit_is_read_as_its_refusal_not_an_error_line() {
        let parsed = parse_line(br#"{"type":"submit","version":2,"requestId":"r","flowId":"f"}"#);
        let Ok(Incoming::MalformedSubmit(refusal)) = parsed else {
            panic!("a malformed submit, not {parsed:?}");
        };
        assert_eq!(refusal.request_id, "r");
        assert_eq!(
            refusal.message.as_deref(),
            Some("Submit event version must be 1.")
        );
    }
}
