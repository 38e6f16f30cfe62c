//! `pi-agent-ask mcp --ui auto` run in a tmux pane with a client attached on a pseudo-terminal,
//! with no inbox listening: a background call is answered at once with its receipt, its form
//! opens in a popup over the server's pane while the client goes on, keys typed into the client
//! answer it, and `wait_for_answers` returns that answer. Skipped, with a message, where tmux or
//! python3 is not installed.

#![cfg(unix)]

mod support;

use std::io::Write as _;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::asking::Asking;
use support::client::Client;

const PROMPT: &str = "Which database should the service use?";

fn lines(messages: &[Value]) -> String {
    messages.iter().fold(String::new(), |mut lines, line| {
        lines.push_str(&line.to_string());
        lines.push('\n');
        lines
    })
}

/// The client's side of the session: the handshake without elicitation, then one background
/// call.
fn requests() -> String {
    let arguments = json!({"title": "Service setup", "background": true, "questions": [{
        "id": "db", "label": "Database", "prompt": PROMPT,
        "options": [
            {"value": "postgres", "label": "Postgres"},
            {"value": "sqlite", "label": "SQLite"}
        ]
    }]});
    lines(&[
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "ask_user", "arguments": arguments}}),
    ])
}

/// Waits (at most twenty seconds) for the server's reply to request `id` in `replies.jsonl`.
fn reply(term: &Asking, id: u64) -> Value {
    let path = term.tmux.path("replies.jsonl");
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let found = text
            .lines()
            .filter_map(|line| serde_json::from_str::<Value>(line).ok())
            .find(|message| message["id"] == json!(id));
        if let Some(found) = found {
            return found;
        }
        assert!(
            Instant::now() < deadline,
            "no reply to request {id}:\n{text}\nstderr:\n{}",
            std::fs::read_to_string(term.tmux.path("stderr.txt")).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_background_call_is_queued_asked_in_a_popup_and_its_answer_waited_for() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let Some(mut client) = Client::attach(&term.tmux, 100, 30) else {
        return;
    };
    std::fs::create_dir_all(term.tmux.path("run")).expect("a runtime folder");
    std::fs::write(term.tmux.path("requests.jsonl"), requests()).expect("the requests");
    // `tail -f` keeps the server's input open, and takes the wait appended later.
    term.tmux.type_line(&format!(
        "clear; tail -n +1 -f requests.jsonl | HOME=\"$PWD\" XDG_RUNTIME_DIR=\"$PWD/run\" {} \
         mcp --config \"$PWD/settings.json\" > replies.jsonl 2> stderr.txt",
        env!("CARGO_BIN_EXE_pi-agent-ask"),
    ));
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
    client.wait_for("the popup's question", |screen| screen.contains(PROMPT));
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
    std::fs::OpenOptions::new()
        .append(true)
        .open(term.tmux.path("requests.jsonl"))
        .and_then(|mut file| file.write_all(lines(&[wait]).as_bytes()))
        .expect("the wait is sent");
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
