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

/// What a command hands back: the JSON document to print and the exit code.
pub struct Outcome {
    /// The document for stdout.
    pub document: serde_json::Value,
    /// 0 unless the command's own contract says otherwise (`check` on invalid input: 1).
    pub exit: u8,
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    if let Command::Render(args) = &cli.command {
        return print_text(commands::render::run(args));
    }
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
        Command::Rpc(args) => return commands::rpc::run(&args),
        Command::Render(_) => unreachable!("render prints text and returned above"),
    };
    match outcome {
        Ok(outcome) => {
            let mut stdout = std::io::stdout().lock();
            let text = serde_json::to_string_pretty(&outcome.document).unwrap_or_default();
            if writeln!(stdout, "{text}")
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

/// Prints a command's text output, or its usage error (exit 2).
fn print_text(output: Result<String, UsageError>) -> ExitCode {
    match output {
        Ok(text) => {
            let mut stdout = std::io::stdout().lock();
            if stdout
                .write_all(text.as_bytes())
                .and_then(|()| stdout.flush())
                .is_err()
            {
                return ExitCode::from(1);
            }
            ExitCode::SUCCESS
        }
        Err(error) => {
            eprintln!("pi-agent-ask: {error}");
            ExitCode::from(2)
        }
    }
}
