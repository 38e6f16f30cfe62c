//! The MCP handler: the server's identity, its tool list, and each `tools/call` handed to
//! [`super::asking`].

use std::sync::Arc;

use pi_agent_ask_core::contract::Tool;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, CustomRequest, CustomResult,
    ErrorCode, Implementation, InitializeResult, ListToolsResult, PaginatedRequestParams,
    PingRequest, ServerCapabilities, ServerRequest,
};
use rmcp::service::{NotificationContext, PeerRequestOptions, RequestContext};
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{Value, json};
use tokio::sync::watch;

use super::Config;
use super::asking::{self, Asked};
use super::incoming::REFUSED;
use super::journal::Journal;
use super::queue::{self, Background};
use super::set_aside::SetAside;
use super::state::Sealer;
use super::tools;
use super::withdrawn::Withdrawals;
use pi_agent_ask_core::journal::backlog::Backlog;

/// The server: shared configuration, the sealing key of this process, and whether the input
/// has ended.
#[derive(Clone)]
pub struct Server {
    shared: Arc<Shared>,
    input_ended: watch::Receiver<bool>,
}

/// What every call reads.
pub struct Shared {
    /// The command line's configuration.
    pub config: Config,
    /// Seals the state of 2026-07-28 forms.
    pub sealer: Sealer,
    /// The background queue, and the input lock every form takes.
    pub background: Background,
    /// Held by a call from its arrival until it is queued (a background call) or in line for
    /// the input (one that waits): what it waits for meanwhile (the client's roots, a look for
    /// a surface on a thread) would let a call that came later be queued first. The lock is
    /// fair, so calls are queued in the order they came.
    pub queueing: tokio::sync::Mutex<()>,
    /// The calls the client withdrew, as the input guard read their cancels.
    pub withdrawals: Arc<Withdrawals>,
    /// What the forms of withdrawn calls held, for a retry of the same call.
    pub set_aside: SetAside,
}

impl Server {
    /// Where the input guard notes the calls the client withdraws.
    pub fn withdrawals(&self) -> Arc<Withdrawals> {
        Arc::clone(&self.shared.withdrawals)
    }

    /// Once the input has ended: waits, a bounded while, for the open queued form to close and
    /// save what it held.
    pub async fn wind_down(&self) {
        self.shared.background.wind_down().await;
    }

    /// A server for `config`; `input_ended` turns true when the client's input ends. The
    /// queue `journal` left is taken in, and its first form opens, at once (on the runtime
    /// this runs on).
    pub fn new(
        config: Config,
        input_ended: watch::Receiver<bool>,
        journal: Option<(Journal, Backlog)>,
    ) -> Self {
        let (journal, backlog) = journal.map_or((None, None), |(journal, backlog)| {
            (Some(journal), Some(backlog))
        });
        let shared = Arc::new(Shared {
            config,
            sealer: Sealer::new(),
            background: Background::new(journal, input_ended.clone()),
            queueing: tokio::sync::Mutex::new(()),
            withdrawals: Arc::default(),
            set_aside: SetAside::default(),
        });
        if let Some(backlog) = backlog {
            queue::restore(&shared, backlog);
        }
        let withdrawing = Arc::clone(&shared);
        tokio::spawn(async move {
            loop {
                withdrawing.withdrawals.more().await;
                queue::withdraw_noted(&withdrawing);
            }
        });
        Self {
            shared,
            input_ended,
        }
    }
}

const INSTRUCTIONS: &str = "Use ask_user (or ask_user_question) when the work depends on a \
choice only the user can make; bundle 2-3 related questions into one call. A cancelled result \
means the user dismissed the form or nothing could show it: continue with what you know or ask \
in your reply. An ask_user call with `background: true` returns a receipt, not an answer: keep \
working on what does not depend on it, and call wait_for_answers before any step that does.";

impl ServerHandler for Server {
    /// Sends the client a `ping` the server never waits for, so the server's first request
    /// of its own (a form elicitation) is not numbered 0: the TypeScript SDK, which many
    /// hosts build on, ignores a `notifications/cancelled` whose request id is 0, and would
    /// leave the first form open after its call was withdrawn.
    async fn on_initialized(&self, context: NotificationContext<RoleServer>) {
        let ping = ServerRequest::PingRequest(PingRequest::default());
        let _ = context
            .peer
            .send_cancellable_request(ping, PeerRequestOptions::no_options())
            .await;
    }

    fn get_info(&self) -> InitializeResult {
        let mut info = InitializeResult::new(ServerCapabilities::builder().enable_tools().build());
        info.server_info = Implementation::new("pi-agent-ask", env!("CARGO_PKG_VERSION"));
        info.instructions = Some(INSTRUCTIONS.to_owned());
        info
    }

    async fn list_tools(
        &self,
        _request: Option<PaginatedRequestParams>,
        _context: RequestContext<RoleServer>,
    ) -> Result<ListToolsResult, ErrorData> {
        // Older peers get `resultType` stripped by `rmcp`; 2026-07-28 requires it.
        from_json(json!({"resultType": "complete", "tools": tools::definitions()}))
    }

    async fn call_tool(
        &self,
        request: CallToolRequestParams,
        context: RequestContext<RoleServer>,
    ) -> Result<CallToolResponse, ErrorData> {
        if request.name == tools::WAIT_FOR_ANSWERS {
            let result =
                if let Some(issue) = tools::wait_arguments_issue(request.arguments.as_ref()) {
                    tools::error_result(&issue)
                } else {
                    // After the background calls that came before it are queued.
                    drop(self.shared.queueing.lock().await);
                    queue::wait(&self.shared, &context).await
                };
            return Ok(CallToolResponse::Complete(from_json::<CallToolResult>(
                result,
            )?));
        }
        let tool: Tool = request.name.parse().map_err(|_| {
            let offered = tools::definitions()
                .iter()
                .filter_map(|tool| tool["name"].as_str().map(str::to_owned))
                .collect::<Vec<_>>()
                .join(", ");
            ErrorData::invalid_params(
                format!(
                    "unknown tool {:?} (this server offers {offered})",
                    request.name
                ),
                None,
            )
        })?;
        // A call takes its turn in the order calls came, before anything it waits for (the
        // client's roots): a wait or a form sent after a background call finds it queued.
        let in_order = Some(self.shared.queueing.lock().await);
        let asked = asking::ask(
            &self.shared,
            tool,
            request,
            &context,
            self.input_ended.clone(),
            in_order,
        )
        .await;
        Ok(match asked {
            Asked::Result(result) => {
                CallToolResponse::Complete(from_json::<CallToolResult>(result)?)
            }
            Asked::InputRequired(required) => CallToolResponse::InputRequired(*required),
        })
    }

    /// A request `rmcp` could not read as one it knows: a `tools/call` whose params have the
    /// wrong shape gets an invalid-params error saying which, any other method not found.
    async fn on_custom_request(
        &self,
        request: CustomRequest,
        _context: RequestContext<RoleServer>,
    ) -> Result<CustomResult, ErrorData> {
        Err(match request.method.as_str() {
            REFUSED => refused(request.params.as_ref()),
            "tools/call" => {
                ErrorData::invalid_params(call_shape_issue(request.params.as_ref()), None)
            }
            method => ErrorData::new(
                ErrorCode::METHOD_NOT_FOUND,
                format!("method not found: {method:?}"),
                None,
            ),
        })
    }
}

/// The error for a message the server would not take, which [`super::incoming`] stood in
/// for with its code and message.
fn refused(params: Option<&Value>) -> ErrorData {
    let field = |name| params.and_then(|params| params.get(name));
    let code = field("code")
        .and_then(Value::as_i64)
        .and_then(|code| i32::try_from(code).ok())
        .map_or(ErrorCode::INVALID_REQUEST, ErrorCode);
    let message = field("message")
        .and_then(Value::as_str)
        .unwrap_or("the request could not be read");
    ErrorData::new(code, message.to_owned(), None)
}

/// What is wrong with the params of a `tools/call` that could not be read.
fn call_shape_issue(params: Option<&Value>) -> String {
    let Some(Value::Object(params)) = params else {
        return "tools/call: params must be an object holding the tool's `name` and its \
                `arguments`"
            .to_owned();
    };
    if !params.get("name").is_some_and(Value::is_string) {
        return "tools/call: params.name must be the tool's name, a string".to_owned();
    }
    if params
        .get("arguments")
        .is_some_and(|arguments| !arguments.is_object())
    {
        return "tools/call: params.arguments must be an object".to_owned();
    }
    match serde_json::from_value::<CallToolRequestParams>(Value::Object(params.clone())) {
        Err(error) => format!("tools/call: the params are not a tool call's: {error}"),
        Ok(_) => "tools/call: the params are not a tool call's".to_owned(),
    }
}

/// An `rmcp` type read from the JSON the server builds.
pub fn from_json<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, ErrorData> {
    serde_json::from_value(value)
        .map_err(|error| ErrorData::internal_error(error.to_string(), None))
}
