//! No control character leaves in the JSON the program prints: DEL, the C1 controls and the
//! bidirectional controls in payload text or typed answers are written as `\u` escapes.

mod support;

use serde_json::{Value, json};
use support::run_program;

/// Characters a terminal or a reader could act on, from payload and typed text alike.
const HOSTILE: &str = "x\u{7f}\u{85}\u{9b}31m\u{202e}\u{2067}\u{2028}y";

fn assert_clean(stdout: &str) {
    let raw: Vec<char> = stdout
        .chars()
        .filter(|&c| (c.is_control() && c != '\n') || pi_agent_ask_core::json::needs_escape(c))
        .collect();
    assert!(raw.is_empty(), "raw controls {raw:?} in {stdout}");
}

#[test]
fn payload_and_typed_text_leave_the_json_result_escaped() {
    let dir = tempfile::tempdir().unwrap();
    let arguments = json!({"title": HOSTILE, "questions": [{"id": "q", "label": HOSTILE,
        "prompt": HOSTILE, "type": "multi", "options": [{"value": HOSTILE, "description": HOSTILE}]}]});
    let response = json!({"kind": "answer", "answers": {"q": {"values": [HOSTILE],
        "customText": HOSTILE, "note": HOSTILE}}});
    let arguments_path = dir.path().join("arguments.json");
    let response_path = dir.path().join("response.json");
    std::fs::write(&arguments_path, arguments.to_string()).unwrap();
    std::fs::write(&response_path, response.to_string()).unwrap();
    let output = run_program(
        &[
            "ask".into(),
            arguments_path.display().to_string(),
            "--answer".into(),
            response_path.display().to_string(),
        ],
        None,
    );
    assert_eq!(output.exit, 0, "{}", output.stderr);
    assert_clean(&output.stdout);
    let result: Value = serde_json::from_str(&output.stdout).expect("one JSON document");
    assert_eq!(result["details"]["answers"]["q"]["customText"], HOSTILE);
    let checked = run_program(
        &["check".into(), arguments_path.display().to_string()],
        None,
    );
    assert_clean(&checked.stdout);
}
