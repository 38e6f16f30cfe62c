//! The rich terminal questionnaire: a core form run by the crossterm frontend on `/dev/tty`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use pi_agent_ask_core::contract::ToolResult;
use pi_agent_ask_core::effect::Effect;
use pi_agent_ask_core::form::{FlowIds, Form, FormConfig, FormRequest};
use pi_agent_ask_core::input::Input;
use pi_agent_ask_core::runner::Step;
use pi_agent_ask_core::settings_panel::WithSettings;
use pi_agent_ask_crossterm::{ColorMode, End, Screen, TerminalOptions, notify, run_with};

use crate::outcome::UsageError;
use crate::settings_file::SettingsFile;

/// How the form is placed on the terminal.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Placement {
    /// The alternate screen, the whole terminal.
    FullScreen,
    /// This many rows below the current output, leaving the scrollback intact.
    Inline(u16),
}

/// How a terminal ask ended.
pub struct TuiEnd {
    /// The tool result to print.
    pub result: ToolResult,
    /// The exit status: 0, or `128 + n` after signal `n`, or 101 after a crash.
    pub exit: u8,
}

/// Whether the rich questionnaire can run: a terminal device opens.
pub fn available() -> bool {
    pi_agent_ask_crossterm::has_tty()
}

/// Asks `request` in the terminal and returns the result. The terminal is restored on every
/// way out; a signal or a crash still yields a cancelled result with the answers so far. The
/// form announces itself as it opens, through the notification settings in effect.
pub fn ask(
    request: FormRequest,
    request_id: String,
    config: Option<&Path>,
    placement: Placement,
) -> Result<TuiEnd, UsageError> {
    let mut settings_file = SettingsFile::open(config);
    let settings = settings_file.settings().clone();
    let form_config = FormConfig {
        behaviour: settings.behaviour,
        keymaps: settings.keymaps.clone(),
    };
    let form = Form::new(request, &form_config, FlowIds { request_id })
        .with_opening_notices(settings_file.loaded.notices.clone());
    let mut host = WithSettings::new(
        form,
        settings.clone(),
        settings_file.loaded.notices.clone(),
        settings_file.display_path(),
    );
    let options = TerminalOptions {
        screen: match placement {
            Placement::FullScreen => Screen::AlternateScreen,
            Placement::Inline(height) => Screen::Inline { height },
        },
        color: ColorMode::from_no_color(std::env::var_os("NO_COLOR").as_deref()),
    };
    let run = catch_unwind(AssertUnwindSafe(|| {
        let mut handler = |effect: &Effect| match effect {
            Effect::Finish(_) => Step::Finish,
            Effect::SaveSettings(change) => {
                Step::Feed(vec![Input::SettingsSaved(settings_file.save(*change))])
            }
            Effect::Notify(notification) => {
                notify::announce(&settings_file.settings().notifications, notification);
                Step::Feed(Vec::new())
            }
            _ => Step::Keep,
        };
        run_with(&mut host, options, &mut handler)
    }));
    match run {
        Ok(Ok(outcome)) => match outcome.end {
            End::Finished(Effect::Finish(result)) => Ok(TuiEnd { result, exit: 0 }),
            End::Interrupted(signal) => Ok(TuiEnd {
                result: host.inner().cancelled_result(),
                exit: u8::try_from(128 + signal.number()).unwrap_or(u8::MAX),
            }),
            End::Finished(_) => Ok(TuiEnd {
                result: host.inner().cancelled_result(),
                exit: 1,
            }),
        },
        Ok(Err(error)) => Err(UsageError::new(format!("cannot use the terminal: {error}"))),
        Err(_) => Ok(TuiEnd {
            result: host.inner().cancelled_result(),
            exit: 101,
        }),
    }
}
