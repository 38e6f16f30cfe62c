//! The mouse: clicks and wheel turns after a frame drawn at 80×24, hitting what that frame
//! showed.

use serde_json::{Value, json};

use super::{
    Run, ask_user, ask_user_with, one_single, question_tool, screen_text, three_questions,
};
use crate::draw::{Pos, Size};
use crate::effect::Surface;
use crate::form::editor::EditorTarget;
use crate::form::state::{Dismissal, Focus, PreviewScroll, SummaryPlace};
use crate::input::{Input, Mouse};
use crate::settings::Behaviour;
use crate::text::width;

/// The size every frame in these tests is drawn at.
const SIZE: Size = Size::new(80, 24);

/// The first cell showing `needle` on the screen, drawing that frame.
fn at(run: &Run, needle: &str) -> Pos {
    let screen = screen_text(&run.form.draw(SIZE));
    for (y, line) in screen.lines().enumerate() {
        if let Some(byte) = line.find(needle) {
            let x = u16::try_from(width(&line[..byte])).expect("a column");
            return Pos::new(x, u16::try_from(y).expect("a row"));
        }
    }
    panic!("{needle:?} is not on the screen:\n{screen}");
}

/// Hands `mouse` to the form, then draws the next frame.
fn mouse(run: &mut Run, mouse: Mouse) {
    let effects = run.form.handle(Input::Mouse(mouse));
    run.form.draw(SIZE);
    run.effects.extend(effects);
}

/// Clicks the first cell showing `needle`.
fn click(run: &mut Run, needle: &str) {
    let pos = at(run, needle);
    mouse(run, Mouse::Click(pos));
}

fn editing(run: &Run) -> Option<EditorTarget> {
    run.form.state.editor().map(|editor| editor.target)
}

fn editor_text(run: &Run) -> Option<String> {
    run.form
        .state
        .editor()
        .map(|editor| editor.lines().join("\n"))
}

/// Questions with `count` options each, labelled `Option 1`...
fn many(questions: usize, options: usize) -> Value {
    let options: Vec<Value> = (1..=options)
        .map(|n| json!({"value": format!("o{n}"), "label": format!("Option {n}")}))
        .collect();
    let questions: Vec<Value> = (1..=questions)
        .map(|n| {
            json!({"id": format!("q{n}"), "label": format!("A long question label {n}"),
                   "prompt": format!("Question {n}?"), "options": options})
        })
        .collect();
    json!({ "questions": questions })
}

#[test]
fn a_click_on_a_tab_goes_to_that_tab() {
    let mut run = Run::new(ask_user(&three_questions()), "");
    click(&mut run, "Layout");
    assert_eq!(run.form.state.tab, 2);
    click(&mut run, "Review");
    assert_eq!(run.form.state.tab, 3);
    assert!(matches!(run.form.state.focus, Focus::Review));
}

#[test]
fn a_click_on_a_tab_clears_the_dirty_dismiss_warning() {
    let mut run = Run::new(ask_user(&three_questions()), "space esc");
    assert_eq!(run.form.state.armed, Some(Dismissal::Cancel));
    click(&mut run, "Checks");
    assert_eq!(run.form.state.tab, 1);
    assert_eq!(run.form.state.armed, None);
    assert!(!run.screen().contains("again to cancel the form"));
}

#[test]
fn a_click_on_the_active_tab_changes_nothing() {
    let mut run = Run::new(ask_user(&three_questions()), "down space esc");
    let before = run.screen();
    click(&mut run, "Database");
    assert_eq!(run.screen(), before);
    assert_eq!(run.form.state.armed, Some(Dismissal::Cancel));
}

#[test]
fn tab_markers_go_to_the_nearest_hidden_tab() {
    let mut run = Run::new(ask_user(&many(6, 2)), "");
    click(&mut run, "›");
    let shown_after = run.form.state.tab;
    assert!(shown_after > 1, "went to tab {shown_after}");
    assert!(at(&run, "‹").x < 2);
    click(&mut run, "‹");
    assert!(run.form.state.tab < shown_after);
}

#[test]
fn a_click_on_an_option_selects_it_without_moving_on() {
    let mut run = Run::new(ask_user(&three_questions()), "");
    click(&mut run, "SQLite");
    assert_eq!(run.form.state.tab, 0);
    assert_eq!(run.form.state.cursors[0], 1);
    assert_eq!(run.form.drafts()[0].selected(), &[1]);
    assert!(!run.finished());
}

#[test]
fn a_click_on_a_description_line_selects_its_option() {
    let mut run = Run::new(ask_user(&three_questions()), "down down");
    click(&mut run, "Relational");
    assert_eq!(run.form.state.cursors[0], 0);
    assert_eq!(run.form.drafts()[0].selected(), &[0]);
}

#[test]
fn clicks_on_a_multi_select_option_toggle_it() {
    let mut run = Run::new(ask_user(&three_questions()), "tab");
    click(&mut run, "Lint");
    assert_eq!(run.form.drafts()[1].selected(), &[1]);
    click(&mut run, "Test");
    assert_eq!(run.form.drafts()[1].selected(), &[1, 2]);
    click(&mut run, "Lint");
    assert_eq!(run.form.drafts()[1].selected(), &[2]);
}

#[test]
fn a_click_on_the_custom_row_opens_its_editor() {
    let mut run = Run::new(ask_user(&three_questions()), "");
    click(&mut run, "Type your own");
    assert_eq!(editing(&run), Some(EditorTarget::Custom));
    let mut run = Run::new(question_tool(&one_question_tool()), "");
    click(&mut run, "Other");
    assert_eq!(editing(&run), Some(EditorTarget::Custom));
}

fn one_question_tool() -> Value {
    json!({"questions": [{"question": "Which one?", "header": "Pick", "multiSelect": false,
        "options": [{"label": "Red", "description": "Warm"}, {"label": "Blue", "description": "Cold"}]}]})
}

#[test]
fn a_click_on_a_scrolled_list_hits_the_row_shown_there() {
    let mut run = Run::new(ask_user(&many(1, 40)), "down*30");
    assert!(!run.screen().contains("Option 1\n"));
    click(&mut run, "Option 27");
    assert_eq!(run.form.state.cursors[0], 26);
    assert_eq!(run.form.drafts()[0].selected(), &[26]);
}

#[test]
fn a_click_that_answers_everything_can_auto_submit() {
    let behaviour = Behaviour {
        auto_submit_when_answered_without_notes: true,
        ..Behaviour::default()
    };
    let mut run = Run::new(ask_user_with(&one_single(), behaviour), "");
    click(&mut run, "SQLite");
    assert_eq!(run.answers()["db"]["values"], json!(["sqlite"]));
}

#[test]
fn the_first_click_on_an_action_only_highlights_it_and_the_second_runs_it() {
    let mut run = Run::new(ask_user(&three_questions()), "space shift+tab");
    click(&mut run, "1. Submit");
    assert!(!run.finished());
    assert!(run.screen().contains("Click again to submit"));
    click(&mut run, "1. Submit");
    assert_eq!(run.answers()["db"]["values"], json!(["pg"]));
}

#[test]
fn a_click_on_another_action_moves_the_highlight_without_running_anything() {
    let mut run = Run::new(ask_user(&three_questions()), "shift+tab");
    click(&mut run, "1. Submit");
    click(&mut run, "3. Cancel");
    assert!(!run.finished());
    assert_eq!(run.form.state.review_cursor, 2);
    assert!(run.screen().contains("Click again to cancel"));
    click(&mut run, "3. Cancel");
    assert_eq!(run.result()["details"]["cancelled"], json!(true));
}

#[test]
fn two_clicks_on_cancel_cancel_a_dirty_form_without_the_dirty_dismiss_warning() {
    let mut run = Run::new(ask_user(&three_questions()), "space shift+tab");
    click(&mut run, "3. Cancel");
    assert!(!run.finished());
    click(&mut run, "3. Cancel");
    assert_eq!(run.result()["details"]["cancelled"], json!(true));
    assert_eq!(run.answers()["db"]["values"], json!(["pg"]));
}

#[test]
fn a_click_on_a_submit_that_would_be_refused_says_so_at_once() {
    let arguments = json!({"questions": [
        {"question": "First?", "options": [{"label": "A"}, {"label": "B"}]},
        {"question": "Second?", "options": [{"label": "C"}, {"label": "D"}]}
    ]});
    let mut run = Run::new(question_tool(&arguments), "shift+tab");
    click(&mut run, "1. Submit");
    let screen = run.screen();
    assert!(
        screen.contains("Answer every question before submitting."),
        "{screen}"
    );
    assert!(!screen.contains("Click again"), "{screen}");
    assert!(!run.finished());
}

#[test]
fn a_key_between_two_clicks_on_an_action_starts_over() {
    let mut run = Run::new(ask_user(&three_questions()), "shift+tab");
    click(&mut run, "3. Cancel");
    run.keys("pageDown");
    click(&mut run, "3. Cancel");
    assert!(!run.finished());
}

#[test]
fn a_click_outside_every_region_does_nothing() {
    let mut run = Run::new(ask_user(&three_questions()), "down space");
    let before = run.screen();
    for needle in ["Project setup", "Which database?", "move"] {
        click(&mut run, needle);
    }
    mouse(&mut run, Mouse::Click(Pos::new(200, 200)));
    assert_eq!(run.screen(), before);
    assert_eq!(run.form.drafts()[0].selected(), &[1]);
}

#[test]
fn a_click_on_an_option_closes_the_open_editor_keeping_its_text() {
    let mut run = Run::new(ask_user(&three_questions()), "up enter 'my own'");
    assert_eq!(editing(&run), Some(EditorTarget::Custom));
    click(&mut run, "SQLite");
    assert_eq!(editing(&run), None);
    assert_eq!(run.form.drafts()[0].custom_text, "my own");
    assert_eq!(run.form.drafts()[0].selected(), &[1]);
}

#[test]
fn a_click_on_a_tab_saves_the_open_note() {
    let mut run = Run::new(ask_user(&three_questions()), "n 'a note'");
    click(&mut run, "Checks");
    assert_eq!(run.form.state.tab, 1);
    assert_eq!(run.form.drafts()[0].option_notes[&0], "a note");
}

#[test]
fn a_click_inside_the_open_editor_does_nothing() {
    let mut run = Run::new(ask_user(&three_questions()), "up enter 'draft'");
    click(&mut run, "draft");
    assert_eq!(editing(&run), Some(EditorTarget::Custom));
    assert_eq!(editor_text(&run), Some("draft".into()));
}

#[test]
fn a_free_form_answer_is_kept_when_another_tab_is_clicked() {
    let arguments = json!({"questions": [
        {"question": "Why?", "header": "Reason"},
        {"question": "Which?", "header": "Database", "options": [{"label": "A"}, {"label": "B"}]}
    ]});
    let mut run = Run::new(question_tool(&arguments), "'because'");
    click(&mut run, "Database");
    assert!(!run.finished());
    assert_eq!(run.form.state.tab, 1);
    assert_eq!(run.form.drafts()[0].custom_text, "because");
    click(&mut run, "Reason");
    assert_eq!(editor_text(&run), Some("because".into()));
}

#[test]
fn a_click_applies_only_to_the_frame_it_was_drawn_for() {
    let mut run = Run::new(ask_user(&three_questions()), "");
    let option = at(&run, "SQLite");
    let tab = at(&run, "Checks");
    run.form.handle(Input::Mouse(Mouse::Click(tab)));
    run.form.handle(Input::Mouse(Mouse::Click(option)));
    assert_eq!(run.form.state.tab, 1);
    assert!(run.form.drafts()[1].selected().is_empty());
}

#[test]
fn the_wheel_over_the_list_moves_the_highlight_and_stops_at_the_ends() {
    let mut run = Run::new(ask_user(&three_questions()), "");
    let list = at(&run, "SQLite");
    for _ in 0..6 {
        mouse(&mut run, Mouse::ScrollDown(list));
    }
    assert_eq!(run.form.state.cursors[0], 3);
    for _ in 0..6 {
        mouse(&mut run, Mouse::ScrollUp(list));
    }
    assert_eq!(run.form.state.cursors[0], 0);
    assert!(run.form.drafts()[0].selected().is_empty());
}

#[test]
fn the_wheel_over_the_list_leaves_an_open_editor_alone() {
    let mut run = Run::new(ask_user(&three_questions()), "up enter");
    let list = at(&run, "SQLite");
    mouse(&mut run, Mouse::ScrollUp(list));
    assert_eq!(run.form.state.cursors[0], 3);
    assert_eq!(editing(&run), Some(EditorTarget::Custom));
}

#[test]
fn the_wheel_over_the_preview_scrolls_it() {
    let text = (0..60).fold(String::new(), |text, n| text + &format!("line {n}\n"));
    let arguments = json!({"questions": [{"id": "p", "prompt": "Pick", "type": "preview",
        "options": [{"value": "a", "preview": text}, {"value": "b", "preview": "b"}]}]});
    let mut run = Run::new(ask_user(&arguments), "");
    let pane = at(&run, "line 0");
    mouse(&mut run, Mouse::ScrollDown(pane));
    mouse(&mut run, Mouse::ScrollDown(pane));
    assert_eq!(&text[run.form.state.preview.line..][..6], "line 6");
    assert!(!run.screen().contains("line 0"));
    let header = at(&run, "Preview");
    mouse(&mut run, Mouse::ScrollUp(header));
    mouse(&mut run, Mouse::ScrollUp(header));
    assert_eq!(run.form.state.preview, PreviewScroll::default());
    assert_eq!(run.form.state.cursors[0], 0);
}

/// The summary's top at the first row of question `question`'s part.
fn top_at_question(question: usize) -> SummaryPlace {
    SummaryPlace { question, cells: 0 }
}

#[test]
fn the_wheel_over_the_summary_scrolls_it_and_over_the_actions_moves_among_them() {
    let mut run = Run::new(ask_user(&many(20, 2)), "shift+tab");
    let summary = at(&run, "Question 1?  →");
    mouse(&mut run, Mouse::ScrollDown(summary));
    assert_eq!(run.form.state.review_scroll, top_at_question(3));
    mouse(&mut run, Mouse::ScrollUp(summary));
    assert_eq!(run.form.state.review_scroll, top_at_question(0));
    for _ in 0..3 {
        run.form.handle(Input::Mouse(Mouse::ScrollDown(summary)));
    }
    assert_eq!(
        run.form.state.review_scroll,
        top_at_question(9),
        "three turns read before a frame scroll as far as three with frames between"
    );
    mouse(&mut run, Mouse::ScrollUp(summary));
    mouse(&mut run, Mouse::ScrollUp(summary));
    mouse(&mut run, Mouse::ScrollUp(summary));
    let actions = at(&run, "1. Submit");
    for _ in 0..4 {
        mouse(&mut run, Mouse::ScrollDown(actions));
    }
    assert_eq!(run.form.state.review_cursor, 2);
    assert!(!run.finished());
}
