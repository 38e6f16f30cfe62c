//! `render`: one ask flow driven by a key script without a terminal; prints the last screen the
//! user saw as text, then the tool result when the flow finished (the same result `ask` gives
//! for the same answers).
//!
//! The questionnaire is the terminal's own composition (the form under the settings overlay,
//! with the same opening notices), run by the core runner with the program's effect handler in
//! a dry run: `?` opens the overlay, a toggle is shown saved but the settings file is never
//! written, and no notification goes out. Time is the script's: it starts at zero and only a
//! `wait` step moves it, firing the timers due by then. The clipboard is the script's too: an
//! `image "file"` step puts that file's bytes (read from the current directory) on it and
//! presses the open editor's paste-image key; `@` references walk `--cwd` at once. The overlay names the settings file as
//! `--config` gave it, not made absolute, so a screen reads the same on every machine.

use std::io::Read as _;
use std::time::Duration;

use pi_agent_ask_core::contract::ToolResult;
use pi_agent_ask_core::contract::images::MAX_IMAGE_BYTES;
use pi_agent_ask_core::{Effect, Frame, Input, Runner, Surface};
use pi_agent_ask_headless::{
    CursorMarker, ScriptStep, parse_keys, render_plain_with, render_styled,
};

use super::read_call;
use crate::cli::RenderArgs;
use crate::effects::{Effects, Mode};
use crate::files::io_text;
use crate::outcome::UsageError;
use crate::questionnaire::questionnaire;

/// Runs the script and returns the text to print.
pub fn run(args: &RenderArgs) -> Result<String, UsageError> {
    let steps = parse_keys(&args.keys)
        .map_err(|error| UsageError::new(format!("invalid --keys: {error}")))?;
    let read = read_call(&args.common)?;
    let file = read.settings;
    let call = match read.call {
        Ok(call) => call,
        Err(invalid) => return Ok(json_line(invalid.result())),
    };
    let config_path = file.given_path();
    let mut host = questionnaire(call, &file, config_path);
    let mut effects = Effects::new(file, Mode::DryRun)
        .finding_files_at_once(&read.cwd)
        .with_scripted_clipboard();
    let mut runner = Runner::new();
    let mut clock = Duration::ZERO;
    let mut size = args.size;
    let mut finished = runner.open(&mut host, clock, &mut effects);
    let mut frame = host.draw(size);
    for step in steps {
        if finished.is_some() {
            break;
        }
        finished = match step {
            ScriptStep::Input(input) => {
                if let Input::Resize(new_size) = input {
                    size = new_size;
                }
                runner.dispatch(&mut host, input, clock, &mut effects)
            }
            ScriptStep::Wait(duration) => {
                clock = clock.saturating_add(duration);
                runner.advance_to(&mut host, clock, &mut effects).finished
            }
            ScriptStep::Image(path) => {
                // One byte past the limit is enough for the form to refuse it as too large.
                let limit = MAX_IMAGE_BYTES as u64 + 1;
                let mut bytes = Vec::new();
                std::fs::File::open(&path)
                    .and_then(|file| file.take(limit).read_to_end(&mut bytes))
                    .map_err(|error| {
                        UsageError::new(format!(
                            "cannot read the image {}: {}",
                            path.display(),
                            io_text(&error)
                        ))
                    })?;
                effects.stage_clipboard(bytes);
                let pasted = host.inner().paste_image_key().and_then(|key| {
                    runner.dispatch(&mut host, Input::Key(key), clock, &mut effects)
                });
                effects.clear_clipboard();
                pasted
            }
        };
        if finished.is_none() {
            frame = host.draw(size);
        }
    }
    let mut text = screen(&frame, args.styled);
    if let Some(Effect::Finish(result)) = finished {
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
    let mut text = pi_agent_ask_core::json::to_string_pretty(&result.to_json());
    text.push('\n');
    text
}
