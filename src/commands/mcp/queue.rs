//! The server's background queue: `ask_user` calls with `background: true` answered at once
//! with a receipt, their forms asked one at a time in an inbox or a popup
//! ([`super::queued_form`]), and `wait_for_answers`. The order and the rules are the core's
//! [`Queue`]; this carries out its actions: saves to the journal, forms opened on their own
//! tasks, turns at the input lock handed to foreground calls, and results handed to waits.
//!
//! Foreground calls take the same input lock while they ask, so a form never opens over
//! another. A wait's result marks its forms delivered in the journal only once it is handed to
//! the client; a wait cancelled first gives its forms back for the next one.

use std::collections::HashMap;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use pi_agent_ask_core::contract::Call;
use pi_agent_ask_core::contract::answers::Draft;
use pi_agent_ask_core::contract::background::{Outcome, WAIT_ENDED, WaitResult};
use pi_agent_ask_core::contract::request::Request;
use pi_agent_ask_core::journal::backlog::{Backlog, Saved};
use pi_agent_ask_core::queue::{Action, Queue};

use rmcp::RoleServer;
use rmcp::model::RequestId;
use rmcp::service::RequestContext;
use serde_json::{Value, json};
use tokio::sync::{oneshot, watch};
use tokio::task::JoinHandle;

use super::journal::Journal;
use super::progress::Progress;
use super::queued_form;
use super::server::Shared;
use super::tools::{self, DETAILS_META};
use super::withdrawn::WITHDRAWN;
use crate::commands::new_request_id;
use crate::inbox::behind::Behind;
use locked::Locked;

mod closed;
mod locked;
mod turn;

pub use closed::{close_line, form_closed};
pub use turn::turn;

/// How long the end of the input waits for the open queued form to close and save what it
/// held: the inbox hands drafts back within a second.
const WIND_DOWN: Duration = Duration::from_secs(5);

/// The queue of one server and what its actions reach.
pub struct Background {
    state: Mutex<State>,
    journal: Option<Journal>,
    /// Turns true when the client's input ends.
    pub input_ended: watch::Receiver<bool>,
    /// Names the open form whose call the client withdrew, for its task to close it.
    withdrawn_open: watch::Sender<Option<String>>,
    /// How many asks wait behind the open form, for an inbox that shows it to count.
    pub behind: Option<Behind>,
}

struct State {
    queue: Queue,
    /// What each form not yet delivered asked, for the text of its answer.
    requests: HashMap<String, Request>,
    /// The waits, by the id each was registered under.
    waits: HashMap<String, oneshot::Sender<WaitResult>>,
    /// Foreground calls waiting for the input lock, by the id each asked under.
    grants: HashMap<String, oneshot::Sender<()>>,
    /// What forms asked again after a restart open with, by request id.
    drafts: HashMap<String, Vec<Draft>>,
    /// The task asking the open form.
    open: Option<JoinHandle<()>>,
    /// The forms queued in this session and not finished, by the JSON text of the id of the
    /// call that queued each: what the client's cancel of that call withdraws.
    withdrawable: HashMap<String, String>,
}

impl Background {
    /// A queue saving to `journal` when there is one.
    pub fn new(journal: Option<Journal>, input_ended: watch::Receiver<bool>) -> Self {
        Self {
            state: Mutex::new(State {
                queue: Queue::new(),
                requests: HashMap::new(),
                waits: HashMap::new(),
                grants: HashMap::new(),
                drafts: HashMap::new(),
                open: None,
                withdrawable: HashMap::new(),
            }),
            journal,
            input_ended,
            withdrawn_open: watch::channel(None).0,
            // Without it, an inbox counts this server's open form alone.
            behind: Behind::new().ok(),
        }
    }

    /// The request id of the open form once the client withdraws the call that queued it.
    pub fn withdrawn_open(&self) -> watch::Receiver<Option<String>> {
        self.withdrawn_open.subscribe()
    }

    fn state(&self) -> Locked<'_> {
        // The state stays whole between actions; a panic elsewhere leaves it usable.
        Locked {
            state: self.state.lock().unwrap_or_else(PoisonError::into_inner),
            behind: self.behind.as_ref(),
        }
    }

    /// The journal, when the server keeps one.
    pub const fn journal(&self) -> Option<&Journal> {
        self.journal.as_ref()
    }

    /// Once the input has ended: waits, a bounded while, for the open form's task to close it
    /// and save what it held.
    pub async fn wind_down(&self) {
        let open = self.state().open.take();
        if let Some(open) = open {
            let _ = tokio::time::timeout(WIND_DOWN, open).await;
        }
    }
}

/// Takes in the queue a journal left: its undelivered ends (saving the new ones first) for the
/// next wait, and its unfinished forms queued again in their order, the first opening now.
pub fn restore(shared: &Arc<Shared>, backlog: Backlog) {
    let background = &shared.background;
    let mut state = background.state();
    for finished in backlog.undelivered {
        if finished.saved == Saved::NotYet
            && let Some(journal) = &background.journal
        {
            journal.finished(&finished.answer);
        }
        if let Some(request) = finished.request {
            state
                .requests
                .insert(finished.answer.request_id.clone(), request);
        }
        state.queue.restore_finished(finished.answer);
    }
    for reopened in backlog.waiting {
        if let (Some(drafts), Some(request_id)) = (reopened.drafts, reopened.call.request_id()) {
            state.drafts.insert(request_id.to_owned(), drafts);
        }
        enqueue_saved(shared, &mut state, reopened.call);
    }
}

/// Queues a validated background call, made as request `caller`: saved, then answered with
/// its receipt (as a `CallToolResult`); a journal that cannot be written queues nothing and
/// answers with an error. A call the client withdrew meanwhile is withdrawn at once.
pub fn enqueue(shared: &Arc<Shared>, call: Call, caller: &RequestId) -> Value {
    let request_id = call.request_id().unwrap_or_default().to_owned();
    let receipt = enqueue_call(shared, call);
    if let Ok(caller) = serde_json::to_string(caller) {
        let mut state = shared.background.state();
        state.withdrawable.insert(caller, request_id);
    }
    if shared.withdrawals.contains(caller) {
        withdraw_noted(shared);
    }
    receipt
}

/// Takes out the forms whose calls the client withdrew ([`Withdrawals`]): one in line leaves
/// it and ends as withdrawn; the open one is closed by its task, which ends it so.
///
/// [`Withdrawals`]: super::withdrawn::Withdrawals
pub fn withdraw_noted(shared: &Arc<Shared>) {
    let mut state = shared.background.state();
    for caller in shared.withdrawals.noted() {
        let Some(request_id) = state.withdrawable.remove(&caller) else {
            continue;
        };
        if state.queue.open_form() == Some(request_id.as_str()) {
            shared
                .background
                .withdrawn_open
                .send_replace(Some(request_id));
        } else if let Some(actions) = state.queue.withdraw(&request_id, WITHDRAWN) {
            for action in actions {
                carry_out(shared, &mut state, action);
            }
        }
    }
}

fn enqueue_call(shared: &Arc<Shared>, call: Call) -> Value {
    let background = &shared.background;
    if let Some(journal) = &background.journal
        && let Err(error) = journal.queued(&call)
    {
        return tools::error_result(&format!(
            "The form was not queued: {error}. Ask it without background."
        ));
    }
    let mut state = background.state();
    enqueue_saved(shared, &mut state, call).unwrap_or_else(|| {
        tools::error_result("The form was not queued: it is not a background call.")
    })
}

/// Queues a call whose request is saved already; its receipt as a `CallToolResult`.
fn enqueue_saved(shared: &Arc<Shared>, state: &mut State, call: Call) -> Option<Value> {
    let request_id = call.request_id()?.to_owned();
    let request = call.request().clone();
    let actions = state.queue.enqueue(call).ok()?;
    state.requests.insert(request_id, request);
    let mut receipt = None;
    for action in actions {
        match action {
            // Saved before the call reached the queue.
            Action::SaveRequest { .. } => {}
            Action::Receipt(queued) => {
                let output = queued.output();
                let details = serde_json::to_value(&output.details).unwrap_or(Value::Null);
                receipt = Some(json!({
                    "resultType": "complete",
                    "content": output.content,
                    "isError": false,
                    "_meta": {DETAILS_META: details.clone()},
                    "structuredContent": details,
                }));
            }
            other => carry_out(shared, state, other),
        }
    }
    receipt
}

/// The open form ended: its end is saved, waits are answered, the next turn opens.
pub fn form_finished(shared: &Arc<Shared>, request_id: &str, outcome: Outcome) {
    let mut state = shared.background.state();
    state.withdrawable.retain(|_, form| form != request_id);
    let actions = state.queue.form_finished(request_id, outcome);
    for action in actions.unwrap_or_default() {
        carry_out(shared, &mut state, action);
    }
}

/// Carries out one of the queue's actions, in the order given.
fn carry_out(shared: &Arc<Shared>, state: &mut State, action: Action) {
    match action {
        // A request is saved, and its receipt sent, by the call that queued it; MCP has no
        // channel for the blocked status (the client has the receipt).
        Action::SaveRequest { .. } | Action::Receipt(_) | Action::Blocked(_) => {}
        Action::Open(call) => {
            let drafts = call
                .request_id()
                .and_then(|request_id| state.drafts.remove(request_id));
            let shared = Arc::clone(shared);
            state.open = Some(tokio::spawn(queued_form::ask(shared, *call, drafts)));
        }
        Action::Grant { id } => {
            if let Some(granted) = state.grants.remove(&id) {
                // A call gone before its turn gives the lock back when its guard drops.
                let _ = granted.send(());
            }
        }
        // Its turn never comes: the call, waiting for it, ends cancelled.
        Action::Dismiss { id } => drop(state.grants.remove(&id)),
        Action::SaveCompletion(answer) => {
            if let Some(journal) = &shared.background.journal {
                journal.finished(&answer);
            }
        }
        Action::Deliver { waiter, result } => {
            if let Some(wait) = state.waits.remove(&waiter)
                && let Err(result) = wait.send(result)
            {
                give_back(state, result);
            }
        }
    }
}

/// A result no wait took: its forms wait for the next one.
fn give_back(state: &mut State, result: WaitResult) {
    for answer in result.results {
        state.queue.restore_finished(answer);
    }
}

/// `wait_for_answers`: answered once no form is queued or open, with every end not delivered
/// before, reporting progress meanwhile. A cancelled call or the end of the input gives back
/// whatever it would have taken.
pub async fn wait(shared: &Arc<Shared>, context: &RequestContext<RoleServer>) -> Value {
    let background = &shared.background;
    let waiter = new_request_id();
    let (sender, mut receiver) = oneshot::channel();
    {
        let mut state = background.state();
        state.waits.insert(waiter.clone(), sender);
        let actions = state.queue.wait(waiter.clone());
        for action in actions {
            carry_out(shared, &mut state, action);
        }
    }
    let mut input_ended = background.input_ended.clone();
    let mut progress = Progress::new(
        context,
        shared.config.progress_every,
        "the user to answer the background forms",
    );
    let result = loop {
        tokio::select! {
            result = &mut receiver => break result.ok(),
            () = context.ct.cancelled() => break None,
            () = async {
                let _ = input_ended.wait_for(|ended| *ended).await;
            } => break None,
            () = progress.due() => progress.report(context).await,
        }
    };
    let mut state = background.state();
    let Some(result) = result else {
        state.queue.abort_wait(&waiter);
        state.waits.remove(&waiter);
        if let Ok(result) = receiver.try_recv() {
            give_back(&mut state, result);
        }
        // `rmcp` sends nothing for a cancelled call; at the end of the input nobody reads it.
        return tools::error_result(WAIT_ENDED);
    };
    if let Some(journal) = &background.journal {
        journal.delivered(&result.request_ids);
    }
    let requests = &state.requests;
    let output = result.output(|id| requests.get(id));
    let delivered: Vec<String> = output.details.request_ids.clone();
    let details = serde_json::to_value(&output.details).unwrap_or(Value::Null);
    for id in &delivered {
        state.requests.remove(id);
    }
    json!({
        "resultType": "complete",
        "content": output.content,
        "isError": false,
        "_meta": {DETAILS_META: details.clone()},
        "structuredContent": details,
    })
}
