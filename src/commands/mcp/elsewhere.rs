//! Asking a call away from the client: in a listening answer inbox or a popup over the
//! server's terminal. The ask blocks on its own thread in one wait on a [`Cancel`] token, while
//! the call's task reports progress and watches for the call's cancellation and the end of the
//! input, either of which cancels the token.
//!
//! This also finds, per call and only as far as the choice needs, what the machine offers.

use std::sync::Arc;

use pi_agent_ask_core::contract::Call;
use pi_agent_ask_core::contract::answers::Draft;
use pi_agent_ask_core::journal::drafts::{DraftRecord, drafts_for_call};
use rmcp::RoleServer;
use rmcp::service::RequestContext;
use serde_json::Value;
use tokio::sync::watch;

mod job;

pub use job::{Job, Kept, Outcome};

use super::progress::Progress;
use super::queue;
use super::server::Shared;
use super::surfaces::{self, Offers, UiChoice, Where};
use super::tools;
use crate::cancel::Cancel;
use crate::inbox::behind::Behind;
use crate::inbox::client::{self, InboxError};
use crate::outcome::report;
use crate::popup::{self, Popup, Unavailable};

/// What one call's client and this machine offer, each looked at once and only when asked.
pub struct Machine {
    elicitation: bool,
    inbox: String,
    popup: Option<Result<Popup, Unavailable>>,
}

impl Machine {
    /// The offer of a client that declared form elicitation (or did not), asking in the inbox
    /// called `inbox`.
    pub fn new(elicitation: bool, inbox: &str) -> Self {
        Self {
            elicitation,
            inbox: inbox.to_owned(),
            popup: None,
        }
    }

    fn popup(&mut self) -> &Result<Popup, Unavailable> {
        self.popup.get_or_insert_with(popup::detect)
    }

    /// Whether the popup's host is there with nobody watching it (a tmux session no client
    /// is attached to), so a form that can wait may open once someone comes back.
    pub fn popup_unwatched(&mut self) -> bool {
        matches!(self.popup(), Err(Unavailable::Unwatched(_)))
    }

    /// The terminal a popup opens on, where its host names one (a tmux client).
    pub fn popup_shown_on(&mut self) -> Option<String> {
        let popup = self.popup().as_ref().ok()?;
        popup.shown_on().map(str::to_owned)
    }

    /// Why `surface` cannot ask, for the line on stderr.
    pub fn why_not(&mut self, surface: Where) -> String {
        match surface {
            // An inbox name or folder that cannot be used says why (a socket path too long).
            Where::Inbox => match client::reachable(&self.inbox) {
                Err(InboxError::Place(why)) => why.to_string(),
                _ => format!("no inbox named {:?} is listening", self.inbox),
            },
            Where::Popup => match self.popup() {
                Ok(_) => "the popup did not open".to_owned(),
                Err(why) => why.to_string(),
            },
            Where::Elicitation => "the client declared no form elicitation".to_owned(),
            Where::NoUi => String::new(),
        }
    }
}

impl Offers for Machine {
    fn offers(&mut self, surface: Where) -> bool {
        match surface {
            Where::Inbox => client::listening(&self.inbox),
            Where::Popup => self.popup().is_ok(),
            Where::Elicitation => self.elicitation,
            Where::NoUi => true,
        }
    }
}

/// Where a call ended up once the inbox and the popup had their turn.
pub enum Settled {
    /// Asked away from the client: the `CallToolResult` to send, as JSON.
    Answered(Value),
    /// The client's form asks, in the way of the call's protocol era.
    Elicit,
    /// Nothing asks: the no-UI result.
    NoUi,
}

/// Chooses the surface for `call` as `--ui` says and asks there when it is the inbox or a
/// popup; one that refuses hands the call to the next. Looking at the machine runs commands
/// (a popup host's probes), so it happens on a blocking thread.
pub async fn settle(
    shared: &Arc<Shared>,
    call: &Call,
    elicitation: bool,
    context: &RequestContext<RoleServer>,
    input_ended: &watch::Receiver<bool>,
) -> Settled {
    let ui = shared.config.ui;
    let machine = Machine::new(elicitation, &shared.config.inbox);
    let (mut surface, mut machine) =
        look(machine, move |machine| surfaces::choose(ui, machine)).await;
    if closed_while_keeping_place(shared, surface) {
        queue::close_line(shared);
        return Settled::Answered(tools::call_result(&call.cancelled(None)));
    }
    loop {
        match surface {
            Where::Inbox | Where::Popup => {
                match ask(
                    shared,
                    call,
                    surface,
                    &mut machine,
                    context,
                    input_ended.clone(),
                )
                .await
                {
                    Away::Done(result) => return Settled::Answered(result),
                    // The person closed the inbox on this call, and on every ask of this
                    // server it counted as waiting behind it: they end cancelled too.
                    Away::Closed(result) => {
                        queue::close_line(shared);
                        let result =
                            result.unwrap_or_else(|| tools::call_result(&call.cancelled(None)));
                        return Settled::Answered(result);
                    }
                    Away::Refused(why) => {
                        report(&format!("mcp: {why}; asking on the next surface"));
                        let refused = surface;
                        (surface, machine) = look(machine, move |machine| {
                            surfaces::after(ui, refused, machine)
                        })
                        .await;
                    }
                }
            }
            Where::Elicitation => return Settled::Elicit,
            Where::NoUi => {
                say_why_forced_ui_cannot_ask(ui, machine).await;
                return Settled::NoUi;
            }
        }
    }
}

/// Whether the inbox closed while it kept the front place for this server's next ask, which
/// the person saw counted as waiting there: the next ask, about to be asked on `surface`,
/// finds no inbox listening. It then ends cancelled, with every ask of the server in line, as
/// if it had been in the inbox as it closed.
pub fn closed_while_keeping_place(shared: &Shared, surface: Where) -> bool {
    surface != Where::Inbox
        && shared
            .background
            .behind
            .as_ref()
            .is_some_and(Behind::keeps_place)
}

/// Says on standard error, when `ui` forces a surface, why it cannot ask: the call is answered
/// without a UI instead.
pub async fn say_why_forced_ui_cannot_ask(ui: UiChoice, machine: Machine) {
    if let Some(forced) = forced(ui) {
        let why = look(machine, move |machine| machine.why_not(forced))
            .await
            .0;
        report(&format!(
            "mcp --ui {}: {why}; answering without a UI",
            ui.name()
        ));
    }
}

/// The surface `ui` forces, if it forces one that asks.
pub const fn forced(ui: UiChoice) -> Option<Where> {
    match ui {
        UiChoice::Inbox => Some(Where::Inbox),
        UiChoice::Popup => Some(Where::Popup),
        UiChoice::Elicitation => Some(Where::Elicitation),
        UiChoice::Auto | UiChoice::None => None,
    }
}

/// Runs `look` on `machine` on a blocking thread and hands both back.
pub async fn look<T: Send + 'static>(
    mut machine: Machine,
    look: impl FnOnce(&mut Machine) -> T + Send + 'static,
) -> (T, Machine) {
    let looked = tokio::task::spawn_blocking(move || {
        let found = look(&mut machine);
        (found, machine)
    });
    looked.await.expect("looking at the machine does not panic")
}

/// How an ask away from the client ended.
pub enum Away {
    /// The `CallToolResult` to send, as JSON (a cancelled call's is dropped by `rmcp`).
    Done(Value),
    /// The inbox closed on the call: its cancelled `CallToolResult`, as JSON, or none when it
    /// closed before it had the call.
    Closed(Option<Value>),
    /// The surface did not ask (a host that opened no popup, an inbox gone before the ask):
    /// the next surface asks; the reason is for stderr.
    Refused(String),
}

/// Asks `call` on `surface` (the inbox, or the popup `machine` found) and waits, reporting
/// progress. A cancelled call closes the popup or withdraws the inbox's form; the end of the
/// input does too, and gives the cancelled result with the answers so far (the ones a popup's
/// result keeps, or the drafts the inbox hands back as it gives the form up).
pub async fn ask(
    shared: &Shared,
    call: &Call,
    surface: Where,
    machine: &mut Machine,
    context: &RequestContext<RoleServer>,
    mut input_ended: watch::Receiver<bool>,
) -> Away {
    let config = &shared.config;
    // A retry of a call withdrawn before its answer opens with what its form held.
    let opened = shared.set_aside.take(call);
    let job = match Job::new(shared, call, surface, machine) {
        Ok(job) => job.with_drafts(opened.clone()),
        Err(why) => {
            if let Some(drafts) = opened {
                shared.set_aside.keep(call, drafts);
            }
            return Away::Refused(why);
        }
    };
    let cancel = match Cancel::new() {
        Ok(cancel) => cancel,
        Err(error) => return failed(&format!("cannot wait for the answer: {error}")),
    };
    let token = cancel.clone();
    let mut asking = tokio::task::spawn_blocking(move || job.run(&token));
    let what = match surface {
        Where::Inbox => format!("the user to answer in the inbox {:?}", config.inbox),
        _ => "the user to answer in a popup".to_owned(),
    };
    let mut progress = Progress::new(context, config.progress_every, &what);
    let withdrawn = loop {
        tokio::select! {
            () = context.ct.cancelled() => break true,
            () = async {
                // A closed channel means the input is gone too.
                let _ = input_ended.wait_for(|ended| *ended).await;
            } => break false,
            () = progress.due() => progress.report(context).await,
            // The job's wait wakes on a signal itself and may take the form back, drafts and
            // all, before the signal has ended the input here.
            done = &mut asking => return match done.ok() {
                Some((Outcome::Cancelled, Some(kept))) => {
                    let drafts = drafts_for_call(&kept, call);
                    Away::Done(tools::call_result(&call.cancelled(drafts.as_deref())))
                }
                Some((Outcome::Gone, kept)) => {
                    Away::Done(tools::error_result(&gone(surface, call, kept.as_deref())))
                }
                done => outcome(call, surface, done.map(|(outcome, _)| outcome)),
            },
        }
    };
    cancel.cancel();
    let done = asking.await.ok();
    if withdrawn {
        // The client no longer waits for this call, and no result is sent; what its form
        // held waits for the call again (a client that gave up on a timeout retries it).
        let kept = done
            .as_ref()
            .and_then(|(_, kept)| kept.as_deref())
            .and_then(|records| drafts_for_call(records, call));
        if let Some(drafts) = kept.or(opened) {
            shared.set_aside.keep(call, drafts);
        }
        return Away::Done(tools::call_result(&call.cancelled(None)));
    }
    match done {
        Some((Outcome::Result(result) | Outcome::InboxClosed(Some(result)), _)) => {
            Away::Done(tools::document_result(&result))
        }
        Some((_, kept)) => {
            let drafts = kept.and_then(|records| drafts_for_call(&records, call));
            Away::Done(tools::call_result(&call.cancelled(drafts.as_deref())))
        }
        None => Away::Done(tools::call_result(&call.cancelled(None))),
    }
}

/// Why a form ends when its surface went away without an answer (an inbox killed or crashed,
/// a popup whose terminal went away or whose program was killed), and what it held then: the
/// person ended nothing, so the agent is not told they cancelled.
pub fn gone(surface: Where, call: &Call, kept: Option<&[DraftRecord]>) -> String {
    let why = match surface {
        Where::Popup => POPUP_GONE,
        _ => INBOX_GONE,
    };
    let drafts = kept.and_then(|records| drafts_for_call(records, call));
    with_unsent(why.to_owned(), HELD, call, drafts.as_deref())
}

/// Why a form ends when its inbox goes away without an answer (killed, or crashed: an inbox
/// the person closes answers its forms cancelled).
const INBOX_GONE: &str = "The inbox went away before the form was answered.";
/// Why a form ends when its popup's terminal goes away (its client detached, say) or the popup
/// is killed without an answer.
const POPUP_GONE: &str = "The popup closed before the form was answered.";
/// What follows the reason a surface went away or failed, before what the form held then.
pub const HELD: &str = "\nWhat was written in it, never submitted:\n";

/// `why`, followed by `lead` and what `drafts` hold when anything was written in them.
pub fn with_unsent(mut why: String, lead: &str, call: &Call, drafts: Option<&[Draft]>) -> String {
    if let Some(unsent) = drafts.and_then(|drafts| call.unsent_text(drafts)) {
        why.push_str(lead);
        why.push_str(&unsent);
    }
    why
}

fn outcome(call: &Call, surface: Where, done: Option<Outcome>) -> Away {
    match done {
        Some(Outcome::Result(result)) => Away::Done(tools::document_result(&result)),
        Some(Outcome::InboxClosed(result)) => {
            Away::Closed(result.map(|result| tools::document_result(&result)))
        }
        Some(Outcome::Cancelled) => Away::Done(tools::call_result(&call.cancelled(None))),
        Some(Outcome::Gone) => Away::Done(tools::error_result(&gone(surface, call, None))),
        Some(Outcome::Refused(why)) => Away::Refused(why),
        Some(Outcome::Failed(message)) => failed(&message),
        None => failed("the wait for the answer ended unexpectedly"),
    }
}

fn failed(message: &str) -> Away {
    Away::Done(tools::error_result(&format!(
        "The question could not be asked: {message}"
    )))
}
