//! `ask`: one ask flow for these tool arguments; prints the tool result.

use std::path::Path;

use pi_agent_ask_core::contract::{Call, ToolResult};

use super::read_call;
use crate::cli::{AskArgs, UiArg};
use crate::effects::{Effects, Ending};
use crate::files::read_json;
use crate::interrupt;
use crate::outcome::{Outcome, UsageError};
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
    let surface = surface(args)?;
    let (result, exit) = match (read.call, response) {
        (Err(invalid), _) => (invalid.into_result(), 0),
        (Ok(call), Some(response)) => (call.answered_by(&response), 0),
        (Ok(call), None) => ask(call, read.settings, &read.cwd, surface)?,
    };
    Ok(Outcome::json(result.to_json(), exit))
}

/// Asks `call` where `surface` says, and the exit status that goes with the result.
fn ask(
    call: Call,
    settings: SettingsFile,
    cwd: &Path,
    surface: Surface,
) -> Result<(ToolResult, u8), UsageError> {
    Ok(match surface {
        Surface::Dialogs => {
            let mut terminal = terminal::plain_dialogs();
            let result = pi_agent_ask_dialogs::ask(call, &mut terminal);
            let ending = interrupt::received()
                .map_or(Ending::Answered, |signal| Ending::Signal(signal.number()));
            (result, Effects::exit_status(ending))
        }
        Surface::NoUi => (call.no_ui(), 0),
        Surface::Tui { placement } => {
            let end = tui::ask(call, settings, placement, cwd)?;
            (end.result, end.exit)
        }
    })
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
    /// Nowhere: the result tells the agent to ask another way.
    NoUi,
}

/// The surface for `--ui`: `auto` uses plain dialogs on a `TERM=dumb` terminal, the rich
/// questionnaire on any other terminal, and no UI without one.
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
        UiArg::Auto if terminal::term_is_dumb() && terminal::tty_available() => Surface::Dialogs,
        UiArg::Auto if tui::available() => tui,
        UiArg::Auto | UiArg::None => Surface::NoUi,
    })
}
