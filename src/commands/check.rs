//! `check`: validate and normalize without asking.

use serde_json::json;

use super::{Parsed, read_and_parse};
use crate::cli::CheckArgs;
use crate::outcome::{Outcome, UsageError};

/// Prints `{ok: true, arguments, request}` (exit 0) or `{ok: false, issues}` (exit 1).
pub fn run(args: &CheckArgs) -> Result<Outcome, UsageError> {
    let (arguments, parsed) = read_and_parse(&args.common)?;
    Ok(match parsed {
        Parsed::AskUser(Ok(call)) => valid(json!({
            "ok": true,
            "arguments": call.arguments,
            "request": call.request,
        })),
        Parsed::AskUser(Err(invalid)) => invalid_with(json!({
            "ok": false,
            "issues": invalid.issues,
        })),
        Parsed::AskUserQuestion(Ok(request)) => valid(json!({
            "ok": true,
            "arguments": arguments,
            "request": request,
        })),
        Parsed::AskUserQuestion(Err(error)) => invalid_with(json!({
            "ok": false,
            "issues": [{"path": null, "message": error.message}],
        })),
    })
}

const fn valid(document: serde_json::Value) -> Outcome {
    Outcome::json(document, 0)
}

const fn invalid_with(document: serde_json::Value) -> Outcome {
    Outcome::json(document, 1)
}
