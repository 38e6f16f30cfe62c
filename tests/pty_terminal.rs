//! The real program on a pseudo-terminal that `tests/pty_driver.py` owns, for what tmux cannot
//! do: sizes up to 65535×65535, and a terminal that goes away without a SIGHUP reaching the
//! program. Skipped, with a message, where python3 is not installed.

#![cfg(unix)]

mod support;

use std::path::Path;

use serde_json::{Value, json};
use support::pty::{ScreenModel, Setup, drive, drive_set_up};

/// The largest size a terminal can report.
const HUGE: (u16, u16) = (65535, 65535);

/// The demo's first answer, as the result records it.
fn database_answer() -> Value {
    json!({"database": {"values": ["postgres"], "labels": ["PostgreSQL"], "indices": [1]}})
}

/// Answers the demo's first question with Enter, then ends the run with SIGTERM.
fn answer_one_then_terminate() -> Vec<Value> {
    vec![
        json!({"write": "\r"}),
        json!({"wait_for": "Which checks should run"}),
        json!({"signal": "TERM"}),
    ]
}

/// A signal sent the moment the first frame shows comes while the signals are still held for
/// that frame, or just after: either way it ends the run as any other would, with the
/// interrupted result, `128 + 15` and the terminal restored.
#[test]
fn a_signal_the_moment_the_first_frame_shows_ends_the_run_with_the_terminal_restored() {
    let steps = json!([{"wait_for": "Which database should"}, {"signal": "TERM"}]);
    let Some(report) = drive(&["demo"], (120, 40), &steps, 5.0) else {
        return;
    };
    report.assert_ended_with(143);
    report.assert_restored();
    assert_eq!(report.details()["answers"], json!({}));
}

/// The form reads clicks and wheel turns, and drops drags and pointer motion: it asks the
/// terminal for those reports only (1000, in SGR's encoding 1006), so a pointer moved over an
/// idle form wakes nothing (1003 reports every motion, 1002 every drag).
#[test]
fn the_form_asks_for_clicks_and_the_wheel_not_for_every_motion_of_the_pointer() {
    let steps = json!([{"wait_for": "Which database should"}, {"signal": "TERM"}]);
    let Some(report) = drive(&["demo"], (120, 40), &steps, 5.0) else {
        return;
    };
    report.assert_ended_with(143);
    report.assert_restored();
    let asked: Vec<&str> = ["1000", "1002", "1003", "1006", "1015"]
        .into_iter()
        .filter(|mode| report.output.contains(&format!("\x1b[?{mode}h")))
        .collect();
    assert_eq!(asked, ["1000", "1006"], "mouse modes turned on");
}

#[test]
fn a_huge_terminal_size_never_aborts_at_start() {
    let mut steps = vec![json!({"wait_for": "Which database should"})];
    steps.extend(answer_one_then_terminate());
    let Some(report) = drive(&["demo"], HUGE, &Value::from(steps), 5.0) else {
        return;
    };
    report.assert_ended_with(143);
    report.assert_restored();
    assert_eq!(report.details()["answers"], database_answer());
}

#[test]
fn a_huge_terminal_size_never_aborts_in_settings() {
    let steps = json!([{"wait_for": "Ask settings"}, {"write": "\x1b"}]);
    let Some(report) = drive(&["settings"], HUGE, &steps, 5.0) else {
        return;
    };
    report.assert_ended_with(0);
    report.assert_restored();
    assert_eq!(report.stdout, "");
}

#[test]
fn a_huge_terminal_size_never_aborts_on_a_resize_mid_flow() {
    let mut steps = vec![
        json!({"wait_for": "Which database should"}),
        json!({"resize": [HUGE.0, HUGE.1]}),
        json!({"sleep": 0.2}),
    ];
    steps.extend(answer_one_then_terminate());
    let Some(report) = drive(&["demo"], (80, 24), &Value::from(steps), 5.0) else {
        return;
    };
    report.assert_ended_with(143);
    report.assert_restored();
    assert_eq!(report.details()["answers"], database_answer());
}

#[test]
fn a_hang_up_without_sighup_ends_the_flow() {
    let steps = json!([
        {"wait_for": "Which database should"},
        {"write": "\r"},
        {"wait_for": "Which checks should run"},
        {"mark": true},
        {"close": true}
    ]);
    let Some(report) = drive(&["demo"], (80, 24), &steps, 1.0) else {
        return;
    };
    report.assert_ended_with(129);
    assert!(report.seconds < 1.0, "ended after {} s", report.seconds);
    assert_eq!(
        report.stderr, "",
        "restoring a closed terminal printed errors"
    );
    let details = report.details();
    assert_eq!(details["cancelled"], json!(true));
    assert_eq!(details["answers"], database_answer());
}

#[test]
fn keys_typed_while_the_terminal_reports_its_cursor_are_kept() {
    let steps = json!([
        {"answer_cursor_query": "2"},
        {"wait_for": "Which checks should run"},
        {"signal": "TERM"}
    ]);
    let Some(report) = drive(&["demo", "--inline", "12"], (80, 24), &steps, 5.0) else {
        return;
    };
    report.assert_ended_with(143);
    assert_eq!(
        report.details()["answers"]["database"]["values"],
        json!(["sqlite"])
    );
}

/// A click that submits ends the form on the button's press; the terminal sends the release a
/// moment later (a tap holds the button some 100 ms), before it reads that the mouse reports
/// are off. The program reads that release before it leaves, so it does not wait on the
/// terminal for the shell: echoed as the line modes come back, it showed `^[[<0;5;36m` on the
/// shell's command line, which then held `0;5;36m`.
#[test]
fn the_release_of_the_click_that_submits_is_read_not_left_for_the_shell() {
    let (press, release) = ("\x1b[<0;5;36M", "\x1b[<0;5;36m");
    let steps = json!([
        {"wait_for": "Which language should"},
        {"write": "\r"},
        {"wait_for": "Send the answers"},
        {"write": format!("{press}{release}")},
        {"wait_for": "again"},
        {"write": press},
        {"sleep": 0.12},
        {"write": release}
    ]);
    let question = concat!(env!("CARGO_MANIFEST_DIR"), "/benches/peers/question.json");
    let args = ["ask", question, "--ui", "tui"];
    let Some(report) = drive_set_up(
        &args,
        (120, 40),
        &steps,
        5.0,
        &Setup {
            linger: Some(0.4),
            ..Setup::default()
        },
    ) else {
        return;
    };
    report.assert_ended_with(0);
    report.assert_restored();
    assert_eq!(
        report.details()["answers"]["language"]["values"],
        json!(["rust"])
    );
    let restored = report
        .output
        .rfind("\x1b[?25h")
        .expect("the cursor shown again");
    assert_eq!(
        &report.output[restored + "\x1b[?25h".len()..],
        "",
        "echoed on the shell's line after the form"
    );
}

/// A terminal made smaller and then as large as it was before the program read the first
/// change (a busy program, a window manager's quick resizes) has cut its screen meanwhile: the
/// form is drawn whole again, though the size it reads is the one it drew for.
#[test]
fn a_terminal_shrunk_and_restored_before_the_program_looked_is_drawn_whole_again() {
    let steps = json!([
        {"wait_for": "esc cancel"},
        {"signal": "STOP"},
        {"resize": [40, 10]},
        {"sleep": 0.2},
        {"resize": [100, 30]},
        {"signal": "CONT"},
        {"sleep": 1.0},
        {"snapshot": true},
        {"signal": "TERM"}
    ]);
    let setup = Setup {
        screen: ScreenModel::Cutting,
        ..Setup::default()
    };
    let Some(report) = drive_set_up(&["demo"], (100, 30), &steps, 5.0, &setup) else {
        return;
    };
    assert_eq!(report.failure, None, "{}", report.output);
    let screen = report.snapshots.first().expect("a snapshot of the screen");
    for whole in [
        "Review",
        "esc cancel",
        "Which database should the service store its data in?",
    ] {
        assert!(screen.contains(whole), "{whole:?} drawn again:\n{screen}");
    }
}

/// The steps that write an answer of `paste` to the demo's first question, type `keys` keys
/// into it at once, and go on with `then` 0.3 s later.
fn flooded_answer_steps(paste: &Path, keys: usize, then: &[Value]) -> Value {
    let mut steps = vec![
        json!({"wait_for": "esc cancel"}),
        json!({"write_hex": "1b5b46"}),
        json!({"write": "\r"}),
        json!({"wait_for": "alt+enter"}),
        json!({"write_file": paste}),
        json!({"wait_for": "more lines"}),
        json!({"write": "q".repeat(keys)}),
        json!({"sleep": 0.3}),
    ];
    steps.extend_from_slice(then);
    Value::Array(steps)
}

/// A paste of a quarter of a megabyte, bracketed, in a temporary file.
fn quarter_megabyte_paste() -> tempfile::NamedTempFile {
    let line = "a line of a long pasted log, long enough to count\n";
    let pasted = line.repeat((1 << 18) / line.len());
    let paste = tempfile::NamedTempFile::new().expect("a temporary file");
    std::fs::write(paste.path(), format!("\u{1b}[200~{pasted}\u{1b}[201~"))
        .expect("the paste is written");
    paste
}

/// A window that changes size and a signal that comes while a flood of keys is being typed
/// into a big answer are followed at the flood's next progress frame, not once it is in (40 s
/// in a test build).
#[test]
fn a_resize_and_a_signal_during_a_long_flood_of_keys_are_followed_before_the_flood_is_in() {
    const KEYS: usize = 2000;
    let paste = quarter_megabyte_paste();
    let then = [
        json!({"resize": [60, 30]}),
        json!({"sleep": 0.4}),
        json!({"snapshot": true}),
        json!({"mark": true}),
        json!({"signal": "TERM"}),
    ];
    let steps = flooded_answer_steps(paste.path(), KEYS, &then);
    let Some(report) = drive(&["demo"], (100, 30), &steps, 60.0) else {
        return;
    };
    assert_eq!(report.failure, None);
    let screen = report.snapshots.first().expect("a snapshot of the screen");
    // Some of the flood's keys are on the screen, not all: it was on its way.
    let typed = screen.matches('q').count();
    assert!(
        screen.contains("qqq") && typed < KEYS,
        "the flood is on its way ({typed} keys shown):\n{screen}"
    );
    let widest = screen
        .lines()
        .map(|line| line.trim_end().chars().count())
        .max();
    assert!(
        widest.is_some_and(|widest| widest <= 60),
        "the frames follow the new width:\n{screen}"
    );
    assert_eq!(report.exit, Some(143), "{}", report.stderr);
    assert!(
        report.seconds < 1.0,
        "SIGTERM ended the run {} s after it came",
        report.seconds
    );
}

/// Keys read together are shown together, but a flood that takes long to handle (typed into
/// an answer of a quarter of a megabyte, some milliseconds a key in a test build) shows its progress: the screen follows
/// it every so often rather than standing still until the last key is in.
#[test]
fn a_flood_of_keys_that_takes_long_shows_its_progress_on_the_way() {
    let paste = quarter_megabyte_paste();
    let then = [
        json!({"sleep": 0.1}),
        json!({"snapshot": true}),
        json!({"signal": "TERM"}),
    ];
    let steps = flooded_answer_steps(paste.path(), 150, &then);
    let Some(report) = drive(&["demo"], (100, 30), &steps, 30.0) else {
        return;
    };
    assert_eq!(report.failure, None);
    let screen = report.snapshots.first().expect("a snapshot of the screen");
    assert!(
        screen.contains("qqq"),
        "the keys handled so far are on the screen:\n{screen}"
    );
}
