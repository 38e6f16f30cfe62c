//! What a terminal's keyboard sends, read as the person meant it, with the real program in
//! tmux: a key's bytes cut apart by a slow link, and a letter from a terminal that is not set
//! to UTF-8. Skipped, with a message, where tmux is not installed.

mod support;

use serde_json::json;
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
    term.launch("demo");
    term.tmux.wait_for_text(DATABASE_PROMPT);
    term.press(&["End", "Enter"], "esc keep");
    // `Réponse` typed in a terminal whose keyboard sends Latin-1: `é` is the byte 0xe9.
    term.tmux.text("R");
    term.tmux.bytes(b"\xe9");
    term.tmux.text("ponse");
    term.tmux.wait_for_text("R\u{fffd}ponse");
    term.press(&["Escape"], "■ Database");
    term.tmux.keys(&["C-c", "C-c"]);
    let (document, _) = term.finish();
    let (_, details) = read_result(document);
    assert_eq!(
        details["answers"]["database"]["customText"],
        json!("R\u{fffd}ponse")
    );
}
