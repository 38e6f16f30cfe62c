//! Program-to-host lines: Pi's dialog requests and `response` lines, and this program's own
//! events and results.

use pi_agent_ask_core::contract::ToolResult;
use pi_agent_ask_core::contract::background::{Receipt, WAIT_ENDED, WaitResult};
use pi_agent_ask_core::contract::output::ToolOutput;
use pi_agent_ask_core::dialog::wording::multi_select_title;
use pi_agent_ask_core::dialog::{Dialog, option_texts};
use serde_json::{Map, Value, json};

use super::ProtocolError;
use crate::Level;

/// A dialog request in Pi's extension-UI shapes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum UiRequest {
    /// `{"method":"select","title":..,"options":[..]}`
    Select {
        /// The title.
        title: String,
        /// The strings to choose from.
        options: Vec<String>,
    },
    /// `{"method":"input","title":..,"placeholder"?:..}`
    Input {
        /// The title.
        title: String,
        /// A hint for the empty field.
        placeholder: Option<String>,
    },
    /// `{"method":"editor","title":..,"prefill"?:..}`
    Editor {
        /// The title.
        title: String,
        /// The starting text.
        prefill: Option<String>,
    },
    /// `{"method":"confirm","title":..,"message":..}`
    Confirm {
        /// The title.
        title: String,
        /// The question in full.
        message: String,
    },
    /// `{"method":"notify","message":..,"notifyType"?:..}`; needs no response.
    Notify {
        /// The message.
        message: String,
        /// How much it matters.
        level: Option<Level>,
    },
}

impl UiRequest {
    /// Whether the host answers this request with an `extension_ui_response`.
    pub const fn expects_response(&self) -> bool {
        !matches!(self, Self::Notify { .. })
    }

    fn fields(&self) -> Map<String, Value> {
        let mut fields = Map::new();
        let mut put = |key: &str, value: Value| {
            fields.insert(key.to_owned(), value);
        };
        match self {
            Self::Select { title, options } => {
                put("method", json!("select"));
                put("title", json!(title));
                put("options", json!(options));
            }
            Self::Input { title, placeholder } => {
                put("method", json!("input"));
                put("title", json!(title));
                if let Some(placeholder) = placeholder {
                    put("placeholder", json!(placeholder));
                }
            }
            Self::Editor { title, prefill } => {
                put("method", json!("editor"));
                put("title", json!(title));
                if let Some(prefill) = prefill {
                    put("prefill", json!(prefill));
                }
            }
            Self::Confirm { title, message } => {
                put("method", json!("confirm"));
                put("title", json!(title));
                put("message", json!(message));
            }
            Self::Notify { message, level } => {
                put("method", json!("notify"));
                put("message", json!(message));
                if let Some(level) = level {
                    put("notifyType", json!(level.as_str()));
                }
            }
        }
        fields
    }
}

/// A select lists its option strings alone; a multi-select is an editor starting empty.
impl From<&Dialog> for UiRequest {
    fn from(dialog: &Dialog) -> Self {
        match dialog {
            Dialog::Select { title, options } => Self::Select {
                title: title.clone(),
                options: option_texts(options)
                    .into_iter()
                    .map(str::to_owned)
                    .collect(),
            },
            // A written answer asked again shows in the empty field, and a blank reply keeps it.
            Dialog::Input {
                title,
                placeholder,
                current,
            } => Self::Input {
                title: title.clone(),
                placeholder: placeholder.clone().or_else(|| current.clone()),
            },
            // An answer asked again starts the editor, and a blank reply keeps it.
            Dialog::MultiSelect {
                question,
                options,
                current,
            } => Self::Editor {
                title: multi_select_title(question, &option_texts(options)),
                prefill: Some(current.clone().unwrap_or_default()),
            },
        }
    }
}

/// One line the program writes.
#[derive(Clone, Debug, PartialEq)]
pub enum Outgoing {
    /// `{"type":"extension_ui_request","id":..,"method":..,..}`
    UiRequest {
        /// The id the host's response names.
        id: String,
        /// The dialog.
        request: UiRequest,
    },
    /// `{"type":"event","channel":..,"data":{..}}`
    Event {
        /// `pi-agent-ask:started`, `pi-agent-ask:completed`, `pi-agent-ask:submit-result` or
        /// `herdr:blocked`.
        channel: &'static str,
        /// The payload.
        data: Value,
    },
    /// `{"type":"result","id":CALL_ID,"result":{..}}`: the tool result of one `ask`.
    Result {
        /// The call's id.
        id: String,
        /// The tool result.
        result: ToolResult,
    },
    /// `{"type":"result","id":CALL_ID,"result":{..}}`: the receipt a background `ask` gets at
    /// once.
    Queued {
        /// The call's id.
        id: String,
        /// The receipt as a tool result.
        receipt: ToolOutput<Receipt>,
    },
    /// `{"type":"result","id":CALL_ID,"result":{..}}`: what a `wait_for_answers` call waited
    /// for.
    Answers {
        /// The wait's call id.
        id: String,
        /// The wait's result.
        result: ToolOutput<WaitResult>,
    },
    /// `{"type":"result","id":CALL_ID,"result":{"content":[{"type":"text","text":..}],
    /// "isError":true}}`: a `wait_for_answers` call the session's end cut short, its forms kept
    /// for the next session ([`WAIT_ENDED`]).
    WaitEnded {
        /// The wait's call id.
        id: String,
    },
    /// `{"type":"response","id"?:..,"command":..,"success":false,"error":..}`: Pi's answer to a
    /// line that cannot be taken; nothing changed.
    Failed(ProtocolError),
    /// `{"type":"response","id"?:..,"command":..,"success":true}`: Pi's answer to a command
    /// carried out (`abort`).
    Done {
        /// The command's correlation id, when it had one.
        id: Option<String>,
        /// The command's type.
        command: &'static str,
    },
}

impl Outgoing {
    /// The line as a JSON value.
    pub fn to_json(&self) -> Value {
        match self {
            Self::UiRequest { id, request } => {
                let mut line = Map::new();
                line.insert("type".into(), json!("extension_ui_request"));
                line.insert("id".into(), json!(id));
                line.extend(request.fields());
                Value::Object(line)
            }
            Self::Event { channel, data } => {
                json!({"type": "event", "channel": channel, "data": data})
            }
            Self::Result { id, result } => {
                json!({"type": "result", "id": id, "result": result.to_json()})
            }
            Self::Queued { id, receipt } => {
                json!({"type": "result", "id": id, "result": receipt})
            }
            Self::Answers { id, result } => {
                json!({"type": "result", "id": id, "result": result})
            }
            Self::WaitEnded { id } => json!({"type": "result", "id": id, "result": {
                "content": [{"type": "text", "text": WAIT_ENDED}],
                "isError": true,
            }}),
            Self::Failed(error) => {
                let mut line = response(error.id.as_deref(), &error.command);
                line.insert("success".into(), json!(false));
                line.insert("error".into(), json!(error.message));
                Value::Object(line)
            }
            Self::Done { id, command } => {
                let mut line = response(id.as_deref(), command);
                line.insert("success".into(), json!(true));
                Value::Object(line)
            }
        }
    }

    /// The line as compact JSON, without the line ending, written by
    /// [`pi_agent_ask_core::json::to_string`]: DEL, the C1 controls, the bidirectional controls
    /// and U+2028 and U+2029 leave as `\u` escapes (the value read back is the same), so a
    /// host that shows a line cannot be steered by it, and one that also breaks lines on U+2028
    /// or U+2029 still reads one message per line.
    pub fn to_line(&self) -> String {
        pi_agent_ask_core::json::to_string(&self.to_json())
    }
}

/// The start of a Pi `response` line: its type, the id when there is one, and the command.
fn response(id: Option<&str>, command: &str) -> Map<String, Value> {
    let mut line = Map::new();
    line.insert("type".into(), json!("response"));
    if let Some(id) = id {
        line.insert("id".into(), json!(id));
    }
    line.insert("command".into(), json!(command));
    line
}
