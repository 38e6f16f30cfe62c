//! `demo`: the built-in questionnaire, to see the product without writing tool arguments.

use pi_agent_ask_core::contract::Tool;

use crate::cli::DemoArgs;
use crate::commands::parse_call_with;
use crate::files::working_directory;
use crate::outcome::{Outcome, UsageError};
use crate::settings_file::SettingsFile;
use crate::tui::{self, Placement};

/// The demo's tool arguments.
const DEMO: &str = include_str!("../../fixtures/demo.json");

/// Opens the demo in the terminal and prints its result.
pub fn run(args: &DemoArgs) -> Result<Outcome, UsageError> {
    match tui::availability() {
        tui::Availability::Ready => {}
        tui::Availability::NoTerminal => {
            return Err(UsageError::new(
                "the demo needs a terminal, and /dev/tty cannot be opened",
            ));
        }
        tui::Availability::NoCursorControl => {
            return Err(UsageError::new(tui::Availability::no_cursor_control(
                "the demo",
            )));
        }
    }
    let arguments: serde_json::Value =
        serde_json::from_str(DEMO).map_err(|error| UsageError::new(error.to_string()))?;
    let settings = SettingsFile::read(args.config.as_deref());
    let cwd = working_directory(None)?;
    let call =
        parse_call_with(Tool::AskUser, &arguments, cwd.clone(), &settings).map_err(|invalid| {
            UsageError::new(format!(
                "the built-in demo is invalid: {:?}",
                invalid.issues()
            ))
        })?;
    let end = tui::ask(
        call,
        settings,
        args.inline
            .rows
            .map_or(Placement::FullScreen, Placement::Inline),
        &cwd,
    )?;
    Ok(Outcome::json(end.result.to_json(), end.exit))
}
