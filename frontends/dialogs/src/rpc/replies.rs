//! The host's answers to the open dialog: what an `extension_ui_response` means, and how every
//! one of them is answered, so a host never waits on a dialog it has answered.
//!
//! As in Pi, `cancelled: true` dismisses the dialog, and a `confirmed` answers none of these
//! dialogs (only a `confirm` asks for one), so it dismisses it too; a string `value` is the
//! reply. A reply the flow cannot take ([`Replied::AskedAgain`]: a blank select reply, which
//! names no option and writes no answer) is answered with a [`NAMES_NO_OPTION`] notice and the
//! same dialog again under a fresh id; a response with neither is answered with a failed
//! response and the same dialog again.

use pi_agent_ask_core::dialog::{Dialog, Replied, Step};
use serde_json::{Map, Value};

use super::{Environment, Outgoing, ProtocolError, Session, UiRequest};
use crate::Level;

/// The notice sent before a dialog asked again because its reply named nothing it could take.
pub const NAMES_NO_OPTION: &str = "That reply names none of the options and writes no answer: choose an option, or type your own answer.";

/// What an `extension_ui_response` gives the dialog it answers: `None` dismisses it.
enum Reply {
    Given(Option<String>),
    Unreadable,
}

impl<E: Environment> Session<E> {
    /// Takes a response to the open dialog; one naming another dialog is ignored, as Pi ignores
    /// it.
    pub(super) fn respond(
        &mut self,
        id: &str,
        fields: &Map<String, Value>,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), ProtocolError> {
        let Some(open) = self.open.as_mut().filter(|open| open.dialog_id == id) else {
            return Ok(());
        };
        let Step::Ask(dialog) = open.flow.step() else {
            return Ok(());
        };
        let method = method(dialog);
        match reply(fields) {
            Reply::Given(reply) => {
                let replied = open.flow.reply(reply.as_deref()).map_err(|error| {
                    ProtocolError::new(
                        "extension_ui_response",
                        Some(id),
                        format!("extension_ui_response: {error}"),
                    )
                })?;
                if replied == Replied::AskedAgain {
                    out.push(Outgoing::UiRequest {
                        id: self.env.new_id(),
                        request: UiRequest::Notify {
                            message: NAMES_NO_OPTION.to_owned(),
                            level: Some(Level::Warning),
                        },
                    });
                }
            }
            Reply::Unreadable => out.push(Outgoing::Failed(ProtocolError::new(
                "extension_ui_response",
                Some(id),
                format!(
                    "extension_ui_response: an answer to {method} needs a string \"value\", \"confirmed\" or \"cancelled\": true"
                ),
            ))),
        }
        self.after_reply(out);
        Ok(())
    }
}

/// The reply a response carries: dismissed (`cancelled: true`, or any `confirmed`), a string
/// `value`, or nothing readable.
fn reply(fields: &Map<String, Value>) -> Reply {
    if fields.get("cancelled") == Some(&Value::Bool(true)) {
        return Reply::Given(None);
    }
    match (fields.get("value"), fields.get("confirmed")) {
        (Some(Value::String(value)), _) => Reply::Given(Some(value.clone())),
        (None, Some(Value::Bool(_))) => Reply::Given(None),
        _ => Reply::Unreadable,
    }
}

/// The method the dialog was sent as.
const fn method(dialog: &Dialog) -> &'static str {
    match dialog {
        Dialog::Select { .. } => "select",
        Dialog::Input { .. } => "input",
        Dialog::MultiSelect { .. } => "editor",
    }
}
