//! Drawing: every state at every size without panicking, runs within the frame, wide
//! characters, long lists and long previews.

use std::fmt::Write as _;

use proptest::prelude::*;
use rstest::rstest;
use serde_json::{Value, json};

use super::{Run, ask_user, crowded_question, question_tool, screen_text, three_questions};
use crate::draw::{DrawCmd, Frame, Size};
use crate::effect::{Effect, Surface};
use crate::form::Form;
use crate::text::width;

/// Scripts that reach the states worth drawing, on [`three_questions`].
const STATES: &[&str] = &[
    "",
    "down space",
    "up enter",
    "up enter 'typed text that is long enough to wrap around the editor box twice over'",
    "n 'an option note'",
    "shift+n 'a question note' enter",
    "tab space down space t",
    "tab tab",
    "tab tab t",
    "shift+tab",
    "shift+tab 2",
    "space esc",
    "enter space enter pageDown",
];

fn check_frame(frame: &Frame, size: Size) {
    for cmd in &frame.cmds {
        let DrawCmd::Text { pos, text, .. } = cmd;
        assert!(pos.y < size.height, "row {} outside {size:?}", pos.y);
        assert!(
            usize::from(pos.x) + width(text) <= usize::from(size.width),
            "{text:?} at {pos:?} runs past {size:?}"
        );
        assert!(
            !text.chars().any(char::is_control),
            "{text:?} has a control character"
        );
    }
    if let Some(cursor) = frame.cursor {
        assert!(cursor.x < size.width && cursor.y < size.height);
    }
}

fn drawn(script: &str) -> Form {
    Run::new(ask_user(&three_questions()), script).form
}

#[rstest]
fn every_state_draws_at_every_size(
    #[values(
        0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24,
        25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47,
        48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70,
        71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93,
        94, 95, 96, 97, 98, 99, 100, 101, 102, 103, 104, 105, 106, 107, 108, 109, 110, 111, 112,
        113, 114, 115, 116, 117, 118, 119, 120, 121, 122, 123, 124, 125, 126, 127, 128, 129, 130,
        131, 132, 133, 134, 135, 136, 137, 138, 139, 140, 141, 142, 143, 144, 145, 146, 147, 148,
        149
    )]
    state: usize,
) {
    let script = STATES[state % STATES.len()];
    let form = drawn(script);
    for (width, height) in [(0, 0), (1, 1), (20, 5), (40, 12), (80, 24), (120, 40)] {
        let size = Size::new(width, height);
        check_frame(&form.draw(size), size);
    }
    let width = u16::try_from(state).unwrap_or(0);
    for height in [1, 3, 7, 13, 24] {
        let size = Size::new(width, height);
        check_frame(&form.draw(size), size);
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]
    #[test]
    fn random_sizes_and_keys_never_break_a_frame(
        width in 0u16..160,
        height in 0u16..60,
        keys in proptest::collection::vec(
            prop::sample::select(vec![
                "down", "up", "tab", "shift+tab", "space", "enter", "esc", "t", "n",
                "shift+n", "1", "2", "3", "x", "backspace", "pageDown", "pageUp", "?",
            ]),
            0..24,
        ),
    ) {
        let mut form = ask_user(&three_questions());
        let size = Size::new(width, height);
        for key in keys {
            form.handle(crate::input::Input::Key(key.parse().unwrap()));
            check_frame(&form.draw(size), size);
        }
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]
    #[test]
    fn an_open_editor_always_shows_its_cursor(
        width in 12u16..130,
        height in 10u16..30,
        keys in proptest::collection::vec(
            prop::sample::select(vec![
                "down", "up", "tab", "shift+tab", "space", "enter", "esc", "n", "shift+n",
                "x", "y", "alt+enter", "backspace", "pageDown", "pageUp", "shift+down",
                "left",
            ]),
            0..40,
        ),
        which in 0usize..3,
    ) {
        let free_form = json!({"questions": [
            {"question": "What should change before the release, and why?", "header": "Why"},
            {"question": "Which one?", "options": [{"label": "A"}, {"label": "B"}]}
        ]});
        let mut form = match which {
            0 => ask_user(&three_questions()),
            1 => ask_user(&crowded_question("preview")),
            _ => question_tool(&free_form),
        };
        let size = Size::new(width, height);
        for key in keys {
            let effects = form.handle(crate::input::Input::Key(key.parse().unwrap()));
            if effects.iter().any(|effect| matches!(effect, Effect::Finish(_))) {
                break;
            }
            let frame = form.draw(size);
            if form.state.editor().is_some() {
                prop_assert!(
                    frame.cursor.is_some(),
                    "an editor open, no cursor at {size:?}:\n{}",
                    screen_text(&frame)
                );
            }
        }
    }
}

fn many_options(count: usize) -> Value {
    let options: Vec<Value> = (1..=count)
        .map(|n| json!({"value": format!("v{n}"), "label": format!("Option number {n}"), "description": "A description that is long enough to wrap on narrow screens"}))
        .collect();
    json!({"questions": [{"id": "many", "prompt": "Pick one of many", "options": options}]})
}

#[test]
fn a_long_list_keeps_the_highlight_visible_and_says_where_it_is() {
    let run = Run::new(ask_user(&many_options(30)), "up up");
    let screen = run.screen();
    assert!(screen.contains("› 30. ( ) Option number 30"), "{screen}");
    assert!(screen.contains("↑ 24 more  ·  30/31"), "{screen}");
    assert!(screen.contains("↑"), "{screen}");
    let run = Run::new(ask_user(&many_options(30)), "");
    assert!(run.screen().contains("1/31  ·  ↓"), "{}", run.screen());
}

#[rstest::rstest]
#[case(Size::new(22, 8), "↑ 40 ↓ 210")]
#[case(Size::new(10, 8), "↓ 210")]
fn a_narrow_list_line_drops_words_and_counts_but_never_cuts_a_number(
    #[case] size: Size,
    #[case] shown: &str,
) {
    let run = Run::sized(ask_user(&many_options(250)), size, "down*40");
    let screen = run.screen();
    let line = screen
        .lines()
        .find(|line| line.contains('↓'))
        .unwrap_or_else(|| panic!("a line of counts:\n{screen}"));
    assert_eq!(line.trim(), shown, "{screen}");
}

#[test]
fn a_rows_number_and_marker_in_one_style_are_one_run() {
    let form = drawn("down");
    let frame = form.draw(Size::new(80, 24));
    let texts: Vec<&str> = frame
        .cmds
        .iter()
        .map(|DrawCmd::Text { text, .. }| text.as_str())
        .collect();
    assert!(texts.contains(&"1. ( ) "), "a plain row: {texts:?}");
    assert!(
        texts.contains(&"2. "),
        "the highlighted row's number: {texts:?}"
    );
    assert!(
        texts.contains(&"( ) "),
        "its marker, in another style: {texts:?}"
    );
}

#[test]
fn a_long_list_scrolls_only_when_the_highlight_leaves_it() {
    let run = Run::new(ask_user(&many_options(30)), "down*6");
    assert!(
        run.screen().contains("Option number 1\n") || run.screen().contains("Option number 1 ")
    );
    let run = Run::new(ask_user(&many_options(30)), "down*12 up*4");
    let screen = run.screen();
    assert!(screen.contains("Option number 13"), "{screen}");
}

#[test]
fn wide_characters_take_two_cells() {
    let arguments = json!({"questions": [{"id": "cjk", "label": "语言", "prompt": "选择一种语言？",
        "options": [{"value": "zh", "label": "中文（简体）"}, {"value": "emoji", "label": "Emoji 👍🏽 ok"}]}]});
    let form = ask_user(&arguments);
    let size = Size::new(40, 12);
    let frame = form.draw(size);
    check_frame(&frame, size);
    let screen = screen_text(&frame);
    assert!(screen.contains("中文（简体）"), "{screen}");
}

#[test]
fn control_characters_in_the_payload_are_drawn_as_placeholders() {
    let arguments = json!({"questions": [{"id": "x", "prompt": "Evil \u{1b}[31mred\u{7}",
        "options": [{"value": "a", "label": "tab\there"}]}]});
    let form = ask_user(&arguments);
    let frame = form.draw(Size::new(80, 24));
    check_frame(&frame, Size::new(80, 24));
    assert!(screen_text(&frame).contains("Evil ␛[31mred␇"));
}

#[test]
fn a_one_mebibyte_preview_scrolls_by_pages() {
    let mut text = String::new();
    let mut n = 0;
    while text.len() < 1024 * 1024 {
        let _ = writeln!(text, "preview line {n} with some words to fill it");
        n += 1;
    }
    let arguments = json!({"questions": [{"id": "p", "prompt": "Pick", "type": "preview",
        "options": [{"value": "a", "label": "Big", "preview": text}, {"value": "b", "label": "None", "preview": "x"}]}]});
    let mut run = Run::new(ask_user(&arguments), "");
    assert!(run.screen().contains("preview line 0 "));
    run.keys("pageDown pageDown");
    let screen = run.screen();
    assert!(!screen.contains("preview line 0 "), "{screen}");
    run.keys("pageUp pageUp");
    assert!(run.screen().contains("preview line 0 "));
}

#[test]
fn an_option_without_preview_text_says_so() {
    let arguments = json!({"questions": [{"id": "p", "prompt": "Pick", "type": "preview",
        "options": [{"value": "a", "label": "A", "preview": "alpha"}]}]});
    let run = Run::new(ask_user(&arguments), "down");
    assert!(run.screen().contains("No preview available"));
}

#[test]
fn an_open_editor_shows_the_cursor_after_its_text() {
    let run = Run::new(ask_user(&three_questions()), "up enter 'abc'");
    let frame = run.form.draw(Size::new(80, 24));
    let cursor = frame.cursor.expect("a cursor");
    let screen = screen_text(&frame);
    let row = screen.lines().nth(usize::from(cursor.y)).unwrap();
    assert!(row.ends_with("│ abc"), "{row:?}");
    assert_eq!(usize::from(cursor.x), width(row));
}

#[test]
fn spaces_typed_at_the_end_of_an_editors_text_move_its_cursor_past_them() {
    for (keys, before) in [("'abc   '", "│ abc   "), ("'abc   ' left", "│ abc  ")] {
        let run = Run::new(ask_user(&three_questions()), &format!("up enter {keys}"));
        let frame = run.form.draw(Size::new(80, 24));
        let cursor = frame.cursor.expect("a cursor");
        let screen = screen_text(&frame);
        let row = screen.lines().nth(usize::from(cursor.y)).unwrap();
        assert!(row.ends_with("│ abc"), "{row:?}");
        let bar = row.find('│').unwrap();
        assert_eq!(
            usize::from(cursor.x),
            width(&row[..bar]) + width(before),
            "{keys}: {row:?}"
        );
    }
}

#[test]
fn trailing_spaces_longer_than_the_row_leave_the_cursor_on_its_last_cell() {
    let run = Run::new(
        ask_user(&three_questions()),
        &format!("up enter 'abc{}'", " ".repeat(200)),
    );
    let frame = run.form.draw(Size::new(40, 24));
    let cursor = frame.cursor.expect("a cursor");
    assert!(cursor.x < 40, "{cursor:?}");
    let row = screen_text(&frame)
        .lines()
        .nth(usize::from(cursor.y))
        .unwrap()
        .to_owned();
    assert!(
        row.ends_with("│ abc"),
        "the spaces take no row of their own: {row:?}"
    );
}

#[test]
fn the_question_tool_draws_at_tiny_sizes() {
    let arguments = json!({"questions": [{"question": "Free?"}, {"question": "Pick", "options": [{"label": "A"}, {"label": "B"}]}]});
    let form = question_tool(&arguments);
    for (width, height) in [(0, 0), (1, 1), (20, 5), (40, 12)] {
        let size = Size::new(width, height);
        check_frame(&form.draw(size), size);
    }
}

#[test]
fn a_multi_line_custom_answer_keeps_one_summary_line_per_answer() {
    let run = Run::new(
        ask_user(&three_questions()),
        "up enter 'first' alt+enter 'second' enter shift+tab shift+tab",
    );
    let screen = run.screen();
    assert!(screen.contains("  → first↵second"), "{screen}");
    assert!(
        !screen.lines().any(|line| line.trim() == "second"),
        "{screen}"
    );
    let list = Run::new(
        ask_user(&three_questions()),
        "up enter 'first' alt+enter 'second' esc",
    )
    .screen();
    assert!(
        list.contains("first↵second"),
        "the list shows it alike: {list}"
    );
}

#[test]
fn the_review_of_a_single_question_says_whether_it_is_answered_rather_than_counting() {
    let mut run = Run::new(ask_user(&super::one_single()), "tab");
    let screen = run.screen();
    assert!(
        screen.contains("The question is not answered yet"),
        "{screen}"
    );
    assert!(!screen.contains("of 1 questions"), "{screen}");
    run.keys("shift+tab enter");
    let screen = run.screen();
    assert!(screen.contains("The question is answered"), "{screen}");
    assert!(!screen.contains("All 1 questions"), "{screen}");
}

#[test]
fn the_review_of_several_questions_counts_the_answered_ones() {
    let mut run = Run::new(ask_user(&three_questions()), "");
    run.keys("tab tab tab");
    let screen = run.screen();
    assert!(screen.contains("0 of 3 questions answered"), "{screen}");
}

/// Whether every row's runs come in column order, none over another: what a terminal frontend
/// needs to write a row of a blank screen as the runs come, without painting it cell by cell.
fn rows_side_by_side(frame: &Frame) -> Result<(), String> {
    let mut reached = std::collections::HashMap::new();
    for cmd in &frame.cmds {
        let DrawCmd::Text { pos, text, .. } = cmd;
        let end = reached.entry(pos.y).or_insert(0);
        if usize::from(pos.x) < *end {
            return Err(format!("{text:?} at {pos:?} starts before column {end}"));
        }
        *end = usize::from(pos.x) + width(text);
    }
    Ok(())
}

#[rstest]
fn a_first_frame_puts_each_rows_runs_side_by_side(
    #[values((80, 24), (120, 40))] (columns, rows): (u16, u16),
    #[values(0, 1, 2)] question: usize,
) {
    let previews = json!({"questions": [{"id": "p", "prompt": "Pick", "type": "preview",
        "options": [{"value": "a", "label": "A", "preview": "fn a() {}\n".repeat(50)},
                    {"value": "b", "label": "B", "preview": "b"}]}]});
    let arguments = match question {
        0 => three_questions(),
        1 => previews,
        _ => json!({"questions": [{"id": "q", "prompt": "Which?", "type": "single",
            "options": [{"value": "rust", "label": "Rust"}, {"value": "go", "label": "Go"}]}]}),
    };
    let frame = ask_user(&arguments).draw(Size::new(columns, rows));
    assert_eq!(rows_side_by_side(&frame), Ok(()));
}
