//! The ask line: written from a request and read back into one, its arguments kept as the
//! JSON text they came as, never built into a tree on either side.

use pi_agent_ask_core::contract::Tool;
use pi_agent_ask_core::contract::rules::ImagePaste;
use pi_agent_ask_core::journal::drafts::DraftRecord;
use serde::{Deserialize, Serialize};
use serde_json::Value;
use serde_json::value::RawValue;

use super::{VERSION, WireError, check_version_of, line};
use crate::away::{ArgumentsText, Asker, AwayRequest};

/// The ask line as it is written, its fields in the order the protocol gives them.
#[derive(Serialize)]
struct Written<'a> {
    v: u64,
    #[serde(rename = "type")]
    kind: &'static str,
    id: &'a str,
    tool: &'static str,
    arguments: &'a ArgumentsText,
    settings: &'a Option<Value>,
    #[serde(rename = "settingsNotices")]
    settings_notices: &'a [String],
    drafts: &'a Option<Vec<DraftRecord>>,
    images: ImagePaste,
    behind: usize,
    holds: bool,
    origin: WrittenOrigin<'a>,
}

/// Where the ask comes from, as written.
#[derive(Serialize)]
struct WrittenOrigin<'a> {
    program: &'a str,
    cwd: &'a str,
    pid: u32,
}

/// The line an asker sends.
pub fn ask_line(request: &AwayRequest) -> String {
    line(&Written {
        v: VERSION,
        kind: "ask",
        id: &request.id,
        tool: request.tool.name(),
        arguments: &request.arguments,
        settings: &request.settings,
        settings_notices: &request.settings_notices,
        drafts: &request.drafts,
        images: request.images,
        behind: request.behind,
        holds: request.holds,
        origin: WrittenOrigin {
            program: &request.asker.program,
            cwd: &request.asker.cwd,
            pid: request.asker.pid,
        },
    })
}

/// The ask line as it is read: the arguments as their text, every other field as a small
/// document checked below, so a field of the wrong kind is named, not a parse error.
#[derive(Deserialize)]
struct Read {
    v: Option<Value>,
    #[serde(rename = "type")]
    kind: Option<Value>,
    id: Option<Value>,
    tool: Option<Value>,
    arguments: Option<Box<RawValue>>,
    settings: Option<Value>,
    #[serde(rename = "settingsNotices")]
    settings_notices: Option<Value>,
    drafts: Option<Value>,
    images: Option<Value>,
    behind: Option<Value>,
    holds: Option<Value>,
    origin: Option<Value>,
}

/// Reads an asker's line.
pub fn parse_ask(line: &[u8]) -> Result<AwayRequest, WireError> {
    let message: Read = serde_json::from_slice(line).map_err(|_| WireError::NotJson)?;
    check_version_of(message.v.as_ref())?;
    match message.kind.as_ref().and_then(Value::as_str) {
        Some("ask") => {}
        Some(other) => return Err(WireError::Type(serde_json::json!(other).to_string())),
        None => return Err(WireError::Field("type")),
    }
    let text = |value: Option<Value>, key: &'static str| match value {
        Some(Value::String(text)) => Ok(text),
        _ => Err(WireError::Field(key)),
    };
    let origin = message.origin.ok_or(WireError::Field("origin"))?;
    let origin_text = |key: &'static str| {
        origin
            .get(key)
            .and_then(Value::as_str)
            .map(str::to_owned)
            .ok_or(WireError::Field("origin"))
    };
    let tool = text(message.tool, "tool")?
        .parse::<Tool>()
        .map_err(|_| WireError::Field("tool"))?;
    let arguments = message
        .arguments
        .filter(|arguments| arguments.get().starts_with('{'))
        .ok_or(WireError::Field("arguments"))?;
    let settings = match message.settings {
        None | Some(Value::Null) => None,
        Some(document @ Value::Object(_)) => Some(document),
        Some(_) => return Err(WireError::Field("settings")),
    };
    let settings_notices = match message.settings_notices {
        None | Some(Value::Null) => Vec::new(),
        Some(notices) => {
            serde_json::from_value(notices).map_err(|_| WireError::Field("settingsNotices"))?
        }
    };
    let drafts = match message.drafts {
        None | Some(Value::Null) => None,
        Some(records) => {
            Some(serde_json::from_value(records).map_err(|_| WireError::Field("drafts"))?)
        }
    };
    let images = match message.images {
        None | Some(Value::Null) => ImagePaste::default(),
        Some(images) => serde_json::from_value(images).map_err(|_| WireError::Field("images"))?,
    };
    let behind = match message.behind {
        None | Some(Value::Null) => 0,
        Some(count) => count
            .as_u64()
            .and_then(|count| usize::try_from(count).ok())
            .ok_or(WireError::Field("behind"))?,
    };
    let holds = match message.holds {
        None | Some(Value::Null) => false,
        Some(holds) => holds.as_bool().ok_or(WireError::Field("holds"))?,
    };
    Ok(AwayRequest {
        id: text(message.id, "id")?,
        images,
        behind,
        holds,
        tool,
        arguments: ArgumentsText::from_raw(arguments),
        settings,
        settings_notices,
        drafts,
        asker: Asker {
            program: origin_text("program")?,
            cwd: origin_text("cwd")?,
            pid: origin
                .get("pid")
                .and_then(Value::as_u64)
                .and_then(|pid| u32::try_from(pid).ok())
                .unwrap_or(0),
        },
    })
}
