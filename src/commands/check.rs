//! `check`: validate and normalize without asking.

use pi_agent_ask_core::contract::{ArgumentsView, NormalizedRequest};
use serde::Serialize;
use serde_json::json;

use super::read_call;
use crate::cli::CheckArgs;
use crate::outcome::{Outcome, UsageError};

/// `check`'s verdict on valid arguments, borrowed from the call and written to stdout as it is
/// serialized: neither a second document nor the whole text is built first.
#[derive(Serialize)]
struct Valid<'a> {
    ok: bool,
    arguments: ArgumentsView<'a>,
    request: NormalizedRequest<'a>,
}

/// Prints `{ok: true, arguments, request}` (exit 0) or `{ok: false, issues}` (exit 1).
pub fn run(args: &CheckArgs) -> Result<Outcome, UsageError> {
    let read = read_call(&args.common)?;
    read.settings.report_notices();
    Ok(match read.call {
        Ok(call) => Outcome::stream(
            move |out| {
                let valid = Valid {
                    ok: true,
                    arguments: call.arguments_view(),
                    request: call.normalized_request_view(),
                };
                pi_agent_ask_core::json::write_pretty(out, &valid)
            },
            0,
        ),
        Err(invalid) => Outcome::json(json!({"ok": false, "issues": invalid.issues()}), 1),
    })
}
