//! Pi session files as Pi writes them, and the journal entries the program appends to them,
//! for the tests of `--session`, `resume` and the MCP and RPC journals.

use serde_json::{Value, json};

/// What `resume --session SESSION --ui UI` prints, once it exited 0.
pub fn resumed(session: &std::path::Path, ui: &str) -> Value {
    let args = [
        "resume",
        "--session",
        &session.display().to_string(),
        "--ui",
        ui,
    ]
    .map(str::to_owned);
    let output = super::run_program(&args, None);
    assert_eq!(output.exit, 0, "{}", output.stderr);
    serde_json::from_str(&output.stdout).expect("one JSON document")
}

/// A session the way Pi writes it (a header, a user message, then the assistant message that
/// calls `ask_user` with `arguments` as tool call `call-1`), as JSON lines.
pub fn calling_ask_user(arguments: &Value) -> String {
    [
        json!({"type": "session", "version": 3, "id": "s1",
            "timestamp": "2026-01-01T00:00:00.000Z", "cwd": "/work"}),
        json!({"type": "message", "id": "u1", "parentId": null,
            "timestamp": "2026-01-01T00:00:01.000Z",
            "message": {"role": "user", "content": [{"type": "text", "text": "set it up"}],
                "timestamp": 1}}),
        json!({"type": "message", "id": "a1", "parentId": "u1",
            "timestamp": "2026-01-01T00:00:02.000Z",
            "message": {"role": "assistant", "content": [{"type": "toolCall", "id": "call-1",
                "name": "ask_user", "arguments": arguments}], "stopReason": "toolUse",
                "timestamp": 2}}),
    ]
    .iter()
    .map(|line| line.to_string() + "\n")
    .collect()
}

/// The `customType` of every custom entry of `session`, in order.
pub fn custom_types(session: &str) -> Vec<String> {
    session
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter_map(|entry| entry["customType"].as_str().map(str::to_owned))
        .collect()
}

/// The data of the custom entries of `session` of type `custom_type`, in order.
pub fn records(session: &str, custom_type: &str) -> Vec<Value> {
    session
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|entry| entry["customType"] == custom_type)
        .map(|mut entry| entry["data"].take())
        .collect()
}
