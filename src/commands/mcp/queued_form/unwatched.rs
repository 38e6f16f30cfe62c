//! A queued form whose popup nobody has on screen: the server runs in a tmux session with no
//! client attached (the person detached, or their connection dropped). Nothing waits on the
//! form but `wait_for_answers`, so it waits for the person to come back, a client attaching or
//! an inbox starting to listen, rather than failing; a popup that closed as its client went
//! away opens again there with what was written in it.

use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::watch;

use super::super::elsewhere::{Machine, look};
use super::super::server::Shared;
use super::super::surfaces::{self, UiChoice, Where};
use crate::cancel::Cancel;
use crate::changes::{Change, Changes, Waited};
use crate::inbox::place::{self, Folder};
use crate::outcome::report;
use crate::popup;

/// The first pause between two looks for a client; it doubles up to [`LONGEST_PAUSE`], or
/// [`LONGEST_WATCHED_PAUSE`].
const FIRST_PAUSE: Duration = Duration::from_millis(250);
/// The longest pause between two looks where nothing says when a client attaches: how long a
/// person who attached waits at most for the popup, each look costing one run of `tmux`.
const LONGEST_PAUSE: Duration = Duration::from_secs(2);
/// The longest pause where the tmux socket's mode and the inbox folder are watched: a client
/// attaching or an inbox starting ends it at once, so a look this seldom only covers a change
/// the watch could miss.
const LONGEST_WATCHED_PAUSE: Duration = Duration::from_secs(60);

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
    let changes = Arc::new(Changes::watching(&watched()));
    let longest = if changes.is_watching() {
        LONGEST_WATCHED_PAUSE
    } else {
        LONGEST_PAUSE
    };
    let mut pause = FIRST_PAUSE;
    let looking = async {
        loop {
            // After a change, look again soon: tmux may list the client a moment later.
            pause = match until_a_change(&changes, pause).await {
                Waited::Changed => FIRST_PAUSE,
                Waited::TimedOut | Waited::Cancelled => (pause * 2).min(longest),
            };
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

/// What changes when someone comes to answer: the tmux server's socket, whose mode tmux
/// changes as a client attaches, and the private folder an inbox's socket appears in.
fn watched() -> Vec<(PathBuf, Change)> {
    let mut paths = Vec::new();
    if let Some(socket) = popup::watched_by_a_client() {
        paths.push((socket, Change::Attributes));
    }
    if let Ok(folder) = place::private_folder(Folder::Make) {
        paths.push((folder, Change::NewEntry));
    }
    paths
}

/// Sleeps `limit`, or less when `changes` sees a change, on a blocking thread a dropped wait
/// cancels.
async fn until_a_change(changes: &Arc<Changes>, limit: Duration) -> Waited {
    let Ok(cancel) = Cancel::new() else {
        tokio::time::sleep(limit).await;
        return Waited::TimedOut;
    };
    let _cancelled_when_dropped = CancelOnDrop(cancel.clone());
    let changes = Arc::clone(changes);
    let waited = tokio::task::spawn_blocking(move || changes.wait(&cancel, limit)).await;
    if let Ok(Ok(waited @ (Waited::Changed | Waited::TimedOut))) = waited {
        return waited;
    }
    // A signal (the input ends with it) or no wait to be had: the time passes as it did.
    tokio::time::sleep(limit).await;
    Waited::TimedOut
}

/// Cancels its token when dropped: a wait given up ends its thread.
struct CancelOnDrop(Cancel);

impl Drop for CancelOnDrop {
    fn drop(&mut self) {
        self.0.cancel();
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
