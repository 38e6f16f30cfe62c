//! The MCP handler: the server's identity, its tool list, and each `tools/call` handed to
//! [`super::asking`].

use std::sync::Arc;

use pi_agent_ask_core::contract::Tool;
use rmcp::model::{
    CallToolRequestParams, CallToolResponse, CallToolResult, Implementation, InitializeResult,
    ListToolsResult, PaginatedRequestParams, ServerCapabilities,
};
use rmcp::service::RequestContext;
use rmcp::{ErrorData, RoleServer, ServerHandler};
use serde_json::{Value, json};
use tokio::sync::watch;

use super::Config;
use super::asking::{self, Asked};
use super::state::Sealer;
use super::tools;

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
}

impl Server {
    /// A server for `config`; `input_ended` turns true when the client's input ends.
    pub fn new(config: Config, input_ended: watch::Receiver<bool>) -> Self {
        Self {
            shared: Arc::new(Shared {
                config,
                sealer: Sealer::new(),
            }),
            input_ended,
        }
    }
}

const INSTRUCTIONS: &str = "Use ask_user (or ask_user_question) when the work depends on a \
choice only the user can make; bundle 2-3 related questions into one call. A cancelled result \
means the user dismissed the form or nothing could show it: continue with what you know or ask \
in your reply.";

impl ServerHandler for Server {
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
        let tool: Tool =
            request
                .name
                .parse()
                .map_err(|error: pi_agent_ask_core::contract::UnknownTool| {
                    ErrorData::invalid_params(error.to_string(), None)
                })?;
        let asked = asking::ask(
            &self.shared,
            tool,
            request,
            &context,
            self.input_ended.clone(),
        )
        .await;
        Ok(match asked {
            Asked::Result(result) => {
                CallToolResponse::Complete(from_json::<CallToolResult>(result)?)
            }
            Asked::InputRequired(required) => CallToolResponse::InputRequired(*required),
        })
    }
}

/// An `rmcp` type read from the JSON the server builds.
pub fn from_json<T: serde::de::DeserializeOwned>(value: Value) -> Result<T, ErrorData> {
    serde_json::from_value(value)
        .map_err(|error| ErrorData::internal_error(error.to_string(), None))
}
