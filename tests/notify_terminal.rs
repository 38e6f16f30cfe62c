//! The "question waiting" notification in a real terminal: the form asks for it as it opens,
//! and the program sends it through the channels of the settings file, once per ask. Skipped,
//! with a message, where tmux is not installed.

#![cfg(unix)]

mod support;

use std::path::Path;
use std::time::{Duration, Instant};

use serde_json::json;
use support::asking::Asking;

const DATABASE_PROMPT: &str = "Which database should the service store its data in?";

/// Settings whose one channel appends the notification's message to `notified.txt`.
fn write_settings(term: &Asking, enabled: bool) {
    let command = "printf '%s\\n' \"$ASK_NOTIFY_MESSAGE\" >> notified.txt";
    let settings = json!({"schemaVersion": 5, "notifications": {"enabled": enabled,
        "channels": [{"type": "command", "command": command}]}});
    std::fs::write(term.tmux.path("settings.json"), settings.to_string())
        .expect("the settings are written");
}

/// The lines of `path` once it has at least one, or none after `limit`.
fn lines_within(path: &Path, limit: Duration) -> Vec<String> {
    let start = Instant::now();
    loop {
        let text = std::fs::read_to_string(path).unwrap_or_default();
        if !text.is_empty() || start.elapsed() >= limit {
            return text.lines().map(str::to_owned).collect();
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

#[test]
fn a_waiting_question_is_announced_once_as_the_form_opens() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    write_settings(&term, true);
    term.launch("demo");
    term.tmux.wait_for_text(DATABASE_PROMPT);
    let notified = term.tmux.path("notified.txt");
    assert_eq!(
        lines_within(&notified, Duration::from_secs(10)),
        ["Question waiting: Database"]
    );
    term.press(&["?"], "Ask settings");
    term.press(&["Escape"], DATABASE_PROMPT);
    term.press(&["Down"], DATABASE_PROMPT);
    term.tmux.keys(&["Escape"]);
    let (_, exit) = term.finish();
    assert_eq!(exit, 0);
    assert_eq!(
        lines_within(&notified, Duration::ZERO),
        ["Question waiting: Database"]
    );
}

#[test]
fn notifications_turned_off_announce_nothing() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    write_settings(&term, false);
    term.launch("demo");
    term.tmux.wait_for_text(DATABASE_PROMPT);
    let notified = term.tmux.path("notified.txt");
    assert!(lines_within(&notified, Duration::from_millis(500)).is_empty());
    term.tmux.keys(&["Escape"]);
    let (_, exit) = term.finish();
    assert_eq!(exit, 0);
    assert!(!notified.exists());
}
