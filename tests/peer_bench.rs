//! The peer benchmark's own files: the question every program shows is valid arguments, and
//! the peers' cargo project stays outside the product's workspace.

use std::path::Path;
use std::process::Command;

/// The repository's root.
fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn the_benchmark_question_passes_check_with_the_three_languages() {
    let output = Command::new(env!("CARGO_BIN_EXE_pi-agent-ask"))
        .arg("check")
        .arg(root().join("benches/peers/question.json"))
        .output()
        .expect("check runs");
    let verdict: serde_json::Value = serde_json::from_slice(&output.stdout).expect("JSON");
    assert_eq!(verdict["ok"], true, "{verdict}");
    let question = &verdict["arguments"]["questions"][0];
    assert_eq!(question["prompt"], "Which language should the service use?");
    let labels: Vec<&str> = question["options"]
        .as_array()
        .expect("options")
        .iter()
        .map(|option| option["label"].as_str().expect("a label"))
        .collect();
    assert_eq!(labels, ["Rust", "Go", "Python"]);
}

#[test]
fn the_peers_project_is_a_workspace_of_its_own() {
    let peers = std::fs::read_to_string(root().join("benches/peers/Cargo.toml")).expect("read");
    assert!(
        peers.lines().any(|line| line.trim() == "[workspace]"),
        "benches/peers/Cargo.toml declares its own workspace"
    );
    assert!(
        root().join("benches/peers/Cargo.lock").exists(),
        "the peers' lock file is kept"
    );
    let product = std::fs::read_to_string(root().join("Cargo.toml")).expect("read");
    let members = product
        .lines()
        .find(|line| line.starts_with("members"))
        .expect("the workspace's members");
    assert!(!members.contains("benches"), "{members}");
    assert!(!product.contains("inquire") && !product.contains("dialoguer"));
}

/// What the Python `script`, run from the repository's root, prints as JSON; `None` when
/// `python3` cannot be started here.
fn python_json(script: &str) -> Option<serde_json::Value> {
    let output = Command::new("python3")
        .arg("-c")
        .arg(script)
        .current_dir(root())
        .output()
        .ok()?;
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    Some(serde_json::from_slice(&output.stdout).expect("JSON"))
}

#[test]
fn the_key_phases_are_read_from_a_real_trace_of_three_keys() {
    // Three keys sent to dialoguer (pid 13338) by the driver (pid 13258), as tracefs wrote
    // them: the first key is left out, and each other key's marks are the driver's write, the
    // wake-up, the switch to the program, its first write's entry and return, and the driver's
    // wait returning after it.
    let script = "import json, sys; sys.path.insert(0, 'benches'); import key_phases; \
                  trace = open('fixtures/traces/key-phases-dialoguer.txt').read(); \
                  print(json.dumps(key_phases.key_marks(trace, 13338, 13258)))";
    let Some(keys) = python_json(script) else {
        return;
    };
    let keys = keys.as_array().expect("a list of keys");
    assert_eq!(keys.len(), 2, "{keys:?}");
    let second = serde_json::json!({
        "sent": 14_945_986_977.0, "woken": 14_945_987_178.0, "running": 14_945_987_184.0,
        "writing": 14_945_987_248.0, "written": 14_945_987_255.0, "seen": 14_945_987_348.0
    });
    assert_eq!(keys[0], second);
}

#[test]
fn the_start_phases_are_read_from_a_real_trace_of_one_start() {
    // dialoguer (pid 25306) started by the driver, as tracefs wrote it with other processes'
    // events among its own (a compiler ran beside it): the marks are its `exec`, its `rseq`,
    // the standard library's `poll` of descriptors 0 to 2, the return of its last SIGBUS
    // action, and its first `write`, each with the page faults and system calls before it.
    let script = "import json, sys; sys.path.insert(0, 'benches'); import start_phases; \
                  trace = open('fixtures/traces/start-phases-dialoguer.txt').read(); \
                  print(json.dumps(start_phases.start_marks(trace, 25306)))";
    let Some(marks) = python_json(script) else {
        return;
    };
    let expected = serde_json::json!({
        "exec": [26_193_445_879.0, 0, 0],
        "mapped": [26_193_446_172.0, 29, 30],
        "relocated": [26_193_446_393.0, 57, 37],
        "main": [26_193_446_533.0, 67, 59],
        "written": [26_193_446_552.0, 68, 62]
    });
    assert_eq!(marks, expected);
}
