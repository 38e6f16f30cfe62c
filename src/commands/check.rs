//! `check`: validate and normalize without asking.

use pi_agent_ask_core::contract::NormalizedRequest;
use serde::Serialize;
use serde_json::json;

use super::read_call;
use crate::cli::CheckArgs;
use crate::outcome::{Outcome, UsageError};

/// `check`'s verdict on valid arguments, borrowed from the call and written as it is
/// serialized: the arguments and the request are not copied into a second document first.
#[derive(Serialize)]
struct Valid<'a> {
    ok: bool,
    arguments: &'a serde_json::Value,
    request: NormalizedRequest<'a>,
}

/// Prints `{ok: true, arguments, request}` (exit 0) or `{ok: false, issues}` (exit 1).
pub fn run(args: &CheckArgs) -> Result<Outcome, UsageError> {
    Ok(match read_call(&args.common)?.call {
        Ok(call) => Outcome::serialized(
            &Valid {
                ok: true,
                arguments: call.arguments(),
                request: call.normalized_request_view(),
            },
            0,
        ),
        Err(invalid) => Outcome::json(json!({"ok": false, "issues": invalid.issues()}), 1),
    })
}
