//! `pi-agent-ask`: ask a human structured questions on behalf of a coding agent.
//!
//! Every command that reads tool arguments prints exactly one JSON document on stdout. Usage
//! errors (an unknown flag, an unreadable file, input that is not JSON) exit 2 with a message on
//! stderr and nothing on stdout.
//!
//! On Linux with the GNU C library the program has an entry of its own (`start.rs`) in place of
//! the standard library's runtime start; elsewhere, and in its unit tests, `main` below is it.

#![cfg_attr(all(target_os = "linux", target_env = "gnu", not(test)), no_main)]

#[cfg(test)]
mod alone;
mod arguments;
mod arrivals;
mod away;
mod cancel;
mod changes;
mod cli;
mod clipboard;
mod clock;
mod commands;
mod effects;
mod exit;
mod file_search;
mod files;
mod foreground;
mod heap;
mod inbox;
mod interrupt;
mod journal_file;
mod lines_from_end;
mod lock_file;
#[cfg(all(target_os = "linux", target_env = "gnu"))]
mod log10;
mod outcome;
mod popup;
mod proc_stat;
mod questionnaire;
mod resume_lock;
mod settings_file;
#[cfg(all(target_os = "linux", target_env = "gnu", not(test)))]
mod start;
mod state_dir;
mod terminal;
mod tui;

use crate::cli::Command;
use crate::exit::Exit;
use crate::outcome::{Outcome, usage_failure};

/// The standard library's entry, where the program has none of its own.
#[cfg(not(all(target_os = "linux", target_env = "gnu", not(test))))]
fn main() -> std::process::ExitCode {
    run().into()
}

/// Runs the command the command line names and says how the program ends.
fn run() -> Exit {
    let cli = arguments::read();
    let outcome = match cli.command {
        Command::Settings(args) => {
            return match commands::settings::run(&args) {
                Ok(code) => Exit::from(code),
                Err(error) => usage_failure(&error),
            };
        }
        Command::Demo(args) => commands::demo::run(&args),
        Command::Ask(args) => commands::ask::run(&args),
        Command::Resume(args) => commands::resume::run(&args),
        Command::Check(args) => commands::check::run(&args),
        Command::Schema(args) => Ok(commands::schema::run(&args)),
        Command::Render(args) => commands::render::run(&args).map(Outcome::text),
        Command::Transcript(args) => commands::transcript::run(&args).map(Outcome::text),
        Command::Rpc(args) => return commands::rpc::run(&args),
        Command::Inbox(args) => return commands::inbox::run(&args),
        Command::PopupForm(args) => return commands::popup_form::run(&args),
        Command::Mcp(args) => return commands::mcp::run(&args),
        Command::Hook(args) => return commands::hook::run(&args),
    };
    match outcome {
        Ok(outcome) => outcome.print(),
        Err(error) => usage_failure(&error),
    }
}
