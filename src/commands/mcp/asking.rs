//! One `tools/call`: the arguments are checked (preview files inside the workspace), the call
//! is asked where [`super::surfaces`] says, and the way it ended becomes the tool's result.
//!
//! Older revisions ask with an `elicitation/create` request and wait for it here, reporting
//! progress and giving up the wait when the call is cancelled or the input ends. 2026-07-28
//! answers at once with `input_required`, the form and a sealed state; the client's retry
//! carries the answer.

use std::path::PathBuf;
use std::time::Duration;

use pi_agent_ask_core::contract::{Call, InvalidCall, Tool, ToolResult};
use rmcp::model::{
    CallToolRequestParams, ClientResult, ElicitRequest, ElicitRequestParams, ElicitResult,
    ElicitationAction, InputRequest, InputRequests, InputRequiredResult, InputResponses,
    ProgressNotificationParam, ProtocolVersion, ServerRequest,
};
use rmcp::service::{PeerRequestOptions, RequestContext};
use rmcp::{RoleServer, ServiceError};
use serde_json::{Value, json};
use tokio::sync::watch;

use super::elicitation;
use super::server::{Shared, from_json};
use super::state::{Pending, Stage};
use super::surfaces::{self, Offered, Where};
use super::tools;
use super::workspace::{Workspace, root_directory};
use crate::commands::{new_request_id, parse_options};

/// The key of the one form in an `input_required` result.
const FORM_KEY: &str = "form";
/// The key of the request for the client's roots in an `input_required` result.
const ROOTS_KEY: &str = "roots";
/// How long the client may take to list its roots before the working directory alone counts.
const ROOTS_WAIT: Duration = Duration::from_secs(10);

/// How a call was answered.
pub enum Asked {
    /// The finished `CallToolResult`, as JSON.
    Result(Value),
    /// 2026-07-28: the form the client fills in before calling again.
    InputRequired(Box<InputRequiredResult>),
}

/// Asks one call and gives its answer.
pub async fn ask(
    shared: &Shared,
    tool: Tool,
    request: CallToolRequestParams,
    context: &RequestContext<RoleServer>,
    input_ended: watch::Receiver<bool>,
) -> Asked {
    let arguments = Value::Object(request.arguments.unwrap_or_default());
    let modern = negotiated_modern(context);
    if modern {
        let round = Round {
            shared,
            tool,
            arguments: &arguments,
            offered: offered(context),
        };
        return match &request.request_state {
            Some(sealed) => round.retried(sealed, request.input_responses),
            None if has_roots(context) => round.ask_for_roots(&new_request_id()),
            None => round.ask_form(&new_request_id(), Vec::new()),
        };
    }
    let workspace = workspace(shared, context).await;
    let request_id = new_request_id();
    let call = match parse(shared, tool, &arguments, workspace, &request_id) {
        Ok(call) => call,
        Err(invalid) => return finished(invalid.result()),
    };
    match surfaces::choose(shared.config.ui, offered(context)) {
        Where::NoUi => finished(&call.no_ui()),
        Where::Elicitation => elicit(shared, &call, context, input_ended).await,
    }
}

fn finished(result: &ToolResult) -> Asked {
    Asked::Result(tools::call_result(result))
}

fn parse(
    shared: &Shared,
    tool: Tool,
    arguments: &Value,
    mut workspace: Workspace,
    request_id: &str,
) -> Result<Call, InvalidCall> {
    Call::parse(
        tool,
        arguments,
        parse_options(&shared.config.settings),
        &mut workspace,
        || request_id.to_owned(),
    )
}

/// Whether the call speaks 2026-07-28 or later, where the server sends the client no requests.
fn negotiated_modern(context: &RequestContext<RoleServer>) -> bool {
    context
        .protocol_version()
        .is_some_and(|version| version.as_str() >= ProtocolVersion::V_2026_07_28.as_str())
}

/// What the client offers: form elicitation, declared as such or as a bare `elicitation: {}`.
fn offered(context: &RequestContext<RoleServer>) -> Offered {
    let elicitation = context
        .client_capabilities()
        .and_then(|capabilities| capabilities.elicitation)
        .is_some_and(|elicitation| elicitation.form.is_some() || elicitation.url.is_none());
    Offered { elicitation }
}

/// Whether the client declared roots.
fn has_roots(context: &RequestContext<RoleServer>) -> bool {
    context
        .client_capabilities()
        .is_some_and(|capabilities| capabilities.roots.is_some())
}

/// The working directory, and the client's roots when it has them (`roots/list`).
#[allow(deprecated)] // roots are how a client of these revisions names its workspace
async fn workspace(shared: &Shared, context: &RequestContext<RoleServer>) -> Workspace {
    let cwd = shared.config.cwd.clone();
    if !has_roots(context) {
        return Workspace::new(cwd, []);
    }
    let listed = tokio::time::timeout(ROOTS_WAIT, context.peer.list_roots()).await;
    let roots = match listed {
        Ok(Ok(listed)) => listed
            .roots
            .iter()
            .filter_map(|root| root_directory(&root.uri))
            .collect(),
        _ => Vec::new(),
    };
    Workspace::new(cwd, roots)
}

fn form_params(call: &Call) -> Option<ElicitRequestParams> {
    let form = elicitation::form(call);
    from_json(json!({
        "mode": "form",
        "message": form.message,
        "requestedSchema": form.schema,
    }))
    .ok()
}

fn form_request(call: &Call) -> Option<InputRequest> {
    form_params(call).map(|params| InputRequest::Elicitation(ElicitRequest::new(params)))
}

/// How a wait on the client's form ended.
enum Ending {
    /// The client answered the elicitation (or failed it).
    Answered(Result<ClientResult, ServiceError>),
    /// The call was cancelled: no result is sent.
    Withdrawn,
    /// The client's input ended.
    InputEnded,
}

/// Asks with `elicitation/create` and waits, reporting progress when the client asked for it.
async fn elicit(
    shared: &Shared,
    call: &Call,
    context: &RequestContext<RoleServer>,
    mut input_ended: watch::Receiver<bool>,
) -> Asked {
    let Some(params) = form_params(call) else {
        return finished(&call.no_ui());
    };
    let request = ServerRequest::ElicitRequest(ElicitRequest::new(params));
    let Ok(mut handle) = context
        .peer
        .send_cancellable_request(request, PeerRequestOptions::no_options())
        .await
    else {
        return finished(&call.cancelled(None));
    };
    let progress_token = context.meta.get_progress_token();
    let every = shared.config.progress_every;
    let mut ticks = tokio::time::interval_at(tokio::time::Instant::now() + every, every);
    let mut reported = 0.0;
    let ending = loop {
        tokio::select! {
            answer = &mut handle.rx => {
                break Ending::Answered(answer.unwrap_or(Err(ServiceError::TransportClosed)));
            }
            () = context.ct.cancelled() => break Ending::Withdrawn,
            () = async {
                // A closed channel means the input is gone too.
                let _ = input_ended.wait_for(|ended| *ended).await;
            } => break Ending::InputEnded,
            _ = ticks.tick(), if progress_token.is_some() => {
                reported += 1.0;
                if let Some(token) = progress_token.clone() {
                    let mut progress = ProgressNotificationParam::new(token, reported);
                    progress.message = Some("Waiting for the user to answer".to_owned());
                    // A lost report is not worth ending the wait for.
                    let _ = context.peer.notify_progress(progress).await;
                }
            }
        }
    };
    match ending {
        Ending::Answered(Ok(ClientResult::ElicitResult(answer))) => {
            finished(&from_form(call, &answer))
        }
        Ending::Answered(_) | Ending::InputEnded => finished(&call.cancelled(None)),
        Ending::Withdrawn => {
            // The client no longer waits for this call; its form goes too.
            let _ = handle
                .cancel(Some("The tool call was cancelled".to_owned()))
                .await;
            finished(&call.cancelled(None))
        }
    }
}

/// The result a filled-in, declined or cancelled form gives.
fn from_form(call: &Call, answer: &ElicitResult) -> ToolResult {
    match answer.action {
        ElicitationAction::Accept => {
            let content = answer
                .content
                .as_ref()
                .and_then(Value::as_object)
                .cloned()
                .unwrap_or_default();
            call.answered_by(&elicitation::response(call, &content))
        }
        // Declined, cancelled, or an action of a later revision: nothing was answered.
        _ => call.cancelled(None),
    }
}

/// One round of a 2026-07-28 call, where every answer comes back as a retried call.
struct Round<'a> {
    shared: &'a Shared,
    tool: Tool,
    arguments: &'a Value,
    offered: Offered,
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

    /// First the client's roots, which bound where preview files may come from.
    fn ask_for_roots(&self, request_id: &str) -> Asked {
        match from_json::<InputRequest>(json!({"method": "roots/list"})) {
            Ok(input) => {
                let pending = Pending::new(request_id, Stage::Roots, Vec::new());
                self.input_required(ROOTS_KEY, input, &pending)
            }
            Err(_) => self.ask_form(request_id, Vec::new()),
        }
    }

    /// The checked call asked as one form, or its result when it cannot be asked.
    fn ask_form(&self, request_id: &str, roots: Vec<PathBuf>) -> Asked {
        let workspace = Workspace::new(self.shared.config.cwd.clone(), roots.clone());
        let call = match parse(
            self.shared,
            self.tool,
            self.arguments,
            workspace,
            request_id,
        ) {
            Ok(call) => call,
            Err(invalid) => return finished(invalid.result()),
        };
        match (
            surfaces::choose(self.shared.config.ui, self.offered),
            form_request(&call),
        ) {
            (Where::Elicitation, Some(form)) => {
                let pending = Pending::new(request_id, Stage::Form, roots);
                self.input_required(FORM_KEY, form, &pending)
            }
            _ => finished(&call.no_ui()),
        }
    }

    /// The retried call with the answer to the round its state was sealed for.
    fn retried(&self, sealed: &str, responses: Option<InputResponses>) -> Asked {
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
        match pending.stage {
            Stage::Roots => {
                let roots = responses
                    .remove(ROOTS_KEY)
                    .and_then(|listed| listed.get("roots").cloned())
                    .and_then(|roots| roots.as_array().cloned())
                    .unwrap_or_default()
                    .iter()
                    .filter_map(|root| root.get("uri").and_then(Value::as_str))
                    .filter_map(root_directory)
                    .collect();
                self.ask_form(&pending.request_id, roots)
            }
            Stage::Form => {
                let workspace = Workspace::new(self.shared.config.cwd.clone(), pending.roots);
                let call = match parse(
                    self.shared,
                    self.tool,
                    self.arguments,
                    workspace,
                    &pending.request_id,
                ) {
                    Ok(call) => call,
                    Err(invalid) => return finished(invalid.result()),
                };
                let answer = responses
                    .remove(FORM_KEY)
                    .and_then(|answer| serde_json::from_value::<ElicitResult>(answer).ok());
                match answer {
                    Some(answer) => finished(&from_form(&call, &answer)),
                    None => Asked::Result(tools::error_result(
                        "The retried call carries no answer to the form. Call the tool again to ask anew.",
                    )),
                }
            }
        }
    }
}
