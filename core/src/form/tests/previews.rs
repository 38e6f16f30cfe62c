//! Previews: the page keys scroll the preview and nothing else, as the footer says; a preview
//! gets the rows of the screen beside a long prompt; its first line keeps its indentation; a
//! pane below the list shows its header only over a line of its text.

use serde_json::{Value, json};

use super::{Run, ask_user};
use crate::draw::Size;

/// Indented code of `count` numbered lines.
fn code(count: usize) -> String {
    (1..=count)
        .map(|n| format!("    let line_{n} = compute({n});"))
        .collect::<Vec<_>>()
        .join("\n")
}

/// A preview question whose prompt has `sentences` sentences.
fn preview_question(sentences: usize) -> Value {
    let prompt: Vec<String> = (1..=sentences)
        .map(|n| format!("Sentence {n} says one more thing about the choice."))
        .collect();
    json!({"questions": [{"id": "p", "prompt": prompt.join(" "), "type": "preview", "options": [
        {"value": "a", "label": "Alpha", "preview": format!("\n\n{}\n\n", code(300))},
        {"value": "b", "label": "Beta", "preview": "beta"}
    ]}]})
}

/// How many rows of the screen show preview lines.
fn preview_rows(screen: &str) -> usize {
    screen
        .lines()
        .filter(|line| line.contains("let line_"))
        .count()
}

#[test]
fn the_first_line_of_a_preview_keeps_its_indentation() {
    let screen = Run::new(ask_user(&preview_question(1)), "").screen();
    let first = screen
        .lines()
        .find(|line| line.contains("let line_1 "))
        .expect("the first line");
    let second = screen
        .lines()
        .find(|line| line.contains("let line_2 "))
        .expect("the second line");
    assert_eq!(first.find("let"), second.find("let"), "{screen}");
}

#[test]
fn a_blank_first_line_of_a_preview_is_not_shown() {
    let screen = Run::new(ask_user(&preview_question(1)), "").screen();
    let header = screen
        .lines()
        .position(|line| line.contains("Preview · Alpha"))
        .expect("the header");
    let next = screen.lines().nth(header + 1).expect("a row under it");
    assert!(next.contains("let line_1 "), "{screen}");
}

#[test]
fn a_preview_gets_the_rows_of_the_screen_beside_a_long_prompt() {
    for (size, least) in [(Size::new(120, 40), 18), (Size::new(80, 24), 6)] {
        let run = Run::sized(ask_user(&preview_question(40)), size, "");
        let screen = run.screen();
        assert!(preview_rows(&screen) >= least, "{size:?}:\n{screen}");
        assert!(
            screen.contains("(shift+down)"),
            "the prompt is cut: {screen}"
        );
    }
}

#[test]
fn page_keys_scroll_only_the_preview_and_the_footer_says_so() {
    let mut run = Run::new(ask_user(&preview_question(40)), "");
    let top = run.screen();
    assert!(top.contains("pageUp/pageDown scroll preview"), "{top}");
    run.keys("pageDown");
    let paged = run.screen();
    assert!(!paged.contains("let line_1 "), "{paged}");
    assert_eq!(
        paged.lines().find(|line| line.contains("Sentence")),
        top.lines().find(|line| line.contains("Sentence")),
        "the prompt stays where it was"
    );
}

#[test]
fn a_page_of_the_preview_starts_with_the_last_line_of_the_one_before() {
    let mut run = Run::new(ask_user(&preview_question(1)), "");
    let last_shown = |screen: &str| {
        screen
            .lines()
            .rfind(|line| line.contains("let line_"))
            .map(|line| line.trim().to_owned())
    };
    let first_shown = |screen: &str| {
        screen
            .lines()
            .find(|line| line.contains("let line_"))
            .map(|line| line.trim().to_owned())
    };
    let before = last_shown(&run.screen());
    run.keys("pageDown");
    assert_eq!(first_shown(&run.screen()), before);
}

#[test]
fn the_page_keys_are_offered_only_where_there_is_a_preview_to_scroll() {
    let mut run = Run::new(ask_user(&preview_question(1)), "");
    assert!(run.screen().contains("scroll preview"), "{}", run.screen());
    run.keys("end");
    let written_row = run.screen();
    assert!(written_row.contains("No preview"), "{written_row}");
    assert!(!written_row.contains("scroll preview"), "{written_row}");
}

#[test]
fn a_preview_scrolled_off_its_top_never_says_it_is_at_0_percent() {
    let mut run = Run::sized(ask_user(&preview_question(1)), Size::new(40, 15), "");
    let header = |screen: &str| {
        screen
            .lines()
            .find(|line| line.contains("Preview"))
            .map(str::to_owned)
            .unwrap_or_default()
    };
    assert!(header(&run.screen()).contains("↓ more"), "{}", run.screen());
    run.keys("pageDown");
    let scrolled = header(&run.screen());
    assert!(
        scrolled.contains(" 1% ↓"),
        "a page of 300 lines: {scrolled}"
    );
}

#[test]
fn a_preview_below_the_list_shows_its_header_only_over_a_line_of_its_text() {
    for height in 6..=16 {
        let screen = Run::sized(ask_user(&preview_question(1)), Size::new(60, height), "").screen();
        let header = screen
            .lines()
            .position(|line| line.contains("Preview · Alpha"));
        if let Some(header) = header {
            let next = screen.lines().nth(header + 1).unwrap_or_default();
            assert!(next.contains("let line_1 "), "at 60x{height}: {screen}");
        } else {
            assert!(
                screen.contains("2. ( ) Beta"),
                "at 60x{height} the list takes the pane's row: {screen}"
            );
        }
    }
}
