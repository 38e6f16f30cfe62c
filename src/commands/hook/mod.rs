//! `hook`: answering an agent's own question tool from that agent's hooks, with our form.

pub mod claude;

use crate::cli::{HookAgent, HookArgs};
use crate::exit::Exit;

/// Runs the hook of the agent named on the command line.
pub fn run(args: &HookArgs) -> Exit {
    match &args.agent {
        HookAgent::Claude(args) => claude::run(args),
    }
}
