//! What the program does before its first frame reaches the terminal, seen from outside by
//! `tests/first_frame_probe.py` on a pseudo-terminal it owns: the form opens on one thread and
//! one open description of the terminal, and the bell that announces it comes after the frame;
//! the terminal's modes, the frame and that bell leave in one write, the modes first; a key's
//! frame in one; the description turns non-blocking at the first wait, after the first frame,
//! and stays so, and standard input never does; the signals held back for the first frame are
//! all handled, none blocked, once the form waits for a key.
//! Skipped, with a message, where python3 is not installed.

#![cfg(unix)]

mod support;

use std::process::Command;

use serde_json::{Value, json};

/// The question of the peer benchmark: three options.
const QUESTION: &str = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/peers/question.json");

/// Runs `ask` on the benchmark's question at 120×40 with `settings`, through the probe; `None`
/// without python3.
fn probe(settings: &Value) -> Option<Value> {
    let python = Command::new("python3").arg("--version").output();
    if !python.is_ok_and(|output| output.status.success()) {
        eprintln!("skipped: python3 is not installed, so tests/first_frame_probe.py cannot run");
        return None;
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let config = dir.path().join("settings.json");
    std::fs::write(&config, settings.to_string()).expect("the settings are written");
    let command = [
        env!("CARGO_BIN_EXE_pi-agent-ask").to_owned(),
        "ask".to_owned(),
        QUESTION.to_owned(),
        "--ui".to_owned(),
        "tui".to_owned(),
        "--config".to_owned(),
        config.display().to_string(),
    ];
    let script = json!({
        "command": command,
        "dir": dir.path(),
        "size": [120, 40],
        "wait_for": "Which language should the service use?",
    });
    let output = support::without_surfaces(&mut Command::new("python3"))
        .arg(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/first_frame_probe.py"
        ))
        .arg(script.to_string())
        .env("HOME", dir.path())
        .output()
        .expect("python3 runs the probe");
    assert!(
        output.status.success(),
        "tests/first_frame_probe.py failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value = serde_json::from_slice(&output.stdout).expect("the probe reports JSON");
    assert_eq!(report["failure"], Value::Null, "{report:#}");
    Some(report)
}

#[test]
fn a_form_rung_in_by_the_bell_opens_on_one_thread_and_one_open_terminal() {
    let settings = json!({"schemaVersion": 5,
        "notifications": {"enabled": true, "channels": ["bell"]}});
    let Some(report) = probe(&settings) else {
        return;
    };
    assert_eq!(report["tasks_at_first_frame"], 1, "{report:#}");
    assert_eq!(report["tty_descriptions"], 1, "{report:#}");
    assert_eq!(report["bell_after_frame"], true, "{report:#}");
    assert_eq!(report["writes_at_first_frame"], 1, "{report:#}");
    assert_eq!(report["alternate_screen_first"], true, "{report:#}");
    assert_eq!(report["writes_for_key"], 1, "{report:#}");
    assert_eq!(report["tasks_after_key"], 1, "{report:#}");
    assert_eq!(report["exit"], 0, "{report:#}");
}

/// The first wait, which follows the first frame's one write, switches the terminal's
/// description to non-blocking reads before it sleeps: the first key is read at once, like
/// every other. Standard input, a description of its own, is left as it was.
#[test]
fn the_terminal_waits_for_the_first_key_non_blocking_and_stays_so_while_standard_input_never_does()
{
    let settings = json!({"schemaVersion": 5, "notifications": {"enabled": false}});
    let Some(report) = probe(&settings) else {
        return;
    };
    assert_eq!(report["writes_at_first_frame"], 1, "{report:#}");
    assert_eq!(report["nonblocking_before_key"], true, "{report:#}");
    assert_eq!(report["nonblocking_after_key"], true, "{report:#}");
    assert_eq!(report["stdin_nonblocking_after_key"], false, "{report:#}");
    assert_eq!(report["writes_for_key"], 1, "{report:#}");
}

/// The signals are held back while the first frame is drawn and handled from the first wait
/// on: once the form waits for its first key, none is blocked any longer and every signal
/// that ends, suspends or resizes the session has a handler.
#[test]
fn the_signals_held_for_the_first_frame_are_handled_once_the_form_waits_for_a_key() {
    let settings = json!({"schemaVersion": 5, "notifications": {"enabled": false}});
    let Some(report) = probe(&settings) else {
        return;
    };
    assert_eq!(
        report["signals_blocked_before_key"],
        json!([]),
        "{report:#}"
    );
    let caught = report["signals_caught_before_key"]
        .as_array()
        .expect("a list of signal numbers");
    // SIGHUP, SIGINT, SIGQUIT, SIGUSR1, SIGUSR2, SIGALRM, SIGTERM, SIGTSTP, SIGXCPU, SIGXFSZ,
    // SIGVTALRM and SIGWINCH, as Linux numbers them.
    for number in [1, 2, 3, 10, 12, 14, 15, 20, 24, 25, 26, 28] {
        assert!(
            caught.contains(&json!(number)),
            "signal {number}: {report:#}"
        );
    }
}

#[test]
fn a_form_with_notifications_off_rings_no_bell_and_runs_no_thread() {
    let settings = json!({"schemaVersion": 5,
        "notifications": {"enabled": false, "channels": ["bell"]}});
    let Some(report) = probe(&settings) else {
        return;
    };
    assert_eq!(report["tasks_at_first_frame"], 1, "{report:#}");
    assert_eq!(report["tty_descriptions"], 1, "{report:#}");
    assert_eq!(report["bell_after_frame"], false, "{report:#}");
    assert_eq!(report["tasks_after_key"], 1, "{report:#}");
}
