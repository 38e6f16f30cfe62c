//! `pi-agent-ask mcp --ui auto` run in a tmux pane with a client attached on a pseudo-terminal,
//! with no inbox listening: a background call is answered at once with its receipt, its form
//! opens in a popup over the server's pane while the client goes on, keys typed into the client
//! answer it, and `wait_for_answers` returns that answer; a popup open as the server's input
//! ends keeps what it held for the next server. Skipped, with a message, where tmux or python3
//! is not installed.

#![cfg(unix)]

mod support;

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::asking::Asking;
use support::client::Client;
use support::mcp_pane::{end_input, handshake_and_call, lines, reply, send, serve, serve_with};

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

/// `wait_for_answers`, as request 3.
fn wait_for_answers() -> Value {
    json!({"jsonrpc": "2.0", "id": 3, "method": "tools/call",
        "params": {"name": "wait_for_answers", "arguments": {}}})
}

#[test]
fn a_background_call_is_queued_asked_in_a_popup_and_its_answer_waited_for() {
    let Some((term, mut client)) = support::client::attached(100, 30) else {
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
    client.submit_from_the_review();
    client.wait_for("the popup to close", |screen| !screen.contains(PROMPT));

    send(&term, &wait_for_answers());
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

/// The entries of type `custom_type` in the session file at `path`.
fn entries(path: &std::path::Path, custom_type: &str) -> Vec<Value> {
    std::fs::read_to_string(path)
        .unwrap_or_default()
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|entry| entry["customType"] == json!(custom_type))
        .map(|entry| entry["data"].clone())
        .collect()
}

/// Submits the form asked again with `popup typed` as its written answer, and finds that
/// answer in the reply to `wait_for_answers` (request 3).
fn submit_as_it_was_left(term: &Asking, client: &mut Client, request_id: &str) {
    // The written answer, saved, reopens its editor, which saves it again.
    client.type_bytes(b"\r");
    client.wait_for("the written answer's editor", |screen| {
        screen.contains("│ popup typed")
    });
    client.type_bytes(b"\r");
    client.submit_from_the_review();
    let structured = &reply(term, 3)["result"]["structuredContent"];
    assert_eq!(structured["requestIds"], json!([request_id]));
    assert_eq!(
        structured["results"][0]["result"]["answers"]["db"]["customText"],
        json!("popup typed"),
        "{structured}"
    );
}

/// Waits for the server to end with its input, then finds request `request_id`'s form kept
/// in the journal at `session` with what its popup held (`popup typed`), and not ended.
fn assert_kept_unfinished(term: &Asking, session: &std::path::Path, request_id: &str) {
    let deadline = Instant::now() + Duration::from_secs(20);
    while !term.tmux.shell_is_idle() {
        assert!(
            Instant::now() < deadline,
            "the server did not end with its input"
        );
        std::thread::sleep(Duration::from_millis(50));
    }
    let drafts = entries(session, "ask:drafts");
    assert_eq!(drafts.len(), 1, "{drafts:?}");
    assert_eq!(drafts[0]["requestId"], json!(request_id));
    assert_eq!(drafts[0]["drafts"][0]["customText"], json!("popup typed"));
    assert!(
        entries(session, "ask:history-completed").is_empty(),
        "the form was ended as if answered: {:?}",
        entries(session, "ask:history-completed")
    );
}

/// The queued form's request id, once its popup shows `popup typed` in its written answer's
/// editor.
fn typed_into_the_popup(term: &Asking, client: &mut Client) -> String {
    let request_id = reply(term, 2)["result"]["structuredContent"]["requestId"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    client.write_own_answer(PROMPT, "popup typed");
    request_id
}

#[test]
fn a_popup_open_as_the_input_ends_keeps_what_it_held_for_the_next_server_and_is_no_answer() {
    let Some((term, mut client)) = support::client::attached(100, 30) else {
        return;
    };
    let session = term.tmux.path("session.jsonl");
    let journal = format!("--session \"{}\"", session.display());
    serve_with(&term, &requests(), &journal);
    let request_id = typed_into_the_popup(&term, &mut client);

    end_input(&term);
    client.wait_for("the popup to close", |screen| !screen.contains(PROMPT));
    assert_kept_unfinished(&term, &session, &request_id);

    // The next server on the journal asks the form again as it was left.
    let handshake = lines(&[
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
    ]);
    serve_with(&term, &handshake, &journal);
    client.wait_for_form("the form asked again, as it was left", |screen| {
        screen.contains(PROMPT) && screen.contains("popup typed")
    });
    send(&term, &wait_for_answers());
    submit_as_it_was_left(&term, &mut client, &request_id);
}

#[test]
fn a_popup_whose_client_goes_away_opens_again_with_what_it_held_once_a_client_attaches() {
    let Some((term, mut client)) = support::client::attached(100, 30) else {
        return;
    };
    serve(&term, &requests());
    let request_id = typed_into_the_popup(&term, &mut client);
    // The terminal the client ran in goes away (a dropped connection), and the popup with it.
    drop(client);
    send(&term, &wait_for_answers());
    std::thread::sleep(Duration::from_secs(1));
    assert!(
        std::fs::read_to_string(term.tmux.path("replies.jsonl"))
            .unwrap_or_default()
            .lines()
            .all(|line| !line.contains("\"id\":3")),
        "the form ended while nobody could see it"
    );
    let Some(mut client) = Client::attach(&term.tmux, 100, 30) else {
        return;
    };
    client.wait_for_form("the form asked again, as it was left", |screen| {
        screen.contains(PROMPT) && screen.contains("popup typed")
    });
    submit_as_it_was_left(&term, &mut client, &request_id);
    let stderr = std::fs::read_to_string(term.tmux.path("stderr.txt")).unwrap_or_default();
    assert!(
        stderr.contains(
            "mcp: tmux: no client is attached to the session; the queued form waits for a \
             client to attach or an inbox to listen"
        ),
        "{stderr}"
    );
}

/// Waits (at most ten seconds) until `count` clients are attached: a client dropped detaches
/// as tmux notices.
fn wait_for_clients(term: &Asking, count: usize) {
    let deadline = Instant::now() + Duration::from_secs(10);
    while term.tmux.run(&["list-clients"]).lines().count() != count {
        assert!(Instant::now() < deadline, "never {count} clients attached");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// Attaches a client, answers the queued form that opens on it with its first option and
/// checks `wait_for_answers` delivers that answer.
fn answered_once_a_client_attaches(term: &Asking) {
    let Some(mut client) = Client::attach(&term.tmux, 100, 30) else {
        return;
    };
    client.wait_for_form("the queued form", |screen| screen.contains(PROMPT));
    client.type_bytes(b"\r");
    client.submit_from_the_review();
    send(term, &wait_for_answers());
    let structured = &reply(term, 3)["result"]["structuredContent"];
    assert_eq!(
        structured["results"][0]["result"]["answers"]["db"]["values"],
        json!(["postgres"]),
        "{structured}"
    );
}

#[test]
fn a_form_queued_while_nobody_is_attached_is_queued_and_opens_once_a_client_attaches() {
    let Some((term, client)) = support::client::attached(100, 30) else {
        return;
    };
    drop(client);
    wait_for_clients(&term, 0);
    serve(&term, &requests());
    let receipt = &reply(&term, 2)["result"]["structuredContent"];
    assert_eq!(receipt["status"], json!("queued"), "{receipt}");
    answered_once_a_client_attaches(&term);
}

#[test]
fn a_form_waiting_for_a_client_sleeps_until_one_attaches_and_opens_as_it_does() {
    let Some((term, client)) = support::client::attached(100, 30) else {
        return;
    };
    drop(client);
    wait_for_clients(&term, 0);
    term.note_tmux_runs();
    term.tmux.type_line("export PATH=\"$PWD/bin:$PATH\"");
    let tmux_runs = || term.tmux_commands().len();
    serve(&term, &requests());
    let receipt = &reply(&term, 2)["result"]["structuredContent"];
    assert_eq!(receipt["status"], json!("queued"), "{receipt}");
    // The first looks come quickly (a client may be about to attach); then the server sleeps
    // until tmux's socket says one did, looking again only every so often.
    std::thread::sleep(Duration::from_secs(4));
    let before = tmux_runs();
    assert!(before > 0, "no run of tmux was seen");
    std::thread::sleep(Duration::from_secs(8));
    let looked = tmux_runs() - before;
    assert!(
        looked <= 2,
        "tmux ran {looked} times in 8 s while nobody attached"
    );
    answered_once_a_client_attaches(&term);
}

#[test]
fn a_form_waiting_for_a_client_as_the_input_ends_keeps_what_its_popup_held_for_the_next_server() {
    let Some((term, mut client)) = support::client::attached(100, 30) else {
        return;
    };
    let session = term.tmux.path("session.jsonl");
    serve_with(
        &term,
        &requests(),
        &format!("--session \"{}\"", session.display()),
    );
    let request_id = typed_into_the_popup(&term, &mut client);
    drop(client);
    std::thread::sleep(Duration::from_millis(500));
    end_input(&term);
    assert_kept_unfinished(&term, &session, &request_id);
}

#[test]
fn a_read_only_client_counts_as_nobody_and_the_form_waits_for_one_that_can_answer() {
    let Some((term, client)) = support::client::attached(100, 30) else {
        return;
    };
    let Some(watching) = Client::attach_read_only(&term.tmux, 100, 30) else {
        return;
    };
    drop(client);
    wait_for_clients(&term, 1);
    serve(&term, &requests());
    let receipt = &reply(&term, 2)["result"]["structuredContent"];
    assert_eq!(receipt["status"], json!("queued"), "{receipt}");
    std::thread::sleep(Duration::from_millis(500));
    assert!(
        !watching.screen().contains(PROMPT),
        "the popup opened on a client that cannot answer"
    );
    answered_once_a_client_attaches(&term);
    let stderr = std::fs::read_to_string(term.tmux.path("stderr.txt")).unwrap_or_default();
    assert!(
        stderr.contains("mcp: tmux: every attached client is read-only; the queued form waits"),
        "{stderr}"
    );
}
