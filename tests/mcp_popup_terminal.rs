//! `pi-agent-ask mcp --ui auto` run in a tmux pane with a client attached on a pseudo-terminal,
//! for a client that declared no form elicitation and with no inbox listening: the call opens a
//! popup over the server's pane, keys typed into the client answer it, and the answer is the
//! call's result. Skipped, with a message, where tmux or python3 is not installed.

#![cfg(unix)]

mod support;

use serde_json::json;
use support::mcp_pane::{handshake_and_call, reply, serve};

const PROMPT: &str = "Which database should the service use?";

/// The client's side of the session: the handshake without elicitation, then one call.
fn requests() -> String {
    handshake_and_call(&json!({"questions": [{
        "id": "db", "label": "Database", "prompt": PROMPT,
        "options": [
            {"value": "postgres", "label": "Postgres"},
            {"value": "sqlite", "label": "SQLite"}
        ]
    }]}))
}

#[test]
fn a_call_from_a_client_without_forms_is_asked_in_a_popup_over_the_servers_pane() {
    let Some((term, mut client)) = support::client::attached(100, 30) else {
        return;
    };
    serve(&term, &requests());
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
    client.submit_from_the_review();

    let result = &reply(&term, 2)["result"];
    let structured = &result["structuredContent"];
    let request_id = structured["requestId"].as_str().unwrap_or_default();
    assert_eq!(
        result["content"],
        json!([{"type": "text", "text": format!("Database: SQLite\nRequest ID: {request_id}")}])
    );
    assert_eq!(result["isError"], json!(false));
    assert_eq!(structured["cancelled"], json!(false));
    assert_eq!(
        structured["answers"],
        json!({"db": {"values": ["sqlite"], "labels": ["SQLite"], "indices": [2]}})
    );
    assert_eq!(&result["_meta"]["pi-agent-ask/details"], structured);
    client.wait_for("the popup to close", |screen| !screen.contains(PROMPT));
}

#[test]
fn a_popup_whose_client_goes_away_is_an_error_with_what_it_held_not_cancelled_by_the_person() {
    let Some((term, mut client)) = support::client::attached(100, 30) else {
        return;
    };
    serve(&term, &requests());
    client.write_own_answer(PROMPT, "popup typed");
    // The terminal the client ran in goes away, and the popup with it.
    drop(client);
    let result = &reply(&term, 2)["result"];
    assert_eq!(result["isError"], json!(true), "{result}");
    assert_eq!(
        result["content"],
        json!([{"type": "text", "text": "The popup closed before the form was answered.\n\
                 What was written in it, never submitted:\nDatabase: popup typed"}]),
        "{result}"
    );
}
