//! `pi-agent-ask`: ask a human structured questions on behalf of a coding agent.
//!
//! Every command that reads tool arguments prints exactly one JSON document on stdout. Usage
//! errors (an unknown flag, an unreadable file, input that is not JSON) exit 2 with a message on
//! stderr and nothing on stdout.

mod cli;
mod clock;
mod commands;
mod files;
mod settings_file;
mod terminal;
mod tui;

use std::io::Write as _;
use std::process::ExitCode;

use clap::Parser as _;

use crate::cli::{Cli, Command};

/// A failure the user must fix in how they called the program (exit 2).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(String);

impl UsageError {
    /// A usage error with this message.
    pub fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }
}

/// What a command prints on stdout.
pub enum Output {
    /// One JSON document (the tool result, `check`'s verdict, a schema).
    Json(serde_json::Value),
    /// Text as it is (`render`'s screen, then its result).
    Text(String),
}

/// What a command hands back: what to print and the exit code.
pub struct Outcome {
    /// What to print.
    pub output: Output,
    /// 0 unless the command's own contract says otherwise (`check` on invalid input: 1).
    pub exit: u8,
}

impl Outcome {
    /// A JSON document and its exit code.
    pub const fn json(document: serde_json::Value, exit: u8) -> Self {
        Self {
            output: Output::Json(document),
            exit,
        }
    }

    /// Text, exit 0.
    pub const fn text(text: String) -> Self {
        Self {
            output: Output::Text(text),
            exit: 0,
        }
    }
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let outcome = match cli.command {
        Command::Settings(args) => {
            return match commands::settings::run(&args) {
                Ok(code) => ExitCode::from(code),
                Err(error) => {
                    eprintln!("pi-agent-ask: {error}");
                    ExitCode::from(2)
                }
            };
        }
        Command::Demo(args) => commands::demo::run(&args),
        Command::Ask(args) => commands::ask::run(&args),
        Command::Check(args) => commands::check::run(&args),
        Command::Schema(args) => Ok(commands::schema::run(&args)),
        Command::Render(args) => commands::render::run(&args).map(Outcome::text),
        Command::Rpc(args) => return commands::rpc::run(&args),
    };
    match outcome {
        Ok(outcome) => {
            let text = match outcome.output {
                Output::Json(document) => {
                    let mut text = serde_json::to_string_pretty(&document).unwrap_or_default();
                    text.push('\n');
                    text
                }
                Output::Text(text) => text,
            };
            let mut stdout = std::io::stdout().lock();
            if stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
                .is_err()
            {
                return ExitCode::from(1);
            }
            ExitCode::from(outcome.exit)
        }
        Err(error) => {
            eprintln!("pi-agent-ask: {error}");
            ExitCode::from(2)
        }
    }
}
