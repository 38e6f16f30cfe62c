//! Long and multi-line prompts and descriptions on a question tab: line breaks kept, the rows
//! they need taken, and the rest of a prompt that does not fit brought into view by pages and
//! the wheel; the one-line notification that announces a prompt.

use serde_json::{Value, json};

use super::{Run, ask_user, question_tool};
use crate::draw::{Pos, Size};
use crate::effect::{Effect, Surface};
use crate::input::{Input, Mouse};

/// A prompt of twenty sentences, each naming its number, over `options`.
fn long_prompt(options: &[Value]) -> Value {
    let sentences: Vec<String> = (1..=20)
        .map(|n| format!("Sentence {n} adds one more detail of the plan that matters here."))
        .collect();
    json!({"questions": [{"id": "plan", "label": "Plan", "prompt": sentences.join(" "),
        "options": options}]})
}

fn three_options() -> Vec<Value> {
    vec![
        json!({"value": "now", "label": "Migrate now", "description": "Before the release"}),
        json!({"value": "later", "label": "Migrate later"}),
        json!({"value": "never", "label": "Do not migrate"}),
    ]
}

/// The screen's words joined by single spaces, so text reads the same however it wraps.
fn words(screen: &str) -> String {
    screen.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The row of the screen where `needle` is, if it shows.
fn row_of(screen: &str, needle: &str) -> Option<usize> {
    screen.lines().position(|line| line.contains(needle))
}

#[test]
fn a_long_prompt_takes_the_free_rows_and_keeps_the_options_in_view() {
    let run = Run::new(ask_user(&long_prompt(&three_options())), "");
    let screen = run.screen();
    assert!(words(&screen).contains("Sentence 9 adds"), "{screen}");
    assert!(screen.contains("› 1. ( ) Migrate now"), "{screen}");
    assert!(screen.contains("4. ( ) Type your own"), "{screen}");
    assert!(screen.contains("more lines  (shift+down)"), "{screen}");
    assert!(!screen.contains('…'), "{screen}");
}

#[test]
fn shift_down_and_up_bring_every_line_of_a_long_prompt_into_view() {
    let mut run = Run::new(ask_user(&long_prompt(&three_options())), "");
    let mut seen = String::new();
    for _ in 0..10 {
        seen.push_str(&words(&run.screen()));
        run.keys("shift+down");
    }
    for n in 1..=20 {
        assert!(
            seen.contains(&format!("Sentence {n} adds")),
            "sentence {n}:\n{seen}"
        );
    }
    let end = run.screen();
    assert!(end.contains("(shift+up)"), "{end}");
    assert!(!end.contains("Sentence 1 "), "{end}");
    run.keys("shift+up*10");
    assert!(run.screen().contains("Sentence 1 "));
    assert!(run.screen().contains("(shift+down)"));
}

#[test]
fn a_prompt_keeps_its_line_breaks() {
    let arguments = json!({"questions": [{"id": "order", "prompt":
        "The deploy has three steps:\n\n1. Build the image.\n2. Push it.\n3. Roll the pods.\n\nWhich one first?",
        "options": [{"value": "build", "label": "Build"}, {"value": "push", "label": "Push"}]}]});
    let screen = Run::new(ask_user(&arguments), "").screen();
    let lines: Vec<&str> = screen.lines().map(str::trim).collect();
    let first = lines
        .iter()
        .position(|line| *line == "The deploy has three steps:")
        .unwrap_or_else(|| panic!("{screen}"));
    assert_eq!(
        lines[first..first + 7],
        [
            "The deploy has three steps:",
            "",
            "1. Build the image.",
            "2. Push it.",
            "3. Roll the pods.",
            "",
            "Which one first?"
        ]
    );
    assert!(!screen.contains('↵'), "{screen}");
}

#[test]
fn descriptions_keep_their_line_breaks_and_use_free_rows() {
    let description: Vec<String> = (1..=8).map(|n| format!("Detail line {n}.")).collect();
    let arguments = json!({"questions": [{"id": "d", "prompt": "Pick one",
    "options": [
        {"value": "a", "label": "Alpha", "description": description.join("\n")},
        {"value": "b", "label": "Beta", "description": "First line\nSecond line"}
    ]}]});
    let screen = Run::new(ask_user(&arguments), "").screen();
    for n in 1..=8 {
        assert!(screen.contains(&format!("Detail line {n}.")), "{screen}");
    }
    let first = row_of(&screen, "First line").expect("the first line");
    assert_eq!(row_of(&screen, "Second line"), Some(first + 1), "{screen}");
    assert!(!screen.contains('↵') && !screen.contains('…'), "{screen}");
}

#[test]
fn with_a_long_prompt_and_a_long_list_the_highlighted_option_stays_in_view() {
    let options: Vec<Value> = (1..=30)
        .map(|n| json!({"value": format!("v{n}"), "label": format!("Option number {n}")}))
        .collect();
    let run = Run::new(ask_user(&long_prompt(&options)), "up up");
    let screen = run.screen();
    assert!(screen.contains("› 30. ( ) Option number 30"), "{screen}");
    assert!(screen.contains("30/31"), "{screen}");
    assert!(screen.contains("Sentence 1 "), "{screen}");
}

#[test]
fn on_preview_questions_page_keys_scroll_the_preview_and_shift_arrows_the_prompt() {
    let preview: Vec<String> = (0..60).map(|n| format!("preview row {n}")).collect();
    let mut arguments = long_prompt(&[
        json!({"value": "a", "label": "A", "preview": preview.join("\n")}),
        json!({"value": "b", "label": "B", "preview": "b"}),
    ]);
    arguments["questions"][0]["type"] = json!("preview");
    let mut run = Run::new(ask_user(&arguments), "pageDown");
    let screen = run.screen();
    assert!(screen.contains("Sentence 1 "), "the prompt stays: {screen}");
    assert!(!screen.contains("preview row 0\n"), "{screen}");
    assert!(
        screen.contains("pageUp/pageDown scroll preview"),
        "{screen}"
    );
    run.keys("shift+down");
    let screen = run.screen();
    assert!(!screen.contains("Sentence 1 "), "{screen}");
    assert!(
        !screen.contains("preview row 0\n"),
        "the preview stays: {screen}"
    );
    run.keys("pageUp");
    let screen = run.screen();
    assert!(screen.contains("preview row 0"), "{screen}");
    assert!(
        !screen.contains("Sentence 1 "),
        "the prompt stays: {screen}"
    );
    run.keys("shift+up");
    assert!(run.screen().contains("Sentence 1 "), "{}", run.screen());
}

#[test]
fn the_wheel_scrolls_a_cut_prompt_and_past_the_list_top_scrolls_it_back() {
    let mut run = Run::new(ask_user(&long_prompt(&three_options())), "");
    let screen = run.screen();
    let prompt = row_of(&screen, "Sentence 2 ").expect("the prompt");
    let list = row_of(&screen, "Migrate later").expect("the list");
    let wheel = |run: &mut Run, mouse: Mouse| {
        run.form.handle(Input::Mouse(mouse));
        run.form.draw(Size::new(80, 24));
    };
    for _ in 0..3 {
        wheel(&mut run, Mouse::ScrollDown(Pos::new(10, prompt as u16)));
    }
    assert!(!run.screen().contains("Sentence 1 "), "{}", run.screen());
    for _ in 0..3 {
        wheel(&mut run, Mouse::ScrollUp(Pos::new(10, list as u16)));
    }
    assert!(run.screen().contains("Sentence 1 "), "{}", run.screen());
    assert_eq!(run.form.state.cursors[0], 0);
}

#[test]
fn shift_arrows_scroll_the_prompt_while_an_editor_is_open() {
    let sentences: Vec<String> = (1..=30)
        .map(|n| format!("Sentence {n} adds one more detail of the plan that matters here."))
        .collect();
    let arguments = json!({"questions": [{"question": sentences.join(" "), "header": "Plan"}]});
    let mut run = Run::new(question_tool(&arguments), "'draft'");
    assert!(run.screen().contains("(shift+down)"), "{}", run.screen());
    run.keys("shift+down");
    let screen = run.screen();
    assert!(!screen.contains("Sentence 1 "), "{screen}");
    assert!(screen.contains("│ draft"), "{screen}");
    run.keys("shift+up");
    assert!(run.screen().contains("Sentence 1 "));
}

#[test]
fn the_question_waiting_notification_compacts_runs_of_whitespace() {
    let arguments = json!({"questions": [{"question": "Which\n\tdatabase   should\r\nwe use?"}]});
    let opened = question_tool(&arguments).open();
    let [Effect::Notify(notification)] = opened.as_slice() else {
        panic!("one notification, got {opened:?}");
    };
    assert_eq!(
        notification.message,
        "Question waiting: Which database should we use?"
    );
}

#[test]
fn a_prompt_on_a_short_screen_is_a_window_that_scrolls_not_one_row_cut_short() {
    let arguments = json!({"title": "Cleanup", "questions": [{"id": "backups", "prompt":
        "Delete the backups in /var/backups? They are NOT copied anywhere else.",
        "options": [{"value": "yes", "label": "Yes"}, {"value": "no", "label": "No"}]}]});
    let mut run = Run::sized(ask_user(&arguments), Size::new(30, 8), "");
    let mut seen = words(&run.screen());
    assert!(seen.contains("(shift+down)"), "{seen}");
    assert!(run.screen().contains("› 1. ( ) Yes"), "{}", run.screen());
    for _ in 0..3 {
        run.keys("shift+down");
        seen.push_str(&words(&run.screen()));
    }
    for part in ["/var/backups?", "They are NOT", "copied anywhere else."] {
        assert!(seen.contains(part), "{part}: {seen}");
    }
}
