//! `pi-agent-ask settings` in a real terminal: tmux runs it at a fixed size, keys are sent with
//! `send-keys` and the screen read with `capture-pane`. Skipped when tmux is not installed.

#![cfg(unix)]

mod support;

use std::path::Path;
use std::process::Command;
use std::time::Instant;

use serde_json::Value;

use support::tmux::{self, DEFAULT_WAIT, Tmux};

/// An 80×24 terminal, or `None` (with a note) when tmux is not installed.
fn terminal() -> Option<Tmux> {
    if tmux::available() {
        Some(Tmux::start(80, 24))
    } else {
        eprintln!("tmux is not installed; skipped");
        None
    }
}

/// Types the command line that opens the overlay on `config`, then prints its exit code.
fn open_settings(tmux: &Tmux, config: &Path) {
    tmux.type_line(&format!(
        "'{}' settings --config '{}'; echo EXIT=$?",
        env!("CARGO_BIN_EXE_pi-agent-ask"),
        config.display()
    ));
}

/// Polls `read` every 20 ms until it gives a value; panics after [`DEFAULT_WAIT`].
fn wait_until<T>(what: &str, mut read: impl FnMut() -> Option<T>) -> T {
    let deadline = Instant::now() + DEFAULT_WAIT;
    loop {
        if let Some(value) = read() {
            return value;
        }
        assert!(Instant::now() < deadline, "timed out waiting for {what}");
        std::thread::sleep(std::time::Duration::from_millis(20));
    }
}

fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

#[test]
fn toggling_a_setting_saves_valid_json_and_escape_closes() {
    let Some(tmux) = terminal() else {
        return;
    };
    let config = tmux.path("s.json");
    open_settings(&tmux, &config);
    let screen = tmux.wait_for_text("Ask settings");
    assert!(screen.contains("[x] Notifications"), "{screen}");
    assert!(screen.contains(&config.display().to_string()), "{screen}");
    let created = wait_until("the file with the defaults", || read_json(&config));
    assert_eq!(created["notifications"]["enabled"], Value::Bool(true));

    tmux.keys(&["Down", "Down", "Down", "Enter"]);
    tmux.wait_for_text("[ ] Notifications");
    let saved = wait_until("the changed file", || {
        read_json(&config).filter(|document| document != &created)
    });
    assert_eq!(saved["notifications"]["enabled"], Value::Bool(false));
    assert_eq!(saved["behaviour"], created["behaviour"]);
    assert_eq!(saved["keymaps"], created["keymaps"]);

    tmux.keys(&["Escape"]);
    tmux.wait_for_text("EXIT=0");
}

#[test]
fn an_invalid_file_is_left_alone_and_the_toggle_reverts() {
    let Some(tmux) = terminal() else {
        return;
    };
    let config = tmux.path("s.json");
    let written = b"{\"schemaVersion\": 5, \"behaviour\": {\"showFooterHints\": \"yes\"}}\n";
    std::fs::write(&config, written).unwrap();
    open_settings(&tmux, &config);
    tmux.wait_for_text("Config was invalid or unsupported.");
    tmux.keys(&["Space"]);
    let screen = tmux.wait_for_text("so the change was not saved");
    assert!(
        screen.contains("[ ] Auto-submit when answered without notes"),
        "{screen}"
    );
    assert_eq!(std::fs::read(&config).unwrap(), written);
    tmux.keys(&["C-c"]);
    tmux.wait_for_text("EXIT=0");
    assert_eq!(std::fs::read(&config).unwrap(), written);
}

#[test]
fn without_a_terminal_settings_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("s.json");
    let Ok(output) = Command::new("setsid")
        .arg("--wait")
        .arg(env!("CARGO_BIN_EXE_pi-agent-ask"))
        .args(["settings", "--config"])
        .arg(&config)
        .stdin(std::process::Stdio::null())
        .output()
    else {
        eprintln!("setsid is not installed; skipped");
        return;
    };
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("settings needs a terminal"), "{stderr}");
    assert!(!config.exists(), "nothing is written without a terminal");
}

#[test]
fn question_mark_opens_the_settings_over_the_questionnaire() {
    let Some(tmux) = terminal() else {
        return;
    };
    let config = tmux.path("s.json");
    let out = tmux.path("out.json");
    tmux.type_line(&format!(
        "'{}' demo --config '{}' > '{}'",
        env!("CARGO_BIN_EXE_pi-agent-ask"),
        config.display(),
        out.display()
    ));
    tmux.wait_for_text("esc cancel");
    tmux.keys(&["?"]);
    tmux.wait_for_text("Ask settings");
    tmux.keys(&["Down", "Down", "Down", "Down", "Enter"]);
    wait_until("the saved footer-hints switch", || {
        read_json(&config).filter(|doc| doc["behaviour"]["showFooterHints"] == Value::Bool(false))
    });
    tmux.keys(&["Escape"]);
    let screen = tmux.wait_for("the form without footer hints", |screen| {
        !screen.contains("Ask settings") && !screen.contains("esc cancel")
    });
    assert!(screen.contains("Which database"), "{screen}");
    tmux.keys(&["C-c"]);
    let result = tmux.wait_for_file(&out);
    assert!(result.contains("\"cancelled\": true"), "{result}");
}
