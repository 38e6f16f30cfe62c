//! A journaled ask asked in a popup keeps the person's work: a signal to the asker closes the
//! popup and journals what the form held, and `resume --ui popup` reopens the form in a new
//! popup with it. tmux with a client attached on a pseudo-terminal the test drives; skipped,
//! with a message, where tmux or python3 is not installed.

#![cfg(unix)]

mod support;

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::asking::Asking;
use support::client::Client;

const PROMPT: &str = "Which database should the service use?";

fn arguments() -> Value {
    json!({"questions": [{
        "id": "db", "label": "Database", "prompt": PROMPT,
        "options": [{"value": "postgres", "label": "Postgres"}, {"value": "sqlite", "label": "SQLite"}]
    }]})
}

/// A session the way Pi writes it, its last entry the assistant message calling `ask_user`.
fn session() -> String {
    let header = json!({"type": "session", "version": 3, "id": "s1",
        "timestamp": "2026-01-01T00:00:00.000Z", "cwd": "/work"});
    let call = json!({"type": "message", "id": "a1", "parentId": null,
        "timestamp": "2026-01-01T00:00:02.000Z",
        "message": {"role": "assistant", "content": [{"type": "toolCall", "id": "call-1",
            "name": "ask_user", "arguments": arguments()}], "stopReason": "toolUse",
            "timestamp": 2}});
    format!("{header}\n{call}\n")
}

/// Types `<command>` for this program into the pane with a private runtime folder, its
/// result into `result.json` and its process id into `asker.pid`.
fn launch(term: &Asking, command: &str) {
    let _ = std::fs::remove_file(term.tmux.path("asker.pid"));
    std::fs::create_dir_all(term.tmux.path("run")).expect("a runtime folder");
    term.tmux.type_line(&format!(
        "clear; HOME=\"$PWD\" XDG_RUNTIME_DIR=\"$PWD/run\" \
         sh -c 'echo $$ > asker.pid; exec \"$@\"' sh {} {command} \
         --config \"$PWD/settings.json\" > result.json 2> stderr.txt; echo \"exit=$?\"",
        env!("CARGO_BIN_EXE_pi-agent-ask"),
    ));
}

fn asker_pid(term: &Asking) -> u32 {
    let path = term.tmux.path("asker.pid");
    let deadline = Instant::now() + Duration::from_secs(10);
    loop {
        if let Some(pid) = std::fs::read_to_string(&path)
            .ok()
            .and_then(|text| text.trim().parse().ok())
        {
            return pid;
        }
        assert!(Instant::now() < deadline, "the asker never started");
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// The data of the journal's entries of `custom_type`.
fn records(session: &str, custom_type: &str) -> Vec<Value> {
    session
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|entry| entry["customType"] == custom_type)
        .map(|mut entry| entry["data"].take())
        .collect()
}

#[test]
fn a_popup_form_ended_by_a_signal_is_journaled_with_its_drafts_and_resumed_with_them() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let Some(mut client) = Client::attach(&term.tmux, 100, 30) else {
        return;
    };
    term.write_arguments("arguments.json", &arguments());
    let session_path = term.tmux.path("session.jsonl");
    std::fs::write(&session_path, session()).expect("the session is written");

    launch(
        &term,
        "ask arguments.json --ui popup --session session.jsonl --tool-call-id call-1",
    );
    client.wait_for("the popup", |screen| screen.contains(PROMPT));
    client.type_bytes(b"\x1b[B ");
    client.wait_for("SQLite chosen", |screen| screen.contains("(•) SQLite"));
    let sent = Command::new("kill")
        .args(["-s", "TERM", &asker_pid(&term).to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    client.wait_for("the popup to close", |screen| !screen.contains(PROMPT));
    let (_, exit) = term.finish();
    assert_eq!(exit, 143);
    let journal = std::fs::read_to_string(&session_path).expect("the session reads");
    assert_eq!(
        records(&journal, "ask:drafts")[0]["drafts"],
        json!([{"selected": [1], "customSelected": false}]),
        "the popup handed back what its form held"
    );

    launch(&term, "resume --session session.jsonl --ui popup");
    client.wait_for("the form reopened with its drafts", |screen| {
        screen.contains(PROMPT) && screen.contains("(•) SQLite")
    });
    client.type_bytes(b"\t");
    client.wait_for("the review", |screen| {
        screen.contains("Review your answers")
    });
    client.type_bytes(b"\r");
    let (resumed, exit) = term.finish();
    assert_eq!(exit, 0);
    assert_eq!(resumed["recovered"], json!(true));
    let details = &resumed["result"]["details"];
    assert_eq!(details["cancelled"], json!(false));
    assert_eq!(details["answers"]["db"]["values"], json!(["sqlite"]));
    let journal = std::fs::read_to_string(&session_path).expect("the session reads");
    assert_eq!(
        records(&journal, "ask:pending-dismissed")[0]["toolCallId"],
        json!("call-1")
    );
}
