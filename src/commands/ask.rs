//! `ask`: one ask flow for these tool arguments; prints the tool result.

use std::path::Path;

use pi_agent_ask_core::contract::Call;
use serde_json::Value;

use super::{ask_popup, read_call};
use crate::away::AwayRequest;
use crate::cancel::Cancel;
use crate::cli::{AskArgs, UiArg};
use crate::effects::{Effects, Ending};
use crate::files::read_json;
use crate::foreground;
use crate::inbox::client::{self, InboxError};
use crate::interrupt;
use crate::outcome::{Outcome, UsageError, report};
use crate::popup;
use crate::settings_file::SettingsFile;
use crate::terminal;
use crate::tui::{self, Placement};

/// Asks (or answers from `--answer`) and prints the tool result; exit 0 even for error results.
pub fn run(args: &AskArgs) -> Result<Outcome, UsageError> {
    if args.answer.as_deref() == Some("-") && args.common.file == "-" {
        return Err(UsageError::new(
            "the tool arguments and --answer cannot both come from standard input",
        ));
    }
    let read = read_call(&args.common)?;
    let response = args
        .answer
        .as_deref()
        .map(|source| read_json(source, "answer response"))
        .transpose()?;
    let (result, exit) = match (read.call, response) {
        (Err(invalid), _) => (invalid.into_result().to_json(), 0),
        (Ok(call), Some(response)) => (call.answered_by(&response).to_json(), 0),
        (Ok(call), None) => ask(call, read.settings, &read.cwd, surface(args)?, args)?,
    };
    Ok(Outcome::json(result, exit))
}

/// Asks `call` where `surface` says, and the exit status that goes with the result.
fn ask(
    call: Call,
    settings: SettingsFile,
    cwd: &Path,
    surface: Surface,
    args: &AskArgs,
) -> Result<(Value, u8), UsageError> {
    Ok(match surface {
        Surface::Dialogs => {
            let mut terminal = terminal::plain_dialogs();
            let result = pi_agent_ask_dialogs::ask(call, &mut terminal);
            let ending = interrupt::received()
                .map_or(Ending::Answered, |signal| Ending::Signal(signal.number()));
            (result.to_json(), Effects::exit_status(ending))
        }
        Surface::NoUi => (call.no_ui().to_json(), 0),
        Surface::Popup => match ask_popup::ask(&call, &settings, cwd) {
            Ok(asked) => asked,
            Err(reason) => {
                report(&format!("--ui popup: {reason}; answering without a UI"));
                (call.no_ui().to_json(), 0)
            }
        },
        Surface::Tui { placement } => {
            let end = tui::ask(call, settings, placement, cwd)?;
            (end.result.to_json(), end.exit)
        }
        Surface::Inbox => ask_inbox(&call, &AwayRequest::new(&call, &settings, cwd), &args.inbox)?,
    })
}

/// Asks in the inbox called `name` and waits for its result. An inbox that goes away first
/// leaves the call cancelled, exit 0; a signal to this process, cancelled and `128 + n`.
fn ask_inbox(call: &Call, request: &AwayRequest, name: &str) -> Result<(Value, u8), UsageError> {
    interrupt::watch();
    let cancel = Cancel::new().map_err(|error| UsageError::new(error.to_string()))?;
    match client::ask(request, name, &cancel) {
        Ok(result) => Ok((result, 0)),
        Err(InboxError::Gone | InboxError::Cancelled | InboxError::Io(_)) => {
            let ending = interrupt::received()
                .map_or(Ending::Answered, |signal| Ending::Signal(signal.number()));
            Ok((
                call.cancelled(Some(&[])).to_json(),
                Effects::exit_status(ending),
            ))
        }
        Err(error) => Err(UsageError::new(error.to_string())),
    }
}

/// Where an ask without `--answer` happens.
#[derive(Clone, Copy)]
enum Surface {
    /// The rich terminal questionnaire.
    Tui {
        /// Full screen or inline.
        placement: Placement,
    },
    /// Plain line-by-line prompts on the terminal.
    Dialogs,
    /// A `pi-agent-ask inbox` terminal, the one `--inbox` names.
    Inbox,
    /// A popup over the terminal the caller runs in.
    Popup,
    /// Nowhere: the result tells the agent to ask another way.
    NoUi,
}

/// The surface for `--ui`. `auto` asks on the terminal only when a person runs this process
/// there (see [`foreground`]): plain dialogs on a `TERM=dumb` terminal, the rich questionnaire
/// on any other; otherwise, without ever opening `/dev/tty`, an inbox when one is listening,
/// then a popup where one can open, and no UI when nothing is there.
fn surface(args: &AskArgs) -> Result<Surface, UsageError> {
    let tui = Surface::Tui {
        placement: args.inline.map_or(Placement::FullScreen, Placement::Inline),
    };
    Ok(match args.ui {
        UiArg::Tui if tui::available() => tui,
        UiArg::Tui => {
            return Err(UsageError::new(
                "--ui tui needs a terminal, and /dev/tty cannot be opened",
            ));
        }
        UiArg::Dialogs => Surface::Dialogs,
        UiArg::Inbox => Surface::Inbox,
        UiArg::Popup => Surface::Popup,
        UiArg::Auto => {
            let at_terminal = foreground::person_at_terminal();
            if at_terminal && terminal::term_is_dumb() && terminal::tty_available() {
                Surface::Dialogs
            } else if at_terminal && tui::available() {
                tui
            } else if client::listening(&args.inbox) {
                Surface::Inbox
            } else if popup::available().is_some() {
                Surface::Popup
            } else {
                Surface::NoUi
            }
        }
        UiArg::None => Surface::NoUi,
    })
}
