//! One round of a 2026-07-28 call: the server sends the client no requests, so what it needs
//! from the client (its roots, the answer to a form) goes out as `input_required` with a sealed
//! `requestState`, and comes back in the client's retry of the call. An inbox or a popup needs
//! no round: the call waits for it.

use std::path::PathBuf;
use std::sync::Arc;

use pi_agent_ask_core::contract::Tool;
use rmcp::RoleServer;
use rmcp::model::{ElicitResult, InputRequest, InputRequests, InputRequiredResult, InputResponses};
use rmcp::service::RequestContext;
use serde_json::{Value, json};
use tokio::sync::watch;

use super::asking::{
    Asked, InOrder, NOT_A_FORM_ANSWER, declares_elicitation, finished, form_request, from_form,
    parse, queued,
};
use super::elsewhere::{Settled, settle};
use super::queue;
use super::server::{Shared, from_json};
use super::state::{Pending, Stage};
use super::tools;
use super::workspace::{Workspace, root_directory};

/// The key of the one form in an `input_required` result.
const FORM_KEY: &str = "form";
/// The key of the request for the client's roots in an `input_required` result.
const ROOTS_KEY: &str = "roots";

/// The client's roots, as far as a round knows them.
pub enum Roots {
    /// The client has roots and has not been asked for them: it is, should a file lie outside
    /// the working directory.
    ToAsk,
    /// The directories the client listed (none for a client without roots).
    Listed(Vec<PathBuf>),
}

/// One round of a 2026-07-28 call, where every answer comes back as a retried call.
pub struct Round<'a> {
    /// What every call shares.
    pub shared: &'a Arc<Shared>,
    /// The tool called.
    pub tool: Tool,
    /// The call's arguments, which its state is bound to.
    pub arguments: &'a Value,
    /// The call's request.
    pub context: &'a RequestContext<RoleServer>,
    /// Turns true when the client's input ends.
    pub input_ended: watch::Receiver<bool>,
    /// The call's turn in the queue's order, taken as it came.
    pub in_order: Option<InOrder<'a>>,
}

impl Round<'_> {
    fn input_required(&self, key: &str, input: InputRequest, pending: &Pending) -> Asked {
        let sealed = self
            .shared
            .sealer
            .seal(self.tool.name(), self.arguments, pending);
        let requests = InputRequests::from([(key.to_owned(), input)]);
        Asked::InputRequired(Box::new(InputRequiredResult::new(
            Some(requests),
            Some(sealed),
        )))
    }

    /// The client's roots, which widen where preview files may come from: asked before the
    /// form when a file lies outside the working directory.
    fn ask_for_roots(&self, request_id: &str) -> Option<Asked> {
        let input = from_json::<InputRequest>(json!({"method": "roots/list"})).ok()?;
        let pending = Pending::new(request_id, Stage::Roots, Vec::new());
        Some(self.input_required(ROOTS_KEY, input, &pending))
    }

    /// The checked call asked in an inbox or a popup, which the call waits for, or as one form
    /// of the client's; or its result when it cannot be asked.
    pub async fn ask_form(mut self, request_id: &str, roots: Roots) -> Asked {
        let (roots, may_ask) = match roots {
            Roots::Listed(roots) => (roots, false),
            Roots::ToAsk => (Vec::new(), true),
        };
        let mut workspace = Workspace::new(self.shared.config.cwd.clone(), roots.clone());
        let parsed = parse(
            self.shared,
            self.tool,
            self.arguments,
            &mut workspace,
            request_id,
        );
        if workspace.refused_a_file()
            && may_ask
            && let Some(asked) = self.ask_for_roots(request_id)
        {
            return asked;
        }
        let call = match parsed {
            Ok(call) => call,
            Err(invalid) => return finished(invalid.result()),
        };
        if let Some(queued) = queued(self.shared, &call, self.context, &mut self.in_order).await {
            return queued;
        }
        // The lock is held while an inbox or a popup asks; the client's form is its own.
        let Some(turn) = queue::turn(self.shared, self.context, self.in_order.take()).await else {
            return finished(&call.cancelled(None));
        };
        let elicitation = declares_elicitation(self.context);
        let settled = settle(
            self.shared,
            &call,
            elicitation,
            self.context,
            &self.input_ended,
        )
        .await;
        drop(turn);
        match (settled, form_request(&call)) {
            (Settled::Answered(result), _) => Asked::Result(result),
            (Settled::Elicit, Some(form)) => {
                let pending = Pending::new(request_id, Stage::Form, roots);
                self.input_required(FORM_KEY, form, &pending)
            }
            (Settled::Elicit | Settled::NoUi, _) => finished(&call.no_ui()),
        }
    }

    /// The result of a retry that carries no answer to `what` (under `key`): nothing was
    /// answered with the state, so the retry that carries the answer may still use it.
    fn unanswered(&self, pending: &Pending, what: &str, key: &str) -> Asked {
        self.shared.sealer.give_back(pending);
        Asked::Result(tools::error_result(&format!(
            "The retried call carries no answer to {what}; send it again with the answer under \
             `{key}`."
        )))
    }

    /// The retried call with the answer to the round its state was sealed for.
    pub async fn retried(self, sealed: &str, responses: Option<InputResponses>) -> Asked {
        let pending = match self
            .shared
            .sealer
            .open(sealed, self.tool.name(), self.arguments)
        {
            Ok(pending) => pending,
            Err(refused) => {
                return Asked::Result(tools::error_result(&format!(
                    "The request state was refused: {refused}. Call the tool again to ask anew."
                )));
            }
        };
        let mut responses = responses.unwrap_or_default();
        // An answer of `null` is none.
        let mut answer_to = |key: &str| responses.remove(key).filter(|answer| !answer.is_null());
        match pending.stage {
            Stage::Roots => {
                let Some(listed) = answer_to(ROOTS_KEY) else {
                    return self.unanswered(
                        &pending,
                        "the request for the client's roots",
                        ROOTS_KEY,
                    );
                };
                let roots = listed
                    .get("roots")
                    .and_then(Value::as_array)
                    .into_iter()
                    .flatten()
                    .filter_map(|root| root.get("uri").and_then(Value::as_str))
                    .filter_map(root_directory)
                    .collect();
                self.ask_form(&pending.request_id, Roots::Listed(roots))
                    .await
            }
            Stage::Form => {
                let Some(answer) = answer_to(FORM_KEY) else {
                    return self.unanswered(&pending, "the form", FORM_KEY);
                };
                let mut workspace = Workspace::new(self.shared.config.cwd.clone(), pending.roots);
                let call = match parse(
                    self.shared,
                    self.tool,
                    self.arguments,
                    &mut workspace,
                    &pending.request_id,
                ) {
                    Ok(call) => call,
                    Err(invalid) => return finished(invalid.result()),
                };
                match serde_json::from_value::<ElicitResult>(answer) {
                    Ok(answer) => finished(&from_form(&call, &answer)),
                    Err(_) => finished(&call.invalid_answer(NOT_A_FORM_ANSWER)),
                }
            }
        }
    }
}
