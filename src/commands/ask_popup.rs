//! `ask --ui popup`: the call asked in a popup over the caller's terminal, with the exit status
//! `ask` gives on every surface; or why no popup asked it, so `ask` asks on its next surface.

use std::path::Path;

use pi_agent_ask_core::contract::Call;
use pi_agent_ask_core::contract::answers::Draft;
use serde_json::Value;

use crate::cancel::Cancel;
use crate::effects::{Effects, Ending};
use crate::interrupt;
use crate::popup::{self, Popup, PopupEnding, PopupRequest};
use crate::settings_file::SettingsFile;

/// What asking in a popup gave.
pub struct PopupAsked {
    /// The result document.
    pub result: Value,
    /// The exit status `ask` gives for it.
    pub exit: u8,
    /// What the form held if it was ended from outside.
    pub kept: Option<Vec<Draft>>,
    /// Whether the person ended the form (answered or dismissed it) before anything ended it
    /// from outside: a signal that came after, while the popup stayed for the typing to
    /// pause, changes neither the result nor the status.
    pub by_the_person: bool,
    /// Whether the popup's program went away with neither a result nor what its form held
    /// (it was killed): nobody ended the ask, and nothing of it is known.
    pub gone: bool,
    /// Whether the popup's program was ended from outside while this process was not (its
    /// terminal went away, a tmux client detached, or it was signalled or crashed): nobody
    /// ended the ask, and `kept` is what its form held.
    pub ended_elsewhere: bool,
}

/// Asks `call` in a popup whose form opens with `drafts`; a signal (SIGINT, SIGTERM, SIGHUP)
/// closes the popup and exits `128 + n`. The popup opens in `found`, the host a caller has
/// found already, else in the one found now. `Err` says why no popup asked.
pub fn ask(
    found: Option<Popup>,
    call: &Call,
    drafts: Option<&[Draft]>,
    settings: &SettingsFile,
    cwd: &Path,
) -> Result<PopupAsked, String> {
    let popup = match found {
        Some(popup) => popup,
        None => popup::detect().map_err(|why| why.to_string())?,
    };
    interrupt::watch();
    let cancel = Cancel::new().map_err(|error| format!("cannot wait for the popup: {error}"))?;
    cancel.cancel_when_output_closes();
    let request = PopupRequest {
        call,
        config: settings.path.as_deref(),
        cwd,
        drafts,
    };
    let answer = popup::ask(&popup, &request, &cancel).map_err(|error| error.to_string())?;
    let gone = answer.ending == PopupEnding::Closed
        && answer.kept.is_none()
        && interrupt::received().is_none();
    let by_the_person = answer.ending == PopupEnding::Ended(0) && answer.kept.is_none();
    let ended_elsewhere = interrupt::received().is_none()
        && matches!(answer.ending, PopupEnding::Ended(exit) if exit != 0);
    Ok(PopupAsked {
        result: answer.result,
        exit: if by_the_person {
            0
        } else {
            exit_status(answer.ending)
        },
        kept: answer.kept,
        gone,
        by_the_person,
        ended_elsewhere,
    })
}

/// `128 + n` after signal `n` reached this process; otherwise the popup program's status, 1
/// when the popup closed without a result.
fn exit_status(ending: PopupEnding) -> u8 {
    if let Some(signal) = interrupt::received() {
        return Effects::exit_status(Ending::Signal(signal.number()));
    }
    match ending {
        PopupEnding::Ended(exit) => exit,
        PopupEnding::Closed => Effects::exit_status(Ending::Failed),
        PopupEnding::Cancelled => 0,
    }
}
