//! The lines of a Pi session file as entries: the few kinds the journal reads, every other
//! kept opaque, and lines that are no entry recorded as problems instead of failing the read.

use serde_json::Value;

/// A tool call of an assistant message.
#[derive(Clone, Debug, PartialEq)]
pub struct ToolCall {
    /// The host's id of the call; its tool result names it.
    pub id: String,
    /// The tool called.
    pub name: String,
    /// The arguments as the model sent them.
    pub arguments: Value,
}

/// What an entry is, as far as the journal cares.
#[derive(Clone, Debug, PartialEq)]
pub enum EntryKind {
    /// An assistant message, with the tool calls among its content blocks.
    Assistant(Vec<ToolCall>),
    /// A tool's result, for the call it names.
    ToolResult {
        /// The id of the answered call.
        tool_call_id: String,
    },
    /// Extension state outside the model's context.
    Custom {
        /// The extension's name for it, e.g. `ask:payload`.
        custom_type: String,
        /// Its data.
        data: Value,
    },
    /// Any other entry (other messages, compactions, labels, entry types of later versions).
    Other,
}

/// One entry of a session: its place in the tree and what it holds.
#[derive(Clone, Debug, PartialEq)]
pub struct Entry {
    /// The entry's id.
    pub id: String,
    /// The entry it follows; `None` for the first.
    pub parent_id: Option<String>,
    /// What it holds.
    pub kind: EntryKind,
}

/// A line that is no entry; the rest of the session is still read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// The line is not a JSON object.
    #[error("line {line}: not a JSON object")]
    NotAnObject {
        /// The 1-based line number.
        line: usize,
    },
    /// The line has no string `id` (and is not the session header).
    #[error("line {line}: an entry without an id")]
    NoId {
        /// The 1-based line number.
        line: usize,
    },
}

/// A session file as read: its header, its entries in file order, and the lines skipped.
#[derive(Clone, Debug, Default, PartialEq)]
pub struct Session {
    /// The `{"type":"session",...}` line, if there is one.
    pub header: Option<Value>,
    /// The entries, in the order of the file.
    pub entries: Vec<Entry>,
    /// The lines that are no entry.
    pub problems: Vec<Problem>,
}

impl Session {
    /// Reads a session's text; blank lines are skipped, bad lines recorded.
    pub fn parse(text: &str) -> Self {
        let mut session = Self::default();
        for (index, line) in text.lines().enumerate() {
            let line_number = index + 1;
            if line.trim().is_empty() {
                continue;
            }
            let Ok(Value::Object(object)) = serde_json::from_str::<Value>(line) else {
                session
                    .problems
                    .push(Problem::NotAnObject { line: line_number });
                continue;
            };
            let object = Value::Object(object);
            if object["type"] == "session" {
                session.header = Some(object);
                continue;
            }
            match entry(&object) {
                Some(entry) => session.entries.push(entry),
                None => session.problems.push(Problem::NoId { line: line_number }),
            }
        }
        session
    }

    /// The id of the last entry, which a new entry follows.
    pub fn last_id(&self) -> Option<&str> {
        self.entries.last().map(|entry| entry.id.as_str())
    }
}

/// The entry `object` is, if it has a string id.
pub(super) fn entry(object: &Value) -> Option<Entry> {
    let id = object["id"].as_str()?.to_owned();
    let parent_id = object["parentId"].as_str().map(str::to_owned);
    Some(Entry {
        id,
        parent_id,
        kind: kind(object),
    })
}

fn kind(object: &Value) -> EntryKind {
    match object["type"].as_str() {
        Some("message") => message_kind(&object["message"]),
        Some("custom") => match object["customType"].as_str() {
            Some(custom_type) => EntryKind::Custom {
                custom_type: custom_type.to_owned(),
                data: object["data"].clone(),
            },
            None => EntryKind::Other,
        },
        _ => EntryKind::Other,
    }
}

fn message_kind(message: &Value) -> EntryKind {
    match message["role"].as_str() {
        Some("assistant") => EntryKind::Assistant(
            message["content"]
                .as_array()
                .map(|blocks| blocks.iter().filter_map(tool_call).collect())
                .unwrap_or_default(),
        ),
        Some("toolResult") => match message["toolCallId"].as_str() {
            Some(id) => EntryKind::ToolResult {
                tool_call_id: id.to_owned(),
            },
            None => EntryKind::Other,
        },
        _ => EntryKind::Other,
    }
}

fn tool_call(block: &Value) -> Option<ToolCall> {
    if block["type"] != "toolCall" {
        return None;
    }
    Some(ToolCall {
        id: block["id"].as_str()?.to_owned(),
        name: block["name"].as_str()?.to_owned(),
        arguments: block["arguments"].clone(),
    })
}
