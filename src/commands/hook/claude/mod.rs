//! `hook claude`: a Claude Code `PreToolUse` hook that answers the built-in `AskUserQuestion`
//! tool with our form, asked away from Claude Code's terminal (which Claude Code owns): in a
//! listening inbox, else in a popup. Whenever it cannot ask (another tool, input it does not
//! understand, nowhere to ask, a surface that failed) it prints nothing and exits 0, so
//! Claude Code asks with its own dialog; a signal while asking (Claude Code's hook timeout)
//! closes the form and exits `128 + n`, printing nothing.

pub mod input;
pub mod reply;
pub mod translate;

#[cfg(test)]
mod tests;

use std::path::Path;

use pi_agent_ask_core::contract::result::{AskError, AskResult};
use pi_agent_ask_core::contract::rules::ImagePaste;
use pi_agent_ask_core::contract::{Call, Tool};
use serde_json::Value;

use super::super::ask::{self as asking, AskEnding, Surface};
use super::super::{ask_popup, new_request_id, parse_call_under};
use crate::cli::ClaudeHookArgs;
use crate::effects::{Effects, Ending};
use crate::exit::Exit;
use crate::files::{read_json, working_directory};
use crate::inbox::client::{self, InboxError, TAKEN_OVER};
use crate::inbox::place::check_name;
use crate::interrupt;
use crate::outcome::{Outcome, Output, report};
use crate::popup;
use crate::settings_file::SettingsFile;

/// Why the hook leaves the question to Claude Code: said on one line of stderr.
#[derive(Debug, thiserror::Error)]
enum Declined {
    /// The input is not an `AskUserQuestion` call this hook can read.
    #[error(transparent)]
    Input(#[from] input::InputError),
    /// The questions break the `ask_user` contract.
    #[error("the questions cannot be asked: {0}")]
    Invalid(String),
    /// No inbox listens and no popup can open: why the inbox could not be used when it was
    /// not simply absent, and why no popup.
    #[error(
        "no inbox named {name:?} is listening{} and no popup can open ({popup})",
        in_brackets(inbox.as_deref())
    )]
    Nowhere {
        name: String,
        inbox: Option<String>,
        popup: String,
    },
    /// The surface gave no answer (it failed, or closed without one).
    #[error("{0}")]
    Failed(String),
}

/// ` (why)`, or nothing without a why.
fn in_brackets(why: Option<&str>) -> String {
    why.map(|why| format!(" ({why})")).unwrap_or_default()
}

/// Answers the `AskUserQuestion` call on standard input; see the module's documentation.
pub fn run(args: &ClaudeHookArgs) -> Exit {
    // The surfaces watch the signals while they ask (`interrupt::watch`); before that, while
    // the input is read, a signal ends the process at once, with nothing printed either.
    let answered = answer(args);
    if let Some(signal) = interrupt::received() {
        return Exit::from(Effects::exit_status(Ending::Signal(signal.number())));
    }
    match answered {
        Ok(Answered::Reply(document)) => print(document),
        Ok(Answered::Misused(message)) => {
            report(&format!("hook claude: {message}"));
            Exit::from(1)
        }
        Err(declined) => {
            // A reason that ends a sentence of its own ends it before the semicolon.
            let declined = declined.to_string();
            report(&format!(
                "hook claude: {}; the call is left to Claude Code",
                declined.trim_end_matches('.')
            ));
            Exit::SUCCESS
        }
    }
}

/// What answering gave.
enum Answered {
    /// The hook output to print.
    Reply(Value),
    /// The hook's own command line is wrong (`--answer` cannot be read, `--inbox` is no
    /// inbox name): exit 1, an error Claude Code shows before it asks with its own dialog,
    /// where exit 2 would block the call.
    Misused(String),
}

fn answer(args: &ClaudeHookArgs) -> Result<Answered, Declined> {
    if let Err(error) = check_name(&args.inbox) {
        return Ok(Answered::Misused(error.to_string()));
    }
    if args.answer.as_deref() == Some(std::path::Path::new("-")) {
        return Ok(Answered::Misused(
            "--answer - would read standard input, which carries the hook's input; name a file"
                .to_owned(),
        ));
    }
    let input = input::read(std::io::stdin().lock())?;
    // Claude Code runs the hook in the session's directory too, so a `cwd` that is no
    // directory (it went away) asks in the hook's own.
    let cwd = working_directory(input.cwd.as_deref().filter(|dir| dir.is_dir()))
        .map_err(|error| Declined::Failed(error.to_string()))?;
    let settings = SettingsFile::read(args.config.as_deref());
    settings.report_notices();
    let ask_id = input.ask_id();
    let call = parse_call_under(
        Tool::AskUser,
        &translate::arguments(&input.questions),
        cwd.clone(),
        &settings,
        || ask_id.unwrap_or_else(new_request_id),
    )
    .map_err(|invalid| {
        let messages: Vec<&str> = invalid
            .issues()
            .iter()
            .map(|issue| issue.message.as_str())
            .collect();
        Declined::Invalid(messages.join("; "))
    })?
    // Claude Code's answers are text: an image attached would reach nobody.
    .with_images(ImagePaste::Unsupported);
    let result = match &args.answer {
        Some(path) => match read_json(&path.display().to_string(), "answer response") {
            Ok(response) => call.answered_by(&response).to_json(),
            Err(error) => return Ok(Answered::Misused(error.to_string())),
        },
        None => ask_elsewhere(&call, settings, &cwd, &args.inbox)?,
    };
    let result: AskResult = result
        .get("details")
        .cloned()
        .and_then(|details| serde_json::from_value(details).ok())
        .ok_or_else(|| Declined::Failed("the form gave no ask_user result".to_owned()))?;
    if let Some(error) = &result.error {
        return Err(Declined::Failed(refusal(error)));
    }
    let reply = reply::reply(&input.questions, &input.raw_input, &result);
    Ok(Answered::Reply(reply.to_json()))
}

/// What a refused call or answer says.
fn refusal(error: &AskError) -> String {
    match error {
        AskError::InvalidInput { issues } => {
            let messages: Vec<&str> = issues.iter().map(|issue| issue.message.as_str()).collect();
            format!("the questions cannot be asked: {}", messages.join("; "))
        }
        AskError::InvalidAnswer { message } | AskError::InvalidRequest { message } => {
            format!("the answer was refused: {message}")
        }
    }
}

/// Asks `call` in the inbox called `inbox` when it listens, else in a popup; the tool result.
fn ask_elsewhere(
    call: &Call,
    settings: SettingsFile,
    cwd: &Path,
    inbox: &str,
) -> Result<Value, Declined> {
    let inbox_refused = match client::reachable(inbox) {
        Ok(()) => {
            let asked = asking::ask(call, None, settings, cwd, Surface::Inbox, inbox)
                .map_err(|error| Declined::Failed(error.to_string()))?;
            return match asked.ending {
                AskEnding::Unasked => Err(Declined::Failed(
                    "the inbox did not ask the question".to_owned(),
                )),
                AskEnding::SurfaceGone(..) => Err(Declined::Failed(
                    "the inbox went away without an answer".to_owned(),
                )),
                // Nobody cancelled: Claude Code asks in its own dialog rather than the model
                // reading that the user cancelled.
                AskEnding::InboxClosed => Err(Declined::Failed(
                    "the inbox closed before the question was answered".to_owned(),
                )),
                AskEnding::TakenOver => Err(Declined::Failed(TAKEN_OVER.to_owned())),
                AskEnding::User | AskEnding::Interrupted(_) => Ok(asked.result),
            };
        }
        Err(InboxError::NotListening { .. }) => None,
        Err(refused) => Some(refused.to_string()),
    };
    let popup = popup::detect().map_err(|why| Declined::Nowhere {
        name: inbox.to_owned(),
        inbox: inbox_refused,
        popup: why.to_string(),
    })?;
    match ask_popup::ask(Some(popup), call, None, &settings, cwd) {
        Ok(asked) if asked.exit == 0 => Ok(asked.result),
        Ok(asked) => Err(Declined::Failed(format!(
            "the popup ended without an answer (exit {})",
            asked.exit
        ))),
        Err(reason) => Err(Declined::Failed(reason)),
    }
}

/// Prints `document` as one compact line, every control escaped; exit 1 if stdout fails.
fn print(document: Value) -> Exit {
    Outcome {
        output: Output::Line(document),
        exit: 0,
    }
    .print()
}
