//! A journaled ask keeps the person's work on the surfaces away from the asker's terminal: an
//! asker asking in an answer inbox that is ended by a signal takes the form's drafts back
//! from the inbox into the session file, and `resume` reopens the form in an inbox with them,
//! even in an inbox started afresh that never saw the form. Real programs in a tmux pane;
//! skipped, with a message, where tmux is not installed.

#![cfg(unix)]

mod support;

use std::process::Command;

use serde_json::{Value, json};
use support::asking::read_result;
use support::inbox::{IDLE, Terminal, arguments, finish, values};

const TITLE: &str = "Pick a database";

/// A session the way Pi writes it, its last entry the assistant message calling `ask_user`.
fn session() -> String {
    [
        json!({"type": "session", "version": 3, "id": "s1",
            "timestamp": "2026-01-01T00:00:00.000Z", "cwd": "/work"}),
        json!({"type": "message", "id": "a1", "parentId": null,
            "timestamp": "2026-01-01T00:00:02.000Z",
            "message": {"role": "assistant", "content": [{"type": "toolCall", "id": "call-1",
                "name": "ask_user", "arguments": arguments(TITLE)}], "stopReason": "toolUse",
                "timestamp": 2}}),
    ]
    .iter()
    .map(|line| line.to_string() + "\n")
    .collect()
}

/// The journal's entries of one custom type, their data.
fn records(session: &str, custom_type: &str) -> Vec<Value> {
    session
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter(|entry| entry["customType"] == custom_type)
        .map(|mut entry| entry["data"].take())
        .collect()
}

fn custom_types(session: &str) -> Vec<String> {
    session
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .filter_map(|entry| entry["customType"].as_str().map(str::to_owned))
        .collect()
}

#[test]
fn an_inbox_form_ended_by_a_signal_is_journaled_with_its_drafts_and_resumed_with_them() {
    let Some(term) = Terminal::start() else {
        return;
    };
    let session_path = term.term.tmux.path("session.jsonl");
    std::fs::write(&session_path, session()).expect("the session is written");
    let session_arg = session_path.display().to_string();
    term.open_inbox();
    let asker = term.run(
        &[
            "ask",
            "-",
            "--ui",
            "inbox",
            "--session",
            &session_arg,
            "--tool-call-id",
            "call-1",
        ],
        Some(&arguments(TITLE)),
    );
    term.wait_for("the form", |screen| screen.contains("Which database?"));
    term.keys(&["Down", "Space"]);
    term.wait_for("SQLite chosen", |screen| screen.contains("(•) SQLite"));
    let killed = Command::new("kill")
        .args(["-TERM", &asker.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let (interrupted, exit) = finish(asker);
    assert_eq!(exit, 143);
    let (_, interrupted) = read_result(interrupted);
    assert_eq!(interrupted["cancelled"], json!(true));
    term.wait_for("the form withdrawn", |screen| screen.contains(IDLE));

    let journal = std::fs::read_to_string(&session_path).expect("the session reads");
    assert_eq!(
        custom_types(&journal),
        ["ask:payload", "ask:history-request", "ask:drafts"]
    );
    assert_eq!(
        records(&journal, "ask:drafts")[0]["drafts"],
        json!([{"selected": [1], "customSelected": false}]),
        "the inbox handed back what its form held"
    );

    term.keys(&["C-c"]);
    term.wait_for("the inbox closed", |screen| screen.contains("inbox-exit=0"));
    term.open_inbox();
    let resumed = term.run(
        &["resume", "--session", &session_arg, "--ui", "inbox"],
        None,
    );
    term.wait_for("the form reopened with its drafts", |screen| {
        screen.contains("Which database?") && screen.contains("(•) SQLite")
    });
    term.keys(&["Tab"]);
    term.wait_for("the review", |screen| screen.contains("Submit"));
    term.keys(&["Enter"]);
    let (resumed, exit) = finish(resumed);
    assert_eq!(exit, 0);
    assert_eq!(resumed["recovered"], json!(true));
    assert_eq!(resumed["toolCallId"], json!("call-1"));
    let details = &resumed["result"]["details"];
    assert_eq!(details["cancelled"], json!(false));
    assert_eq!(values(details), &json!(["sqlite"]));
    let journal = std::fs::read_to_string(&session_path).expect("the session reads");
    assert_eq!(
        details["requestId"],
        records(&journal, "ask:history-request")[0]["requestId"],
        "the resumed ask completes the interrupted ask's journal key"
    );
    assert_eq!(
        custom_types(&journal)[3..],
        ["ask:history-completed", "ask:pending-dismissed"]
    );
}
