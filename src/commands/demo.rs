//! `demo`: the built-in questionnaire, to see the product without writing tool arguments.

use pi_agent_ask_core::contract::ask_user::{ParseOptions, parse_ask_user};
use pi_agent_ask_core::form::FormRequest;

use crate::cli::DemoArgs;
use crate::files::{FsPreviewSource, working_directory};
use crate::outcome::{Outcome, UsageError};
use crate::settings_file::SettingsFile;
use crate::tui::{self, Placement};

/// The demo's tool arguments.
const DEMO: &str = include_str!("../../fixtures/demo.json");

/// Opens the demo in the terminal and prints its result.
pub fn run(args: &DemoArgs) -> Result<Outcome, UsageError> {
    if !tui::available() {
        return Err(UsageError::new(
            "the demo needs a terminal, and /dev/tty cannot be opened",
        ));
    }
    let arguments: serde_json::Value =
        serde_json::from_str(DEMO).map_err(|error| UsageError::new(error.to_string()))?;
    let behaviour = SettingsFile::read(args.config.as_deref())
        .loaded
        .settings
        .behaviour;
    let options = ParseOptions {
        present_single_as_multi: behaviour.present_single_as_multi,
    };
    let mut files = FsPreviewSource::new(working_directory(None)?);
    let call = parse_ask_user(&arguments, options, &mut files).map_err(|invalid| {
        UsageError::new(format!(
            "the built-in demo is invalid: {:?}",
            invalid.issues
        ))
    })?;
    let end = tui::ask(
        FormRequest::AskUser(call.request),
        uuid::Uuid::new_v4().to_string(),
        args.config.as_deref(),
        args.inline.map_or(Placement::FullScreen, Placement::Inline),
    )?;
    Ok(Outcome::json(end.result.to_json(), end.exit))
}
