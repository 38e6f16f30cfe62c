//! A journaled ask asked in a popup keeps the person's work: a signal to the asker closes the
//! popup and journals what the form held, and `resume --ui popup` reopens the form in a new
//! popup with it. tmux with a client attached on a pseudo-terminal the test drives; skipped,
//! with a message, where tmux or python3 is not installed.

#![cfg(unix)]

mod support;

use std::path::PathBuf;

use serde_json::{Value, json};
use support::asking::Asking;
use support::client::Client;
use support::pi_session::{calling_ask_user, records};

const PROMPT: &str = "Which database should the service use?";

fn arguments() -> Value {
    json!({"questions": [{
        "id": "db", "label": "Database", "prompt": PROMPT,
        "options": [{"value": "postgres", "label": "Postgres"}, {"value": "sqlite", "label": "SQLite"}]
    }]})
}

/// Asks `session.jsonl`'s call `call-1`, journaled there, in a popup, and waits for its form;
/// gives the session's path.
fn asked_in_a_popup(term: &Asking, client: &Client) -> PathBuf {
    term.write_arguments("arguments.json", &arguments());
    let session_path = term.tmux.path("session.jsonl");
    std::fs::write(&session_path, calling_ask_user(&arguments())).expect("the session is written");
    term.launch_recorded(
        "",
        "ask arguments.json --ui popup --session session.jsonl --tool-call-id call-1",
    );
    client.wait_for_form("the popup", |screen| screen.contains(PROMPT));
    session_path
}

/// Asks in a popup as [`asked_in_a_popup`], chooses `SQLite` and ends the asker with SIGTERM;
/// gives the session's path.
fn sqlite_chosen_then_signalled(term: &Asking, client: &mut Client) -> PathBuf {
    let session_path = asked_in_a_popup(term, client);
    client.type_bytes(b"\x1b[B ");
    client.wait_for("SQLite chosen", |screen| screen.contains("(•) SQLite"));
    support::send_signal(term.recorded_pid(), "TERM");
    client.wait_for("the popup to close", |screen| !screen.contains(PROMPT));
    let (_, exit) = term.finish();
    assert_eq!(exit, 143);
    session_path
}

#[test]
fn a_popup_form_ended_by_a_signal_is_journaled_with_its_drafts_and_resumed_with_them() {
    let Some((term, mut client)) = support::client::attached(100, 30) else {
        return;
    };
    let session_path = sqlite_chosen_then_signalled(&term, &mut client);
    let journal = std::fs::read_to_string(&session_path).expect("the session reads");
    assert_eq!(
        records(&journal, "ask:drafts")[0]["drafts"],
        json!([{"selected": [1], "customSelected": false}]),
        "the popup handed back what its form held"
    );

    term.launch_recorded("", "resume --session session.jsonl --ui popup");
    client.wait_for_form("the form reopened with its drafts", |screen| {
        screen.contains(PROMPT) && screen.contains("(•) SQLite")
    });
    client.type_bytes(b"\t");
    client.submit_from_the_review();
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

#[test]
fn a_popup_whose_program_is_killed_leaves_the_ask_open_in_the_journal_as_nobody_ended_it() {
    let Some((term, client)) = support::client::attached(100, 30) else {
        return;
    };
    let session_path = asked_in_a_popup(&term, &client);
    let popup = term.popup_program().parse().expect("a process id");
    support::send_signal(popup, "KILL");
    client.wait_for("the popup to close", |screen| !screen.contains(PROMPT));
    let (_, exit) = term.finish();
    assert_eq!(exit, 1, "a popup gone without an answer is a failure");
    let journal = std::fs::read_to_string(&session_path).expect("the session reads");
    assert!(
        records(&journal, "ask:history-completed").is_empty(),
        "the ask was journaled as ended:\n{journal}"
    );

    term.launch_recorded("", "resume --session session.jsonl --ui none");
    let (resumed, exit) = term.finish();
    assert_eq!(exit, 0);
    assert_eq!(resumed["recovered"], json!(true), "{resumed}");
    assert_eq!(
        resumed["dismissed"],
        json!(false),
        "the ask stays to recover"
    );
}

/// The ask of [`sqlite_chosen_then_signalled`] resumed in a popup, its form open with its
/// drafts.
fn resumed_in_a_popup(term: &Asking, client: &mut Client) {
    sqlite_chosen_then_signalled(term, client);
    term.launch_recorded("", "resume --session session.jsonl --ui popup");
    client.wait_for_form("the form reopened with its drafts", |screen| {
        screen.contains(PROMPT) && screen.contains("(•) SQLite")
    });
}

#[test]
fn a_resumed_popup_whose_program_is_killed_gives_the_answers_the_form_reopened_with() {
    let Some((term, mut client)) = support::client::attached(100, 30) else {
        return;
    };
    resumed_in_a_popup(&term, &mut client);
    let popup = term.popup_program().parse().expect("a process id");
    support::send_signal(popup, "KILL");
    client.wait_for("the popup to close", |screen| !screen.contains(PROMPT));
    let (resumed, _) = term.finish();
    let details = &resumed["result"]["details"];
    assert_eq!(details["cancelled"], json!(true), "{resumed}");
    assert_eq!(
        details["answers"]["db"]["values"],
        json!(["sqlite"]),
        "the answers the form reopened with: {resumed}"
    );
}

#[test]
fn a_second_resume_while_one_asks_asks_nothing_and_prints_the_cancelled_result_undismissed() {
    let Some((term, mut client)) = support::client::attached(100, 30) else {
        return;
    };
    resumed_in_a_popup(&term, &mut client);
    let second = std::process::Command::new(env!("CARGO_BIN_EXE_pi-agent-ask"))
        .args(["resume", "--session", "session.jsonl", "--ui", "popup"])
        .current_dir(term.tmux.path(""))
        .env("HOME", term.tmux.path(""))
        .env("XDG_RUNTIME_DIR", term.tmux.path("run"))
        .output()
        .expect("the second resume runs");
    assert_eq!(second.status.code(), Some(0));
    assert!(
        String::from_utf8_lossy(&second.stderr).contains("another resume is asking this ask"),
        "{}",
        String::from_utf8_lossy(&second.stderr)
    );
    let printed: Value = serde_json::from_slice(&second.stdout).expect("one JSON document");
    assert_eq!(printed["dismissed"], json!(false), "{printed}");
    assert_eq!(printed["result"]["details"]["cancelled"], json!(true));
    assert_eq!(
        printed["result"]["details"]["answers"]["db"]["values"],
        json!(["sqlite"]),
        "the journaled answers: {printed}"
    );
    client.type_bytes(b"\t");
    client.submit_from_the_review();
    let (resumed, exit) = term.finish();
    assert_eq!(exit, 0);
    assert_eq!(
        resumed["dismissed"],
        json!(true),
        "the first one gives the answer"
    );
    let journal = std::fs::read_to_string(term.tmux.path("session.jsonl")).expect("reads");
    assert_eq!(
        records(&journal, "ask:history-completed").len(),
        1,
        "{journal}"
    );
}
