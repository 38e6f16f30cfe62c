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

/// What `module.function(trace, pids)` of the benchmarks returns for the trace fixture
/// `fixtures/traces/<trace>` (`pids` the rest of the call's arguments), as JSON; `None`
/// without `python3`.
fn marks_of_trace(
    module: &str,
    function: &str,
    trace: &str,
    pids: &str,
) -> Option<serde_json::Value> {
    python_json(&format!(
        "import json, sys; sys.path.insert(0, 'benches'); import {module}; \
         trace = open('fixtures/traces/{trace}').read(); \
         print(json.dumps({module}.{function}(trace, {pids})))"
    ))
}

#[test]
fn the_key_phases_are_read_from_a_real_trace_of_three_keys() {
    // Three keys sent to dialoguer (pid 13338) by the driver (pid 13258), as tracefs wrote
    // them: the first key is left out, and each other key's marks are the driver's write, the
    // wake-up, the switch to the program, its first write's entry and return, and the driver's
    // wait returning after it.
    let Some(keys) = marks_of_trace(
        "key_phases",
        "key_marks",
        "key-phases-dialoguer.txt",
        "13338, 13258",
    ) else {
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
    // dialoguer (pid 23669) started by the driver (pid 23628), as tracefs wrote it with other
    // processes' events among its own: the marks are its `exec`, its `rseq`, the standard
    // library's `poll` of descriptors 0 to 2, the return of its last SIGBUS action, its first
    // `write`, its first sleep (a switch away while it runs, at 44256.666475, is not one) and
    // the driver's first read with bytes in it, each with the page faults and system calls
    // the program made before it.
    let trace = "start-phases-dialoguer.txt";
    let (Some(with_driver), Some(alone)) = (
        marks_of_trace("start_phases", "start_marks", trace, "23669, 23628"),
        marks_of_trace("start_phases", "start_marks", trace, "23669"),
    ) else {
        return;
    };
    let mut expected = serde_json::json!({
        "exec": [44_256_664_464.0, 0, 0],
        "mapped": [44_256_665_022.0, 28, 30],
        "relocated": [44_256_665_831.0, 57, 37],
        "main": [44_256_666_429.0, 65, 59],
        "written": [44_256_666_454.0, 66, 62],
        "asleep": [44_256_666_582.0, 68, 74],
        "seen": [44_256_666_599.0, 68, 74]
    });
    assert_eq!(with_driver, expected, "with the driver's pid");
    expected.as_object_mut().expect("marks").remove("seen");
    assert_eq!(alone, expected, "without it, no read is looked for");
}

#[test]
fn a_start_without_the_standard_runtime_is_in_main_from_its_poll() {
    // This program (pid 444, driver 381), entered through its own `main` on glibc: it polls
    // descriptors 0 to 2 itself and sets no SIGBUS action, so `main` begins at that `poll` and
    // the standard library's start takes nothing.
    let trace = "start-phases-pi-agent-ask.txt";
    let Some(marks) = marks_of_trace("start_phases", "start_marks", trace, "444, 381") else {
        return;
    };
    let expected = serde_json::json!({
        "exec": [25_110_822_559.0, 0, 0],
        "mapped": [25_110_822_920.0, 20, 22],
        "relocated": [25_110_823_227.0, 71, 28],
        "main": [25_110_823_227.0, 71, 28],
        "written": [25_110_823_601.0, 110, 55],
        "asleep": [25_110_823_633.0, 110, 58],
        "seen": [25_110_823_704.0, 110, 58]
    });
    assert_eq!(marks, expected);
}
