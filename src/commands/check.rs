//! `check`: validate and normalize without asking.

use serde_json::json;

use super::read_call;
use crate::cli::CheckArgs;
use crate::outcome::{Outcome, UsageError};

/// Prints `{ok: true, arguments, request}` (exit 0) or `{ok: false, issues}` (exit 1).
pub fn run(args: &CheckArgs) -> Result<Outcome, UsageError> {
    Ok(match read_call(&args.common)?.call {
        Ok(call) => Outcome::json(
            json!({
                "ok": true,
                "arguments": call.arguments(),
                "request": call.normalized_request(),
            }),
            0,
        ),
        Err(invalid) => Outcome::json(json!({"ok": false, "issues": invalid.issues()}), 1),
    })
}
