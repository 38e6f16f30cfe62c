//! One `tools/call`: the arguments are checked (preview files inside the workspace), the call
//! is asked where [`super::surfaces`] says, and the way it ended becomes the tool's result.
//!
//! Older revisions ask with an `elicitation/create` request and wait for it here, reporting
//! progress and giving up the wait when the call is cancelled or the input ends. 2026-07-28
//! answers at once with `input_required`, the form and a sealed state; the client's retry
//! carries the answer.

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
use super::surfaces::{self, Offered, Where};
use super::tools;
use super::workspace::{Workspace, root_directory};
use crate::commands::{new_request_id, parse_options};

/// The key of the one form in an `input_required` result.
const FORM_KEY: &str = "form";
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
    if let Some(sealed) = &request.request_state {
        return answered_form(shared, tool, &arguments, sealed, request.input_responses);
    }
    let modern = negotiated_modern(context);
    let workspace = workspace(shared, context, modern).await;
    let request_id = new_request_id();
    let call = match parse(shared, tool, &arguments, workspace, &request_id) {
        Ok(call) => call,
        Err(invalid) => return finished(invalid.result()),
    };
    let offered = Offered {
        elicitation: offers_form(context),
    };
    match surfaces::choose(shared.config.ui, offered) {
        Where::NoUi => finished(&call.no_ui()),
        Where::Elicitation if modern => {
            let sealed = shared.sealer.seal(tool.name(), &arguments, &request_id);
            match form_request(&call) {
                Some(form) => {
                    let requests = InputRequests::from([(FORM_KEY.to_owned(), form)]);
                    Asked::InputRequired(Box::new(InputRequiredResult::new(
                        Some(requests),
                        Some(sealed),
                    )))
                }
                None => finished(&call.no_ui()),
            }
        }
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

/// Whether the client declared form elicitation (a bare `elicitation: {}` means form).
fn offers_form(context: &RequestContext<RoleServer>) -> bool {
    context
        .client_capabilities()
        .and_then(|capabilities| capabilities.elicitation)
        .is_some_and(|elicitation| elicitation.form.is_some() || elicitation.url.is_none())
}

/// The working directory, and the client's roots when it has them and the revision lets the
/// server ask for them.
#[allow(deprecated)] // roots are how a client of these revisions names its workspace
async fn workspace(
    shared: &Shared,
    context: &RequestContext<RoleServer>,
    modern: bool,
) -> Workspace {
    let cwd = shared.config.cwd.clone();
    let has_roots = context
        .client_capabilities()
        .is_some_and(|capabilities| capabilities.roots.is_some());
    if modern || !has_roots {
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

/// 2026-07-28: the retried call with the form's answer and the state sealed for it.
fn answered_form(
    shared: &Shared,
    tool: Tool,
    arguments: &Value,
    sealed: &str,
    responses: Option<InputResponses>,
) -> Asked {
    let pending = match shared.sealer.open(sealed, tool.name(), arguments) {
        Ok(pending) => pending,
        Err(refused) => {
            return Asked::Result(tools::error_result(&format!(
                "The request state was refused: {refused}. Call the tool again to ask anew."
            )));
        }
    };
    let workspace = Workspace::new(shared.config.cwd.clone(), []);
    let call = match parse(shared, tool, arguments, workspace, &pending.request_id) {
        Ok(call) => call,
        Err(invalid) => return finished(invalid.result()),
    };
    let answer = responses
        .and_then(|mut responses| responses.remove(FORM_KEY))
        .and_then(|answer| serde_json::from_value::<ElicitResult>(answer).ok());
    match answer {
        Some(answer) => finished(&from_form(&call, &answer)),
        None => Asked::Result(tools::error_result(
            "The retried call carries no answer to the form. Call the tool again to ask anew.",
        )),
    }
}
