//! `pi-agent-ask rpc --session FILE`: the real program on pipes journaling to a Pi session file
//! written the way Pi writes it. Each test checks the entries appended after Pi's own lines:
//! their custom types and data, their ids chained by `parentId` from Pi's last entry, and the
//! file never rewritten.

#![cfg(unix)]

mod support;

use std::io::Write as _;
use std::path::Path;
use std::process::Stdio;

use serde_json::{Value, json};
use support::pi_session::calling_ask_user;
use support::rpc_process::{Rpc, signal_term};

fn arguments(background: bool) -> Value {
    json!({"background": background, "questions": [{"id": "cache", "label": "Cache",
        "prompt": "Which cache?",
        "options": [{"value": "redis", "label": "Redis"}, {"value": "none", "label": "None"}]}]})
}

/// The entries appended after Pi's own lines, checked to chain from Pi's last entry `a1` and
/// from each other, with Pi's own lines left as they were.
fn appended(path: &Path) -> Vec<Value> {
    let text = std::fs::read_to_string(path).expect("the session is readable");
    assert!(
        text.starts_with(&calling_ask_user(&arguments(false))),
        "the session was rewritten:\n{text}"
    );
    let entries: Vec<Value> = text[calling_ask_user(&arguments(false)).len()..]
        .lines()
        .map(|line| serde_json::from_str(line).expect("an appended line is JSON"))
        .collect();
    let mut parent = json!("a1");
    for entry in &entries {
        assert_eq!(entry["type"], "custom");
        assert_eq!(entry["parentId"], parent, "{entry}");
        parent = entry["id"].clone();
    }
    entries
}

fn custom_types(entries: &[Value]) -> Vec<&str> {
    entries
        .iter()
        .map(|entry| entry["customType"].as_str().expect("a custom type"))
        .collect()
}

fn session_file(dir: &tempfile::TempDir) -> std::path::PathBuf {
    let path = dir.path().join("session.jsonl");
    std::fs::write(&path, calling_ask_user(&arguments(false))).expect("the session is written");
    path
}

#[test]
fn a_foreground_ask_journals_its_payload_and_request_before_its_dialog_and_its_end_before_its_result()
 {
    let dir = tempfile::tempdir().expect("a folder");
    let path = session_file(&dir);
    let mut rpc = Rpc::on_session(&path);
    rpc.send(&json!({"type": "ask", "id": "call-1", "arguments": arguments(false)}));
    let dialog = rpc.until("extension_ui_request");
    let waiting = appended(&path);
    assert_eq!(
        custom_types(&waiting),
        ["ask:payload", "ask:history-request"]
    );
    assert_eq!(waiting[0]["data"]["sourceEntryId"], "a1");
    assert_eq!(waiting[0]["data"]["source"], "tool");
    assert_eq!(waiting[0]["data"]["params"], arguments(false));
    let request = &waiting[1]["data"];
    assert_eq!(request["toolCallId"], "call-1");
    assert_eq!(request["background"], false);
    assert_eq!(request["questions"][0]["id"], "cache");
    rpc.send(&json!({"type": "extension_ui_response", "id": dialog["id"], "value": "Redis"}));
    let result = rpc.until("result");
    let request_id = result["result"]["details"]["requestId"].clone();
    assert_eq!(request["requestId"], request_id);
    let entries = appended(&path);
    assert_eq!(
        custom_types(&entries),
        [
            "ask:payload",
            "ask:history-request",
            "ask:history-completed"
        ]
    );
    assert_eq!(entries[2]["data"]["requestId"], request_id);
    assert_eq!(entries[2]["data"]["result"], result["result"]["details"]);
    assert_eq!(rpc.close(), 0);
    assert_eq!(appended(&path).len(), 3);
}

#[test]
fn a_background_form_journals_its_request_before_its_receipt_its_end_and_its_delivery() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = session_file(&dir);
    let mut rpc = Rpc::on_session(&path);
    rpc.send(&json!({"type": "ask", "id": "bg-1", "arguments": arguments(true)}));
    let receipt = rpc.until("result");
    assert_eq!(receipt["result"]["details"]["status"], "queued");
    let queued = appended(&path);
    assert_eq!(
        custom_types(&queued),
        ["ask:payload", "ask:history-request"]
    );
    assert_eq!(
        queued[0]["data"].get("sourceEntryId"),
        None,
        "bg-1 is no tool call of the session"
    );
    assert_eq!(queued[1]["data"]["background"], true);
    assert_eq!(queued[1]["data"]["toolCallId"], "bg-1");
    let dialog = rpc.until("extension_ui_request");
    rpc.send(&json!({"type": "extension_ui_response", "id": dialog["id"], "value": "None"}));
    rpc.until("pi-agent-ask:completed");
    rpc.send(&json!({"type": "ask", "id": "wait", "tool": "wait_for_answers", "arguments": {}}));
    let waited = rpc.until("result");
    let request_id = receipt["result"]["details"]["requestId"].clone();
    assert_eq!(
        waited["result"]["details"]["requestIds"],
        json!([request_id])
    );
    assert_eq!(rpc.close(), 0);
    let entries = appended(&path);
    assert_eq!(
        custom_types(&entries),
        [
            "ask:payload",
            "ask:history-request",
            "ask:history-completed",
            "ask:background-delivered"
        ]
    );
    assert_eq!(
        entries[2]["data"]["result"],
        waited["result"]["details"]["results"][0]["result"]
    );
    assert_eq!(entries[3]["data"]["requestIds"], json!([request_id]));
}

#[test]
fn the_next_session_on_the_file_delivers_what_was_answered_and_asks_again_what_was_not() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = session_file(&dir);
    let mut first = Rpc::on_session(&path);
    first.send(&json!({"type": "ask", "id": "bg-1", "arguments": arguments(true)}));
    let answered = first.until("result")["result"]["details"]["requestId"].clone();
    let dialog = first.until("extension_ui_request");
    first.send(&json!({"type": "extension_ui_response", "id": dialog["id"], "value": "None"}));
    first.until("pi-agent-ask:completed");
    first.send(&json!({"type": "ask", "id": "bg-2", "arguments": arguments(true)}));
    let unanswered = first.until("result")["result"]["details"]["requestId"].clone();
    first.until("extension_ui_request");
    // A wait cut short by the signal gets none of the forms the next session delivers.
    first.send(&json!({"type": "ask", "id": "w1", "tool": "wait_for_answers", "arguments": {}}));
    // Lines are taken in order: the answer to a command sent after the wait shows the wait has
    // begun before the signal comes (a call still unread when a signal ends the run gets none).
    first.send(&json!({"type": "no_such_command", "id": "after-w1"}));
    assert_eq!(first.until("response")["id"], "after-w1");
    signal_term(&first);
    let ended = first.until("result");
    assert_eq!(
        (
            &ended["id"],
            &ended["result"]["content"][0]["text"],
            &ended["result"]["isError"]
        ),
        (
            &json!("w1"),
            &json!("The wait ended before the answers; the forms stay queued."),
            &json!(true)
        ),
        "{ended}"
    );
    assert_eq!(first.close(), 128 + 15);

    // The form left open is asked again at once, under the call that queued it; no receipt
    // is written again.
    let mut second = Rpc::on_session(&path);
    let started = second.until("pi-agent-ask:started");
    assert_eq!(started["data"]["toolCallId"], "bg-2", "{started}");
    let dialog = second.until("extension_ui_request");
    assert_eq!(dialog["title"], "Which cache?");
    second.send(&json!({"type": "extension_ui_response", "id": dialog["id"], "value": "Redis"}));
    second.until("pi-agent-ask:completed");
    second.send(&json!({"type": "ask", "id": "wait", "tool": "wait_for_answers", "arguments": {}}));
    let waited = second.until("result");
    assert_eq!(waited["id"], "wait", "{waited}");
    let details = &waited["result"]["details"];
    assert_eq!(details["requestIds"], json!([answered, unanswered]));
    assert_eq!(
        details["results"][0]["result"]["answers"]["cache"]["values"],
        json!(["none"])
    );
    assert_eq!(
        details["results"][1]["result"]["answers"]["cache"]["values"],
        json!(["redis"])
    );
    let text = waited["result"]["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(
        text.starts_with(&format!(
            "Background answer [{}]",
            answered.as_str().unwrap_or_default()
        )),
        "{text}"
    );
    assert_eq!(second.close(), 0);

    // Delivered once: the session after has nothing left.
    let mut third = Rpc::on_session(&path);
    third.send(&json!({"type": "ask", "id": "wait", "tool": "wait_for_answers", "arguments": {}}));
    let waited = third.until("result");
    assert_eq!(waited["result"]["details"]["requestIds"], json!([]));
    assert_eq!(third.close(), 0);
}

#[test]
fn a_signal_journals_the_open_forms_drafts_and_no_end_so_resume_finds_the_ask() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = session_file(&dir);
    let mut rpc = Rpc::on_session(&path);
    rpc.send(&json!({"type": "ask", "id": "call-1", "arguments": arguments(false)}));
    rpc.until("extension_ui_request");
    signal_term(&rpc);
    let result = rpc.until("result");
    assert_eq!(result["result"]["details"]["cancelled"], true);
    assert_eq!(rpc.close(), 128 + 15);
    let entries = appended(&path);
    assert_eq!(
        custom_types(&entries),
        ["ask:payload", "ask:history-request", "ask:drafts"]
    );
    assert_eq!(
        entries[2]["data"]["requestId"],
        entries[1]["data"]["requestId"]
    );
    let resumed = support::program()
        .args(["resume", "--ui", "none", "--session"])
        .arg(&path)
        .output()
        .expect("resume runs");
    let printed: Value = serde_json::from_slice(&resumed.stdout).unwrap_or_else(|error| {
        panic!(
            "resume printed no JSON ({error}): {}{}",
            String::from_utf8_lossy(&resumed.stdout),
            String::from_utf8_lossy(&resumed.stderr)
        )
    });
    assert_eq!(
        (
            &printed["toolCallId"],
            &printed["result"]["details"]["requestId"]
        ),
        (&json!("call-1"), &entries[1]["data"]["requestId"]),
        "resume finds the ask the signal left waiting, under its journal key: {printed}"
    );
}

#[test]
fn a_session_file_that_cannot_be_used_is_a_usage_error_before_any_line_is_read() {
    let dir = tempfile::tempdir().expect("a folder");
    let missing = dir.path().join("none.jsonl");
    let output = support::program()
        .args(["rpc", "--session"])
        .arg(&missing)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            // The line is never read: the program has refused the file before reading.
            let mut input = child.stdin.take().expect("stdin is piped");
            let _ = writeln!(input, r#"{{"type":"abort"}}"#);
            drop(input);
            child.wait_with_output()
        })
        .expect("the program runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(
        output.stdout.is_empty(),
        "{}",
        String::from_utf8_lossy(&output.stdout)
    );
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("cannot read the session file"), "{stderr}");
    assert!(!missing.exists(), "the session file was created");
}

#[test]
fn a_session_file_that_fails_later_is_reported_and_the_answer_still_goes_out() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = session_file(&dir);
    let stderr_path = dir.path().join("stderr.txt");
    let stderr = std::fs::File::create(&stderr_path).expect("a file for standard error");
    let mut rpc = Rpc::on_session_with(&path, Stdio::from(stderr));
    rpc.send(&json!({"type": "ask", "id": "call-1", "arguments": arguments(false)}));
    let dialog = rpc.until("extension_ui_request");
    std::fs::remove_file(&path).expect("the session file is removed");
    rpc.send(&json!({"type": "extension_ui_response", "id": dialog["id"], "value": "Redis"}));
    let result = rpc.until("result");
    assert_eq!(
        result["result"]["details"]["answers"]["cache"]["values"],
        json!(["redis"])
    );
    assert_eq!(rpc.close(), 0);
    let reported = std::fs::read_to_string(&stderr_path).expect("standard error is readable");
    assert!(
        reported.contains("cannot append to the session file"),
        "{reported}"
    );
    assert!(!path.exists(), "the session file was created again");
}

#[test]
fn an_ask_for_a_tool_call_the_active_branch_does_not_hold_is_journaled_and_said() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = session_file(&dir);
    let stderr_path = dir.path().join("stderr.txt");
    let stderr = std::fs::File::create(&stderr_path).expect("a file for standard error");
    let mut rpc = Rpc::on_session_with(&path, Stdio::from(stderr));
    for id in ["call-1", "call-elsewhere"] {
        rpc.send(&json!({"type": "ask", "id": id, "arguments": arguments(false)}));
        let dialog = rpc.until("extension_ui_request");
        rpc.send(&json!({"type": "extension_ui_response", "id": dialog["id"], "value": "Redis"}));
        rpc.until("result");
    }
    assert_eq!(rpc.close(), 0);
    let entries = appended(&path);
    assert_eq!(entries[0]["data"]["sourceEntryId"], "a1");
    assert_eq!(entries[3]["customType"], "ask:payload");
    assert_eq!(entries[3]["data"].get("sourceEntryId"), None);
    let reported = std::fs::read_to_string(&stderr_path).expect("standard error is readable");
    assert_eq!(
        reported.matches("no tool call").count(),
        1,
        "said once, for the call the session does not hold: {reported}"
    );
    assert!(
        reported.contains("no tool call \"call-elsewhere\" is on the active branch"),
        "{reported}"
    );
}
