//! `settings`: the ask settings overlay alone in the terminal.
//!
//! The overlay is drawn on `/dev/tty`; every toggle is saved at once and a failed save is
//! reverted on screen. Nothing is printed on stdout. Exit 0 when the overlay is closed,
//! `128 + signal` when a signal ends it, 1 when the terminal fails; without a terminal it is a
//! usage error (2).

use crate::cli::SettingsArgs;
use crate::outcome::UsageError;

/// Opens the overlay and runs it until it is closed; the exit code.
#[cfg(unix)]
pub fn run(args: &SettingsArgs) -> Result<u8, UsageError> {
    use crate::effects::{Effects, Ending, Mode};
    use crate::settings_file::SettingsFile;
    use crate::tui::Availability;
    use pi_agent_ask_core::settings_panel::SettingsPanel;
    use pi_agent_ask_crossterm::{ColorMode, End, OutputWatch, Screen, TerminalOptions, run_with};

    match crate::tui::availability() {
        Availability::Ready => {}
        Availability::NoTerminal => {
            return Err(UsageError::new(
                "settings needs a terminal: run it in an interactive terminal",
            ));
        }
        Availability::NoCursorControl => {
            return Err(UsageError::new(Availability::no_cursor_control("settings")));
        }
    }
    let file = SettingsFile::open(args.config.as_deref());
    let path = file.display_path();
    let mut panel = SettingsPanel::new(file.settings().clone(), file.loaded.notices.clone(), path);
    let mut effects = Effects::new(file, Mode::Live).opened_alone();
    let options = TerminalOptions {
        screen: Screen::AlternateScreen,
        color: ColorMode::from_no_color(std::env::var_os("NO_COLOR").as_deref()),
        output: OutputWatch::Unwatched,
    };
    let ending = match run_with(&mut panel, options, &mut effects) {
        Ok(outcome) => match outcome.end {
            End::Finished(effect) => return Ok(Effects::exit_status(Ending::Finished(&effect))),
            End::Interrupted(signal) => Ending::Signal(signal.number()),
            End::OutputClosed => Ending::Signal(libc::SIGPIPE),
        },
        Err(error) => {
            crate::outcome::report(&format!("the terminal failed: {error}"));
            Ending::Failed
        }
    };
    Ok(Effects::exit_status(ending))
}

/// Without a Unix terminal the overlay cannot open.
#[cfg(not(unix))]
pub fn run(_args: &SettingsArgs) -> Result<u8, UsageError> {
    Err(UsageError::new("settings needs a Unix terminal"))
}
