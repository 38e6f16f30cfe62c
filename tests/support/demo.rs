//! The demo questionnaire in a real terminal, for the tests of signals and job control.

use serde_json::{Value, json};

use super::asking::Asking;

/// The demo's first question.
pub const DATABASE_PROMPT: &str = "Which database should the service store its data in?";
/// The demo's second question.
pub const CHECKS_PROMPT: &str = "Which checks should run before every commit?";

/// The answers after the demo's first question is answered with `enter`.
pub fn database_answer() -> Value {
    json!({"database": {"values": ["postgres"], "labels": ["PostgreSQL"], "indices": [1]}})
}

/// Opens the demo and answers its first question; returns the program's process id.
pub fn demo_with_one_answer(term: &Asking) -> u32 {
    launched_with_one_answer(term, "demo")
}

/// Launches the program with `args` (the demo, with options) and answers its first question;
/// returns the program's process id.
pub fn launched_with_one_answer(term: &Asking, args: &str) -> u32 {
    term.launch(args);
    term.tmux.wait_for_text(DATABASE_PROMPT);
    term.press(&["Enter"], CHECKS_PROMPT);
    term.program_pid()
}

/// Checks that the shell's terminal is back in cooked mode.
pub fn assert_cooked(term: &Asking) {
    let stty = term.tmux.stty();
    let modes: Vec<&str> = stty.split_whitespace().collect();
    for mode in ["icanon", "echo", "isig"] {
        assert!(modes.contains(&mode), "{mode} is off:\n{stty}");
    }
}
