//! A notification about a very long question stays short on every channel: the real program in
//! a real terminal, announcing through a command channel. Skipped, with a message, where tmux
//! is not installed.

#![cfg(unix)]

mod support;

use std::time::{Duration, Instant};

use serde_json::json;
use support::asking::Asking;

/// How long the question's label is: its notification would be far over the 128 KiB one
/// environment variable may hold.
const LABEL_CHARS: usize = 300_000;

#[test]
fn a_command_channel_receives_the_capped_notification_text_in_its_environment() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let command =
        "printf '%s\\n%s\\n' \"$ASK_NOTIFY_TITLE\" \"$ASK_NOTIFY_MESSAGE\" > notified.txt";
    let settings = json!({"schemaVersion": 5, "notifications": {"enabled": true,
        "channels": [{"type": "command", "command": command}]}});
    std::fs::write(term.tmux.path("settings.json"), settings.to_string())
        .expect("the settings are written");
    let label = format!("Long{}", "g".repeat(LABEL_CHARS - 4));
    term.write_arguments(
        "arguments.json",
        &json!({"questions": [{"id": "q", "label": label, "prompt": "Which one?",
            "options": [{"value": "a"}, {"value": "b"}]}]}),
    );
    term.launch("ask arguments.json --ui tui");
    term.tmux.wait_for_text("Which one?");
    let notified = term.tmux.path("notified.txt");
    let deadline = Instant::now() + Duration::from_secs(10);
    let text = loop {
        let text = std::fs::read_to_string(&notified).unwrap_or_default();
        if text.ends_with('\n') && text.lines().count() == 2 {
            break text;
        }
        assert!(
            Instant::now() < deadline,
            "the command channel never ran (its environment was too large?)"
        );
        std::thread::sleep(Duration::from_millis(20));
    };
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines[0], "pi-agent-ask");
    assert_eq!(lines[1].chars().count(), 200, "{}", lines[1]);
    assert!(
        lines[1].starts_with("Question waiting: Longggg"),
        "{}",
        lines[1]
    );
    assert!(lines[1].ends_with("g…"), "{}", lines[1]);
    term.tmux.keys(&["Escape"]);
    let (_, exit) = term.finish();
    assert_eq!(exit, 0);
}
