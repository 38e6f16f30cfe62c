//! An inline form in tmux: the demo opened below numbered lines of the shell's, and what its
//! rows must leave behind.

use serde_json::json;

use super::asking::{Asking, read_result};

pub const TITLE: &str = "Set up the new service";
pub const DATABASE_PROMPT: &str = "Which database should the service store its data in?";
pub const CHECKS_PROMPT: &str = "Which checks should run before every commit?";

/// How many numbered lines the shell prints before the form opens.
pub const EARLIER: usize = 40;

/// Prints [`EARLIER`] numbered lines, then opens the demo with `inline` (`--inline 65535`,
/// `--inline`), and waits for its first question.
pub fn open_demo(term: &Asking, inline: &str) -> String {
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
pub fn answer_and_submit(term: &Asking) {
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
pub fn assert_below_the_command(screen: &str, rows: usize) {
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

/// Checks that the scrollback and the screen hold every earlier line once, in order; returns
/// what they hold.
pub fn assert_earlier_lines_kept(term: &Asking) -> String {
    let everything = term
        .tmux
        .run(&["capture-pane", "-p", "-t", "main", "-S", "-"]);
    let mut from = 0;
    for i in 1..=EARLIER {
        let line = format!("earlier output {i}\n");
        let at = everything[from..]
            .find(&line)
            .unwrap_or_else(|| panic!("{line:?} missing from the scrollback:\n{everything}"));
        from += at + line.len();
        assert_eq!(everything.matches(&line).count(), 1, "{line:?} twice");
    }
    everything
}

/// After the program ended: the scrollback (the lines above the screen) holds every earlier
/// line once, in order, no line of the form and no blank line; the screen holds no line of
/// the form either.
pub fn assert_clean_scrollback(term: &Asking) {
    let tmux = &term.tmux;
    let history = tmux.run(&["capture-pane", "-p", "-t", "main", "-S", "-", "-E", "-1"]);
    let everything = assert_earlier_lines_kept(term);
    for text in [TITLE, DATABASE_PROMPT, CHECKS_PROMPT, "esc cancel"] {
        assert!(
            !everything.contains(text),
            "{text:?} was left behind:\n{everything}"
        );
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
pub fn dismiss_leaving_nothing(term: &Asking) {
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

/// Writes `two.json`: a single-choice question and a multiple-choice one, with no title, so
/// the tab row (`□ Q1`) is the form's first.
pub fn write_two_questions(term: &Asking) {
    term.write_arguments(
        "two.json",
        &json!({"questions": [
            {"id": "db", "prompt": "Which database?", "options": [{"value": "pg", "label": "Postgres"}]},
            {"id": "feat", "prompt": "Features?", "type": "multi", "options": [{"value": "auth", "label": "Auth"}]}
        ]}),
    );
}
