//! `--ui popup`: the questionnaire in a popup over the caller's terminal, for a caller that has
//! no terminal of its own to draw on (an agent's tool call) but runs inside one a person
//! watches.
//!
//! The host is detected from the environment ([`available`], [`detect`]): tmux ≥ 3.2 with an
//! attached client, zellij, kitty with remote control, or `WezTerm`. [`ask`] hands the call to
//! this same program, run in the popup on the popup's own terminal, through a private folder
//! ([`handoff`]), and waits for its result; a cancel closes the popup and dismisses the form.
//! Nothing here is process-global except [`crate::interrupt`]'s watch of signals, so popups
//! can be asked from several threads at once.

mod answer;
mod command;
mod environment;
pub mod handoff;
mod host;
mod kitty;
mod launch;
mod session;
mod tmux;
mod turn;
mod wait;
mod wezterm;
mod zellij;

use std::ffi::OsString;
use std::path::{Path, PathBuf};

use pi_agent_ask_core::contract::Call;
use pi_agent_ask_core::contract::answers::Draft;
use pi_agent_ask_core::journal::drafts::DraftRecord;

pub use self::answer::{PopupAnswer, PopupEnding, PopupError};
use self::command::{Probe, run_probe};
pub use self::environment::{Environment, INSIDE_POPUP};
use self::handoff::{CallFile, Handoff};
use self::host::Host;
use self::launch::{Launch, TITLE};
use crate::away::ArgumentsText;
use crate::cancel::Cancel;

/// The subcommand the popup runs this program with (hidden from `--help`).
pub const POPUP_COMMAND: &str = "popup-form";

/// A host that can show a popup over the caller's terminal, as detected.
#[derive(Clone, Debug)]
pub struct Popup {
    host: Host,
    /// The caller's environment as the handoff and the popup's program need it.
    env: Environment,
}

/// Why no popup can be opened here.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Unavailable {
    /// This process runs inside a popup of this program already.
    #[error("already inside a popup")]
    Nested,
    /// The caller runs in no host that can open one; the reasons of those it runs in.
    #[error("{}", nowhere(.0))]
    NoHost(Vec<String>),
    /// A host the caller runs in could open one, but nobody has it on screen now (a tmux
    /// session with no client attached), which may change: a form that can wait, waits.
    #[error("{}", nowhere(.0))]
    Unwatched(Vec<String>),
}

fn nowhere(reasons: &[String]) -> String {
    if reasons.is_empty() {
        "not running inside tmux, zellij, kitty or WezTerm".to_owned()
    } else {
        reasons.join("; ")
    }
}

impl Popup {
    /// The terminal the popup shows on, where the host tells (a tmux client's name): a
    /// popup that closed as its terminal went away can open on another.
    pub fn shown_on(&self) -> Option<&str> {
        self.host.shown_on()
    }
}

/// What the popup is asked to ask.
pub struct PopupRequest<'a> {
    /// The call; the popup asks the same questions, and its results carry the same request id.
    pub call: &'a Call,
    /// The settings file in effect (`None`: no location is known).
    pub config: Option<&'a Path>,
    /// The call's working directory, where the form's `@` references look for paths.
    pub cwd: &'a Path,
    /// What the form opens with: the drafts of an interrupted ask being resumed.
    pub drafts: Option<&'a [Draft]>,
}

/// The popup host the process's environment offers, if any.
pub fn available() -> Option<Popup> {
    detect().ok()
}

/// The popup host the process's environment offers, or why there is none.
pub fn detect() -> Result<Popup, Unavailable> {
    detect_in(Environment::current(), &run_probe)
}

/// The file whose mode changes when someone comes to watch the popup's host, for a wait that
/// sleeps until then: the tmux server's socket, when the process runs in tmux.
pub fn watched_by_a_client() -> Option<PathBuf> {
    tmux::server_socket(&Environment::current())
}

/// [`detect`] in `env`, running host probes through `probe`.
fn detect_in(env: Environment, probe: &Probe) -> Result<Popup, Unavailable> {
    if env.inside_popup() {
        return Err(Unavailable::Nested);
    }
    let host = Host::detect(&env, probe)?;
    Ok(Popup { host, env })
}

/// Asks `request` in `popup` and waits for its result, or for `cancel` (a closed MCP call,
/// a signal that ends a run, once [`crate::interrupt::watch`] ran), which closes the popup.
pub fn ask(
    popup: &Popup,
    request: &PopupRequest<'_>,
    cancel: &Cancel,
) -> Result<PopupAnswer, PopupError> {
    let call = CallFile {
        tool: request.call.tool().name().to_owned(),
        request_id: request.call.request_id().map(str::to_owned),
        arguments: ArgumentsText::of(&request.call.arguments_view()),
        config: request.config.map(Path::to_path_buf),
        cwd: request.cwd.to_path_buf(),
        drafts: request
            .drafts
            .map(|drafts| drafts.iter().map(DraftRecord::from).collect()),
        images: request.call.rules().images,
    };
    let handoff = Handoff::create(&popup.env, &call)
        .map_err(|error| PopupError::Failed(format!("cannot hand the call over: {error}")))?;
    let program = std::env::current_exe()
        .map_err(|error| PopupError::Failed(format!("cannot find this program: {error}")))?;
    let launch = launch(
        &program,
        handoff.path(),
        &popup.env,
        std::env::current_dir().ok(),
    );
    session::run(&popup.host, &handoff, &launch, request.call, cancel)
}

/// What the popup runs: `PROGRAM popup-form FOLDER`, marked as inside a popup, with the
/// caller's `NO_COLOR`, starting in `cwd`.
fn launch(program: &Path, folder: &Path, env: &Environment, cwd: Option<PathBuf>) -> Launch {
    let mut vars = vec![(INSIDE_POPUP.to_owned(), OsString::from("1"))];
    if let Some(no_color) = env.raw("NO_COLOR") {
        vars.push(("NO_COLOR".to_owned(), no_color.clone()));
    }
    Launch {
        program: vec![
            program.as_os_str().to_owned(),
            POPUP_COMMAND.into(),
            folder.as_os_str().to_owned(),
        ],
        env: vars,
        cwd,
        title: TITLE.to_owned(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn never(line: &command::CommandLine) -> Result<String, String> {
        panic!("no probe expected, ran {:?}", line.arg_texts())
    }

    #[test]
    fn a_popup_is_never_opened_from_inside_one() {
        let env = Environment::from_pairs([(INSIDE_POPUP, "1"), ("WEZTERM_PANE", "1")]);
        assert!(matches!(detect_in(env, &never), Err(Unavailable::Nested)));
    }

    #[test]
    fn no_host_says_where_it_looked() {
        let error = detect_in(Environment::default(), &never).expect_err("no host");
        assert_eq!(
            error.to_string(),
            "not running inside tmux, zellij, kitty or WezTerm"
        );
    }

    #[test]
    fn the_popup_runs_this_program_marked_with_the_callers_colour_choice() {
        let env = Environment::from_pairs([("NO_COLOR", "1"), ("TERM", "xterm")]);
        let launch = launch(
            Path::new("/bin/pi-agent-ask"),
            Path::new("/run/p"),
            &env,
            None,
        );
        assert_eq!(
            launch.program,
            ["/bin/pi-agent-ask", POPUP_COMMAND, "/run/p"].map(OsString::from)
        );
        assert_eq!(
            launch.env,
            [
                (INSIDE_POPUP.to_owned(), OsString::from("1")),
                ("NO_COLOR".to_owned(), OsString::from("1"))
            ]
        );
    }
}
