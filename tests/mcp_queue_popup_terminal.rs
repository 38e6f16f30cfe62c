//! `pi-agent-ask mcp --ui auto` run in a tmux pane with a client attached on a pseudo-terminal,
//! with no inbox listening: a background call is answered at once with its receipt, its form
//! opens in a popup over the server's pane while the client goes on, keys typed into the client
//! answer it, and `wait_for_answers` returns that answer. Skipped, with a message, where tmux or
//! python3 is not installed.

#![cfg(unix)]

mod support;

use serde_json::json;
use support::asking::Asking;
use support::client::Client;
use support::mcp_pane::{handshake_and_call, reply, send, serve};

const PROMPT: &str = "Which database should the service use?";

/// The client's side of the session: the handshake without elicitation, then one background
/// call.
fn requests() -> String {
    handshake_and_call(
        &json!({"title": "Service setup", "background": true, "questions": [{
            "id": "db", "label": "Database", "prompt": PROMPT,
            "options": [
                {"value": "postgres", "label": "Postgres"},
                {"value": "sqlite", "label": "SQLite"}
            ]
        }]}),
    )
}

#[test]
fn a_background_call_is_queued_asked_in_a_popup_and_its_answer_waited_for() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let Some(mut client) = Client::attach(&term.tmux, 100, 30) else {
        return;
    };
    serve(&term, &requests());
    let receipt = &reply(&term, 2)["result"];
    let request_id = receipt["structuredContent"]["requestId"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert_eq!(
        receipt["structuredContent"],
        json!({"status": "queued", "requestId": request_id, "questionIds": ["db"],
            "pendingRequests": 1})
    );
    client.wait_for_form("the popup's question", |screen| screen.contains(PROMPT));
    assert!(
        !term.tmux.screen().contains(PROMPT),
        "the form was drawn in the pane, not a popup"
    );
    client.type_bytes(b"\x1b[B");
    client.wait_for("SQLite highlighted", |screen| {
        screen.contains("› 2. ( ) SQLite")
    });
    client.type_bytes(b"\r");
    client.wait_for("the summary", |screen| {
        screen.contains("Review your answers")
    });
    client.type_bytes(b"\r");
    client.wait_for("the popup to close", |screen| !screen.contains(PROMPT));

    let wait = json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": {"name": "wait_for_answers", "arguments": {}}});
    send(&term, &wait);
    let result = &reply(&term, 3)["result"];
    let structured = &result["structuredContent"];
    assert_eq!(structured["requestIds"], json!([request_id]));
    assert_eq!(
        structured["results"][0]["result"]["answers"],
        json!({"db": {"values": ["sqlite"], "labels": ["SQLite"], "indices": [2]}})
    );
    let text = result["content"][0]["text"].as_str().unwrap_or_default();
    assert!(
        text.starts_with(&format!(
            "Background answer [{request_id}] — Service setup:\nQuestions:\n- [db] Database: {PROMPT}\nResponse:\nDatabase [db]: SQLite"
        )),
        "{text}"
    );
}
