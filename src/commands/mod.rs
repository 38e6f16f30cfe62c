//! The program's commands.

pub mod ask;
pub mod ask_popup;
pub mod check;
pub mod demo;
pub mod hook;
pub mod inbox;
pub mod journal;
pub mod lifecycle;
pub mod mcp;
pub mod popup_form;
pub mod render;
pub mod resume;
pub mod rpc;
pub mod schema;
pub mod settings;
pub mod transcript;

use std::path::{Path, PathBuf};

use pi_agent_ask_core::contract::ask_user::{NoPreviewFiles, ParseOptions, PreviewSource};
use pi_agent_ask_core::contract::{Call, InvalidCall, Tool};

use crate::cli::CommonArgs;
use crate::files::read_json_with;
use crate::files::{FsPreviewSource, working_directory};
use crate::outcome::UsageError;
use crate::settings_file::SettingsFile;

/// A call read from the command line, with the settings file it was read with: the surface
/// that asks it runs with the same file, read once.
pub struct ReadCall {
    /// The validated call, or the tool's answer to invalid arguments.
    pub call: Result<Call, InvalidCall>,
    /// The settings file, as read.
    pub settings: SettingsFile,
    /// The working directory (`--cwd`), which `@` references in the editors search.
    pub cwd: PathBuf,
}

/// Reads the arguments named on the command line and validates them for the chosen tool, as
/// the text arrives: a long list of options is never held as text and a tree at once.
pub fn read_call(common: &CommonArgs) -> Result<ReadCall, UsageError> {
    let cwd = working_directory(common.cwd.as_deref());
    let settings = SettingsFile::read(common.config.as_deref());
    let options = parse_options(&settings);
    // Arguments that cannot be read are reported before a working directory that cannot be.
    let (mut on_disk, mut nowhere);
    let files: &mut dyn PreviewSource = if let Ok(cwd) = &cwd {
        on_disk = FsPreviewSource::new(cwd.clone());
        &mut on_disk
    } else {
        nowhere = NoPreviewFiles;
        &mut nowhere
    };
    let call = read_json_with(&common.file, "tool arguments", |arguments| {
        Call::read(common.tool, arguments, options, files, new_request_id)
    })?;
    let cwd = cwd?;
    Ok(ReadCall {
        call,
        settings,
        cwd,
    })
}

/// Validates arguments for `tool` with the settings file's presentation switch, reading
/// preview files relative to `cwd`; a valid call gets a fresh request id.
pub fn parse_call(
    tool: Tool,
    arguments: &serde_json::Value,
    cwd: PathBuf,
    config: Option<&Path>,
) -> Result<Call, InvalidCall> {
    parse_call_with(tool, arguments, cwd, &SettingsFile::read(config))
}

/// [`parse_call`] with a settings file already read.
pub fn parse_call_with(
    tool: Tool,
    arguments: &serde_json::Value,
    cwd: PathBuf,
    settings: &SettingsFile,
) -> Result<Call, InvalidCall> {
    parse_call_under(tool, arguments, cwd, settings, new_request_id)
}

/// [`parse_call_with`], the call's request id made by `request_id` (a valid call's only).
pub fn parse_call_under(
    tool: Tool,
    arguments: &serde_json::Value,
    cwd: PathBuf,
    settings: &SettingsFile,
    request_id: impl FnOnce() -> String,
) -> Result<Call, InvalidCall> {
    let mut files = FsPreviewSource::new(cwd);
    Call::parse(
        tool,
        arguments,
        parse_options(settings),
        &mut files,
        request_id,
    )
}

/// How the settings file's presentation switch shapes parsing.
pub fn parse_options(settings: &SettingsFile) -> ParseOptions {
    ParseOptions {
        present_single_as_multi: settings.settings().behaviour.present_single_as_multi,
    }
}

/// A fresh request id, a random UUID.
pub fn new_request_id() -> String {
    uuid::Uuid::new_v4().to_string()
}
