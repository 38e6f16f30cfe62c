//! A terminal going away under the real program, in real terminals in tmux: a closed pane
//! leaves nothing on standard error. Skipped, with a message, where tmux is not installed.

#![cfg(unix)]

mod support;

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::asking::{Asking, read_result};

const DATABASE_PROMPT: &str = "Which database should the service store its data in?";
const CHECKS_PROMPT: &str = "Which checks should run before every commit?";

fn database_answer() -> Value {
    json!({"database": {"values": ["postgres"], "labels": ["PostgreSQL"], "indices": [1]}})
}

/// The state letters `ps` shows for `pid` (`T` when stopped), empty once it is gone.
fn process_state(pid: u32) -> String {
    let output = Command::new("ps")
        .args(["-o", "stat=", "-p", &pid.to_string()])
        .output()
        .expect("ps runs");
    String::from_utf8_lossy(&output.stdout).trim().to_owned()
}

#[test]
fn closing_the_pane_prints_no_restore_error() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let tmux = &term.tmux;
    tmux.open_window(
        "closing",
        &format!(
            "HOME=\"$PWD\" {} demo --config \"$PWD/settings.json\" > result.json 2> stderr.txt",
            env!("CARGO_BIN_EXE_pi-agent-ask")
        ),
    );
    tmux.wait_for_window_text("closing", DATABASE_PROMPT);
    tmux.window_keys("closing", &["Enter"]);
    tmux.wait_for_window_text("closing", CHECKS_PROMPT);
    let pid = term.program_pid();
    tmux.run(&["kill-window", "-t", "main:closing"]);
    let text = tmux.wait_for_file(&term.result_path());
    let deadline = Instant::now() + Duration::from_secs(5);
    while !process_state(pid).is_empty() {
        assert!(Instant::now() < deadline, "the program is still running");
        std::thread::sleep(Duration::from_millis(20));
    }
    let stderr = std::fs::read_to_string(tmux.path("stderr.txt")).expect("standard error");
    assert_eq!(stderr, "", "restoring a closed terminal printed errors");
    let (_, details) = read_result(serde_json::from_str(&text).expect("one JSON result"));
    assert_eq!(details["cancelled"], json!(true));
    assert_eq!(details["answers"], database_answer());
}
