//! A queued form whose popup nobody has on screen: the server runs in a tmux session with no
//! client attached (the person detached, or their connection dropped). Nothing waits on the
//! form but `wait_for_answers`, so it waits for the person to come back, a client attaching or
//! an inbox starting to listen, rather than failing; a popup that closed as its client went
//! away opens again there with what was written in it.

use std::time::Duration;

use tokio::sync::watch;

use super::super::elsewhere::{Machine, look};
use super::super::server::Shared;
use super::super::surfaces::{self, UiChoice, Where};
use crate::outcome::report;

/// The first pause between two looks for a client; it doubles up to [`LONGEST_PAUSE`].
const FIRST_PAUSE: Duration = Duration::from_millis(250);
/// The longest pause between two looks: how long a person who attached waits at most for
/// the popup, each look costing one run of `tmux`.
const LONGEST_PAUSE: Duration = Duration::from_secs(2);

/// Whether a form the surface `ui` chose could not ask should wait for a person to come back:
/// the popup is the surface it waits for (`auto` or `popup`), and its host is there with
/// nobody watching. Looks at the machine, so it runs on a blocking thread.
pub async fn nobody_watches(ui: UiChoice, machine: Machine) -> (bool, Machine) {
    if !matches!(ui, UiChoice::Auto | UiChoice::Popup) {
        return (false, machine);
    }
    look(machine, Machine::popup_unwatched).await
}

/// Whether the popup that held a form closed because the terminal it showed on (`shown_on`)
/// went away, not because its program was killed: nobody watches the host now, or it would
/// open on another terminal.
pub async fn viewer_went_away(ui: UiChoice, inbox: &str, shown_on: Option<String>) -> bool {
    let Some(shown_on) = shown_on else {
        return false;
    };
    if !matches!(ui, UiChoice::Auto | UiChoice::Popup) {
        return false;
    }
    let (went_away, _) = look(Machine::new(false, inbox), move |machine| {
        machine.popup_unwatched()
            || machine
                .popup_shown_on()
                .is_some_and(|client| client != shown_on)
    })
    .await;
    went_away
}

/// How a wait for someone to watch ended.
pub enum Watched {
    /// A surface can ask now: `surface`, as `ui` chooses it on `machine`.
    Again(Where, Machine),
    /// The input ended first.
    InputEnded,
    /// The client withdrew the call that queued the form.
    Withdrawn,
}

/// Waits until a surface can ask the form of request `request_id` (a client attached, an
/// inbox listening), saying on stderr once why it waits; the end of the input or the call's
/// withdrawal cut it short.
pub async fn wait(shared: &Shared, request_id: &str, why: &str) -> Watched {
    report(&format!(
        "mcp: {why}; the queued form waits for a client to attach{}",
        match shared.config.ui {
            UiChoice::Auto => " or an inbox to listen",
            _ => "",
        }
    ));
    let ui = shared.config.ui;
    let inbox = shared.config.inbox.clone();
    let mut input_ended = shared.background.input_ended.clone();
    let withdrawn = shared.background.withdrawn_open();
    let mut pause = FIRST_PAUSE;
    let looking = async {
        loop {
            tokio::time::sleep(pause).await;
            pause = (pause * 2).min(LONGEST_PAUSE);
            let machine = Machine::new(false, &inbox);
            let (surface, machine) =
                look(machine, move |machine| surfaces::choose(ui, machine)).await;
            if matches!(surface, Where::Inbox | Where::Popup) {
                return (surface, machine);
            }
        }
    };
    tokio::select! {
        (surface, machine) = looking => Watched::Again(surface, machine),
        () = input_end(&mut input_ended) => Watched::InputEnded,
        () = withdrawal(withdrawn, request_id) => Watched::Withdrawn,
    }
}

/// Resolves once the client's input has ended.
pub async fn input_end(input_ended: &mut watch::Receiver<bool>) {
    // A closed channel means the input is gone too.
    let _ = input_ended.wait_for(|ended| *ended).await;
}

/// Resolves once the client withdraws the call that queued request `request_id`'s form;
/// never, once no withdrawal can come any more.
pub async fn withdrawal(mut withdrawn: watch::Receiver<Option<String>>, request_id: &str) {
    let closed = withdrawn
        .wait_for(|open| open.as_deref() == Some(request_id))
        .await
        .is_err();
    if closed {
        std::future::pending::<()>().await;
    }
}
