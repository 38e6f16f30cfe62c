//! The session's side of the background queue: queuing a form, taking a turn at the input
//! lock, and carrying out what the queue asks for, as lines to the host.
//!
//! A background form is asked through the same dialogs as a foreground `ask`, under the id of
//! the `ask` that queued it, with its started and completed events; while it is open the
//! `herdr:blocked` status is active. [`Action::SaveRequest`] and [`Action::SaveCompletion`]
//! go to the journal ([`Moment::Asked`], [`Moment::BackgroundAnswered`]), and a wait's delivery
//! once its result is written ([`Moment::Delivered`]).

use pi_agent_ask_core::contract::answers::Draft;
use pi_agent_ask_core::contract::background::{Delivery, Outcome, asks_background};
use pi_agent_ask_core::contract::request::Request;
use pi_agent_ask_core::contract::{Call, Tool};
use pi_agent_ask_core::dialog::{AfterLast, DialogFlow};
use pi_agent_ask_core::queue::{Action, BLOCKED_CHANNEL, Blocked};
use serde_json::Value;

use super::{
    Environment, HostInput, Moment, Opening, Outgoing, ProtocolError, Session, Turn, Waiting,
    cancelled_before_start, event, opening,
};

/// A queued form until its end is delivered: the `ask` that queued it and what it asks, whose
/// questions its answer's text repeats.
pub(super) struct QueuedForm {
    pub(super) call_id: String,
    pub(super) asks: Asks,
    /// What its form held when a session before was ended with it open, for its flow to take
    /// up (taken when the form opens).
    pub(super) drafts: Option<Vec<Draft>>,
    /// Whether its end was journaled, so its delivery may be too.
    pub(super) saved: bool,
    /// Whether a wait has delivered its end; it is then forgotten.
    pub(super) delivered: bool,
}

/// What a queued form asks.
pub(super) enum Asks {
    /// Its call: queued in this session, or restored from the journal to be asked again.
    Call(Box<Call>),
    /// A form the journal holds as finished and not delivered: its questions, when its saved
    /// arguments read back.
    Finished(Option<Request>),
}

impl Asks {
    pub(super) fn request(&self) -> Option<&Request> {
        match self {
            Self::Call(call) => Some(call.request()),
            Self::Finished(request) => request.as_ref(),
        }
    }
}

/// Why a queued form ends without being asked.
const NOT_ASKED: &str = "The session ended before the form was asked.";

impl<E: Environment> Session<E> {
    /// A new `ask`: one that asks for `background` is validated at once and, when the call
    /// is queued, answered with its receipt; every other one waits for the input lock and is
    /// validated when its turn comes.
    pub(super) fn ask(
        &mut self,
        id: String,
        tool: Tool,
        arguments: Value,
        out: &mut Vec<Outgoing>,
    ) {
        let parsed = if asks_background(&arguments) {
            match self.env.parse_call(tool, &arguments) {
                Err(invalid) => {
                    let result = invalid.into_result();
                    out.push(Outgoing::Result { id, result });
                    return;
                }
                Ok(call) => match call.delivery() {
                    Delivery::Background => return self.enqueue(id, call, out),
                    Delivery::Await => Some(Box::new(call)),
                },
            }
        } else {
            None
        };
        let call = Waiting {
            id,
            tool,
            arguments,
            parsed,
        };
        self.ask_foreground(call, out);
    }

    /// An `ask` id may not name a call that is open, waiting, or a wait.
    pub(super) fn check_new(&self, id: &str) -> Result<(), ProtocolError> {
        let known = self
            .open
            .as_ref()
            .is_some_and(|open| open.id == id && matches!(open.turn, Turn::Foreground))
            || self.waiting.iter().any(|call| call.id == id)
            || self.queue.is_waiting(id);
        if known {
            return Err(ProtocolError::new(
                "ask",
                Some(id),
                format!("ask: call {} is already open or waiting", Value::from(id)),
            ));
        }
        Ok(())
    }

    /// Queues a validated background call under the `ask` id `call_id`: its receipt is written
    /// at once, and it opens when the lock is free.
    pub(super) fn enqueue(&mut self, call_id: String, call: Call, out: &mut Vec<Outgoing>) {
        let request_id = call.request_id().unwrap_or_default().to_owned();
        let form = QueuedForm {
            call_id,
            asks: Asks::Call(Box::new(call.clone())),
            drafts: None,
            saved: false,
            delivered: false,
        };
        match self.queue.enqueue(call) {
            Ok(actions) => {
                self.forms.insert(request_id, form);
                self.apply(actions, out);
            }
            Err(error) => out.push(Outgoing::Failed(ProtocolError::new(
                "ask",
                Some(&form.call_id),
                format!("ask: {error}"),
            ))),
        }
    }

    /// A foreground `ask` waits in line for the input lock.
    pub(super) fn ask_foreground(&mut self, call: Waiting, out: &mut Vec<Outgoing>) {
        let actions = self.queue.foreground_wants_lock(call.id.clone());
        self.waiting.push_back(call);
        self.apply(actions, out);
    }

    /// Carries out the queue's actions in order.
    pub(super) fn apply(&mut self, actions: Vec<Action>, out: &mut Vec<Outgoing>) {
        for action in actions {
            match action {
                Action::SaveRequest { request_id } => {
                    if let Some(QueuedForm {
                        call_id,
                        asks: Asks::Call(call),
                        ..
                    }) = self.forms.get(&request_id)
                    {
                        self.env.journal(Moment::Asked {
                            call,
                            tool_call_id: call_id,
                        });
                    }
                }
                // A form a signal ended keeps its drafts instead, and one never asked nothing.
                Action::SaveCompletion(answer) => {
                    if self.input != HostInput::Interrupted {
                        self.env.journal(Moment::BackgroundAnswered(&answer));
                        if let Some(form) = self.forms.get_mut(&answer.request_id) {
                            form.saved = true;
                        }
                    }
                }
                Action::Receipt(receipt) => {
                    if let Some(form) = self.forms.get(&receipt.request_id) {
                        out.push(Outgoing::Queued {
                            id: form.call_id.clone(),
                            receipt: receipt.output(),
                        });
                    }
                }
                Action::Open(call) => self.open_form(*call, out),
                Action::Grant { id } => self.grant(&id, out),
                Action::Dismiss { id } => self.dismiss(&id, out),
                Action::Blocked(status) => self.blocked(status, out),
                Action::Deliver { waiter, result } => {
                    self.waits.retain(|wait| *wait != waiter);
                    for answer in &result.results {
                        if let Some(form) = self.forms.get_mut(&answer.request_id) {
                            form.delivered = true;
                            if form.saved {
                                self.unwritten_deliveries.push(answer.request_id.clone());
                            }
                        }
                    }
                    let forms = &self.forms;
                    let result =
                        result.output(|id| forms.get(id).and_then(|form| form.asks.request()));
                    self.forms.retain(|_, form| !form.delivered);
                    out.push(Outgoing::Answers { id: waiter, result });
                }
            }
        }
    }

    /// A background form's turn: asked through dialogs, or, once the input has ended, ended
    /// with an error without being asked.
    fn open_form(&mut self, call: Call, out: &mut Vec<Outgoing>) {
        let request_id = call.request_id().unwrap_or_default().to_owned();
        if self.input != HostInput::Open {
            let actions = self
                .queue
                .form_finished(&request_id, Outcome::Error(NOT_ASKED.to_owned()));
            self.apply(actions.unwrap_or_default(), out);
            return;
        }
        let (call_id, drafts) = self
            .forms
            .get_mut(&request_id)
            .map(|form| (form.call_id.clone(), form.drafts.take()))
            .unwrap_or_default();
        let flow = match drafts {
            Some(drafts) => DialogFlow::resumed(call, AfterLast::Submit, drafts),
            None => DialogFlow::new(call),
        };
        let turn = Turn::Background { request_id };
        self.open_flow(call_id, flow, turn, out);
    }

    /// A foreground call's turn: its flow opens, or invalid arguments are answered at once and
    /// the lock passes on; once the input has ended it is cancelled before it starts.
    fn grant(&mut self, id: &str, out: &mut Vec<Outgoing>) {
        let Some(mut call) = self
            .waiting
            .iter()
            .position(|call| call.id == id)
            .and_then(|position| self.waiting.remove(position))
        else {
            return;
        };
        let answered = if self.input == HostInput::Open {
            match opening(&mut self.env, &mut call) {
                Opening::Flow(flow) => {
                    self.env.journal(Moment::Asked {
                        call: flow.call(),
                        tool_call_id: &call.id,
                    });
                    self.open_flow(call.id, *flow, Turn::Foreground, out);
                    return;
                }
                Opening::Answered(result) => Outgoing::Result {
                    id: call.id,
                    result,
                },
            }
        } else {
            cancelled_before_start(&mut self.env, call, self.input)
        };
        out.push(answered);
        let actions = self.queue.foreground_done(id);
        self.apply(actions.unwrap_or_default(), out);
    }

    /// A foreground call that left the line before its turn: answered cancelled, unasked.
    fn dismiss(&mut self, id: &str, out: &mut Vec<Outgoing>) {
        if let Some(call) = self
            .waiting
            .iter()
            .position(|call| call.id == id)
            .and_then(|position| self.waiting.remove(position))
        {
            out.push(cancelled_before_start(&mut self.env, call, self.input));
        }
    }

    /// Sends a change of the blocked status; none for a form never shown.
    fn blocked(&mut self, status: Blocked, out: &mut Vec<Outgoing>) {
        let shown = match status {
            Blocked::Active => self.input == HostInput::Open,
            Blocked::Cleared => true,
        };
        if shown && status != self.blocked {
            self.blocked = status;
            out.push(event(BLOCKED_CHANNEL, &status));
        }
    }
}
