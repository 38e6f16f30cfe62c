//! `render`: one ask flow driven by a key script without a terminal; prints the last screen the
//! user saw as text, then the tool result when the flow finished (the same result `ask` gives
//! for the same answers).

use pi_agent_ask_core::contract::ToolResult;
use pi_agent_ask_core::form::{Form, FormConfig};
use pi_agent_ask_core::{Effect, Frame, Input, Surface};
use pi_agent_ask_headless::{CursorMarker, parse_keys, render_plain_with, render_styled};

use super::read_call;
use crate::cli::RenderArgs;
use crate::outcome::UsageError;
use crate::settings_file::SettingsFile;

/// Runs the script and returns the text to print.
pub fn run(args: &RenderArgs) -> Result<String, UsageError> {
    let inputs = parse_keys(&args.keys)
        .map_err(|error| UsageError::new(format!("invalid --keys: {error}")))?;
    let call = match read_call(&args.common)? {
        Ok(call) => call,
        Err(invalid) => return Ok(json_line(invalid.result())),
    };
    let settings = SettingsFile::read(args.common.config.as_deref())
        .loaded
        .settings;
    let config = FormConfig {
        behaviour: settings.behaviour,
        keymaps: settings.keymaps,
    };
    let mut form = Form::new(call, &config);
    let mut size = args.size;
    let mut frame = form.draw(size);
    let mut result = None;
    for input in inputs {
        if let Input::Resize(new_size) = input {
            size = new_size;
        }
        let effects = form.handle(input);
        result = effects.into_iter().find_map(|effect| match effect {
            Effect::Finish(result) => Some(result),
            _ => None,
        });
        if result.is_some() {
            break;
        }
        frame = form.draw(size);
    }
    let mut text = screen(&frame, args.styled);
    if let Some(result) = result {
        text.push_str(&json_line(&result));
    }
    Ok(text)
}

/// The frame as text, with the editor cursor drawn as `▏` where it stands on a blank cell.
fn screen(frame: &Frame, styled: bool) -> String {
    if styled {
        render_styled(frame)
    } else {
        render_plain_with(frame, CursorMarker::InGrid)
    }
}

fn json_line(result: &ToolResult) -> String {
    let mut text = serde_json::to_string_pretty(&result.to_json()).unwrap_or_default();
    text.push('\n');
    text
}
