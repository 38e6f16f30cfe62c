//! A session file given to `ask` and `resume` that cannot be used, or does not hold the tool
//! call an ask is for: a usage error before anything is asked, or a line on standard error.

#![cfg(unix)]

mod support;

use serde_json::{Value, json};
use support::pi_session::{calling_ask_user, resumed};

fn arguments() -> Value {
    json!({"questions": [{"id": "cache", "label": "Cache", "prompt": "Which cache?",
        "options": [{"value": "redis", "label": "Redis"}, {"value": "none", "label": "None"}]}]})
}

/// `ask` of [`arguments`] written in `dir`, with `flags` after them.
fn ask_in(dir: &std::path::Path, flags: &[String]) -> support::ProgramOutput {
    let arguments_path = dir.join("arguments.json");
    std::fs::write(&arguments_path, arguments().to_string()).expect("written");
    let mut command = vec!["ask".into(), arguments_path.display().to_string()];
    command.extend_from_slice(flags);
    support::run_program(&command, None)
}

/// `ask --ui none` journaled in `session` (holding `held`) for tool call `tool_call_id`: its
/// standard error.
fn journaled_unasked(held: &str, tool_call_id: &str) -> String {
    let dir = tempfile::tempdir().expect("a folder");
    let session = dir.path().join("session.jsonl");
    std::fs::write(&session, held).expect("the session is written");
    let output = ask_in(
        dir.path(),
        &[
            "--ui".into(),
            "none".into(),
            "--session".into(),
            session.display().to_string(),
            "--tool-call-id".into(),
            tool_call_id.into(),
        ],
    );
    assert_eq!(output.exit, 0, "{}", output.stderr);
    output.stderr
}

#[test]
fn an_ask_for_a_tool_call_the_session_does_not_hold_says_resume_will_not_find_it() {
    let header = calling_ask_user(&arguments())
        .lines()
        .next()
        .expect("a header")
        .to_owned();
    let stderr = journaled_unasked(&format!("{header}\n"), "call-1");
    assert!(
        stderr.contains(
            "no tool call \"call-1\" is on the active branch of the session; the ask is \
             journaled, but `resume` looks for an ask by its tool call, so it will not find \
             this one"
        ),
        "{stderr}"
    );
    assert_eq!(
        journaled_unasked(&calling_ask_user(&arguments()), "call-1"),
        "",
        "the session holds the call"
    );
}

/// `ask` of [`arguments`] for tool call `call-1` of a session Pi wrote in `dir`, journaled
/// there, with `flags` first; its output and the session's path.
fn asked_for_call_one(
    dir: &std::path::Path,
    flags: &[&str],
) -> (support::ProgramOutput, std::path::PathBuf) {
    let session = dir.join("session.jsonl");
    std::fs::write(&session, calling_ask_user(&arguments())).expect("the session is written");
    let mut args: Vec<String> = flags.iter().map(|flag| (*flag).to_owned()).collect();
    args.extend(["--session".into(), session.display().to_string()]);
    args.extend(["--tool-call-id".into(), "call-1".into()]);
    (ask_in(dir, &args), session)
}

#[test]
fn an_ask_no_ui_could_open_is_over_and_resume_never_gives_it_again_as_a_cancel() {
    let dir = tempfile::tempdir().expect("a folder");
    let (output, session) = asked_for_call_one(dir.path(), &["--ui", "none"]);
    assert!(
        output.stdout.contains("Needs user input"),
        "{}",
        output.stdout
    );
    assert_eq!(
        resumed(&session, "none"),
        json!({"recovered": false}),
        "the model was told to ask another way, not that the user cancelled"
    );
}

#[test]
fn an_ask_ended_by_a_usage_error_once_under_way_leaves_nothing_for_resume() {
    let dir = tempfile::tempdir().expect("a folder");
    let flags = ["--ui", "inbox", "--inbox", "nobody-listens"];
    let (output, session) = asked_for_call_one(dir.path(), &flags);
    assert_eq!(output.exit, 2, "{}", output.stderr);
    assert_eq!(
        resumed(&session, "none"),
        json!({"recovered": false}),
        "nobody was asked"
    );
}

#[test]
fn resume_of_an_unreadable_session_file_is_a_usage_error() {
    let output = support::run_program(
        &[
            "resume".into(),
            "--session".into(),
            "/nonexistent/session.jsonl".into(),
        ],
        None,
    );
    assert_eq!(output.exit, 2);
    assert!(output.stdout.is_empty());
    assert!(output.stderr.contains("session file"), "{}", output.stderr);
}

#[test]
fn ask_with_an_unreadable_session_file_is_a_usage_error_and_asks_nothing() {
    let dir = tempfile::tempdir().expect("a folder");
    let output = ask_in(
        dir.path(),
        &[
            "--ui".into(),
            "none".into(),
            "--session".into(),
            dir.path().join("missing.jsonl").display().to_string(),
        ],
    );
    assert_eq!(output.exit, 2);
    assert!(output.stdout.is_empty(), "{}", output.stdout);
    assert!(output.stderr.contains("session file"), "{}", output.stderr);
}

#[test]
fn an_append_a_full_disk_cuts_short_leaves_the_session_file_at_its_last_whole_entry() {
    let dir = tempfile::tempdir().expect("a folder");
    let header = "{\"type\":\"session\",\"version\":3,\"id\":\"s1\",\"cwd\":\"/tmp\"}\n";
    let session = dir.path().join("session.jsonl");
    std::fs::write(&session, header).expect("the session is written");
    std::fs::write(dir.path().join("arguments.json"), arguments().to_string()).expect("written");
    let ask = [
        "ask",
        "arguments.json",
        "--ui",
        "none",
        "--session",
        "session.jsonl",
    ];
    let Some(mut command) = support::program_with_files_limited_to(400) else {
        return;
    };
    let output = command
        .current_dir(dir.path())
        .args(ask)
        .stdout(std::process::Stdio::null())
        .output()
        .expect("the program runs");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("cannot append to the session file"),
        "the append was not cut short: {stderr}"
    );
    assert_eq!(
        std::fs::read_to_string(&session).expect("read back"),
        header,
        "half an entry was left behind"
    );
}

#[test]
fn a_line_cut_inside_a_character_is_skipped_and_the_interrupted_ask_still_resumes() {
    let dir = tempfile::tempdir().expect("a folder");
    let session = dir.path().join("session.jsonl");
    let mut held = calling_ask_user(&arguments()).into_bytes();
    // A crash cut the last line inside the two bytes of `é`.
    held.extend_from_slice(
        b"{\"type\":\"message\",\"id\":\"u2\",\"parentId\":\"a1\",\"text\":\"caf\xc3",
    );
    std::fs::write(&session, held).expect("the session is written");
    let args = [
        "resume",
        "--session",
        &session.display().to_string(),
        "--ui",
        "none",
    ]
    .map(str::to_owned);
    let output = support::run_program(&args, None);
    assert_eq!(output.exit, 0, "{}", output.stderr);
    assert!(
        output.stderr.contains("skipped line 4: not a JSON object"),
        "{}",
        output.stderr
    );
    let resumed: Value = serde_json::from_str(&output.stdout).expect("one JSON document");
    assert_eq!(resumed["recovered"], true, "{resumed}");
    assert_eq!(resumed["toolCallId"], "call-1", "{resumed}");
}
