//! Signals, suspending and a terminal going away, with the real program in real terminals in
//! tmux: whatever the program is waiting for, a signal ends the flow at once with the terminal
//! restored and the answers so far; ctrl+z stops the whole job the way it does for any
//! full-screen program; a closed pane leaves nothing on standard error. Skipped, with a
//! message, where tmux is not installed.

#![cfg(unix)]

mod support;

use std::path::Path;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::json;
use support::asking::{Asking, assert_ended, exit_status, process_state, read_result};
use support::demo::{
    CHECKS_PROMPT, DATABASE_PROMPT, assert_cooked, database_answer, demo_with_one_answer,
};

/// How soon after a signal the result must be there.
const SIGNAL_ACTS_WITHIN: Duration = Duration::from_millis(500);

/// How long it took for `path` to fill, if it did within `limit`.
fn filled_within(path: &Path, limit: Duration) -> Option<Duration> {
    let start = Instant::now();
    while start.elapsed() < limit {
        if std::fs::metadata(path).is_ok_and(|file| file.len() > 0) {
            return Some(start.elapsed());
        }
        std::thread::sleep(Duration::from_millis(5));
    }
    None
}

/// The parent of `pid`.
fn parent_of(pid: u32) -> u32 {
    let output = Command::new("ps")
        .args(["-o", "ppid=", "-p", &pid.to_string()])
        .output()
        .expect("ps runs");
    String::from_utf8_lossy(&output.stdout)
        .trim()
        .parse()
        .expect("a parent process id")
}

/// Sends `signal` and checks that the cancelled result with the first answer comes within
/// [`SIGNAL_ACTS_WITHIN`], with exit `128 + number` and the terminal restored.
fn assert_signal_ends_the_flow(term: &Asking, pid: u32, signal: &str, number: i32) {
    support::send_signal(pid, signal);
    let took = filled_within(&term.result_path(), SIGNAL_ACTS_WITHIN * 4);
    assert!(
        took.is_some_and(|took| took <= SIGNAL_ACTS_WITHIN),
        "SIG{signal}: the result came after {took:?}; the screen was:\n{}",
        term.tmux.screen()
    );
    let (document, exit) = term.finish();
    assert_eq!(exit, 128 + number, "SIG{signal}");
    assert_eq!(term.tmux.pane_var("alternate_on"), "0", "alternate screen");
    assert_eq!(term.tmux.pane_var("cursor_flag"), "1", "cursor visible");
    assert_eq!(term.tmux.pane_var("mouse_any_flag"), "0", "mouse reporting");
    let (text, details) = read_result(document);
    assert_eq!(
        text,
        "User cancelled the ask flow\nRequest ID: <request-id>"
    );
    assert_eq!(details["answers"], database_answer(), "SIG{signal}");
}

#[test]
fn signals_act_within_100_ms_after_a_cut_escape_sequence() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    for (cut, signal, number) in [(&b"\x1b["[..], "TERM", 15), (b"\x1b[1;", "HUP", 1)] {
        let pid = demo_with_one_answer(&term);
        term.tmux.bytes(cut);
        std::thread::sleep(Duration::from_millis(100));
        assert_signal_ends_the_flow(&term, pid, signal, number);
    }
    assert_cooked(&term);
}

#[test]
fn signals_act_within_100_ms_after_a_cut_mouse_report_or_a_lone_utf8_lead_byte() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    for (cut, signal, number) in [(&b"\x1b[<0;12"[..], "INT", 2), (b"\xc3", "TERM", 15)] {
        let pid = demo_with_one_answer(&term);
        term.tmux.bytes(cut);
        std::thread::sleep(Duration::from_millis(100));
        assert_signal_ends_the_flow(&term, pid, signal, number);
    }
}

#[test]
fn ctrl_c_after_an_unterminated_paste_start_ends_the_flow() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.launch("demo");
    term.tmux.wait_for_text(DATABASE_PROMPT);
    term.tmux.bytes(b"\x1b[200~");
    std::thread::sleep(Duration::from_millis(100));
    term.tmux.keys(&["C-c"]);
    let took = filled_within(&term.result_path(), Duration::from_secs(3));
    assert!(
        took.is_some(),
        "ctrl+c was swallowed:\n{}",
        term.tmux.screen()
    );
    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    let (_, details) = read_result(document);
    assert_eq!(details["cancelled"], json!(true));
}

#[test]
fn every_catchable_fatal_signal_restores_the_terminal_and_prints_the_answers_so_far() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    for (signal, number) in [("QUIT", 3), ("USR1", 10), ("VTALRM", 26)] {
        let pid = demo_with_one_answer(&term);
        assert_signal_ends_the_flow(&term, pid, signal, number);
    }
    assert_cooked(&term);
}

#[test]
fn ctrl_z_suspends_the_whole_foreground_job() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let tmux = &term.tmux;
    tmux.type_line(&format!(
        "clear; sh -c 'HOME=\"$PWD\" {} demo --config \"$PWD/settings.json\" > result.json; \
         echo parent-done'",
        env!("CARGO_BIN_EXE_pi-agent-ask")
    ));
    tmux.wait_for_text(DATABASE_PROMPT);
    term.press(&["Enter"], CHECKS_PROMPT);
    let pid = term.program_pid();
    let parent = parent_of(pid);

    tmux.keys(&["C-z"]);
    tmux.wait_for_text("Stopped");
    assert_eq!(tmux.pane_var("alternate_on"), "0", "alternate screen");
    assert_eq!(tmux.pane_var("cursor_flag"), "1", "cursor visible");
    for process in [pid, parent] {
        assert!(process_state(process).starts_with('T'), "{process} runs");
    }

    tmux.type_line("fg");
    tmux.wait_for_text(CHECKS_PROMPT);
    assert_eq!(tmux.pane_var("alternate_on"), "1", "the form is back");
    term.press(&["BTab", "BTab"], "Review your answers");
    tmux.keys(&["Enter"]);
    tmux.wait_for_text("parent-done");
    let text = tmux.wait_for_file(&term.result_path());
    let document = serde_json::from_str(&text).expect("one JSON result");
    let (_, details) = read_result(document);
    assert_eq!(details["cancelled"], json!(false));
    assert_eq!(details["answers"], database_answer());
}

#[test]
fn a_signal_a_stopped_form_takes_as_it_continues_ends_it_with_the_answers_so_far() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let pid = demo_with_one_answer(&term);
    term.tmux.keys(&["C-z"]);
    term.tmux.wait_for_text("Stopped");
    // The shell sends SIGTERM, then SIGCONT: the process takes the signal as it continues,
    // in the background, and ends without taking the terminal again.
    term.tmux.type_line("kill %1");
    let text = term.tmux.wait_for_file(&term.result_path());
    let (_, details) = read_result(serde_json::from_str(&text).expect("one JSON result"));
    assert_eq!(details["cancelled"], json!(true));
    assert_eq!(details["answers"], database_answer());
    assert_ended(pid);
    assert_cooked(&term);
}

#[test]
fn a_terminal_closed_while_the_form_is_stopped_ends_it_with_the_answers_so_far() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.tmux.open_window("shell", "bash --norc --noprofile");
    term.tmux.window_keys(
        "shell",
        &[
            &format!(
                "HOME=\"$PWD\" {} demo --config \"$PWD/settings.json\" > result.json",
                env!("CARGO_BIN_EXE_pi-agent-ask")
            ),
            "Enter",
        ],
    );
    term.tmux.wait_for_window_text("shell", DATABASE_PROMPT);
    term.tmux.window_keys("shell", &["Enter"]);
    term.tmux.wait_for_window_text("shell", CHECKS_PROMPT);
    term.tmux.window_keys("shell", &["C-z"]);
    term.tmux.wait_for_window_text("shell", "Stopped");
    // Closing the window hangs its terminal up: the shell sends its stopped job SIGHUP and
    // SIGCONT.
    term.tmux.run(&["kill-window", "-t", "main:shell"]);
    let text = term.tmux.wait_for_file(&term.result_path());
    let (_, details) = read_result(serde_json::from_str(&text).expect("one JSON result"));
    assert_eq!(details["cancelled"], json!(true));
    assert_eq!(details["answers"], database_answer());
}

#[test]
fn ctrl_z_is_ignored_without_job_control() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let tmux = &term.tmux;
    tmux.open_window(
        "alone",
        &format!(
            "HOME=\"$PWD\" {} demo --config \"$PWD/settings.json\" > result.json; \
             echo $? > exit.txt",
            env!("CARGO_BIN_EXE_pi-agent-ask")
        ),
    );
    tmux.wait_for_window_text("alone", DATABASE_PROMPT);
    let pid = term.program_pid();
    tmux.window_keys("alone", &["C-z"]);
    std::thread::sleep(Duration::from_millis(200));
    assert!(!process_state(pid).starts_with('T'), "the program stopped");
    tmux.window_keys("alone", &["Enter"]);
    tmux.wait_for_window_text("alone", CHECKS_PROMPT);
    support::send_signal(pid, "TERM");
    let exit = tmux.wait_for_file(&tmux.path("exit.txt"));
    assert_eq!(exit.trim(), "143");
    let text = std::fs::read_to_string(term.result_path()).expect("the result");
    let (_, details) = read_result(serde_json::from_str(&text).expect("one JSON result"));
    assert_eq!(details["answers"], database_answer());
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

#[test]
fn a_host_that_stops_reading_the_output_ends_the_form_with_the_terminal_restored() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let reader = format!("sleep 3607.{}", std::process::id());
    term.tmux.type_line(&format!(
        "clear; {{ HOME=\"$PWD\" {} demo --config \"$PWD/settings.json\"; echo \"exit=$?\" >&2; }} \
         | {reader}",
        env!("CARGO_BIN_EXE_pi-agent-ask")
    ));
    term.tmux.wait_for_text(DATABASE_PROMPT);
    term.press(&["Enter"], CHECKS_PROMPT);
    let pid = term.program_pid();
    let killed = Command::new("pkill")
        .args(["-f", &format!("^{reader}$")])
        .status()
        .expect("pkill runs");
    assert!(killed.success(), "the reader was running");
    let screen = term
        .tmux
        .wait_for("the exit status", |screen| exit_status(screen).is_some());
    assert_eq!(exit_status(&screen), Some(141), "{screen}");
    assert!(process_state(pid).is_empty(), "the program is gone");
    assert_eq!(term.tmux.pane_var("alternate_on"), "0", "alternate screen");
    assert_eq!(term.tmux.pane_var("cursor_flag"), "1", "cursor visible");
    assert_cooked(&term);
}

#[test]
fn a_paste_still_arriving_when_a_signal_ends_the_inbox_never_reaches_the_shell() {
    let Some(term) = support::inbox::Terminal::start() else {
        return;
    };
    term.open_inbox();
    term.term.tmux.paste_shell_lines();
    support::send_signal(term.inbox_pid().parse().expect("a process id"), "TERM");
    term.wait_for("the inbox's exit status", |screen| {
        screen.contains("inbox-exit=143")
    });
    term.term.tmux.assert_no_pasted_line_ran();
}
