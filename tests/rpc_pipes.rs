//! `pi-agent-ask rpc` as a host runs it: a child process on pipes, lines written to its
//! standard input and read from its standard output.

#![cfg(unix)]

mod support;

use std::io::Write as _;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::rpc_process::{Rpc, signal_term};

/// Characters a terminal or a line-based reader could act on: DEL, C1 controls (NEL and CSI),
/// bidirectional overrides and isolates, and the line and paragraph separators.
const HOSTILE: &str = "x\u{7f}\u{85}\u{9b}31m\u{202e}\u{2067}\u{2028}\u{2029}y";

fn ask(id: &str, question: &str, label: &str) -> Value {
    json!({"type": "ask", "id": id, "tool": "ask_user_question", "arguments": {
        "questions": [{"question": question, "header": "Q",
            "options": [{"label": label}, {"label": "No"}]}]}})
}

fn kind(line: &Value) -> &str {
    line["channel"]
        .as_str()
        .or_else(|| line["type"].as_str())
        .unwrap_or_default()
}

fn assert_escaped(line: &str) {
    let raw: Vec<char> = line
        .trim_end_matches('\n')
        .chars()
        .filter(|&c| c.is_control() || pi_agent_ask_core::json::needs_escape(c))
        .collect();
    assert!(raw.is_empty(), "raw controls {raw:?} in {line}");
}

#[test]
fn rpc_lines_escape_del_c1_and_bidirectional_controls_from_payload_and_typed_text() {
    let mut rpc = Rpc::start();
    rpc.send(&ask("c1", HOSTILE, HOSTILE));
    let (started, event) = rpc.receive_line();
    let (request, dialog) = rpc.receive_line();
    assert_eq!(kind(&event), "pi-agent-ask:started");
    assert_eq!(kind(&dialog), "extension_ui_request");
    for line in [&started, &request] {
        assert_escaped(line);
    }
    assert_eq!(dialog["title"], HOSTILE);
    let typed = format!("typed {HOSTILE}");
    rpc.send(&json!({"type": "extension_ui_response", "id": dialog["id"], "value": typed}));
    let (completed, event) = rpc.receive_line();
    let (result_line, result) = rpc.receive_line();
    assert_eq!(kind(&event), "pi-agent-ask:completed");
    assert_escaped(&completed);
    assert_escaped(&result_line);
    assert_eq!(kind(&result), "result");
    let answer = &result["result"]["details"]["answers"][0];
    assert_eq!(answer["question"], HOSTILE);
    assert_eq!(answer["values"], json!([typed]));
    rpc.close_input();
    assert_eq!(rpc.exit_code(), 0);
}

#[test]
#[cfg(target_os = "linux")]
fn an_rpc_line_over_16_mib_gets_a_failed_parse_response_and_is_skipped_without_being_held_whole() {
    const MIB: usize = 1024 * 1024;
    let mut rpc = Rpc::start();
    // A well-formed ask whose padding makes the line 40 MiB: too long to be read at all, and
    // long enough that holding it whole could not pass for the 16 MiB a line may take.
    let mut long = br#"{"type":"ask","id":"long","tool":"ask_user_question","pad":""#.to_vec();
    long.resize(40 * MIB, b'x');
    long.extend_from_slice(br#"","arguments":{"questions":[{"question":"Long?"}]}}"#);
    long.push(b'\n');
    let mut input = rpc.take_input();
    let writer = std::thread::spawn(move || {
        input.write_all(&long).expect("the long line is written");
        input.flush().expect("the long line is flushed");
        input
    });
    let (_, error) = rpc.receive_line();
    assert_eq!(
        error,
        json!({"type": "response", "command": "parse", "success": false,
            "error": "Failed to parse command: the line is longer than 16777216 bytes (16 MiB) and was skipped"})
    );
    rpc.give_input(writer.join().expect("the writer ends"));
    answer_a_short_ask(&mut rpc);
    let peak = rpc.peak_memory_bytes();
    rpc.close_input();
    assert_eq!(rpc.exit_code(), 0);

    // The same session without the long line, for what the program takes on its own.
    let mut alone = Rpc::start();
    answer_a_short_ask(&mut alone);
    let own = alone.peak_memory_bytes();
    alone.close_input();
    assert_eq!(alone.exit_code(), 0);
    // At most the 16 MiB one line may take (and some room for the allocator), never the 40 MiB
    // line whole.
    let held = peak.saturating_sub(own);
    assert!(
        held < 24 * MIB as u64,
        "the long line cost {} MiB beyond the program's own {} MiB",
        held / MIB as u64,
        own / MIB as u64
    );
}

/// Asks `Short?` as call `c1` and answers it `Yes`, checking every line on the way.
fn answer_a_short_ask(rpc: &mut Rpc) {
    rpc.send(&ask("c1", "Short?", "Yes"));
    let (_, started) = rpc.receive_line();
    assert_eq!(started["data"]["toolCallId"], "c1");
    let (_, dialog) = rpc.receive_line();
    assert_eq!(dialog["title"], "Short?");
    rpc.send(&json!({"type": "extension_ui_response", "id": dialog["id"], "value": "Yes"}));
    rpc.receive_line();
    let (_, result) = rpc.receive_line();
    assert_eq!(result["id"], "c1");
    assert_eq!(
        result["result"]["details"]["answers"][0]["values"],
        json!(["Yes"])
    );
}

#[test]
fn sigterm_with_a_call_open_writes_its_cancelled_result_and_completed_event_then_exits_143() {
    let mut rpc = Rpc::start();
    rpc.send(
        &json!({"type": "ask", "id": "c1", "tool": "ask_user_question", "arguments": {
        "questions": [
            {"question": "Stack?", "header": "Stack",
                "options": [{"label": "Rust"}, {"label": "Go"}]},
            {"question": "CI?", "header": "CI",
                "options": [{"label": "GitHub"}, {"label": "GitLab"}]}]}}),
    );
    rpc.send(&ask("c2", "Later?", "Yes"));
    rpc.receive_line();
    let (_, first) = rpc.receive_line();
    rpc.send(&json!({"type": "extension_ui_response", "id": first["id"], "value": "Go"}));
    let (_, second) = rpc.receive_line();
    assert_eq!(second["title"], "CI?");
    let since = Instant::now();
    signal_term(&rpc);
    let (_, completed) = rpc.receive_line();
    assert_eq!(kind(&completed), "pi-agent-ask:completed");
    assert_eq!(completed["data"]["result"]["cancelled"], true);
    let (_, result) = rpc.receive_line();
    assert_eq!((kind(&result), &result["id"]), ("result", &json!("c1")));
    let details = &result["result"]["details"];
    assert_eq!(details["cancelled"], true);
    assert_eq!(details["answers"][0]["values"], json!(["Go"]));
    let (_, waiting) = rpc.receive_line();
    assert_eq!(waiting["id"], "c2");
    assert_eq!(waiting["result"]["details"]["cancelled"], true);
    assert_eq!(rpc.exit_code(), 143);
    assert!(
        since.elapsed() < Duration::from_secs(3),
        "the signal took {:?} to end the wait",
        since.elapsed()
    );
}
