//! `--inline` in real terminals: the form takes at most one row less than the terminal is tall,
//! so the command that opened it stays in view, and neither opening it nor closing it leaves
//! copies of the form or runs of blank lines in the scrollback; a row that gets shorter is
//! drawn again from its start. Resizes are in `inline_resize_terminal.rs`. Skipped, with a
//! message, where tmux is not installed.

mod support;

use support::asking::Asking;

use support::inline::{
    answer_and_submit, assert_below_the_command, assert_clean_scrollback, open_demo,
    write_two_questions,
};

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
