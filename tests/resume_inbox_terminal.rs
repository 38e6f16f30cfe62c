//! A journaled ask keeps the person's work on the surfaces away from the asker's terminal: an
//! asker asking in an answer inbox that is ended by a signal takes the form's drafts back
//! from the inbox into the session file, and `resume` reopens the form in an inbox with them,
//! even in an inbox started afresh that never saw the form. Real programs in a tmux pane;
//! skipped, with a message, where tmux is not installed.

#![cfg(unix)]

mod support;

use std::process::Command;

use serde_json::json;
use support::asking::read_result;
use support::inbox::{IDLE, Terminal, arguments, finish, finish_saying, values};
use support::pi_session::{calling_ask_user, custom_types, records};

const TITLE: &str = "Pick a database";

/// A Pi session whose assistant called `ask_user` as `call-1`, by its path and as an argument.
fn session_of_one_call(term: &Terminal) -> (std::path::PathBuf, String) {
    let session_path = term.term.tmux.path("session.jsonl");
    std::fs::write(&session_path, calling_ask_user(&arguments(TITLE)))
        .expect("the session is written");
    let session_arg = session_path.display().to_string();
    (session_path, session_arg)
}

/// Opens an inbox, asks `call-1` of the session `session_arg` in it, and chooses `SQLite`;
/// the asker, still waiting.
fn sqlite_chosen(term: &Terminal, session_arg: &str) -> std::process::Child {
    term.open_inbox();
    let asker = term.run(
        &[
            "ask",
            "-",
            "--ui",
            "inbox",
            "--session",
            session_arg,
            "--tool-call-id",
            "call-1",
        ],
        Some(&arguments(TITLE)),
    );
    term.wait_for_form("the form", |screen| screen.contains("Which database?"));
    term.keys(&["Down", "Space"]);
    term.wait_for("SQLite chosen", |screen| screen.contains("(•) SQLite"));
    asker
}

/// Opens an inbox, resumes the session `session_arg` in it, finds the form reopened with
/// `SQLite` chosen and submits it; what `resume` printed, once it exited 0.
fn resumed_with_sqlite_and_submitted(term: &Terminal, session_arg: &str) -> serde_json::Value {
    term.open_inbox();
    let resumed = term.run(&["resume", "--session", session_arg, "--ui", "inbox"], None);
    term.wait_for_form("the form reopened with its drafts", |screen| {
        screen.contains("Which database?") && screen.contains("(•) SQLite")
    });
    term.keys(&["Tab"]);
    term.wait_for("the review", |screen| screen.contains("Submit"));
    term.keys(&["Enter"]);
    let (resumed, exit) = finish(resumed);
    assert_eq!(exit, 0);
    resumed
}

/// Asks `call-1` of a fresh session in the inbox, chooses `SQLite`, ends the asker with
/// SIGTERM and checks the drafts it journaled; gives the session's path, and as an argument.
fn sqlite_chosen_then_signalled(term: &Terminal) -> (std::path::PathBuf, String) {
    let (session_path, session_arg) = session_of_one_call(term);
    let asker = sqlite_chosen(term, &session_arg);
    let killed = Command::new("kill")
        .args(["-TERM", &asker.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let (interrupted, exit) = finish(asker);
    assert_eq!(exit, 143);
    let (_, interrupted) = read_result(interrupted);
    assert_eq!(interrupted["cancelled"], json!(true));
    assert_eq!(
        values(&interrupted),
        &json!(["sqlite"]),
        "the printed result keeps the drafts the journal keeps"
    );
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

    (session_path, session_arg)
}

#[test]
fn an_inbox_form_ended_by_a_signal_is_journaled_with_its_drafts_and_resumed_with_them() {
    let Some(term) = Terminal::start() else {
        return;
    };
    let (session_path, session_arg) = sqlite_chosen_then_signalled(&term);
    // The idle screen settles as the form leaves it; once it has, ctrl+c closes the inbox.
    support::let_it_settle();
    term.keys(&["C-c"]);
    term.wait_for("the inbox closed", |screen| screen.contains("inbox-exit=0"));
    let resumed = resumed_with_sqlite_and_submitted(&term, &session_arg);
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

#[test]
fn two_resumes_of_one_ask_at_once_ask_one_form_under_one_key_the_later_taking_it_over() {
    let Some(term) = Terminal::start() else {
        return;
    };
    let (session_path, session_arg) = session_of_one_call(&term);
    term.open_inbox();
    let resume = ["resume", "--session", &session_arg, "--ui", "inbox"];
    let mut resumes = vec![term.run(&resume, None), term.run(&resume, None)];
    term.wait_for_form("the form", |screen| screen.contains("Which database?"));
    // One of the two is told another took the ask over, and ends; the other asks on.
    let deadline = std::time::Instant::now() + std::time::Duration::from_secs(10);
    let ended = loop {
        let ended = resumes
            .iter_mut()
            .position(|child| child.try_wait().ok().flatten().is_some());
        if let Some(ended) = ended {
            break ended;
        }
        assert!(
            std::time::Instant::now() < deadline,
            "neither resume was let go:\n{}",
            term.term.tmux.screen()
        );
        std::thread::sleep(std::time::Duration::from_millis(50));
    };
    let taken_over = resumes
        .remove(ended)
        .wait_with_output()
        .expect("its output");
    assert!(
        String::from_utf8_lossy(&taken_over.stderr).contains("another asker took this ask over"),
        "{}",
        String::from_utf8_lossy(&taken_over.stderr)
    );
    // It still prints its one document: the ask not ended by it, its result cancelled.
    assert_eq!(taken_over.status.code(), Some(0));
    let printed: serde_json::Value =
        serde_json::from_slice(&taken_over.stdout).expect("one JSON document on stdout");
    assert_eq!(printed["recovered"], json!(true), "{printed}");
    assert_eq!(printed["dismissed"], json!(false), "{printed}");
    assert_eq!(printed["result"]["details"]["cancelled"], json!(true));
    assert!(
        !term.term.tmux.screen().contains("more waiting"),
        "one form for the two:\n{}",
        term.term.tmux.screen()
    );
    term.keys(&["Tab"]);
    term.wait_for("the review", |screen| screen.contains("Submit"));
    term.keys(&["Enter"]);
    let (resumed, exit) = finish(resumes.remove(0));
    assert_eq!(exit, 0);
    assert_eq!(resumed["result"]["details"]["cancelled"], json!(false));
    let journal = std::fs::read_to_string(&session_path).expect("the session reads");
    assert_eq!(
        records(&journal, "ask:history-request").len(),
        1,
        "one key for the one ask:\n{journal}"
    );
}

#[test]
fn a_resumed_ask_whose_inbox_is_killed_gives_the_answers_the_form_reopened_with() {
    let Some(term) = Terminal::start() else {
        return;
    };
    let (_, session_arg) = sqlite_chosen_then_signalled(&term);
    support::let_it_settle();
    let resumed = term.run(
        &["resume", "--session", &session_arg, "--ui", "inbox"],
        None,
    );
    term.wait_for_form("the form reopened with its drafts", |screen| {
        screen.contains("Which database?") && screen.contains("(•) SQLite")
    });
    let killed = Command::new("kill")
        .args(["-KILL", &term.inbox_pid()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let (resumed, _, stderr) = finish_saying(resumed);
    let details = &resumed["result"]["details"];
    assert_eq!(details["cancelled"], json!(true), "{resumed}");
    assert!(
        stderr.contains("the inbox went away before the form was answered (killed or crashed)"),
        "nobody cancelled: {stderr}"
    );
    assert_eq!(
        values(details),
        &json!(["sqlite"]),
        "the answers the form reopened with: {resumed}"
    );
}

#[test]
fn what_was_chosen_in_an_inbox_killed_without_a_word_is_kept_journaled_and_resumed_with() {
    let Some(term) = Terminal::start() else {
        return;
    };
    let (session_path, session_arg) = session_of_one_call(&term);
    let asker = sqlite_chosen(&term, &session_arg);
    // The inbox hands its asker what the form holds a second after the person's first change.
    std::thread::sleep(std::time::Duration::from_secs(3));
    let killed = Command::new("kill")
        .args(["-KILL", &term.inbox_pid()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let (interrupted, exit, stderr) = finish_saying(asker);
    assert_eq!(exit, 0, "{stderr}");
    assert!(stderr.contains("the inbox went away"), "{stderr}");
    let (_, interrupted) = read_result(interrupted);
    assert_eq!(interrupted["cancelled"], json!(true));
    assert_eq!(
        values(&interrupted),
        &json!(["sqlite"]),
        "what the form held last"
    );
    let journal = std::fs::read_to_string(&session_path).expect("the session reads");
    assert_eq!(
        custom_types(&journal),
        ["ask:payload", "ask:history-request", "ask:drafts"]
    );

    term.wait_for("the killed inbox's status", |screen| {
        screen.contains("inbox-exit=137")
    });
    term.term.tmux.type_line("reset");
    term.wait_for("the screen reset", |screen| {
        !screen.contains("Which database?")
    });
    let resumed = resumed_with_sqlite_and_submitted(&term, &session_arg);
    assert_eq!(values(&resumed["result"]["details"]), &json!(["sqlite"]));
}
