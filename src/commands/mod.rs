//! The program's commands.

pub mod ask;
pub mod check;
pub mod demo;
pub mod render;
pub mod rpc;
pub mod schema;
pub mod settings;

use std::path::{Path, PathBuf};

use pi_agent_ask_core::contract::ask_user::{AskUserCall, ParseOptions, parse_ask_user};
use pi_agent_ask_core::contract::question_tool::{
    QuestionRequest, QuestionToolError, parse_ask_user_question,
};
use pi_agent_ask_core::contract::{InvalidInput, Tool};
use serde_json::Value;

use crate::cli::CommonArgs;
use crate::files::{FsPreviewSource, read_json, working_directory};
use crate::outcome::UsageError;
use crate::settings_file::SettingsFile;

/// Tool arguments after validation, for either tool.
pub enum Parsed {
    /// An `ask_user` call, valid or not.
    AskUser(Result<AskUserCall, InvalidInput>),
    /// An `ask_user_question` call, valid or not.
    AskUserQuestion(Result<QuestionRequest, QuestionToolError>),
}

/// Reads the arguments named on the command line and validates them for the chosen tool.
pub fn read_and_parse(common: &CommonArgs) -> Result<(Value, Parsed), UsageError> {
    let arguments = read_json(&common.file, "tool arguments")?;
    let parsed = parse(common, &arguments)?;
    Ok((arguments, parsed))
}

/// Validates arguments for the chosen tool, reading preview files and settings as needed.
pub fn parse(common: &CommonArgs, arguments: &Value) -> Result<Parsed, UsageError> {
    Ok(match Tool::from(common.tool) {
        Tool::AskUser => {
            let behaviour = SettingsFile::read(common.config.as_deref())
                .loaded
                .settings
                .behaviour;
            let options = ParseOptions {
                present_single_as_multi: behaviour.present_single_as_multi,
            };
            let mut files = FsPreviewSource::new(working_directory(common.cwd.as_deref())?);
            Parsed::AskUser(parse_ask_user(arguments, options, &mut files))
        }
        Tool::AskUserQuestion => Parsed::AskUserQuestion(parse_ask_user_question(arguments)),
    })
}

/// Validates `ask_user` arguments with the settings file's presentation switch, reading preview
/// files relative to `cwd`.
pub fn parse_ask_user_call(
    arguments: &Value,
    cwd: PathBuf,
    config: Option<&Path>,
) -> Result<AskUserCall, InvalidInput> {
    let behaviour = SettingsFile::read(config).loaded.settings.behaviour;
    let options = ParseOptions {
        present_single_as_multi: behaviour.present_single_as_multi,
    };
    parse_ask_user(arguments, options, &mut FsPreviewSource::new(cwd))
}
