//! The rich terminal questionnaire: a core form run by the crossterm frontend on `/dev/tty`.

use std::panic::{AssertUnwindSafe, catch_unwind};
use std::path::Path;

use pi_agent_ask_core::contract::answers::Draft;
use pi_agent_ask_core::contract::{Call, ToolResult};
use pi_agent_ask_core::effect::Effect;
use pi_agent_ask_core::settling::{Opening, Settling};
use pi_agent_ask_crossterm::{
    ColorMode, End, OutputWatch, Screen, TerminalOptions, run_with, run_with_source,
};

use crate::arrivals;
use crate::effects::{Effects, Ending, Mode};
use crate::file_search::FileSearch;
use crate::outcome::UsageError;
use crate::questionnaire::questionnaire_with;
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
    /// What the form held when it was ended from outside (a signal, a crash), the open
    /// editor's text saved; `None` when the user ended it.
    pub kept: Option<Vec<Draft>>,
}

/// Whether a full-screen form (the questionnaire, the settings overlay, the inbox) can be
/// drawn here.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Availability {
    /// A terminal device opens and can be drawn on.
    Ready,
    /// No terminal device opens.
    NoTerminal,
    /// `TERM` is `dumb`: the terminal has no cursor control, and escape sequences would show
    /// as text (an editor's shell buffer, some consoles).
    NoCursorControl,
}

impl Availability {
    /// The message saying why `what` (`the demo`, `--ui tui`) cannot draw on a terminal
    /// without cursor control.
    pub fn no_cursor_control(what: &str) -> String {
        format!(
            "{what} draws a full-screen form, which a terminal without cursor control \
             (TERM=dumb) cannot show; run it in a terminal that has it"
        )
    }
}

/// Whether a full-screen form can be drawn here: a terminal device opens, and `TERM` does not
/// say it lacks cursor control.
pub fn availability() -> Availability {
    if !pi_agent_ask_crossterm::has_tty() {
        Availability::NoTerminal
    } else if crate::terminal::term_is_dumb() {
        Availability::NoCursorControl
    } else {
        Availability::Ready
    }
}

/// Asks `call` in the terminal, with the settings file the call was read with (written with
/// the defaults if it is missing), and returns the result. The terminal is restored on every
/// way out; a signal or a crash still yields a cancelled result with the answers so far. The
/// form announces itself as it opens, through the notification settings in effect; the
/// person opened it, so it takes keys from its first frame.
pub fn ask(
    call: Call,
    settings_file: SettingsFile,
    placement: Placement,
    cwd: &Path,
) -> Result<TuiEnd, UsageError> {
    ask_with(call, None, settings_file, placement, Opening::ByPerson, cwd)
}

/// [`ask`] with the form starting from `drafts` when given (a recovered form reopening as
/// it was left), settling first when it opens unbidden.
pub fn ask_with(
    call: Call,
    drafts: Option<Vec<Draft>>,
    settings_file: SettingsFile,
    placement: Placement,
    opening: Opening,
    cwd: &Path,
) -> Result<TuiEnd, UsageError> {
    let settings_file = settings_file.created_if_missing();
    let config_path = settings_file.display_path();
    let mut host = Settling::new(
        questionnaire_with(call, drafts, &settings_file, config_path),
        opening,
    );
    let mut effects = Effects::new(settings_file, Mode::Live);
    let mut arrivals = match arrivals::channel() {
        Ok((courier, arrivals)) => {
            effects = effects
                .finding_files_with(FileSearch::start(cwd, courier.clone()))
                .reading_clipboard_with(courier);
            Some(arrivals)
        }
        Err(_) => None,
    };
    let options = TerminalOptions {
        screen: match placement {
            Placement::FullScreen => Screen::AlternateScreen,
            Placement::Inline(height) => Screen::Inline { height },
        },
        color: ColorMode::from_no_color(std::env::var_os("NO_COLOR").as_deref()),
        // The result goes to standard output: a host that stops reading it went away.
        output: OutputWatch::StandardOutput,
    };
    let run = catch_unwind(AssertUnwindSafe(|| match arrivals.as_mut() {
        Some(arrivals) => run_with_source(&mut host, options, &mut effects, arrivals),
        None => run_with(&mut host, options, &mut effects),
    }));
    let interrupted = |exit| TuiEnd {
        result: host.inner().inner().interrupted_result(),
        exit,
        kept: Some(host.inner().inner().kept_drafts()),
    };
    Ok(match run {
        Ok(Ok(outcome)) => match outcome.end {
            End::Finished(effect) => {
                let exit = Effects::exit_status(Ending::Finished(&effect));
                match effect {
                    Effect::Finish(result) => TuiEnd {
                        result,
                        exit,
                        kept: None,
                    },
                    _ => TuiEnd {
                        result: host.inner().inner().cancelled_result(),
                        exit,
                        kept: None,
                    },
                }
            }
            End::Interrupted(signal) => {
                interrupted(Effects::exit_status(Ending::Signal(signal.number())))
            }
            End::OutputClosed => interrupted(Effects::exit_status(Ending::Signal(libc::SIGPIPE))),
        },
        Ok(Err(error)) => return Err(UsageError::new(format!("cannot use the terminal: {error}"))),
        Err(_) => interrupted(Effects::exit_status(Ending::Panicked)),
    })
}
