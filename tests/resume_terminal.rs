//! An ask journaled in a Pi session file, interrupted and resumed, with the real program in a
//! real terminal in tmux: a signal keeps the text typed so far, `resume` reopens the form with
//! it, and once answered the ask is never reopened. Skipped, with a message, where tmux is not
//! installed.

#![cfg(unix)]

mod support;

use serde_json::{Value, json};
use support::asking::Asking;
use support::pi_session::{calling_ask_user, custom_types, resumed};

const PROMPT: &str = "Which cache should the service use?";

fn arguments() -> Value {
    json!({"questions": [{"id": "cache", "label": "Cache", "prompt": PROMPT,
        "options": [{"value": "redis", "label": "Redis"}, {"value": "none", "label": "None"}]}]})
}

/// The lifecycle events in the events file `name`: each one's channel, and its source (a
/// started or completed event) or whether it blocks (`herdr:blocked`).
fn events(term: &Asking, name: &str) -> Vec<(String, Value)> {
    std::fs::read_to_string(term.tmux.path(name))
        .expect("the events file reads")
        .lines()
        .map(|line| serde_json::from_str::<Value>(line).expect("one JSON line"))
        .map(|line| {
            assert_eq!(line["type"], json!("event"));
            let data = &line["data"];
            let what = data
                .get("source")
                .unwrap_or_else(|| &data["active"])
                .clone();
            (
                line["channel"].as_str().expect("a channel").to_owned(),
                what,
            )
        })
        .collect()
}

#[test]
fn an_interrupted_ask_is_resumed_with_its_typed_answer_and_then_never_again() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let session_path = term.tmux.path("session.jsonl");
    std::fs::write(&session_path, calling_ask_user(&arguments())).expect("the session is written");
    term.write_arguments("arguments.json", &arguments());

    term.launch(
        "ask arguments.json --ui tui --session session.jsonl --tool-call-id call-1 \
         --events events.jsonl",
    );
    term.tmux.wait_for_text(PROMPT);
    assert_eq!(
        events(&term, "events.jsonl"),
        [
            ("pi-agent-ask:started".to_owned(), json!("tool")),
            ("herdr:blocked".to_owned(), json!(true)),
        ],
        "the host hears the flow start and block before the form waits"
    );
    term.press(&["3"], "Type your answer");
    term.tmux.text("a local LRU");
    term.tmux.wait_for_text("a local LRU");
    support::send_signal(term.program_pid(), "TERM");
    let (interrupted, exit) = term.finish();
    assert_eq!(exit, 143);
    assert_eq!(interrupted["details"]["cancelled"], json!(true));
    assert_eq!(
        interrupted["details"]["answers"]["cache"]["customText"],
        json!("a local LRU")
    );
    let journal = std::fs::read_to_string(&session_path).expect("the session reads");
    assert_eq!(
        custom_types(&journal),
        ["ask:payload", "ask:history-request", "ask:drafts"]
    );

    assert_eq!(
        events(&term, "events.jsonl")[2..],
        [
            ("herdr:blocked".to_owned(), json!(false)),
            ("pi-agent-ask:completed".to_owned(), json!("tool")),
        ]
    );

    term.launch("resume --session session.jsonl --ui tui --events resumed.jsonl");
    let screen = term.tmux.wait_for_text(PROMPT);
    assert!(
        screen.contains("a local LRU"),
        "the typed answer is not restored:\n{screen}"
    );
    term.press(&["Enter"], "enter submit");
    term.press(&["Enter"], "Review your answers");
    term.tmux.keys(&["Enter"]);
    let (resumed, exit) = term.finish();
    assert_eq!(exit, 0);
    assert_eq!(
        events(&term, "resumed.jsonl"),
        [
            ("pi-agent-ask:started".to_owned(), json!("ask:resume")),
            ("herdr:blocked".to_owned(), json!(true)),
            ("herdr:blocked".to_owned(), json!(false)),
            ("pi-agent-ask:completed".to_owned(), json!("ask:resume")),
        ],
        "a recovered flow's lifecycle events have the source ask:resume"
    );
    let completed = std::fs::read_to_string(term.tmux.path("resumed.jsonl")).expect("read");
    let completed: Value =
        serde_json::from_str(completed.lines().last().expect("a line")).expect("JSON");
    assert_eq!(completed["data"]["flowId"], json!("tool:call-1"));
    assert_eq!(
        completed["data"]["result"]["answers"]["cache"]["customText"],
        json!("a local LRU")
    );
    assert_eq!(resumed["recovered"], json!(true));
    assert_eq!(resumed["toolCallId"], json!("call-1"));
    assert_eq!(resumed["dismissed"], json!(true));
    let details = &resumed["result"]["details"];
    assert_eq!(details["cancelled"], json!(false));
    assert_eq!(
        details["answers"]["cache"]["customText"],
        json!("a local LRU")
    );
    assert_eq!(
        details["requestId"], interrupted["details"]["requestId"],
        "the resumed ask completes the interrupted ask's journal key"
    );
    let journal = std::fs::read_to_string(&session_path).expect("the session reads");
    assert_eq!(
        custom_types(&journal)[3..],
        ["ask:history-completed", "ask:pending-dismissed"]
    );

    let again = support::run_program(
        &[
            "resume".into(),
            "--session".into(),
            session_path.display().to_string(),
        ],
        None,
    );
    assert_eq!(again.exit, 0, "{}", again.stderr);
    assert_eq!(
        serde_json::from_str::<Value>(&again.stdout).expect("one JSON document"),
        json!({"recovered": false})
    );
}

#[test]
fn a_hang_up_journals_the_drafts_of_the_open_form_too() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let session_path = asked_with_a_session(&term);
    term.press(&["Down", "Space"], "(•) None");
    term.tmux.keys(&["n"]);
    term.tmux.wait_for_text("enter save");
    term.tmux.text("only in tests");
    term.tmux.wait_for_text("only in tests");
    support::send_signal(term.program_pid(), "HUP");
    let (_, exit) = term.finish();
    assert_eq!(exit, 129);
    let journal = std::fs::read_to_string(&session_path).expect("the session reads");
    let drafts: Value = journal
        .lines()
        .filter_map(|line| serde_json::from_str::<Value>(line).ok())
        .find(|entry| entry["customType"] == "ask:drafts")
        .expect("the drafts are journaled");
    assert_eq!(
        drafts["data"]["drafts"],
        json!([{"selected": [1], "customSelected": false,
            "optionNotes": {"1": "only in tests"}}])
    );
}

/// Starts the ask of `session.jsonl`'s call `call-1`, journaled there, and waits for its form;
/// gives the session's path.
fn asked_with_a_session(term: &Asking) -> std::path::PathBuf {
    let session_path = term.tmux.path("session.jsonl");
    std::fs::write(&session_path, calling_ask_user(&arguments())).expect("the session is written");
    term.write_arguments("arguments.json", &arguments());
    term.launch("ask arguments.json --ui tui --session session.jsonl --tool-call-id call-1");
    term.tmux.wait_for_text(PROMPT);
    session_path
}

#[test]
fn an_ask_no_ui_could_ask_stays_to_recover_and_nothing_is_written_for_it() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("session.jsonl");
    std::fs::write(&path, calling_ask_user(&arguments())).expect("the session is written");
    for _ in 0..2 {
        let printed = resumed(&path, "none");
        assert_eq!(printed["recovered"], json!(true));
        assert_eq!(printed["toolCallId"], json!("call-1"));
        assert_eq!(
            printed["dismissed"],
            json!(false),
            "a host learns that a form is still to open"
        );
        assert_eq!(printed["result"]["details"]["cancelled"], json!(true));
        assert_eq!(
            printed["result"]["details"]["questions"][0]["prompt"],
            json!(PROMPT)
        );
    }
    let journal = std::fs::read_to_string(&path).expect("the session reads");
    assert_eq!(
        journal,
        calling_ask_user(&arguments()),
        "nothing asked, nothing written: the ask is neither keyed, completed nor dismissed"
    );
}

#[test]
fn the_events_and_session_files_are_checked_when_nothing_is_asked_too() {
    let dir = tempfile::tempdir().expect("a folder");
    let arguments_path = dir.path().join("arguments.json");
    std::fs::write(&arguments_path, arguments().to_string()).expect("written");
    let invalid_path = dir.path().join("invalid.json");
    std::fs::write(&invalid_path, r#"{"questions": []}"#).expect("written");
    let answer_path = dir.path().join("answer.json");
    std::fs::write(&answer_path, r#"{"kind": "cancel"}"#).expect("written");
    let missing = |name: &str| dir.path().join("no/such").join(name).display().to_string();
    let path = |path: &std::path::Path| path.display().to_string();
    for (args, why) in [
        (
            vec![
                path(&arguments_path),
                "--answer".into(),
                path(&answer_path),
                "--events".into(),
                missing("e.jsonl"),
            ],
            "cannot open the events file",
        ),
        (
            vec![
                path(&invalid_path),
                "--ui".into(),
                "none".into(),
                "--events".into(),
                missing("e.jsonl"),
            ],
            "cannot open the events file",
        ),
        (
            vec![
                path(&arguments_path),
                "--answer".into(),
                path(&answer_path),
                "--session".into(),
                missing("s.jsonl"),
            ],
            "cannot read the session file",
        ),
    ] {
        let mut command = vec!["ask".to_owned()];
        command.extend(args);
        let output = support::run_program(&command, None);
        assert_eq!(output.exit, 2, "{command:?}: {}", output.stderr);
        assert!(
            output.stderr.contains(why),
            "{command:?}: {}",
            output.stderr
        );
        assert_eq!(output.stdout, "", "{command:?}: nothing answered");
    }
}

#[test]
fn an_events_file_that_cannot_be_opened_is_a_usage_error_before_anything_is_asked() {
    let dir = tempfile::tempdir().expect("a folder");
    let arguments_path = dir.path().join("arguments.json");
    std::fs::write(&arguments_path, arguments().to_string()).expect("written");
    let output = support::run_program(
        &[
            "ask".into(),
            arguments_path.display().to_string(),
            "--ui".into(),
            "dialogs".into(),
            "--events".into(),
            dir.path()
                .join("no/such/folder/events.jsonl")
                .display()
                .to_string(),
        ],
        None,
    );
    assert_eq!(output.exit, 2, "{}", output.stderr);
    assert!(
        output.stderr.contains("cannot open the events file"),
        "{}",
        output.stderr
    );
    assert_eq!(output.stdout, "", "nothing was asked");

    let fifo = dir.path().join("events.fifo");
    let made = std::process::Command::new("mkfifo")
        .arg(&fifo)
        .status()
        .expect("mkfifo runs");
    assert!(made.success());
    let output = support::run_program(
        &[
            "ask".into(),
            arguments_path.display().to_string(),
            "--ui".into(),
            "dialogs".into(),
            "--events".into(),
            fifo.display().to_string(),
        ],
        None,
    );
    assert_eq!(output.exit, 2, "a pipe nobody reads never hangs the ask");
    assert!(
        output.stderr.contains("a named pipe without a reader"),
        "{}",
        output.stderr
    );
}

#[test]
fn an_answered_ask_whose_host_went_away_before_the_tool_result_gives_its_answer_again() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let session_path = asked_with_a_session(&term);
    term.press(&["2"], "Review your answers");
    term.tmux.keys(&["Enter"]);
    let (answered, exit) = term.finish();
    assert_eq!(exit, 0);
    assert_eq!(
        answered["details"]["answers"]["cache"]["values"],
        json!(["none"])
    );
    // A host that appends the ending entries itself gets them, and the file stays as it was:
    // until the host appends the dismissal, the answer is there to give again.
    let before = std::fs::read_to_string(&session_path).expect("the session reads");
    for _ in 0..2 {
        let output = support::run_program(
            &[
                "resume".into(),
                "--session".into(),
                session_path.display().to_string(),
                "--ui".into(),
                "none".into(),
                "--entries-for-host".into(),
            ],
            None,
        );
        let printed: Value = serde_json::from_str(&output.stdout).expect("one JSON document");
        assert_eq!(printed["result"], answered);
        assert_eq!(printed["dismissed"], json!(true));
        assert_eq!(
            printed["entries"],
            json!([{"customType": "ask:pending-dismissed", "data": {"version": 1,
                "toolCallId": "call-1", "requestId": answered["details"]["requestId"]}}])
        );
    }
    assert_eq!(
        std::fs::read_to_string(&session_path).expect("the session reads"),
        before
    );
    // The host never wrote the tool result: the answer comes back, not an empty form.
    let printed = resumed(&session_path, "none");
    assert_eq!(printed["recovered"], json!(true));
    assert_eq!(printed["toolCallId"], json!("call-1"));
    assert_eq!(printed["dismissed"], json!(true));
    assert_eq!(printed["result"], answered);
    let journal = std::fs::read_to_string(&session_path).expect("the session reads");
    assert_eq!(
        custom_types(&journal),
        [
            "ask:payload",
            "ask:history-request",
            "ask:history-completed",
            "ask:pending-dismissed"
        ]
    );
    assert_eq!(resumed(&session_path, "none"), json!({"recovered": false}));
}

#[test]
fn a_leaf_named_keeps_a_call_made_after_it_from_being_taken_for_the_interrupted_one() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("session.jsonl");
    // The host loaded the session at `a1`, then its agent made a new call, `call-2`, which
    // is under way, not interrupted.
    let newer = json!({"type": "message", "id": "a2", "parentId": "a1",
        "timestamp": "2026-01-01T00:00:03.000Z",
        "message": {"role": "assistant", "content": [{"type": "toolCall", "id": "call-2",
            "name": "ask_user", "arguments": arguments()}], "stopReason": "toolUse",
            "timestamp": 3}});
    std::fs::write(
        &path,
        calling_ask_user(&arguments()) + &newer.to_string() + "\n",
    )
    .expect("the session is written");
    let resumed_at = |leaf: &str| {
        support::run_program(
            &[
                "resume".into(),
                "--session".into(),
                path.display().to_string(),
                "--ui".into(),
                "none".into(),
                "--leaf".into(),
                leaf.into(),
            ],
            None,
        )
    };
    let at_load = resumed_at("a1");
    assert_eq!(at_load.exit, 0, "{}", at_load.stderr);
    let printed: Value = serde_json::from_str(&at_load.stdout).expect("one JSON document");
    assert_eq!(printed["toolCallId"], json!("call-1"));
    assert_eq!(
        resumed(&path, "none")["toolCallId"],
        json!("call-2"),
        "without a leaf"
    );
    let unknown = resumed_at("gone");
    assert_eq!(unknown.exit, 2);
    assert!(
        unknown
            .stderr
            .contains("no entry has the id \"gone\" (--leaf)"),
        "{}",
        unknown.stderr
    );
}
