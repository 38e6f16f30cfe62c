//! Job control with the real program in real terminals in tmux: a form stopped by what it
//! cannot catch takes its terminal back when continued; ctrl+z drops what was typed after it
//! and the rest of a paste still arriving, and stops the form by SIGTSTP itself; a form started
//! in the background takes keys from its first frame once brought to the front. Skipped, with
//! a message, where tmux is not installed.

#![cfg(unix)]

mod support;

use std::process::Command;
use std::time::Duration;

use serde_json::json;
use support::asking::{Asking, process_state, read_result};
use support::demo::{
    CHECKS_PROMPT, DATABASE_PROMPT, assert_cooked, database_answer, demo_with_one_answer,
    launched_with_one_answer,
};

/// The line settings of the pane's terminal, read from outside while the form has it.
fn pane_line_modes(term: &Asking) -> Vec<String> {
    let tty = term.tmux.pane_var("pane_tty");
    let output = Command::new("stty")
        .args(["-a", "-F", tty.trim()])
        .output()
        .expect("stty runs");
    String::from_utf8_lossy(&output.stdout)
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

/// Goes back to the review from the second question and submits; checks the result, which
/// is the proof that the program ended (the shell went on to the command after it when it
/// stopped).
fn submit_from_the_second_question(term: &Asking) {
    term.press(&["BTab", "BTab"], "Review your answers");
    term.tmux.keys(&["Enter"]);
    let text = term.tmux.wait_for_file(&term.result_path());
    let (_, details) = read_result(serde_json::from_str(&text).expect("one JSON result"));
    assert_eq!(details["cancelled"], json!(false));
    assert_eq!(details["answers"], database_answer());
}

/// Stops the form with SIGSTOP, which it cannot catch, and continues it with the shell's `fg`.
fn stop_from_elsewhere_and_continue(term: &Asking, pid: u32) {
    support::send_signal(pid, "STOP");
    term.tmux.wait_for_text("Stopped");
    term.tmux.type_line("fg");
}

#[test]
fn a_form_stopped_from_elsewhere_takes_its_terminal_back_from_the_shell_when_continued() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let pid = demo_with_one_answer(&term);
    stop_from_elsewhere_and_continue(&term, pid);
    term.tmux.wait_for("the form drawn whole again", |screen| {
        screen.contains(CHECKS_PROMPT) && !screen.contains("Stopped")
    });
    let modes = pane_line_modes(&term);
    for mode in ["-icanon", "-echo", "-isig"] {
        assert!(modes.iter().any(|m| m == mode), "{mode}: {modes:?}");
    }
    // Keys reach the form as they are pressed, not once a line is ended.
    submit_from_the_second_question(&term);
    assert_cooked(&term);
}

#[test]
fn an_inline_form_stopped_from_elsewhere_comes_back_below_what_the_shell_wrote() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let pid = launched_with_one_answer(&term, "demo --inline");
    stop_from_elsewhere_and_continue(&term, pid);
    let screen = term
        .tmux
        .wait_for("the form below the shell's lines", |screen| {
            let fg = screen.lines().position(|line| line.trim_end() == "$ fg");
            let prompt = screen.lines().position(|line| line.contains(CHECKS_PROMPT));
            fg.zip(prompt).is_some_and(|(fg, prompt)| prompt > fg)
        });
    assert!(
        screen.contains("Stopped"),
        "the shell's lines are kept:\n{screen}"
    );
    let modes = pane_line_modes(&term);
    assert!(modes.iter().any(|m| m == "-icanon"), "{modes:?}");
    submit_from_the_second_question(&term);
}

#[test]
fn ctrl_z_drops_what_comes_after_it_so_neither_the_shell_nor_the_form_acts_on_it() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.launch("demo");
    term.tmux.wait_for_text(DATABASE_PROMPT);
    // A paste stalled long enough to be given up, with ctrl+z typed in it; its rest, a
    // command, arrives after the ctrl+z.
    term.press(&["Up", "Enter"], "alt+enter");
    term.tmux.bytes(b"\x1b[200~part one\n");
    std::thread::sleep(Duration::from_millis(300));
    term.tmux.bytes(b"\x1a");
    std::thread::sleep(Duration::from_millis(500));
    term.tmux.bytes(b"echo LEAK > leak.txt\n\x1b[201~");
    term.tmux.wait_for_text("Stopped");
    std::thread::sleep(Duration::from_millis(300));
    assert!(
        !term.tmux.path("leak.txt").exists(),
        "the shell ran the paste's rest:\n{}",
        term.tmux.screen()
    );
    term.tmux.type_line("fg");
    term.tmux.wait_for_text("part one");
    // A key read with ctrl+z is dropped with it: `2` would pick the second option.
    term.tmux.keys(&["Escape"]);
    term.tmux.wait_for_text(DATABASE_PROMPT);
    term.tmux.bytes(b"\x1a2");
    term.tmux.wait_for_text("Stopped");
    term.tmux.type_line("fg");
    term.tmux.wait_for_text(DATABASE_PROMPT);
    term.tmux.keys(&["Escape"]);
    term.tmux.keys(&["Escape"]);
    let text = term.tmux.wait_for_file(&term.result_path());
    let (_, details) = read_result(serde_json::from_str(&text).expect("one JSON result"));
    assert_eq!(details["cancelled"], json!(true));
    assert_eq!(
        details["answers"]["database"]["values"],
        json!(["part one"]),
        "the typed answer is kept, and no option was picked: {details}"
    );
}

#[test]
fn a_form_started_in_the_background_takes_keys_from_its_first_frame_once_brought_to_the_front() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.write_arguments(
        "questions.json",
        &json!({"questions": [{"id": "database", "prompt": DATABASE_PROMPT, "options": [
            {"value": "postgres", "label": "PostgreSQL"}, {"value": "sqlite", "label": "SQLite"}
        ]}]}),
    );
    term.tmux.type_line(&format!(
        "HOME=\"$PWD\" {} ask questions.json --ui tui --config \"$PWD/settings.json\" \
         > result.json &",
        env!("CARGO_BIN_EXE_pi-agent-ask")
    ));
    // The shell says the job stopped (taking the terminal) at its next prompt.
    std::thread::sleep(Duration::from_millis(500));
    term.tmux.type_line("");
    term.tmux.wait_for_text("Stopped");
    term.tmux.type_line("fg");
    term.tmux.wait_for_text(DATABASE_PROMPT);
    term.press(&["2"], "Review your answers");
    term.tmux.keys(&["Enter"]);
    let text = term.tmux.wait_for_file(&term.result_path());
    let (_, details) = read_result(serde_json::from_str(&text).expect("one JSON result"));
    assert_eq!(details["answers"]["database"]["values"], json!(["sqlite"]));
}

#[test]
fn ctrl_z_stops_the_form_by_sigtstp_as_the_shell_reports_a_suspended_job() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let pid = demo_with_one_answer(&term);
    term.tmux.keys(&["C-z"]);
    term.tmux.wait_for_text("Stopped");
    // `jobs -l` says `Stopped (signal)` for a job SIGSTOP stopped, as from elsewhere.
    term.tmux.type_line("jobs -l");
    let screen = term.tmux.wait_for("the jobs listed", |screen| {
        screen
            .split_once("$ jobs -l")
            .is_some_and(|(_, listed)| listed.contains("Stopped"))
    });
    let (_, listed) = screen.split_once("$ jobs -l").unwrap_or_default();
    assert!(!listed.contains("Stopped (signal)"), "{screen}");
    assert!(process_state(pid).starts_with('T'));
    term.tmux.type_line("fg");
    submit_from_the_second_question(&term);
}
