//! `pi-agent-ask rpc`: the JSON-lines host protocol, as a state machine of lines in, lines out.
//!
//! A [`Session`] takes each line the host writes (split on `\n` only, without it; one trailing
//! `\r` is stripped; blank lines are skipped) and returns the lines to write back;
//! [`Session::end_of_input`] closes it, [`Session::interrupted`] closes it for a signal. It never
//! reads or writes anything itself, and takes ids, times (milliseconds since the Unix epoch, the
//! events' `createdAt` and `completedAt`), argument parsing and the journal from an
//! [`Environment`], so a transcript is reproducible. Lines in may carry U+2028 and U+2029 inside
//! strings; lines out escape them, and DEL, the C1 controls and the bidirectional controls too
//! (see [`Outgoing::to_line`]).
//!
//! The program plays Pi toward the host. Pi's own lines: `extension_ui_request` (select, input,
//! editor, notify) answered by `extension_ui_response` (`value`, `confirmed` or
//! `cancelled: true`); `abort` (`{"type":"abort","id"?:..}`), answered by
//! `{"type":"response","id"?:..,"command":"abort","success":true}`; and for every line that
//! cannot be taken, `{"type":"response","id"?:..,"command":<its type, or "parse">,
//! "success":false,"error":..}`, carrying the line's `id` when it had a string one, as Pi
//! answers a failed command. This program's own lines, an extension of Pi's protocol (see
//! [`Incoming`] and [`Outgoing`]): `ask` (`tool` defaults to `ask_user`; `wait_for_answers`
//! waits for background answers) answered by one `result`; `submit` (a remote response for an
//! open flow); `abort_ask` (`{"type":"abort_ask","callId":..}`, ending one call); and `event`
//! lines on the `pi-agent-ask:started`, `pi-agent-ask:completed`,
//! `pi-agent-ask:submit-result` and `herdr:blocked` channels.
//!
//! The rules:
//! - Calls are asked one at a time in arrival order; an `ask` while another is open waits. A
//!   call's id may not repeat the id of a call that is open or waiting (a failed response).
//! - A call starts with its started event and first dialog; it ends with its completed event
//!   and its result. Invalid arguments are answered with the result alone.
//! - A response naming no open dialog is ignored, as Pi ignores one. Every response to the open
//!   dialog is answered, so a host never waits on a dialog it has answered: with the next
//!   dialog, the result, or a notice and the same dialog again under a fresh id (see
//!   `replies.rs`). `cancelled: true` dismisses the dialog, and so does `confirmed`, which none of
//!   these dialogs asks for (Pi reads it as no value). A select `value` names the option it
//!   equals, or equals but for case; one that is none of the options is the question's written
//!   answer (as if `Type your own` or `Other (type something)` had been chosen and the text
//!   typed), and a blank one asks the select again with a notice (see [`DialogFlow`]). A
//!   response with none of `value`, `confirmed` and `cancelled: true` gets a failed response
//!   saying so, then its dialog again.
//! - A submit is acknowledged first, always on the `pi-agent-ask:submit-result` channel, never
//!   with a failed response. Its envelope is checked before its flow is looked up (see
//!   [`Submit::read`]): `version` 1, a non-empty string `requestId`, a non-empty string
//!   `flowId`, a `response` object whose `kind` is `answer` or `cancel`; each failure is
//!   `invalid_request`, and the acknowledgement echoes `requestId` and `flowId` when they are
//!   strings and `""` in place of either when it is not. Then an unknown or finished flow is
//!   `flow_not_found`, and the answers are checked. An invalid submit leaves the flow open, a
//!   valid one ends it (the open dialog is dropped, and a late response to it is ignored).
//! - Pi's `abort` stops everything in progress (see `abort.rs`): the open foreground call ends as
//!   cancelled with the answers so far, every waiting call is answered cancelled at once,
//!   without events, and every `wait_for_answers` ends writing nothing; background forms stay
//!   where they are, queued or open. `abort_ask` ends the one call it names in the same way, or
//!   its wait; naming none, or a background form, it changes nothing.
//! - The end of input cancels the open call and then every waiting one, each with its result.
//!   The program closes a session so when a signal ends it, too.
//! - An `ask_user` `ask` with `background: true` is validated at once and answered with its
//!   receipt; its form is queued and asked like any call when its turn at the input lock
//!   comes, which background forms and foreground calls take in one arrival-order line (see
//!   [`pi_agent_ask_core::queue`]). While one is open `herdr:blocked` is active. An `ask` of
//!   `wait_for_answers` is answered once no form is queued or open, with every form's end not
//!   delivered before. The end of input cancels the open form and ends the ones never asked
//!   with an error.
//! - The journal ([`pi_agent_ask_core::journal`]) hears of each valid call before it is asked or its receipt
//!   written, of each end before it is written, of each delivery once [`Session::lines_written`]
//!   says the wait's result was written, and, when a signal ends the session, of the open
//!   form's drafts instead of its end.
//! - A line answered by a failed response alone changes nothing. So does a line over
//!   [`lines::MAX_LINE_BYTES`], which is never held whole (see [`lines`]).

mod abort;
mod environment;
mod incoming;
pub mod lines;
mod opening;
mod outgoing;
mod queued;
mod replies;
mod restored;

use std::collections::{BTreeMap, VecDeque};

use pi_agent_ask_core::contract::background::Outcome;
use pi_agent_ask_core::contract::remote::RemoteError;
use pi_agent_ask_core::contract::{Call, Tool};
use pi_agent_ask_core::dialog::{DialogFlow, Step};
use pi_agent_ask_core::events::{
    COMPLETED_CHANNEL, Completed, STARTED_CHANNEL, SUBMIT_RESULT_CHANNEL, Started, Submit,
    SubmitResult, tool_flow_id,
};
use pi_agent_ask_core::queue::{Action, Blocked, Queue};
use serde_json::Value;

use opening::{Opening, cancelled_before_start, opening};
use queued::{Asks, QueuedForm};

pub use environment::Environment;
pub use incoming::{ABORT_ASK, Incoming, PARSE, ProtocolError, WAIT_FOR_ANSWERS, parse_line};
pub use outgoing::{Outgoing, UiRequest};
use pi_agent_ask_core::journal::Moment;
pub use replies::NAMES_NO_OPTION;

/// An `ask` waiting for its turn.
struct Waiting {
    id: String,
    tool: Tool,
    arguments: Value,
    /// The call already validated when it arrived (it asked for `background` but is not
    /// queued), so it is not validated twice.
    parsed: Option<Box<Call>>,
}

/// Whose form the open flow is.
enum Turn {
    /// A foreground `ask`: its result is written when the flow ends.
    Foreground,
    /// A background form under this request id: the queue takes its end.
    Background { request_id: String },
}

/// The call being asked.
struct Open {
    /// The tool call's id (for a background form, the id of the `ask` that queued it).
    id: String,
    flow: DialogFlow,
    /// The id of the request sent for the flow's open dialog.
    dialog_id: String,
    turn: Turn,
}

/// Whether the host may still answer dialogs.
#[derive(Clone, Copy, PartialEq, Eq)]
enum HostInput {
    /// Lines still come.
    Open,
    /// The input ended: nothing more is asked, and what ends is journaled as ended.
    Ended,
    /// A signal ends the session: nothing more is asked, and an open form is journaled with
    /// its drafts, not as ended, so it can be reopened.
    Interrupted,
}

/// One RPC connection's state: the call being asked, the calls waiting, and the background
/// queue, which holds the input lock every ask shares.
pub struct Session<E> {
    env: E,
    open: Option<Open>,
    waiting: VecDeque<Waiting>,
    queue: Queue,
    /// The ids of the `wait_for_answers` calls waiting, oldest first.
    waits: Vec<String>,
    /// Queued forms by request id, until their ends are delivered.
    forms: BTreeMap<String, QueuedForm>,
    /// The request ids delivered in lines not yet written, journaled once they are.
    unwritten_deliveries: Vec<String>,
    /// The last `herdr:blocked` status sent.
    blocked: Blocked,
    input: HostInput,
}

impl<E: Environment> Session<E> {
    /// A session with nothing open.
    pub const fn new(env: E) -> Self {
        Self {
            env,
            open: None,
            waiting: VecDeque::new(),
            queue: Queue::new(),
            waits: Vec::new(),
            forms: BTreeMap::new(),
            unwritten_deliveries: Vec::new(),
            blocked: Blocked::Cleared,
            input: HostInput::Open,
        }
    }

    /// The environment back.
    pub fn into_environment(self) -> E {
        self.env
    }

    /// Whether no call is open or waiting.
    pub fn is_idle(&self) -> bool {
        self.open.is_none() && self.waiting.is_empty() && self.queue.is_idle()
    }

    /// Handles one line from the host (without its `\n`) and returns the lines to write.
    pub fn handle_line(&mut self, line: &[u8]) -> Vec<Outgoing> {
        let mut out = Vec::new();
        let result = parse_line(line).and_then(|message| self.handle(message, &mut out));
        if let Err(error) = result {
            out.push(Outgoing::Failed(error));
        }
        out
    }

    /// The lines last returned have been written: the deliveries they carried are journaled.
    pub fn lines_written(&mut self) {
        if !self.unwritten_deliveries.is_empty() {
            let delivered = std::mem::take(&mut self.unwritten_deliveries);
            self.env.journal(Moment::Delivered(&delivered));
        }
    }

    /// The host closed its side: the open call is cancelled with the answers so far and every
    /// waiting call is cancelled, each with its result written. Background forms not yet asked
    /// end with an error, so a wait still gets its result.
    pub fn end_of_input(&mut self) -> Vec<Outgoing> {
        self.close(HostInput::Ended)
    }

    /// A signal ends the program: the lines are those of [`Session::end_of_input`], but the
    /// journal keeps the open form's drafts instead of its end, and nothing of the calls and
    /// forms never asked, so the asks stay waiting in the session file; with a journal, the
    /// waits end with [`Outgoing::WaitEnded`], the forms being the next session's to deliver.
    pub fn interrupted(&mut self) -> Vec<Outgoing> {
        self.close(HostInput::Interrupted)
    }

    fn close(&mut self, how: HostInput) -> Vec<Outgoing> {
        let mut out = Vec::new();
        self.input = how;
        // Forms a signal leaves in the journal are the next session's to ask and deliver: a
        // wait gets none of them now, or they would reach the agent twice.
        if how == HostInput::Interrupted && self.env.keeps_journal() {
            for wait in std::mem::take(&mut self.waits) {
                self.queue.abort_wait(&wait);
                out.push(Outgoing::WaitEnded { id: wait });
            }
        }
        if let Some(open) = &mut self.open {
            open.flow.cancel();
            self.finish_open(&mut out);
        }
        out
    }

    fn handle(&mut self, message: Incoming, out: &mut Vec<Outgoing>) -> Result<(), ProtocolError> {
        match message {
            Incoming::Ask {
                id,
                tool,
                arguments,
            } => {
                self.check_new(&id)?;
                self.ask(id, tool, arguments, out);
            }
            Incoming::Wait { id } => {
                self.check_new(&id)?;
                self.waits.push(id.clone());
                let actions = self.queue.wait(id);
                self.apply(actions, out);
            }
            Incoming::UiResponse { id, fields } => self.respond(&id, &fields, out)?,
            Incoming::Submit(submit) => self.submit(&submit, out),
            Incoming::MalformedSubmit(refusal) => out.push(event(SUBMIT_RESULT_CHANNEL, &refusal)),
            Incoming::Abort { id } => {
                self.abort_everything(out);
                out.push(Outgoing::Done {
                    id,
                    command: "abort",
                });
            }
            Incoming::AbortAsk { call_id } => self.abort_ask(&call_id, out),
        }
        Ok(())
    }

    fn submit(&mut self, submit: &Submit, out: &mut Vec<Outgoing>) {
        let outcome = match self
            .open
            .as_mut()
            .filter(|open| tool_flow_id(&open.id) == submit.flow_id)
        {
            Some(open) => open.flow.submit_remote(&submit.response),
            None => Err(RemoteError::flow_not_found()),
        };
        let (request_id, flow_id) = (&submit.request_id, &submit.flow_id);
        let acknowledgement = match &outcome {
            Ok(()) => SubmitResult::accepted(request_id, flow_id),
            Err(error) => SubmitResult::refused(request_id, flow_id, error),
        };
        out.push(event(SUBMIT_RESULT_CHANNEL, &acknowledgement));
        if outcome.is_ok() {
            self.finish_open(out);
        }
    }

    /// Sends the open flow's next dialog, or finishes the call if the flow has ended.
    fn after_reply(&mut self, out: &mut Vec<Outgoing>) {
        let Some(open) = self.open.as_mut() else {
            return;
        };
        match open.flow.step() {
            Step::Ask(dialog) => {
                open.dialog_id = self.env.new_id();
                out.push(Outgoing::UiRequest {
                    id: open.dialog_id.clone(),
                    request: UiRequest::from(dialog),
                });
            }
            Step::Done(_) => self.finish_open(out),
        }
    }

    /// Writes the ended flow's completed event and, for a foreground call, its result (a
    /// background form's end goes to the queue); then the lock passes on.
    fn finish_open(&mut self, out: &mut Vec<Outgoing>) {
        let actions = self.end_open(out);
        self.apply(actions, out);
    }

    /// [`Session::finish_open`] up to passing the lock on: the queue's actions that do it.
    fn end_open(&mut self, out: &mut Vec<Outgoing>) -> Vec<Action> {
        let Some(open) = self.open.take() else {
            return Vec::new();
        };
        let Step::Done(result) = open.flow.step() else {
            return Vec::new();
        };
        let completed = Completed::for_tool_call(&open.id, result, self.env.now());
        out.push(event(COMPLETED_CHANNEL, &completed));
        let call = open.flow.call();
        if self.input == HostInput::Interrupted {
            let drafts = open.flow.drafts();
            self.env.journal(Moment::Interrupted { call, drafts });
        }
        let actions = match open.turn {
            Turn::Foreground => {
                if self.input != HostInput::Interrupted {
                    self.env.journal(Moment::Answered { call, result });
                }
                out.push(Outgoing::Result {
                    id: open.id.clone(),
                    result: result.clone(),
                });
                self.queue.foreground_done(&open.id)
            }
            Turn::Background { request_id } => {
                self.queue.form_finished(&request_id, Outcome::of(result))
            }
        };
        actions.unwrap_or_default()
    }

    /// Opens a flow: its started event, then its first dialog.
    fn open_flow(&mut self, id: String, flow: DialogFlow, turn: Turn, out: &mut Vec<Outgoing>) {
        let started = Started::for_tool_call(
            &id,
            flow.call().title().map(str::to_owned),
            flow.call().normalized_questions(),
            self.env.now(),
        );
        out.push(event(STARTED_CHANNEL, &started));
        self.open = Some(Open {
            id,
            flow,
            dialog_id: String::new(),
            turn,
        });
        self.after_reply(out);
    }
}

fn event(channel: &'static str, data: &impl serde::Serialize) -> Outgoing {
    Outgoing::Event {
        channel,
        data: serde_json::to_value(data).unwrap_or(Value::Null),
    }
}

#[cfg(test)]
mod tests;

#[cfg(test)]
mod journal_tests;
