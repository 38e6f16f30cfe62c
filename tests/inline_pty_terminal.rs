//! `--inline` on a pseudo-terminal that `tests/pty_driver.py` owns, for terminals tmux is not:
//! one that cuts its lines when it narrows (xterm), one that never says where the cursor is,
//! and one that moves its rows while what the form wrote is on its way. Skipped, with a
//! message, where python3 is not installed.

#![cfg(unix)]

mod support;

use serde_json::json;
use support::pty::{Report, ScreenModel, Setup, drive_set_up};

/// Runs `demo --inline ROWS` (`rows`) through `steps` on a `size` terminal that cuts its lines
/// (`tests/pty_driver.py`), below `shell_lines` numbered lines a shell printed (`shell line
/// 1`, ...); `None` without python3.
fn demo_below_shell_lines(
    shell_lines: usize,
    rows: &str,
    size: (u16, u16),
    steps: &serde_json::Value,
) -> Option<Report> {
    let printed: Vec<String> = (1..=shell_lines)
        .map(|i| format!("shell line {i}"))
        .collect();
    let setup = Setup {
        printed: Some(printed.join("\n")),
        screen: ScreenModel::Cutting,
        ..Setup::default()
    };
    drive_set_up(&["demo", "--inline", rows], size, steps, 5.0, &setup)
}

/// xterm, st and the Linux console cut their lines when they narrow, and keep the cursor
/// on its row: nothing of the form was rewrapped above an editor's cursor, so the form is
/// where it was and the shell's last lines above it stay on the screen. (Counting the lines a
/// rewrapping terminal would have made cleared two of them in xterm.)
#[test]
fn an_inline_form_narrowed_in_a_terminal_that_cuts_its_lines_keeps_the_shells_lines_above_it() {
    let steps = json!([
        {"wait_for": "esc cancel"},
        {"write_hex": "1b5b46"},
        {"write": "\r"},
        {"wait_for": "alt+enter"},
        {"write": "a written answer long enough to wrap once the terminal is narrower"},
        {"wait_for": "narrower"},
        {"resize": [50, 30]},
        {"sleep": 1.0},
        {"snapshot": true},
        {"signal": "TERM"}
    ]);
    let Some(report) = demo_below_shell_lines(4, "12", (100, 30), &steps) else {
        return;
    };
    assert_eq!(report.failure, None, "{}", report.output);
    let screen = report.snapshots.first().expect("a snapshot of the screen");
    let lines: Vec<&str> = screen.lines().collect();
    assert_eq!(
        lines.get(..4),
        Some(
            &[
                "shell line 1",
                "shell line 2",
                "shell line 3",
                "shell line 4"
            ][..]
        ),
        "the shell's lines stay:\n{screen}"
    );
    assert!(
        lines.get(4).is_some_and(|line| line.contains("Set up")),
        "the form right under them:\n{screen}"
    );
    assert!(screen.contains("narrower"), "the editor redrawn:\n{screen}");
}

/// A terminal that never says where the cursor is (a serial console, a relay that swallows
/// replies) is asked once, when an inline form opens: a resize and the end do not wait for an
/// answer again (SIGTERM took 2 s), and the form's rows, taken to be where they were, are
/// cleared (they were left on the screen).
#[test]
fn a_terminal_that_never_says_where_the_cursor_is_is_asked_once_and_the_inline_form_still_clears_its_rows()
 {
    let steps = json!([
        {"wait_for": "esc cancel"},
        {"resize": [70, 24]},
        {"sleep": 0.5},
        {"signal": "TERM"},
        {"sleep": 1.0},
        {"snapshot": true}
    ]);
    let setup = Setup {
        screen: ScreenModel::Silent,
        ..Setup::default()
    };
    let Some(report) = drive_set_up(&["demo", "--inline", "12"], (80, 24), &steps, 5.0, &setup)
    else {
        return;
    };
    report.assert_ended_with(143);
    // One request asks where the cursor is and where the screen's corner is.
    assert_eq!(
        report.output.matches("\x1b[6n").count(),
        2,
        "asked once: {:?}",
        report.output
    );
    let screen = report.snapshots.first().expect("a snapshot after the end");
    assert!(
        !screen.contains("Set up") && !screen.contains("esc cancel"),
        "the form's rows cleared:\n{screen}"
    );
}

/// A terminal moves the form's rows with the cursor as it resizes, also while what the form
/// writes is on its way: tmux grown taller brings lines back from its scrollback above them,
/// xterm and alacritty move them as they shrink or narrow. The form ending right then clears
/// its rows relative to the cursor, so whatever moved meanwhile, it clears its own and not the
/// shell's (naming the rows by their number, it cleared the shell's last three lines; alacritty
/// narrowed right before a SIGTERM lost them 5 times in 5).
#[test]
fn an_inline_form_whose_rows_move_while_it_ends_clears_its_own_rows_not_the_shells() {
    let steps = json!([
        {"wait_for": "esc cancel"},
        {"move_rows_after_next_report": 3},
        {"write": "\u{1b}"},
        {"sleep": 1.0},
        {"snapshot": true}
    ]);
    let Some(report) = demo_below_shell_lines(20, "8", (80, 30), &steps) else {
        return;
    };
    report.assert_ended_with(0);
    let screen = report.snapshots.first().expect("a snapshot after the end");
    assert!(
        !screen.contains("Set up") && !screen.contains("esc cancel"),
        "the form's rows cleared:\n{screen}"
    );
    for i in 1..=20 {
        let line = format!("shell line {i}");
        assert!(
            screen.lines().any(|shown| shown == line),
            "{line} kept:\n{screen}"
        );
    }
}

/// The same, while the form is open: a frame on its way when the terminal moves the rows (it
/// is told of a resize only after the move, and a frame written meanwhile names rows) moves
/// only relative to the cursor, which moved with them, so it lands on the form's own rows and
/// leaves the cursor on them. Near the screen's top, naming a row is as short as moving to it,
/// and the frames named them: the cursor parked on the shell's first line, the next frame
/// drew over the shell's lines, and the end cleared them.
#[test]
fn an_inline_form_whose_rows_moved_unannounced_draws_its_next_frames_on_them() {
    let steps = json!([
        {"wait_for": "esc cancel"},
        {"move_rows": 3},
        {"write": "\u{1b}[B"},
        {"sleep": 0.3},
        {"write": "\u{1b}[B"},
        {"wait_for": "3. ("},
        {"sleep": 0.3},
        {"snapshot": true},
        {"write": "\u{1b}"},
        {"sleep": 1.0},
        {"snapshot": true}
    ]);
    let Some(report) = demo_below_shell_lines(3, "12", (80, 30), &steps) else {
        return;
    };
    report.assert_ended_with(0);
    let [open, closed] = &report.snapshots[..] else {
        panic!("two snapshots: {:?}", report.snapshots);
    };
    let lines: Vec<&str> = open.lines().collect();
    assert_eq!(
        lines.get(..4),
        Some(
            &[
                "shell line 1",
                "shell line 2",
                "shell line 3",
                " Set up the new service"
            ][..]
        ),
        "the shell's lines, the form under them:\n{open}"
    );
    assert_eq!(open.matches('›').count(), 1, "one highlight:\n{open}");
    assert!(
        closed.starts_with("shell line 1\nshell line 2\nshell line 3")
            && !closed.contains("Set up"),
        "the shell's lines kept, the form's rows cleared:\n{closed}"
    );
}

/// Every cell an inline form reaches, from its placing to its clearing, through a resize that
/// places it again, it reaches relative to the cursor: the only row it names is the screen's
/// corner, asked where it is with the cursor saved and put back around it (at the start,
/// before each frame, at the resize and at the end) (placing the form
/// below the shell's output named its rows right after scrolling the screen).
#[test]
fn an_inline_form_names_no_row_from_its_placing_to_its_clearing() {
    let steps = json!([
        {"wait_for": "esc cancel"},
        {"resize": [70, 20]},
        {"sleep": 0.5},
        {"write": "\u{1b}[B"},
        {"wait_for": "2. ("},
        {"sleep": 0.3},
        {"write": "\u{1b}"},
        {"sleep": 1.0}
    ]);
    let Some(report) = demo_below_shell_lines(25, "12", (80, 30), &steps) else {
        return;
    };
    report.assert_ended_with(0);
    let named: Vec<String> = report
        .output
        .split("\u{1b}[")
        .skip(1)
        .filter_map(|rest| {
            let parameters: String = rest
                .chars()
                .take_while(|c| c.is_ascii_digit() || *c == ';')
                .collect();
            let last = rest[parameters.len()..].chars().next()?;
            ['H', 'r']
                .contains(&last)
                .then(|| format!("\u{1b}[{parameters}{last}"))
        })
        .collect();
    assert!(
        named
            .iter()
            .all(|sequence| *sequence == "\u{1b}[9999;9999H"),
        "rows named: {named:?}"
    );
    // Asked at the start, before each frame, at the resize and at the end.
    assert_eq!(named.len(), 6, "{named:?}");
}

/// Inline, the mouse stays the terminal's: its wheel scrolls the shell's output above the form
/// and its selection copies from it (the form asked for clicks and the wheel, which took both
/// from the terminal while it was open).
#[test]
fn an_inline_form_leaves_the_mouse_to_the_terminal() {
    let steps = json!([{"wait_for": "esc cancel"}, {"write": "\u{1b}"}, {"sleep": 0.5}]);
    let Some(report) = demo_below_shell_lines(3, "12", (80, 30), &steps) else {
        return;
    };
    report.assert_ended_with(0);
    for mode in [
        "\u{1b}[?1000h",
        "\u{1b}[?1002h",
        "\u{1b}[?1003h",
        "\u{1b}[?1006h",
    ] {
        assert!(
            !report.output.contains(mode),
            "{mode:?} asked for: {:?}",
            report.output
        );
    }
}
