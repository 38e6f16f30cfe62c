//! An ask shown away from the asking process (in an inbox, later a popup or an MCP client):
//! everything the other side needs to show the same form and give the same result.

use std::borrow::Cow;
use std::path::Path;

use pi_agent_ask_core::contract::answers::Draft;
use pi_agent_ask_core::contract::rules::ImagePaste;
use pi_agent_ask_core::contract::{Call, Tool};
use pi_agent_ask_core::journal::drafts::DraftRecord;
use serde_json::Value;

use crate::settings_file::SettingsFile;

/// Where an ask comes from, as the person answering it sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Asker {
    /// The asking program: the asker's parent process (an agent), by name.
    pub program: String,
    /// The working directory of the ask.
    pub cwd: String,
    /// The asking process.
    pub pid: u32,
}

/// One ask to show elsewhere: the call as validated here, and the settings shaping its form.
#[derive(Clone, Debug, PartialEq)]
pub struct AwayRequest {
    /// The ask's id: the call's request id, or a fresh one for a tool whose results carry none.
    /// An asker that sends the same id again is the same ask, reconnecting.
    pub id: String,
    /// The tool the arguments follow.
    pub tool: Tool,
    /// The arguments with preview files already loaded, so the other side reads no files.
    pub arguments: Value,
    /// The settings document as read (`None`: no valid file, so the defaults).
    pub settings: Option<Value>,
    /// Where the ask comes from.
    pub asker: Asker,
    /// What the form opens with: the drafts of an interrupted ask being resumed, one per
    /// question.
    pub drafts: Option<Vec<DraftRecord>>,
    /// Whether the form's editors take images: not for a host whose answers are text alone.
    pub images: ImagePaste,
    /// How many more forms the asker holds back behind this one as it sends it (see
    /// [`crate::inbox::behind`]).
    pub behind: usize,
}

impl AwayRequest {
    /// The request for `call`, asked with `settings`, from `cwd`.
    pub fn new(call: &Call, settings: &SettingsFile, cwd: &Path) -> Self {
        Self {
            id: call
                .request_id()
                .map_or_else(crate::commands::new_request_id, str::to_owned),
            tool: call.tool(),
            arguments: call.arguments(),
            settings: settings.loaded.file.document().map(Cow::into_owned),
            asker: Asker {
                program: asking_program(),
                cwd: cwd.display().to_string(),
                pid: std::process::id(),
            },
            drafts: None,
            images: call.rules().images,
            behind: 0,
        }
    }

    /// The same request, its form opening with `drafts`.
    #[must_use]
    pub fn with_drafts(mut self, drafts: Option<&[Draft]>) -> Self {
        self.drafts = drafts.map(|drafts| drafts.iter().map(DraftRecord::from).collect());
        self
    }
}

/// The name of this process's parent, the program that asked: `/proc/<ppid>/comm` where
/// there is one, else `unknown`.
pub fn asking_program() -> String {
    rustix::process::getppid()
        .and_then(|parent| {
            std::fs::read_to_string(format!("/proc/{}/comm", parent.as_raw_nonzero())).ok()
        })
        .map(|name| name.trim().to_owned())
        .filter(|name| !name.is_empty())
        .unwrap_or_else(|| "unknown".to_owned())
}
