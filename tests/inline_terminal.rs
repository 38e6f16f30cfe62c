//! `--inline` in real terminals: the form takes at most one row less than the terminal is tall,
//! so the command that opened it stays in view, and neither opening it, resizing the terminal
//! taller or shorter, nor closing it leaves copies of the form or runs of blank lines in the
//! scrollback; narrowing it while an editor holds the cursor leaves no copy of its top rows on
//! the screen. Skipped, with a message, where tmux is not installed.

mod support;

use serde_json::json;
use support::asking::{Asking, read_result};

const TITLE: &str = "Set up the new service";
const DATABASE_PROMPT: &str = "Which database should the service store its data in?";
const CHECKS_PROMPT: &str = "Which checks should run before every commit?";

/// How many numbered lines the shell prints before the form opens.
const EARLIER: usize = 40;

/// Prints [`EARLIER`] numbered lines, then opens the demo with `inline` (`--inline 65535`,
/// `--inline`), and waits for its first question.
fn open_demo(term: &Asking, inline: &str) -> String {
    let tmux = &term.tmux;
    tmux.type_line(&format!(
        "clear; for i in $(seq 1 {EARLIER}); do echo \"earlier output $i\"; done"
    ));
    tmux.wait_for_text(&format!("earlier output {EARLIER}"));
    tmux.type_line(&format!(
        "HOME=\"$PWD\" {} demo {inline} --config \"$PWD/settings.json\" > result.json; \
         echo \"exit=$?\"",
        env!("CARGO_BIN_EXE_pi-agent-ask")
    ));
    tmux.wait_for(&format!("{TITLE:?} and its footer"), |screen| {
        screen.contains(TITLE) && screen.contains("esc cancel")
    })
}

/// Answers the first question, submits, and checks the program's result.
fn answer_and_submit(term: &Asking) {
    term.press(&["Enter"], CHECKS_PROMPT);
    term.press(&["BTab", "BTab"], "Review your answers");
    term.tmux.keys(&["Enter"]);
    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    let (_, details) = read_result(document);
    assert_eq!(
        details["answers"],
        json!({"database": {"values": ["postgres"], "labels": ["PostgreSQL"], "indices": [1]}})
    );
}

/// Where the form is drawn while open: the command line stays on the first row, and the
/// footer is on the last one.
fn assert_below_the_command(screen: &str, rows: usize) {
    let lines: Vec<&str> = screen.lines().collect();
    assert!(
        lines.first().is_some_and(|line| !line.contains(TITLE)),
        "the form took the first row:\n{screen}"
    );
    let footer = lines.iter().rposition(|line| line.contains("esc cancel"));
    assert_eq!(
        footer,
        Some(rows - 1),
        "the footer is not on the last row:\n{screen}"
    );
    let title = lines.iter().position(|line| line.contains(TITLE));
    assert!(
        title.is_some_and(|row| row >= 1),
        "the title is not below the command:\n{screen}"
    );
}

/// After the program ended: the scrollback (the lines above the screen) holds every earlier
/// line once, in order, no line of the form and no blank line; the screen holds no line of
/// the form either.
fn assert_clean_scrollback(term: &Asking) {
    let tmux = &term.tmux;
    let history = tmux.run(&["capture-pane", "-p", "-t", "main", "-S", "-", "-E", "-1"]);
    let everything = tmux.run(&["capture-pane", "-p", "-t", "main", "-S", "-"]);
    for text in [TITLE, DATABASE_PROMPT, CHECKS_PROMPT, "esc cancel"] {
        assert!(
            !everything.contains(text),
            "{text:?} was left behind:\n{everything}"
        );
    }
    let mut from = 0;
    for i in 1..=EARLIER {
        let line = format!("earlier output {i}\n");
        let at = everything[from..]
            .find(&line)
            .unwrap_or_else(|| panic!("{line:?} missing from the scrollback:\n{everything}"));
        from += at + line.len();
        assert_eq!(everything.matches(&line).count(), 1, "{line:?} twice");
    }
    let blank = history
        .lines()
        .filter(|line| line.trim().is_empty())
        .count();
    assert_eq!(blank, 0, "blank lines in the scrollback:\n{history}");
    let size: usize = tmux.pane_var("history_size").parse().expect("a number");
    assert!(
        size <= EARLIER + 10,
        "{size} lines of scrollback:\n{history}"
    );
}

/// Dismisses the form (`ctrl+c` twice) and checks that no row of it is left on the screen.
fn dismiss_leaving_nothing(term: &Asking) {
    term.tmux.keys(&["C-c"]);
    term.tmux.keys(&["C-c"]);
    let (_, exit) = term.finish();
    assert_eq!(exit, 0);
    let screen = term.tmux.screen();
    assert!(
        !screen.contains("Set up") && !screen.contains(TITLE),
        "a row of the form was left on the screen:\n{screen}"
    );
}

#[test]
fn inline_65535_on_a_24_row_terminal_takes_23_rows_and_floods_no_scrollback() {
    let Some(term) = Asking::start(100, 24) else {
        return;
    };
    let screen = open_demo(&term, "--inline 65535");
    assert_below_the_command(&screen, 24);
    answer_and_submit(&term);
    assert_clean_scrollback(&term);
}

#[test]
fn the_default_inline_height_on_a_15_row_terminal_keeps_the_command_in_view() {
    let Some(term) = Asking::start(100, 15) else {
        return;
    };
    let screen = open_demo(&term, "--inline");
    assert_below_the_command(&screen, 15);
    answer_and_submit(&term);
    assert_clean_scrollback(&term);
}

#[test]
fn an_inline_form_resized_shorter_and_taller_leaves_no_copies_in_the_scrollback() {
    let Some(term) = Asking::start(100, 24) else {
        return;
    };
    let tmux = &term.tmux;
    open_demo(&term, "--inline 65535");
    tmux.resize(100, 15);
    let screen = tmux.wait_for("the form at 15 rows", |screen| {
        screen.lines().count() == 15
            && screen
                .lines()
                .nth(14)
                .is_some_and(|line| line.contains("esc cancel"))
    });
    assert_below_the_command(&screen, 15);
    tmux.resize(100, 30);
    let screen = tmux.wait_for("the form at 30 rows", |screen| {
        screen.lines().count() == 30
            && screen
                .lines()
                .nth(29)
                .is_some_and(|line| line.contains("esc cancel"))
    });
    assert_below_the_command(&screen, 30);
    tmux.resize(100, 24);
    tmux.wait_for("the form at 24 rows", |screen| {
        screen
            .lines()
            .nth(23)
            .is_some_and(|line| line.contains("esc cancel"))
    });
    answer_and_submit(&term);
    assert_clean_scrollback(&term);
}

#[test]
fn an_inline_form_narrowed_while_typing_leaves_no_copy_of_its_top_rows_on_the_screen() {
    let Some(term) = Asking::start(100, 24) else {
        return;
    };
    let tmux = &term.tmux;
    tmux.type_line(&format!(
        "clear; seq 1 8; HOME=\"$PWD\" {} demo --inline 12 --config \"$PWD/settings.json\" \
         > result.json; echo \"exit=$?\"",
        env!("CARGO_BIN_EXE_pi-agent-ask")
    ));
    tmux.wait_for_text("esc cancel");
    term.press(&["End", "Enter"], "alt+enter new line");
    tmux.text("a written answer long enough to wrap once the terminal is narrower");
    tmux.wait_for_text("narrower");
    tmux.resize(50, 24);
    let screen = tmux.wait_for("the form redrawn 50 columns wide", |screen| {
        screen.contains("alt+enter") && screen.lines().all(|line| line.chars().count() <= 50)
    });
    let titles = screen
        .lines()
        .filter(|line| line.contains("Set up"))
        .count();
    assert_eq!(titles, 1, "the title once, the form's own:\n{screen}");
    let lines: Vec<&str> = screen.lines().collect();
    let title = lines
        .iter()
        .position(|line| line.contains("Set up"))
        .unwrap_or_default();
    assert!(
        title > 0 && lines[title - 1].trim() == "8",
        "the form stays right under the shell's last line, moved no further than its rows \
         rewrapped:\n{screen}"
    );
    dismiss_leaving_nothing(&term);
}

#[test]
fn an_inline_form_shortened_and_grown_back_while_typing_leaves_no_copy_of_its_rows() {
    let Some(term) = Asking::start(100, 24) else {
        return;
    };
    let tmux = &term.tmux;
    open_demo(&term, "--inline");
    term.press(&["End", "Enter"], "alt+enter new line");
    tmux.text("half an answer");
    tmux.wait_for_text("half an answer");
    // The cursor in the editor has rows of the form above it: a shorter terminal moves them
    // into its scrollback, and a taller one brings them back.
    tmux.resize(100, 10);
    tmux.wait_for("the form at 10 rows", |screen| {
        screen.lines().count() == 10 && screen.contains("half an answer")
    });
    tmux.resize(100, 24);
    let screen = tmux.wait_for("the form redrawn at 24 rows", |screen| {
        screen.contains("half an answer")
            && screen
                .lines()
                .nth(23)
                .is_some_and(|line| line.contains("esc keep"))
    });
    assert_eq!(
        screen.matches(TITLE).count(),
        1,
        "the title once, the form's own:\n{screen}"
    );
    dismiss_leaving_nothing(&term);
}

/// Writes `two.json`: a single-choice question and a multiple-choice one, with no title, so
/// the tab row (`□ Q1`) is the form's first.
fn write_two_questions(term: &Asking) {
    term.write_arguments(
        "two.json",
        &json!({"questions": [
            {"id": "db", "prompt": "Which database?", "options": [{"value": "pg", "label": "Postgres"}]},
            {"id": "feat", "prompt": "Features?", "type": "multi", "options": [{"value": "auth", "label": "Auth"}]}
        ]}),
    );
}

#[test]
fn an_inline_form_narrowed_and_widened_after_the_settings_overlay_leaves_no_copy_of_its_rows() {
    let Some(term) = Asking::start(120, 40) else {
        return;
    };
    let tmux = &term.tmux;
    write_two_questions(&term);
    tmux.type_line(&format!(
        "clear; seq 1 {EARLIER}; HOME=\"$PWD\" {} ask two.json --inline 15 \
         --config \"$PWD/settings.json\" > result.json; echo \"exit=$?\"",
        env!("CARGO_BIN_EXE_pi-agent-ask")
    ));
    tmux.wait_for_text("esc cancel");
    term.press(&["?"], "Ask settings");
    tmux.keys(&["Escape"]);
    tmux.wait_for("the overlay closed", |screen| {
        !screen.contains("Ask settings")
    });
    for (width, height) in [(40, 40), (120, 40), (60, 12), (120, 40)] {
        tmux.resize(width, height);
        tmux.wait_for("the form redrawn", |screen| {
            screen.contains("esc cancel")
                && screen
                    .lines()
                    .all(|line| line.chars().count() <= usize::from(width))
        });
    }
    // The terminal settles its rewrapped lines before the form finds its rows again.
    std::thread::sleep(std::time::Duration::from_millis(500));
    let screen = tmux.screen();
    let tab_rows = screen.lines().filter(|line| line.contains("□ Q1")).count();
    assert_eq!(tab_rows, 1, "the form's rows once:\n{screen}");
    tmux.keys(&["Escape"]);
    let (_, exit) = term.finish();
    assert_eq!(exit, 0, "{}", tmux.screen());
    let screen = tmux.screen();
    assert!(
        !screen.contains("□ Q1"),
        "a row of the form was left on the screen:\n{screen}"
    );
}

#[test]
fn an_inline_row_that_gets_shorter_is_drawn_again_from_its_start() {
    let Some(term) = Asking::start(80, 30) else {
        return;
    };
    let tmux = &term.tmux;
    write_two_questions(&term);
    term.launch("ask two.json --ui tui --inline 14");
    let first = tmux.wait_for_text("esc cancel");
    let footer = first
        .lines()
        .find(|line| line.contains("up/down move"))
        .expect("the footer")
        .to_owned();
    term.press(&["BTab"], "Review your answers");
    term.press(&["Tab"], "Which database?");
    tmux.wait_for("the footer drawn again whole", |screen| {
        screen.contains(&footer)
    });
    term.press(&["Down", "Enter"], "Type your answer");
    tmux.text("hello world");
    tmux.wait_for_text("hello world");
    tmux.keys(&["BSpace"]);
    let screen = tmux.wait_for("the shorter text", |screen| {
        screen.contains("hello worl") && !screen.contains("hello world")
    });
    assert!(screen.contains("│ hello worl"), "{screen}");
}

#[test]
fn an_inline_form_that_ends_right_after_its_window_grew_twice_clears_its_rows_and_keeps_the_shells()
{
    let Some(term) = Asking::start(80, 15) else {
        return;
    };
    open_demo(&term, "--inline");
    // tmux moves the rows of a window grown twice at once before the program hears of the
    // second size; the form ends before it does. It has followed the first: its 20 rows show
    // the last option, which its 14 rows on 15 did not.
    term.tmux.resize(80, 22);
    term.tmux.wait_for_text("Type your own");
    term.tmux.resize(80, 30);
    std::thread::sleep(std::time::Duration::from_millis(50));
    term.tmux.keys(&["Escape"]);
    let (_, exit) = term.finish();
    assert_eq!(exit, 0, "one esc leaves a form with nothing answered");
    let screen = term.tmux.screen();
    for row in [TITLE, "esc cancel", "PostgreSQL"] {
        assert!(!screen.contains(row), "{row} left:\n{screen}");
    }
    assert!(
        screen.contains(&format!("earlier output {EARLIER}")),
        "the shell's last line is kept:\n{screen}"
    );
}

/// tmux moves a window's rows for a second size at once but tells the program of it only a
/// quarter of a second after the first: a form that follows the first size then stands on a
/// screen taller than it was told, its rows moved further down than that size has rows.
/// Taking the screen's size from the terminal itself, not from what it was last told, keeps
/// the form off the shell's lines (it made room by scrolling a screen it took to be shorter,
/// and drew over the shell's last six lines).
#[test]
fn an_inline_form_that_hears_of_a_size_the_terminal_has_already_outgrown_keeps_the_shells_lines() {
    let Some(term) = Asking::start(80, 15) else {
        return;
    };
    // A shell without job control leaves a stopped program alone, and writes nothing.
    term.tmux.type_line("set +m");
    open_demo(&term, "--inline 10");
    // Stopped, the program hears of the first size only once the terminal has the second.
    let program = term.program_pid();
    support::send_signal(program, "STOP");
    term.tmux.resize(80, 22);
    term.tmux.resize(80, 30);
    support::send_signal(program, "CONT");
    std::thread::sleep(std::time::Duration::from_millis(800));
    let screen = term.tmux.wait_for_text("esc cancel");
    assert_below_the_command(&screen, 30);
    term.tmux.keys(&["Escape"]);
    let (_, exit) = term.finish();
    assert_eq!(exit, 0, "one esc leaves a form with nothing answered");
    assert_clean_scrollback(&term);
}
