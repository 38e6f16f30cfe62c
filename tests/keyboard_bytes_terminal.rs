//! What a terminal's keyboard sends, read as the person meant it, with the real program in
//! tmux: a key's bytes cut apart by a slow link, within the wait for them and later, and a
//! letter from a terminal that is not set to UTF-8. Skipped, with a message, where tmux is not
//! installed.

mod support;

use serde_json::{Value, json};
use support::asking::{Asking, read_result};
use support::demo::{CHECKS_PROMPT, DATABASE_PROMPT};

#[test]
fn an_arrow_whose_bytes_arrive_apart_moves_the_highlight_and_cancels_nothing() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.launch("demo");
    term.tmux.wait_for_text(DATABASE_PROMPT);
    // A slow link cuts Down's `ESC [ B` after its escape, twice.
    for _ in 0..2 {
        term.tmux.run(&["send-keys", "-t", "main", "-H", "1b"]);
        std::thread::sleep(std::time::Duration::from_millis(10));
        term.tmux
            .run(&["send-keys", "-t", "main", "-H", "5b", "42"]);
        std::thread::sleep(std::time::Duration::from_millis(100));
    }
    let screen = term
        .tmux
        .wait_for("the highlight on the third option", |screen| {
            screen.contains("› 3.")
        });
    assert!(!screen.contains("esc again"), "{screen}");
    term.tmux.keys(&["Enter"]);
    term.tmux.wait_for_text(CHECKS_PROMPT);
    term.tmux.keys(&["C-c", "C-c"]);
    let (document, _) = term.finish();
    let (_, details) = read_result(document);
    assert_eq!(details["answers"]["database"]["indices"], json!([3]));
}

#[test]
fn a_letter_from_a_terminal_set_to_latin1_shows_as_a_replacement_mark_rather_than_nothing() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    open_written_answer(&term);
    // `Réponse` typed in a terminal whose keyboard sends Latin-1: `é` is the byte 0xe9.
    term.tmux.text("R");
    term.tmux.bytes(b"\xe9");
    term.tmux.text("ponse");
    term.tmux.wait_for_text("R\u{fffd}ponse");
    assert_eq!(kept_written_answer(&term), json!("R\u{fffd}ponse"));
}

#[test]
fn a_key_a_slow_link_cuts_later_than_the_wait_types_nothing_and_the_next_is_read_whole() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    open_written_answer(&term);
    term.tmux.text("hello world");
    term.tmux.wait_for_text("hello world");
    // Left, its escape 300 ms before the rest: the escape acts alone (the editor keeps the
    // text and closes), and the rest is no text.
    term.tmux.bytes(b"\x1b");
    term.tmux
        .wait_for("the editor closed", |screen| !screen.contains("esc keep"));
    std::thread::sleep(std::time::Duration::from_millis(300));
    term.tmux.bytes(b"[D");
    term.press(&["Enter"], "esc keep");
    // The wait has grown past 300 ms: a cut of 150 ms is Left.
    term.tmux.bytes(b"\x1b");
    std::thread::sleep(std::time::Duration::from_millis(150));
    term.tmux.bytes(b"[D");
    std::thread::sleep(std::time::Duration::from_millis(100));
    term.tmux.text("X");
    term.tmux.wait_for_text("hello worlXd");
    assert_eq!(kept_written_answer(&term), json!("hello worlXd"));
}

/// Opens the demo with the written answer of its first question open.
fn open_written_answer(term: &Asking) {
    term.launch("demo");
    term.tmux.wait_for_text(DATABASE_PROMPT);
    term.press(&["End", "Enter"], "esc keep");
}

/// Keeps the open written answer, ends the form with ctrl+c twice, and returns the answer's
/// text from the result.
fn kept_written_answer(term: &Asking) -> Value {
    term.press(&["Escape"], "■ Database");
    term.tmux.keys(&["C-c", "C-c"]);
    let (document, _) = term.finish();
    let (_, details) = read_result(document);
    details["answers"]["database"]["customText"].clone()
}
