//! One `tools/call`: the arguments are checked (preview files inside the workspace), the call
//! is asked where [`super::surfaces`] says, and the way it ended becomes the tool's result.
//!
//! An inbox or a popup asks in [`super::elsewhere`], the same in both protocol eras: the call
//! waits. The client's form: older revisions ask with an `elicitation/create` request and wait
//! for it here, reporting progress and giving up the wait when the call is cancelled or the
//! input ends; 2026-07-28 answers at once with `input_required`, the form and a sealed state,
//! and the client's retry carries the answer.

use std::sync::Arc;
use std::time::Duration;

use pi_agent_ask_core::contract::background::Delivery;
use pi_agent_ask_core::contract::{Call, InvalidCall, Tool, ToolResult};
use rmcp::model::{
    CallToolRequestParams, ClientResult, ElicitRequest, ElicitRequestParams, ElicitResult,
    ElicitationAction, InputRequest, InputRequiredResult, ProtocolVersion, ServerRequest,
};
use rmcp::service::{PeerRequestOptions, RequestContext};
use rmcp::{RoleServer, ServiceError};
use serde_json::{Value, json};
use tokio::sync::watch;

use super::elicitation::{self, Shape};
use super::elsewhere::{Settled, settle};
use super::progress::Progress;
use super::queue;
use super::queued_form;
use super::round::{Roots, Round};
use super::server::{Shared, from_json};
use super::surfaces::UiChoice;
use super::tools;
use super::workspace::{Workspace, root_directory};
use crate::commands::{new_request_id, parse_options};

/// How long the client may take to list its roots before the working directory alone counts.
const ROOTS_WAIT: Duration = Duration::from_secs(10);

/// How a call was answered.
pub enum Asked {
    /// The finished `CallToolResult`, as JSON.
    Result(Value),
    /// 2026-07-28: the form the client fills in before calling again.
    InputRequired(Box<InputRequiredResult>),
}

/// A call's turn at [`Shared::queueing`], held until it is queued or waits at the input.
pub type InOrder<'a> = tokio::sync::MutexGuard<'a, ()>;

/// Asks one call and gives its answer; `in_order` is the call's turn in the queue's order,
/// taken as it came and held until it is queued (a background call) or waits its turn at the
/// input (one that waits for its answer).
pub async fn ask<'a>(
    shared: &'a Arc<Shared>,
    tool: Tool,
    request: CallToolRequestParams,
    context: &RequestContext<RoleServer>,
    input_ended: watch::Receiver<bool>,
    in_order: Option<InOrder<'a>>,
) -> Asked {
    let arguments = Value::Object(request.arguments.unwrap_or_default());
    let modern = negotiated_modern(context);
    if modern {
        let round = Round {
            shared,
            tool,
            arguments: &arguments,
            context,
            input_ended,
            in_order,
        };
        if let Some(sealed) = &request.request_state {
            return round.retried(sealed, request.input_responses).await;
        }
        let roots = if has_roots(context) {
            Roots::ToAsk
        } else {
            Roots::Listed(Vec::new())
        };
        return round.ask_form(&new_request_id(), roots).await;
    }
    let request_id = new_request_id();
    // The client's roots are asked for only when a file lies outside the working directory.
    let mut workspace = Workspace::new(shared.config.cwd.clone(), []);
    let mut parsed = parse(shared, tool, &arguments, &mut workspace, &request_id);
    if workspace.refused_a_file() && has_roots(context) {
        let mut widened = workspace_with_roots(shared, context).await;
        parsed = parse(shared, tool, &arguments, &mut widened, &request_id);
    }
    let call = match parsed {
        Ok(call) => call,
        Err(invalid) => return finished(invalid.result()),
    };
    let mut in_order = in_order;
    if let Some(queued) = queued(shared, &call, context, &mut in_order).await {
        return queued;
    }
    let Some(_turn) = queue::turn(shared, context, in_order).await else {
        return finished(&call.cancelled(None));
    };
    match settle(
        shared,
        &call,
        declares_elicitation(context),
        context,
        &input_ended,
    )
    .await
    {
        Settled::Answered(result) => Asked::Result(result),
        Settled::Elicit => elicit(shared, &call, context, input_ended).await,
        Settled::NoUi => finished(&call.no_ui()),
    }
}

/// A call answered without a turn at the input: the no-UI result under `--ui none` (so the
/// end of the input never overtakes it), a background call queued (its receipt), or its no-UI
/// result when nothing could ask it without the client; `None` for a call that waits for its
/// answer. A background call is queued in its turn: `in_order`, taken from there, when it
/// took one as it came.
pub(super) async fn queued(
    shared: &Arc<Shared>,
    call: &Call,
    context: &RequestContext<RoleServer>,
    in_order: &mut Option<InOrder<'_>>,
) -> Option<Asked> {
    if shared.config.ui == UiChoice::None {
        return Some(finished(&call.no_ui()));
    }
    if call.delivery() != Delivery::Background {
        return None;
    }
    let _in_order = match in_order.take() {
        Some(turn) => turn,
        None => shared.queueing.lock().await,
    };
    if !queued_form::askable(shared).await {
        return Some(finished(&call.no_ui()));
    }
    // A call the client withdrew (`notifications/cancelled`) while it waited to be queued
    // gets no receipt, so its form must not be asked either: nobody would take its answer.
    if context.ct.is_cancelled() || shared.withdrawals.contains(&context.id) {
        return Some(finished(&call.cancelled(None)));
    }
    Some(Asked::Result(queue::enqueue(
        shared,
        call.clone(),
        &context.id,
    )))
}

pub(super) fn finished(result: &ToolResult) -> Asked {
    Asked::Result(tools::call_result(result))
}

pub(super) fn parse(
    shared: &Shared,
    tool: Tool,
    arguments: &Value,
    workspace: &mut Workspace,
    request_id: &str,
) -> Result<Call, InvalidCall> {
    Call::parse(
        tool,
        arguments,
        parse_options(&shared.config.settings),
        workspace,
        || request_id.to_owned(),
    )
}

/// Whether the call speaks 2026-07-28 or later, where the server sends the client no requests.
fn negotiated_modern(context: &RequestContext<RoleServer>) -> bool {
    context
        .protocol_version()
        .is_some_and(|version| version.as_str() >= ProtocolVersion::V_2026_07_28.as_str())
}

/// Whether the client offers form elicitation, declared as such or as a bare `elicitation: {}`.
pub(super) fn declares_elicitation(context: &RequestContext<RoleServer>) -> bool {
    context
        .client_capabilities()
        .and_then(|capabilities| capabilities.elicitation)
        .is_some_and(|elicitation| elicitation.form.is_some() || elicitation.url.is_none())
}

/// Whether the client declared roots.
fn has_roots(context: &RequestContext<RoleServer>) -> bool {
    context
        .client_capabilities()
        .is_some_and(|capabilities| capabilities.roots.is_some())
}

/// The working directory and the client's roots (`roots/list`), for a client that has them.
#[allow(deprecated)] // roots are how a client of these revisions names its workspace
async fn workspace_with_roots(shared: &Shared, context: &RequestContext<RoleServer>) -> Workspace {
    let cwd = shared.config.cwd.clone();
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

/// How the client's form writes its choices: before 2025-11-25 a form holds primitive
/// properties only.
fn form_shape(context: &RequestContext<RoleServer>) -> Shape {
    let titled = context
        .protocol_version()
        .is_none_or(|version| version.as_str() >= ProtocolVersion::V_2025_11_25.as_str());
    if titled {
        Shape::Titled
    } else {
        Shape::Primitive
    }
}

fn form_params(call: &Call, shape: Shape) -> Option<ElicitRequestParams> {
    let form = elicitation::form(call, shape);
    from_json(json!({
        "mode": "form",
        "message": form.message,
        "requestedSchema": form.schema,
    }))
    .ok()
}

/// The form of a 2026-07-28 round, whose revision has titled choices.
pub(super) fn form_request(call: &Call) -> Option<InputRequest> {
    form_params(call, Shape::Titled)
        .map(|params| InputRequest::Elicitation(ElicitRequest::new(params)))
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
    let Some(params) = form_params(call, form_shape(context)) else {
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
    let mut progress = Progress::new(
        context,
        shared.config.progress_every,
        "the user to answer in the client's form",
    );
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
            () = progress.due() => progress.report(context).await,
        }
    };
    match ending {
        Ending::Answered(Ok(ClientResult::ElicitResult(answer))) => {
            finished(&from_form(call, &answer))
        }
        Ending::Answered(Ok(_)) => finished(&call.invalid_answer(NOT_A_FORM_ANSWER)),
        Ending::Answered(Err(ServiceError::McpError(error))) => {
            Asked::Result(tools::error_result(&format!(
                "The question could not be asked: the client's form failed: {}",
                error.message
            )))
        }
        Ending::Answered(Err(_)) | Ending::InputEnded => finished(&call.cancelled(None)),
        Ending::Withdrawn => {
            // The client no longer waits for this call; its form goes too.
            let _ = handle
                .cancel(Some("The tool call was cancelled".to_owned()))
                .await;
            finished(&call.cancelled(None))
        }
    }
}

/// Why a client's reply to the form is refused when it is no form's answer at all.
pub(super) const NOT_A_FORM_ANSWER: &str =
    "The reply to the form is not a form's answer: its action must be accept, decline or cancel.";

/// The result a filled-in, declined or cancelled form gives; an accepted form without an
/// object of the form's fields is refused, as is any answer that does not fit the questions.
pub(super) fn from_form(call: &Call, answer: &ElicitResult) -> ToolResult {
    match answer.action {
        ElicitationAction::Accept => match answer.content.as_ref() {
            Some(Value::Object(content)) => match elicitation::response(call, content) {
                Ok(response) => call.answered_by(&response),
                Err(why) => call.invalid_answer(&why),
            },
            _ => call.invalid_answer(
                "An accepted form must carry its content, an object of the form's fields.",
            ),
        },
        // Declined, cancelled, or an action of a later revision: nothing was answered.
        _ => call.cancelled(None),
    }
}
