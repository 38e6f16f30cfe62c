//! `pi-agent-ask rpc`: the JSON-lines host protocol, as a state machine of lines in, lines out.
//!
//! A [`Session`] takes each line the host writes (split on `\n` only, without it; one trailing
//! `\r` is stripped; blank lines are skipped) and returns the lines to write back;
//! [`Session::end_of_input`] closes it. It never reads or writes anything itself, and takes
//! ids, times (milliseconds since the Unix epoch, the events' `createdAt` and `completedAt`)
//! and argument parsing from an [`Environment`], so a transcript is reproducible. Lines in may
//! carry U+2028 and U+2029 inside strings; lines out escape them, and DEL, the C1 controls
//! and the bidirectional controls too (see [`Outgoing::to_line`]).
//!
//! Host to program (see [`Incoming`]): `ask` (`tool` defaults to `ask_user`; `wait_for_answers`
//! waits for background answers),
//! `extension_ui_response` (`value`, or `cancelled: true` to dismiss), `submit` (a remote
//! response for an open flow) and `abort`. Program to host (see [`Outgoing`]):
//! `extension_ui_request` in Pi's shapes, `event` lines on the `pi-agent-ask:started`,
//! `pi-agent-ask:completed` and `pi-agent-ask:submit-result` channels, one `result` per `ask`,
//! and `{"type":"error","message":..}` for a line that is not understood.
//!
//! The rules:
//! - Calls are asked one at a time in arrival order; an `ask` while another is open waits. A
//!   call's id may not repeat the id of a call that is open or waiting (an error line).
//! - A call starts with its started event and first dialog; it ends with its completed event
//!   and its result. Invalid arguments are answered with the result alone.
//! - A response naming no open dialog is ignored. Every response to the open dialog is
//!   answered, so a host never waits on a dialog it has answered: with the next dialog, the
//!   result, or the same dialog again under a fresh id. A select `value` names the option it
//!   equals, or equals but for case; one that is none of the options is the question's
//!   written answer (as if `Type your own` or `Other (type
//!   something)` had been chosen and the text typed), and a blank one asks the select again
//!   (see [`DialogFlow`]). A response without a string `value` or `cancelled: true` gets an
//!   error line saying so, then its dialog again.
//! - A submit is acknowledged first, always on the `pi-agent-ask:submit-result` channel, never
//!   with an error line. Its envelope is checked before its flow is looked up (see
//!   [`Submit::read`]): `version` 1, a non-empty string `requestId`, a non-empty string
//!   `flowId`, a `response` object whose `kind` is `answer` or `cancel`; each failure is
//!   `invalid_request`, and the acknowledgement echoes `requestId` and `flowId` when they are
//!   strings and `""` in place of either when it is not. Then an unknown or finished flow is
//!   `flow_not_found`, and the answers are checked. An invalid submit leaves the flow open, a
//!   valid one ends it (the open dialog is dropped, and a late response to it is ignored).
//! - An abort ends the open call as cancelled with the answers so far; aborting a waiting call
//!   answers it at once, without events; an abort naming no call is ignored.
//! - The end of input cancels the open call and then every waiting one, each with its result.
//!   The program closes a session so when a signal ends it, too.
//! - An `ask_user` `ask` with `background: true` is validated at once and answered with its
//!   receipt; its form is queued and asked like any call when its turn at the input lock
//!   comes, which background forms and foreground calls take in one arrival-order line (see
//!   [`pi_agent_ask_core::queue`]). While one is open `herdr:blocked` is active. An `ask` of
//!   `wait_for_answers` is answered once no form is queued or open, with every form's end not
//!   delivered before; aborting it writes nothing and leaves the forms queued. The end of input
//!   cancels the open form and ends the ones never asked with an error.
//! - A line answered by an error line alone changes nothing. So does a line over
//!   [`lines::MAX_LINE_BYTES`], which is never held whole (see [`lines`]).

mod incoming;
pub mod lines;
mod outgoing;
mod queued;

use std::collections::{BTreeMap, VecDeque};

use pi_agent_ask_core::contract::background::Outcome;
use pi_agent_ask_core::contract::remote::RemoteError;
use pi_agent_ask_core::contract::request::Request;
use pi_agent_ask_core::contract::{Call, InvalidCall, Tool, ToolResult};
use pi_agent_ask_core::dialog::{Dialog, DialogFlow, Step};
use pi_agent_ask_core::events::{
    COMPLETED_CHANNEL, Completed, STARTED_CHANNEL, SUBMIT_RESULT_CHANNEL, Started, Submit,
    SubmitResult, tool_flow_id,
};
use pi_agent_ask_core::queue::{Blocked, Queue};
use serde_json::{Map, Value};

pub use incoming::{Incoming, ProtocolError, WAIT_FOR_ANSWERS, parse_line};
pub use outgoing::{Outgoing, UiRequest};

/// What a session needs from outside: fresh ids, the time, and argument checking (which reads
/// preview files and the settings).
pub trait Environment {
    /// A fresh unique id: dialog request ids and `ask_user` request ids.
    fn new_id(&mut self) -> String;

    /// The current time in milliseconds since the Unix epoch, as events carry it.
    fn now(&mut self) -> u64;

    /// Validates and normalizes a call's arguments: [`Call::parse`] with the settings'
    /// presentation switch, the preview files of the working directory, and
    /// [`Environment::new_id`] for the request id.
    fn parse_call(&mut self, tool: Tool, arguments: &Value) -> Result<Call, InvalidCall>;
}

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
    /// The input ended: nothing more is asked.
    Ended,
}

/// A queued form until its end is delivered: the `ask` that queued it and its questions,
/// which its answer's text repeats.
struct QueuedForm {
    call_id: String,
    request: Request,
    /// Whether a wait has delivered its end; it is then forgotten.
    delivered: bool,
}

/// One RPC connection's state: the call being asked, the calls waiting, and the background
/// queue, which holds the input lock every ask shares.
pub struct Session<E> {
    env: E,
    open: Option<Open>,
    waiting: VecDeque<Waiting>,
    queue: Queue,
    /// Queued forms by request id, until their ends are delivered.
    forms: BTreeMap<String, QueuedForm>,
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
            forms: BTreeMap::new(),
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
        let result = match parse_line(line) {
            Ok(None) => Ok(()),
            Ok(Some(message)) => self.handle(message, &mut out),
            Err(error) => Err(error),
        };
        if let Err(ProtocolError(message)) = result {
            out.push(Outgoing::Error { message });
        }
        out
    }

    /// The host closed its side, or a signal ends the program: the open call is cancelled with
    /// the answers so far and every waiting call is cancelled, each with its result written.
    /// Background forms not yet asked end with an error, so a wait still gets its result.
    pub fn end_of_input(&mut self) -> Vec<Outgoing> {
        let mut out = Vec::new();
        self.input = HostInput::Ended;
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
                let actions = self.queue.wait(id);
                self.apply(actions, out);
            }
            Incoming::UiResponse { id, fields } => self.respond(&id, &fields, out)?,
            Incoming::Submit(submit) => self.submit(&submit, out),
            Incoming::MalformedSubmit(refusal) => out.push(event(SUBMIT_RESULT_CHANNEL, &refusal)),
            Incoming::Abort { id } => self.abort(&id, out),
        }
        Ok(())
    }

    fn respond(
        &mut self,
        id: &str,
        fields: &Map<String, Value>,
        out: &mut Vec<Outgoing>,
    ) -> Result<(), ProtocolError> {
        let Some(open) = self.open.as_mut().filter(|open| open.dialog_id == id) else {
            return Ok(());
        };
        let Step::Ask(dialog) = open.flow.step() else {
            return Ok(());
        };
        match reply(dialog, fields) {
            Ok(reply) => open
                .flow
                .reply(reply.as_deref())
                .map_err(|error| ProtocolError(format!("extension_ui_response: {error}")))?,
            Err(ProtocolError(message)) => out.push(Outgoing::Error { message }),
        }
        self.after_reply(out);
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

    fn abort(&mut self, id: &str, out: &mut Vec<Outgoing>) {
        if self.queue.is_waiting(id) {
            self.queue.abort_wait(id);
        } else if let Some(open) = self
            .open
            .as_mut()
            .filter(|open| open.id == id && matches!(open.turn, Turn::Foreground))
        {
            open.flow.cancel();
            self.finish_open(out);
        } else if let Some(call) = self
            .waiting
            .iter()
            .position(|call| call.id == id)
            .and_then(|position| self.waiting.remove(position))
        {
            let _in_line = self.queue.foreground_done(id);
            out.push(cancelled_before_start(&mut self.env, call));
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
        let Some(open) = self.open.take() else {
            return;
        };
        let Step::Done(result) = open.flow.step() else {
            return;
        };
        let completed = Completed::for_tool_call(&open.id, result, self.env.now());
        out.push(event(COMPLETED_CHANNEL, &completed));
        let actions = match open.turn {
            Turn::Foreground => {
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
        self.apply(actions.unwrap_or_default(), out);
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

/// What a call's turn brings: a flow to ask, or at once a result for invalid arguments.
enum Opening {
    Flow(Box<DialogFlow>),
    Answered(ToolResult),
}

/// Validates a call's arguments (unless they were when it arrived) and opens its flow.
fn opening(env: &mut impl Environment, call: &mut Waiting) -> Opening {
    if let Some(parsed) = call.parsed.take() {
        return Opening::Flow(Box::new(DialogFlow::new(*parsed)));
    }
    match env.parse_call(call.tool, &call.arguments) {
        Ok(call) => Opening::Flow(Box::new(DialogFlow::new(call))),
        Err(invalid) => Opening::Answered(invalid.into_result()),
    }
}

/// The result of a call cancelled before its turn: nothing was asked, so no events.
fn cancelled_before_start(env: &mut impl Environment, mut call: Waiting) -> Outgoing {
    let result = match opening(env, &mut call) {
        Opening::Flow(mut flow) => flow.cancel(),
        Opening::Answered(result) => result,
    };
    Outgoing::Result {
        id: call.id,
        result,
    }
}

/// The reply an `extension_ui_response` gives the dialog it answers.
fn reply(dialog: &Dialog, fields: &Map<String, Value>) -> Result<Option<String>, ProtocolError> {
    if fields.get("cancelled") == Some(&Value::Bool(true)) {
        return Ok(None);
    }
    if let Some(Value::String(value)) = fields.get("value") {
        return Ok(Some(value.clone()));
    }
    let method = match dialog {
        Dialog::Select { .. } => "select",
        Dialog::Input { .. } => "input",
        Dialog::MultiSelect { .. } => "editor",
    };
    Err(ProtocolError(format!(
        "extension_ui_response: an answer to {method} needs a string \"value\" or \"cancelled\": true"
    )))
}

fn event(channel: &'static str, data: &impl serde::Serialize) -> Outgoing {
    Outgoing::Event {
        channel,
        data: serde_json::to_value(data).unwrap_or(Value::Null),
    }
}

#[cfg(test)]
mod tests;
