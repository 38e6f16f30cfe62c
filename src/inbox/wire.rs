//! The inbox's wire protocol, version 1: one compact JSON document per line, each way.
//!
//! Asker to inbox: `{"v":1,"type":"ask","id":..,"tool":..,"arguments":{..},"settings":{..}|null,
//! "settingsNotices":[..],"drafts":[..]|null,"images":"fromClipboard"|"unsupported","origin":{"program":..,"cwd":..,
//! "pid":..}}` (`drafts`: what the form opens with, one journal draft record per question;
//! optional; `settingsNotices`: what is wrong with the asker's settings file, each after its
//! path, optional; `images`: whether the form's editors take images, optional, taking them
//! when absent). Inbox to asker: `{"v":1,"type":"result","id":..,
//! "result":{..tool result..}}` (with `"closing":true` when the inbox closing cancelled the
//! ask), `{"v":1,"type":"taken_over","id":..}` when another asker connected under the same id
//! took the ask over, or `{"v":1,"type":"error","message":..}` for a line it cannot
//! take (not JSON, another version, a missing field). An asker being ended from outside sends
//! `{"v":1,"type":"withdraw","id":..}` and is answered `{"v":1,"type":"kept","id":..,
//! "drafts":[..]}` with what the form held; an asker whose ask says `"holds":true` (optional)
//! is handed `{"v":1,"type":"held","id":..,"drafts":[..]}` with what its form holds as the
//! person works on it, at most once a second, to keep for an inbox killed without a word. An
//! asker that holds more forms back behind its ask
//! (an MCP server's queue) says how many in the ask's optional `"behind":N`, and again as the
//! number changes, `{"v":1,"type":"behind","id":..,"count":N}`, for the inbox to count them
//! among the asks waiting. ARCHITECTURE.md documents the same.

use pi_agent_ask_core::effect::ReplyReason;
use pi_agent_ask_core::journal::drafts::DraftRecord;
use serde_json::{Value, json};

mod ask;

pub use ask::{ask_line, parse_ask};

/// The protocol version this program speaks.
pub const VERSION: u64 = 1;

/// The longest line read whole, as for RPC: 16 MiB.
pub const MAX_LINE_BYTES: usize = pi_agent_ask_dialogs::rpc::lines::MAX_LINE_BYTES;

/// A line that is not a message of this protocol.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum WireError {
    /// Not one JSON object.
    #[error("the line is not a JSON object")]
    NotJson,
    /// Another protocol version, or none.
    #[error("protocol version {0} is not supported; this program speaks version 1")]
    Version(String),
    /// A message type this side does not take.
    #[error("unknown message type {0}")]
    Type(String),
    /// A field missing or of the wrong kind.
    #[error("the message's {0:?} is missing or not valid")]
    Field(&'static str),
}

/// What an inbox answers an ask with.
#[derive(Clone, Debug, PartialEq)]
pub enum Reply {
    /// The ask's tool result.
    Result {
        /// The ask answered.
        id: String,
        /// Its tool result, as JSON.
        result: Value,
        /// Whether its form or the inbox's closing ended it.
        reason: ReplyReason,
    },
    /// What the recalled ask's form held, one draft record per question.
    Kept {
        /// The ask recalled.
        id: String,
        /// Its drafts.
        drafts: Vec<DraftRecord>,
    },
    /// What the ask's form holds now, one draft record per question: the asker keeps the last
    /// it was handed, for an inbox that goes away without a word.
    Held {
        /// The ask.
        id: String,
        /// What its form holds.
        drafts: Vec<DraftRecord>,
    },
    /// Another asker connected under the ask's id (a second host resuming the same ask) and
    /// took it over: the answer goes to that one.
    TakenOver {
        /// The ask taken over.
        id: String,
    },
    /// The inbox could not take the line.
    Error(String),
}

/// The line an inbox answers an ask with; `"closing": true` marks a result the inbox's
/// closing gave.
pub fn result_line(id: &str, result: &Value, reason: ReplyReason) -> String {
    let mut document = json!({"v": VERSION, "type": "result", "id": id, "result": result});
    if reason == ReplyReason::InboxClosing {
        document["closing"] = Value::Bool(true);
    }
    line(&document)
}

/// The line an asker being ended sends to take its ask back with what the form holds.
pub fn withdraw_line(id: &str) -> String {
    line(&json!({"v": VERSION, "type": "withdraw", "id": id}))
}

/// The line an asker sends when the number of forms it holds back behind its ask changes.
pub fn behind_line(id: &str, count: usize) -> String {
    line(&json!({"v": VERSION, "type": "behind", "id": id, "count": count}))
}

/// What an asker says after its ask.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum AfterAsk {
    /// It takes its ask back, with what the form holds.
    Withdraw {
        /// The ask.
        id: String,
    },
    /// It now holds this many forms back behind its ask.
    Behind {
        /// The ask.
        id: String,
        /// How many.
        count: usize,
    },
}

impl AfterAsk {
    /// The ask the line names.
    pub fn id(&self) -> &str {
        match self {
            Self::Withdraw { id } | Self::Behind { id, .. } => id,
        }
    }
}

/// Reads an asker's line after its ask: a withdrawal, or a new count of the forms behind it.
pub fn parse_after_ask(line: &[u8]) -> Result<AfterAsk, WireError> {
    let document: Value = serde_json::from_slice(line).map_err(|_| WireError::NotJson)?;
    let behind = document.get("type").and_then(Value::as_str) == Some("behind");
    let message = message(line, if behind { "behind" } else { "withdraw" })?;
    let id = message
        .get("id")
        .and_then(Value::as_str)
        .map(str::to_owned)
        .ok_or(WireError::Field("id"))?;
    if !behind {
        return Ok(AfterAsk::Withdraw { id });
    }
    let count = message
        .get("count")
        .and_then(Value::as_u64)
        .and_then(|count| usize::try_from(count).ok())
        .ok_or(WireError::Field("count"))?;
    Ok(AfterAsk::Behind { id, count })
}

/// The line an inbox hands a withdrawn ask's drafts back in.
pub fn kept_line(id: &str, drafts: &[DraftRecord]) -> String {
    line(&json!({"v": VERSION, "type": "kept", "id": id, "drafts": drafts}))
}

/// The line an inbox hands the asker of `id` what its form holds in, as the person works on it.
pub fn held_line(id: &str, drafts: &[DraftRecord]) -> String {
    line(&json!({"v": VERSION, "type": "held", "id": id, "drafts": drafts}))
}

/// The line an inbox sends the asker of `id` when another asker takes the ask over.
pub fn taken_over_line(id: &str) -> String {
    line(&json!({"v": VERSION, "type": "taken_over", "id": id}))
}

/// The line an inbox answers a line it cannot take with.
pub fn error_line(message: &str) -> String {
    line(&json!({"v": VERSION, "type": "error", "message": message}))
}

/// Reads an inbox's line.
pub fn parse_reply(line: &[u8]) -> Result<Reply, WireError> {
    let document: Value = serde_json::from_slice(line).map_err(|_| WireError::NotJson)?;
    if document.get("type").and_then(Value::as_str) == Some("error") {
        check_version(&document)?;
        let message = document.get("message").and_then(Value::as_str);
        return Ok(Reply::Error(message.unwrap_or_default().to_owned()));
    }
    if document.get("type").and_then(Value::as_str) == Some("taken_over") {
        check_version(&document)?;
        let id = document.get("id").and_then(Value::as_str);
        return Ok(Reply::TakenOver {
            id: id.ok_or(WireError::Field("id"))?.to_owned(),
        });
    }
    let kind = document.get("type").and_then(Value::as_str);
    if kind == Some("kept") || kind == Some("held") {
        check_version(&document)?;
        let id = document.get("id").and_then(Value::as_str);
        let id = id.ok_or(WireError::Field("id"))?.to_owned();
        let drafts = document
            .get("drafts")
            .and_then(|drafts| serde_json::from_value(drafts.clone()).ok());
        let drafts = drafts.ok_or(WireError::Field("drafts"))?;
        return Ok(if kind == Some("held") {
            Reply::Held { id, drafts }
        } else {
            Reply::Kept { id, drafts }
        });
    }
    let message = message(line, "result")?;
    let id = message.get("id").and_then(Value::as_str);
    let result = message.get("result").filter(|result| result.is_object());
    let reason = match message.get("closing") {
        None | Some(Value::Null | Value::Bool(false)) => ReplyReason::FormEnded,
        Some(Value::Bool(true)) => ReplyReason::InboxClosing,
        Some(_) => return Err(WireError::Field("closing")),
    };
    Ok(Reply::Result {
        id: id.ok_or(WireError::Field("id"))?.to_owned(),
        result: result.ok_or(WireError::Field("result"))?.clone(),
        reason,
    })
}

/// The line as a message of `kind` in this version.
fn message(line: &[u8], kind: &str) -> Result<Value, WireError> {
    let document: Value = serde_json::from_slice(line).map_err(|_| WireError::NotJson)?;
    if !document.is_object() {
        return Err(WireError::NotJson);
    }
    check_version(&document)?;
    match document.get("type").and_then(Value::as_str) {
        Some(found) if found == kind => Ok(document),
        Some(other) => Err(WireError::Type(json!(other).to_string())),
        None => Err(WireError::Field("type")),
    }
}

fn check_version(document: &Value) -> Result<(), WireError> {
    check_version_of(document.get("v"))
}

/// Checks a message's `v`, `None` where it has none.
fn check_version_of(version: Option<&Value>) -> Result<(), WireError> {
    match version {
        Some(version) if version.as_u64() == Some(VERSION) => Ok(()),
        Some(version) => Err(WireError::Version(version.to_string())),
        None => Err(WireError::Version("(none)".to_owned())),
    }
}

/// A document as one line: compact, every control a terminal could act on escaped.
fn line(document: &impl serde::Serialize) -> String {
    let mut line = pi_agent_ask_core::json::to_string(document);
    line.push('\n');
    line
}

#[cfg(test)]
#[path = "wire_tests.rs"]
mod tests;
