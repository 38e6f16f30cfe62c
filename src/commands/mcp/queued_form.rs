//! One queued form's turn: asked in the listening inbox or a popup, as `--ui` chooses for a
//! call without the client's form (a queued form outlives its call, so no client request can
//! carry it), and its end handed to the queue. A form nothing can ask, or whose surface fails,
//! ends with an error, never an invented answer. The end of the input closes the form without
//! an end, saving what it held: it stays unfinished in the journal, and the next server asks it
//! again as it was left.

use std::sync::Arc;

use pi_agent_ask_core::contract::Call;
use pi_agent_ask_core::contract::answers::Draft;
use pi_agent_ask_core::contract::background::Outcome;
use pi_agent_ask_core::contract::result::AskResult;
use pi_agent_ask_core::journal::drafts::{drafts_for_call, news_since};
use serde_json::Value;

use super::elsewhere::{self, Job, Kept, Machine, look, with_unsent};
use super::queue;
use super::server::Shared;
use super::surfaces::{self, UiChoice, Where};
use super::withdrawn::WITHDRAWN;
use crate::cancel::Cancel;
use crate::interrupt;
use crate::outcome::report;

mod unwatched;

use unwatched::Watched;

/// Why a form ends when nothing can ask it.
const NOWHERE: &str = "No inbox is listening and no popup can open, so the form was not asked.";
/// What follows that reason for a form asked before the server restarted, before what was
/// written in it.
const UNSENT: &str = "\nIt was asked before the server restarted; what was written in it, never \
                      submitted:\n";
/// Why a form ends when the server was told to ask nobody (`--ui none`): one a server before
/// it queued.
const ASKS_NOBODY: &str = "The server asks nobody (--ui none), so the form was not asked.";
/// Why a form ends when the server was told to ask in the client's form only (`--ui
/// elicitation`), which no queued form outlives its call to use.
const NOT_IN_THE_CLIENTS_FORM: &str = "The form was not asked: a background form is asked in \
                                       an inbox or a popup, not in the client's form (--ui \
                                       elicitation).";

/// Asks `call`'s form, opening with `drafts`, and hands its end to the queue.
pub async fn ask(shared: Arc<Shared>, call: Call, drafts: Option<Vec<Draft>>) {
    let request_id = call.request_id().unwrap_or_default().to_owned();
    let opened = drafts.clone();
    match asked(&shared, &call, drafts).await {
        Asked::Ended(outcome) => queue::form_finished(&shared, &request_id, outcome),
        Asked::Closed(outcome) => queue::form_closed(&shared, &request_id, outcome),
        Asked::Interrupted(kept) => {
            // A form left untouched says nothing new: the journal has its drafts, or nothing
            // answered, and an entry would only look newer than what an inbox kept aside.
            let drafts = kept
                .and_then(|records| drafts_for_call(&records, &call))
                .filter(|drafts| news_since(opened.as_deref(), drafts));
            if let (Some(drafts), Some(journal)) = (drafts, shared.background.journal()) {
                journal.drafts(&call, &drafts);
            }
        }
    }
}

/// How a queued form's turn ended.
enum Asked {
    /// It ended: answered, dismissed, elaborated on, or failed.
    Ended(Outcome),
    /// The person closed the inbox on it, and on the asks behind it, which it counted as
    /// waiting: its cancelled result.
    Closed(Outcome),
    /// The input ended first; what the form held, if its surface handed it back.
    Interrupted(Kept),
}

/// Whether a surface that needs no client request can ask `call` now; looked at when it is
/// queued, since a call nothing could ask keeps the no-UI result.
pub async fn askable(shared: &Shared) -> bool {
    let ui = shared.config.ui;
    let machine = Machine::new(false, &shared.config.inbox);
    let (surface, machine) = look(machine, move |machine| surfaces::choose(ui, machine)).await;
    let (unwatched, machine) = unwatched::nobody_watches(ui, machine).await;
    // A popup nobody has on screen now is one the form waits for.
    let askable = matches!(surface, Where::Inbox | Where::Popup) || unwatched;
    // A forced surface says why it cannot ask, as for a call that waits; the client's form
    // never takes a background call, which nothing waits for.
    if !askable {
        match ui {
            UiChoice::Inbox | UiChoice::Popup => {
                elsewhere::say_why_forced_ui_cannot_ask(ui, machine).await;
            }
            UiChoice::Elicitation => report(
                "mcp --ui elicitation: a background form is asked in an inbox or a popup, not \
                 in the client's form; answering without a UI",
            ),
            UiChoice::Auto | UiChoice::None => {}
        }
    }
    askable
}

/// The form's end, or what it held when the input ended first.
async fn asked(shared: &Shared, call: &Call, drafts: Option<Vec<Draft>>) -> Asked {
    // A form whose turn comes once the input has ended (the one before it was answered as it
    // ended) stays for the next server, unasked.
    if *shared.background.input_ended.borrow() {
        return Asked::Interrupted(None);
    }
    let ui = shared.config.ui;
    let request_id = call.request_id().unwrap_or_default();
    let machine = Machine::new(false, &shared.config.inbox);
    let (mut surface, mut machine) =
        look(machine, move |machine| surfaces::choose(ui, machine)).await;
    // The inbox that kept this form's place closed as its turn came: cancelled with the rest.
    let closed = |drafts: Option<&[Draft]>| Asked::Closed(Outcome::of(&call.cancelled(drafts)));
    if elsewhere::closed_while_keeping_place(shared, surface) {
        return closed(drafts.as_deref());
    }
    // A retry of a call withdrawn before its answer opens with what its form held.
    let mut drafts = drafts.or_else(|| shared.set_aside.take(call));
    // What a popup closed under the form by its terminal going away handed back.
    let mut held: Kept = None;
    let mut last_refusal = None;
    loop {
        if !matches!(surface, Where::Inbox | Where::Popup) {
            let unwatched;
            (unwatched, machine) = unwatched::nobody_watches(ui, machine).await;
            if unwatched {
                let why = look(machine, move |machine| machine.why_not(Where::Popup))
                    .await
                    .0;
                match unwatched::wait(shared, request_id, &why).await {
                    Watched::Again(now, looked) => (surface, machine) = (now, looked),
                    Watched::InputEnded => return Asked::Interrupted(held),
                    Watched::Withdrawn => {
                        if let Some(kept) = drafts {
                            shared.set_aside.keep(call, kept);
                        }
                        return Asked::Ended(Outcome::Error(WITHDRAWN.to_owned()));
                    }
                }
                continue;
            }
            // A form asked before a restart ends with what was written in it, not lost.
            let why = not_asked(ui, machine, last_refusal).await;
            let why = with_unsent(why, UNSENT, call, drafts.as_deref());
            return Asked::Ended(Outcome::Error(why));
        }
        let shown_on = if surface == Where::Popup {
            machine.popup_shown_on()
        } else {
            None
        };
        let job = Job::new(shared, call, surface, &mut machine);
        let refusal = match job.map(|job| job.with_drafts(drafts.clone())) {
            Ok(job) => match run(shared, job, request_id).await {
                Ran::Interrupted(kept) => return Asked::Interrupted(kept.or(held)),
                Ran::Withdrawn(kept) => {
                    // What the form held waits for the call again, as a foreground one's does.
                    let kept = kept
                        .as_deref()
                        .and_then(|records| drafts_for_call(records, call))
                        .or(drafts);
                    if let Some(kept) = kept {
                        shared.set_aside.keep(call, kept);
                    }
                    return Asked::Ended(Outcome::Error(WITHDRAWN.to_owned()));
                }
                Ran::Ended(elsewhere::Outcome::Result(document), _) => {
                    return Asked::Ended(outcome_of(&document));
                }
                Ran::Ended(elsewhere::Outcome::InboxClosed(Some(document)), _) => {
                    return Asked::Closed(outcome_of(&document));
                }
                Ran::Ended(elsewhere::Outcome::InboxClosed(None), _) => {
                    return closed(drafts.as_deref());
                }
                // The popup's terminal went away with the person: it opens again, with what
                // was written in it, once they are back.
                Ran::Ended(elsewhere::Outcome::Cancelled | elsewhere::Outcome::Gone, kept)
                    if unwatched::viewer_went_away(ui, &shared.config.inbox, shown_on.clone())
                        .await =>
                {
                    if let Some(kept) = kept
                        .as_deref()
                        .and_then(|records| drafts_for_call(records, call))
                    {
                        drafts = Some(kept);
                    }
                    held = kept.or(held);
                    report("mcp: the popup closed as its terminal went away");
                    (surface, machine) = look(Machine::new(false, &shared.config.inbox), {
                        move |machine| surfaces::choose(ui, machine)
                    })
                    .await;
                    continue;
                }
                // Its surface went away, not the person: the form ends with what it held.
                Ran::Ended(elsewhere::Outcome::Cancelled | elsewhere::Outcome::Gone, kept) => {
                    let why = elsewhere::gone(surface, call, kept.as_deref());
                    return Asked::Ended(Outcome::Error(why));
                }
                // What the form held before (a popup closed under it, a server restarted)
                // is not lost with a surface that fails.
                Ran::Ended(elsewhere::Outcome::Failed(message), _) => {
                    let why = with_unsent(message, elsewhere::HELD, call, drafts.as_deref());
                    return Asked::Ended(Outcome::Error(why));
                }
                Ran::Ended(elsewhere::Outcome::Refused(why), _) => why,
            },
            Err(why) => why,
        };
        report(&format!(
            "mcp: {refusal}; asking the queued form on the next surface"
        ));
        last_refusal = Some(refusal);
        let refused = surface;
        (surface, machine) = look(machine, move |machine| {
            surfaces::after(ui, refused, machine)
        })
        .await;
    }
}

/// Why no surface asked the form: the last one's refusal, or why the surface `ui` forces
/// cannot ask, or, under `auto`, that none can.
async fn not_asked(ui: UiChoice, machine: Machine, last_refusal: Option<String>) -> String {
    let why = match (last_refusal, elsewhere::forced(ui)) {
        (Some(why), _) => why,
        (None, None) if ui == UiChoice::None => return ASKS_NOBODY.to_owned(),
        (None, _) if ui == UiChoice::Elicitation => return NOT_IN_THE_CLIENTS_FORM.to_owned(),
        (None, Some(forced)) => {
            look(machine, move |machine| machine.why_not(forced))
                .await
                .0
        }
        (None, None) => return NOWHERE.to_owned(),
    };
    format!("The form was not asked: {why}.")
}

/// How one ask on a surface ended.
enum Ran {
    /// The surface's own end of it, and what the form held when it was ended from outside.
    Ended(elsewhere::Outcome, Kept),
    /// The input ended first, and the ask was cancelled; what the form held.
    Interrupted(Kept),
    /// The client withdrew the call that queued the form, which was closed unanswered; what
    /// it held.
    Withdrawn(Kept),
}

/// Runs `job`, the form of request `request_id`, on a blocking thread until it ends, or until
/// the input ends or the client withdraws its call.
async fn run(shared: &Shared, job: Job, request_id: &str) -> Ran {
    let cancel = match Cancel::new() {
        Ok(cancel) => cancel,
        Err(error) => {
            let message = format!("cannot wait for the answer: {error}");
            return Ran::Ended(elsewhere::Outcome::Failed(message), None);
        }
    };
    let token = cancel.clone();
    let mut asking = tokio::task::spawn_blocking(move || job.run(&token));
    let mut input_ended = shared.background.input_ended.clone();
    let withdrawn = shared.background.withdrawn_open();
    tokio::select! {
        done = &mut asking => match done {
            // The job's wait wakes on a signal itself, and may take the form back before the
            // signal has ended the input here: that is the input ending, not the inbox going.
            Ok((elsewhere::Outcome::Cancelled, kept))
                if interrupt::received().is_some() || *input_ended.borrow() =>
            {
                Ran::Interrupted(kept)
            }
            Ok((outcome, kept)) => Ran::Ended(outcome, kept),
            Err(_) => Ran::Ended(
                elsewhere::Outcome::Failed("the wait for the answer ended unexpectedly".to_owned()),
                None,
            ),
        },
        () = unwatched::withdrawal(withdrawn, request_id) => {
            cancel.cancel();
            match asking.await {
                // Answered as it was withdrawn: the answer stands.
                Ok((
                    elsewhere::Outcome::Result(document)
                    | elsewhere::Outcome::InboxClosed(Some(document)),
                    _,
                )) => Ran::Ended(elsewhere::Outcome::Result(document), None),
                Ok((_, kept)) => Ran::Withdrawn(kept),
                Err(_) => Ran::Withdrawn(None),
            }
        }
        () = unwatched::input_end(&mut input_ended) => {
            cancel.cancel();
            match asking.await {
                // Answered as the input ended, before the form could be taken back: the
                // answer is kept for the next server's wait, not lost with the form; the
                // forms in line stay for the next server, as the input's end leaves them.
                Ok((
                    elsewhere::Outcome::Result(document)
                    | elsewhere::Outcome::InboxClosed(Some(document)),
                    _,
                )) => Ran::Ended(elsewhere::Outcome::Result(document), None),
                Ok((_, kept)) => Ran::Interrupted(kept),
                Err(_) => Ran::Interrupted(None),
            }
        }
    }
}

/// A form's end from the tool result document its surface gave: the result, or the error
/// result's text as the failure.
fn outcome_of(document: &Value) -> Outcome {
    if let Some(result) = document
        .get("details")
        .and_then(|details| serde_json::from_value::<AskResult>(details.clone()).ok())
    {
        return Outcome::Result(Box::new(result));
    }
    let text = document["content"][0]["text"]
        .as_str()
        .unwrap_or("The form's surface gave no result.");
    Outcome::Error(text.to_owned())
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::*;

    #[test]
    fn a_surfaces_error_result_is_the_forms_failure_and_never_an_answer() {
        let document = json!({"content": [{"type": "text", "text": "The popup failed"}],
            "isError": true});
        assert_eq!(
            outcome_of(&document),
            Outcome::Error("The popup failed".to_owned())
        );
        assert_eq!(
            outcome_of(&json!({})),
            Outcome::Error("The form's surface gave no result.".to_owned())
        );
    }

    fn not_asked_now(ui: UiChoice, last_refusal: Option<&str>) -> String {
        let machine = Machine::new(false, "work");
        tokio::runtime::Builder::new_current_thread()
            .build()
            .expect("a runtime")
            .block_on(not_asked(ui, machine, last_refusal.map(str::to_owned)))
    }

    #[test]
    fn a_form_no_surface_asked_ends_saying_why_that_surface_did_not() {
        let refused = "the popup was refused: its terminal has no client attached";
        assert_eq!(
            not_asked_now(UiChoice::Popup, Some(refused)),
            format!("The form was not asked: {refused}."),
            "the refusal, not the inbox, for a forced popup"
        );
        assert_eq!(
            not_asked_now(UiChoice::Inbox, None),
            "The form was not asked: no inbox named \"work\" is listening."
        );
        assert_eq!(not_asked_now(UiChoice::Auto, None), NOWHERE);
        assert_eq!(
            not_asked_now(UiChoice::None, None),
            ASKS_NOBODY,
            "told to ask nobody, it says so, not that nothing listens"
        );
        assert_eq!(
            not_asked_now(UiChoice::Elicitation, None),
            NOT_IN_THE_CLIENTS_FORM,
            "the client's form takes no queued form, whatever the client declared"
        );
    }
}
