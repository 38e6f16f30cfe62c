//! Taking a choice back: toggling the selected single option.

use serde_json::json;

use super::{Run, ask_user, one_single, question_tool, three_questions};

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
