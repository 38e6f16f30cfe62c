//! Taking a choice back: toggling the selected single option, and a type change that drops
//! selections.

use serde_json::json;

use super::{Run, ask_user, one_multi, one_single, question_tool, three_questions};
use crate::form::state::Pending;

#[test]
fn toggling_the_selected_single_option_deselects_it() {
    let mut run = Run::new(ask_user(&one_single()), "down space");
    assert_eq!(run.form.drafts()[0].selected(), &[1]);
    run.keys("space");
    assert!(run.form.drafts()[0].selected().is_empty());
    assert!(run.screen().contains("2. ( ) SQLite"), "{}", run.screen());
    run.keys("space");
    assert_eq!(run.form.drafts()[0].selected(), &[1]);
    run.keys("space tab enter");
    assert_eq!(run.answers(), json!({}));
}

#[test]
fn toggling_another_single_option_still_moves_the_selection() {
    let run = Run::new(ask_user(&one_single()), "space down space");
    assert_eq!(run.form.drafts()[0].selected(), &[1]);
}

#[test]
fn toggling_the_selected_preview_option_deselects_it() {
    let run = Run::new(ask_user(&three_questions()), "tab tab space space");
    assert!(run.form.drafts()[2].selected().is_empty());
}

#[test]
fn toggling_the_selected_single_option_deselects_it_in_ask_user_question() {
    let arguments = json!({"questions": [
        {"question": "First?", "options": [{"label": "A"}, {"label": "B"}]},
        {"question": "Second?", "options": [{"label": "C"}, {"label": "D"}]}
    ]});
    let run = Run::new(question_tool(&arguments), "space space");
    assert!(run.form.drafts()[0].selected().is_empty());
    assert!(!run.finished());
}

#[test]
fn a_confirmed_destructive_type_change_clears_the_selected_options() {
    let run = Run::new(ask_user(&one_multi()), "space down space t t");
    assert!(!run.form.questions()[0].is_multi());
    assert!(run.form.drafts()[0].selected().is_empty());
    assert!(!run.form.drafts()[0].is_answered());
}

#[test]
fn a_confirmed_destructive_type_change_keeps_the_custom_text_and_the_notes() {
    let run = Run::new(
        ask_user(&one_multi()),
        "n 'format note' enter shift+n 'question note' enter \
         space down down down enter 'mine' enter t t",
    );
    let draft = &run.form.drafts()[0];
    assert!(!run.form.questions()[0].is_multi());
    assert!(draft.selected().is_empty());
    assert!(!draft.custom_selected);
    assert_eq!(draft.custom_text, "mine");
    assert_eq!(draft.note, "question note");
    assert_eq!(draft.option_notes[&0], "format note");
}

#[test]
fn the_type_change_confirmation_says_the_selections_will_be_cleared() {
    let run = Run::new(ask_user(&one_multi()), "space down space t");
    assert_eq!(run.form.state.pending, Pending::TypeChange);
    let screen = run.screen();
    assert!(
        screen.contains("Switch to single-select? Press t again to clear the 2 selections"),
        "{screen}"
    );
}

#[test]
fn esc_at_the_type_change_confirmation_keeps_the_selections_and_ends_nothing() {
    let mut run = Run::new(ask_user(&one_multi()), "space down space t esc");
    assert_eq!(run.form.state.pending, Pending::None);
    assert!(run.form.questions()[0].is_multi());
    assert_eq!(run.form.drafts()[0].selected(), &[0, 1]);
    let screen = run.screen();
    assert!(!screen.contains("again to cancel the form"), "{screen}");
    run.keys("esc");
    assert!(!run.finished(), "one esc after the answer arms the warning");
    assert!(
        run.screen().contains("again to cancel the form"),
        "{}",
        run.screen()
    );
}

#[test]
fn the_type_change_question_shows_over_an_armed_dismiss_warning() {
    let mut run = Run::new(ask_user(&one_multi()), "space down space esc t");
    let screen = run.screen();
    assert!(
        screen.contains("Press t again to clear the 2 selections"),
        "{screen}"
    );
    run.keys("esc");
    assert!(
        run.screen().contains("again to cancel the form"),
        "{}",
        run.screen()
    );
    assert!(!run.finished(), "the esc answered the type change");
}

#[test]
fn a_type_change_with_one_selection_keeps_it() {
    let run = Run::new(ask_user(&one_multi()), "down space t");
    assert!(!run.form.questions()[0].is_multi());
    assert_eq!(run.form.drafts()[0].selected(), &[1]);
}

#[test]
fn n_on_the_written_answer_row_opens_the_question_note_since_the_row_is_no_option() {
    let mut run = Run::new(ask_user(&one_single()), "down down");
    let screen = run.screen();
    assert!(screen.contains("› 3. ( ) Type your own"), "{screen}");
    assert!(screen.contains("n note"), "the hint stays: {screen}");
    run.keys("n 'about what I wrote' enter");
    let draft = &run.form.drafts()[0];
    assert_eq!(draft.note, "about what I wrote");
    assert!(draft.option_notes.is_empty());
}
