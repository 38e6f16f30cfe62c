//! No control character leaves in the JSON the program prints: DEL, the C1 controls and the
//! bidirectional controls in payload text or typed answers are written as `\u` escapes. Output
//! standard output cannot take is kept or taken back; a reader that went away ends the run as
//! SIGPIPE would.

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

#[test]
fn a_result_standard_output_cannot_take_is_written_on_stderr_instead_and_exits_1() {
    if !std::path::Path::new("/dev/full").exists() {
        eprintln!("skipped: no /dev/full to stand for a full disk");
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let arguments = json!({"questions": [{"id": "db", "prompt": "Which?",
        "options": [{"value": "pg"}]}]});
    let response = json!({"kind": "answer", "answers": {"db": {"values": ["pg"],
        "note": "typed with care"}}});
    std::fs::write(dir.path().join("arguments.json"), arguments.to_string()).unwrap();
    std::fs::write(dir.path().join("response.json"), response.to_string()).unwrap();
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_pi-agent-ask"))
        .current_dir(dir.path())
        .args(["ask", "arguments.json", "--answer", "response.json"])
        .stdout(std::fs::File::create("/dev/full").unwrap())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    let (said, result) = stderr.split_once('\n').unwrap_or_default();
    assert!(
        said.starts_with("pi-agent-ask: cannot write the output to standard output: ")
            && said.ends_with("; here it is instead:"),
        "{stderr}"
    );
    let result: Value = serde_json::from_str(result).expect("the result, whole");
    assert_eq!(
        result["details"]["answers"]["db"]["note"],
        json!("typed with care")
    );
}

#[test]
fn a_result_a_file_takes_only_part_of_is_taken_back_out_of_the_file() {
    let dir = tempfile::tempdir().unwrap();
    let arguments = json!({"questions": [{"id": "db", "prompt": "Which?",
        "options": [{"value": "pg"}]}]});
    let response = json!({"kind": "answer", "answers": {"db": {"values": ["pg"],
        "note": "n".repeat(4000)}}});
    std::fs::write(dir.path().join("arguments.json"), arguments.to_string()).unwrap();
    std::fs::write(dir.path().join("response.json"), response.to_string()).unwrap();
    let Some(mut command) = support::program_with_files_limited_to(9000) else {
        return;
    };
    let output = command
        .current_dir(dir.path())
        .args(["ask", "arguments.json", "--answer", "response.json"])
        .stdout(std::fs::File::create(dir.path().join("result.json")).unwrap())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(1));
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("here it is instead:"), "{stderr}");
    assert_eq!(
        std::fs::read_to_string(dir.path().join("result.json")).unwrap(),
        "",
        "the part the file took stayed in it"
    );
}

#[test]
fn a_long_check_whose_reader_goes_away_exits_as_sigpipe_would_and_says_nothing() {
    use std::io::Read as _;
    let dir = tempfile::tempdir().unwrap();
    let options: Vec<Value> = (0..20_000)
        .map(|n| json!({"value": format!("v{n}"), "label": format!("Option {n}")}))
        .collect();
    let arguments = json!({"questions": [{"id": "q", "prompt": "Which?", "options": options}]});
    std::fs::write(dir.path().join("arguments.json"), arguments.to_string()).unwrap();
    let mut child = std::process::Command::new(env!("CARGO_BIN_EXE_pi-agent-ask"))
        .current_dir(dir.path())
        .args(["check", "arguments.json"])
        .stdout(std::process::Stdio::piped())
        .stderr(std::process::Stdio::piped())
        .spawn()
        .unwrap();
    let mut start = [0_u8; 16];
    child
        .stdout
        .take()
        .expect("a pipe")
        .read_exact(&mut start)
        .expect("the output's start");
    let output = child.wait_with_output().unwrap();
    assert_eq!(output.status.code(), Some(141));
    assert_eq!(String::from_utf8_lossy(&output.stderr), "");
}
