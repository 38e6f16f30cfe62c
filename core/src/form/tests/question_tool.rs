//! `ask_user_question`: the `Other` row, submit gating, free-form questions and cancelling.

use serde_json::{Value, json};

use super::{Run, question_tool};
use crate::effect::Effect;
use crate::form::state::{Focus, Pending};

fn two_questions() -> Value {
    json!({
        "questions": [
            {
                "question": "Which auth?", "header": "Auth",
                "options": [
                    {"label": "OAuth", "description": "Provider flow"},
                    {"label": "Cookies"}
                ]
            },
            {
                "question": "Which scopes?", "header": "Scope", "multiSelect": true,
                "options": [{"label": "repo"}, {"label": "admin"}, {"label": "read:org"}]
            }
        ]
    })
}

#[test]
fn every_question_with_options_gets_an_other_row() {
    let run = Run::new(question_tool(&two_questions()), "");
    assert!(run.screen().contains("3. ( ) Other (type something)"));
    assert!(!run.screen().contains("Type your own"));
}

#[test]
fn the_submit_tab_refuses_until_every_question_is_answered() {
    let mut run = Run::new(question_tool(&two_questions()), "enter tab enter");
    assert!(!run.finished());
    assert!(
        run.screen()
            .contains("Answer every question before submitting.")
    );
    run.keys("shift+tab space enter enter");
    assert!(run.finished());
    assert_eq!(
        run.text(),
        "Auth: user selected: 1. OAuth\nScope: user selected: 1. repo"
    );
}

#[test]
fn a_submit_shortcut_that_would_be_refused_says_so_at_once() {
    let mut run = Run::new(question_tool(&two_questions()), "shift+tab 1");
    let screen = run.screen();
    assert!(
        screen.contains("Answer every question before submitting."),
        "{screen}"
    );
    assert!(!screen.contains("again to submit"), "{screen}");
    assert_eq!(run.form.state.pending, Pending::None);
    run.keys("tab enter space enter 1");
    assert!(
        !run.finished(),
        "a submittable form still asks for the second press"
    );
    assert!(run.screen().contains("Press 1 again to submit"));
    run.keys("1");
    assert!(run.finished());
}

#[test]
fn multi_select_needs_a_selection_to_confirm() {
    let mut run = Run::new(question_tool(&two_questions()), "tab enter");
    assert_eq!(run.form.state.tab, 1);
    assert!(run.screen().contains("Select at least one option."));
    run.keys("down");
    assert!(!run.screen().contains("Select at least one option."));
    run.keys("space down space enter");
    assert_eq!(run.form.state.tab, 2);
}

#[test]
fn the_answers_carry_labels_and_indices() {
    let run = Run::new(
        question_tool(&two_questions()),
        "down enter space down down space enter enter",
    );
    let details = &run.result()["details"];
    assert_eq!(
        details["answers"],
        json!([
            {"id": "q1", "header": "Auth", "question": "Which auth?", "values": ["Cookies"], "labels": ["Cookies"], "wasCustom": false, "indices": [2]},
            {"id": "q2", "header": "Scope", "question": "Which scopes?", "values": ["repo", "read:org"], "labels": ["repo", "read:org"], "wasCustom": false, "indices": [1, 3]}
        ])
    );
}

#[test]
fn a_single_question_submits_on_enter_without_a_submit_tab() {
    let arguments =
        json!({"questions": [{"question": "Pick", "options": [{"label": "A"}, {"label": "B"}]}]});
    let run = Run::new(question_tool(&arguments), "down enter");
    assert_eq!(run.text(), "Q1: user selected: 2. B");
    assert!(
        !Run::new(question_tool(&arguments), "")
            .screen()
            .contains("Submit")
    );
}

#[test]
fn writing_other_text_replaces_picked_options_and_goes_on() {
    let run = Run::new(
        question_tool(&two_questions()),
        "enter space down down down enter 'gist' enter enter",
    );
    assert_eq!(
        run.text(),
        "Auth: user selected: 1. OAuth\nScope: user wrote: gist"
    );
}

#[test]
fn space_on_the_other_row_opens_the_editor() {
    let run = Run::new(question_tool(&two_questions()), "tab down down down space");
    assert!(matches!(run.form.state.focus, Focus::Editor(_)));
}

#[test]
fn on_a_chosen_other_row_space_writes_and_enter_confirms_as_the_hints_say() {
    let mut run = Run::new(
        question_tool(&two_questions()),
        "enter down down down enter 'gist' enter shift+tab",
    );
    let screen = run.screen();
    assert!(screen.contains("space write  ·  enter confirm"), "{screen}");
    run.keys("space");
    assert!(matches!(run.form.state.focus, Focus::Editor(_)));
    run.keys("esc enter");
    assert!(matches!(run.form.state.focus, Focus::Review));
}

#[test]
fn a_free_form_question_opens_its_editor_at_once() {
    let arguments = json!({"questions": [
        {"question": "Which format?", "header": "Format"},
        {"question": "Why?", "header": "Why"}
    ]});
    let run = Run::new(question_tool(&arguments), "");
    assert!(matches!(run.form.state.focus, Focus::Editor(_)));
    let run = Run::new(
        question_tool(&arguments),
        "'json for logs' enter 'because' enter enter",
    );
    assert_eq!(
        run.text(),
        "Format: user wrote: json for logs\nWhy: user wrote: because"
    );
}

#[test]
fn esc_cancels_with_the_answers_so_far_and_stops_the_agent() {
    let run = Run::new(question_tool(&two_questions()), "esc");
    assert_eq!(run.effects[0], Effect::StopAgent);
    assert_eq!(run.text(), "User cancelled the question.");
}

#[test]
fn there_are_no_notes_type_changes_or_elaborate() {
    let run = Run::new(question_tool(&two_questions()), "n shift+n t");
    assert!(matches!(run.form.state.focus, Focus::Options));
    assert!(!run.form.questions()[0].is_multi());
    let run = Run::new(question_tool(&two_questions()), "shift+tab");
    assert!(!run.screen().contains("Elaborate"));
}

#[test]
fn saving_other_text_on_multi_select_says_it_replaces_the_ticked_options() {
    let mut run = Run::new(
        question_tool(&two_questions()),
        "tab space down space down down enter",
    );
    assert!(
        run.screen()
            .contains("Saving text here replaces the 2 ticked options."),
        "{}",
        run.screen()
    );
    run.keys("'gist' enter");
    assert!(!run.screen().contains("Saving text here"));
    assert!(run.form.drafts()[1].selected().is_empty());
    assert_eq!(run.form.drafts()[1].committed_custom_text(), Some("gist"));
    let run = Run::new(question_tool(&two_questions()), "tab down down down enter");
    assert!(!run.screen().contains("Saving text here"), "nothing ticked");
    let run = Run::new(question_tool(&two_questions()), "space down enter");
    assert!(
        !run.screen().contains("Saving text here"),
        "a single-select question shows its choice moving"
    );
}

#[test]
fn leaving_the_other_editor_with_esc_keeps_the_ticked_options_and_the_text_beside_them() {
    let mut run = Run::new(
        question_tool(&two_questions()),
        "tab space down space down down enter 'gist' esc",
    );
    let draft = &run.form.drafts()[1];
    assert_eq!(draft.selected(), [0, 1], "esc keeps, it replaces nothing");
    assert_eq!(draft.custom_text, "gist");
    assert_eq!(
        draft.committed_custom_text(),
        None,
        "the Other row is not chosen"
    );
    // Its row, chosen, reopens the editor with the text kept; submitting it replaces the ticks.
    run.keys("enter");
    assert!(run.screen().contains("gist"), "{}", run.screen());
    run.keys("enter");
    assert!(run.form.drafts()[1].selected().is_empty());
    assert_eq!(run.form.drafts()[1].committed_custom_text(), Some("gist"));
}

#[test]
fn saving_written_text_on_an_ask_user_multi_select_question_keeps_the_ticks_and_says_nothing() {
    let run = Run::new(
        super::ask_user(&super::one_multi()),
        "space down down down enter",
    );
    assert!(!run.screen().contains("Saving text here"));
}

#[test]
fn the_review_shows_a_written_answer_trimmed_as_the_result_sends_it() {
    let mut run = Run::new(
        question_tool(&two_questions()),
        "enter space down down down enter '  gist  '",
    );
    run.keys("enter");
    let screen = run.screen();
    assert!(screen.contains("→ gist\n"), "{screen}");
    run.keys("enter");
    assert_eq!(
        run.text(),
        "Auth: user selected: 1. OAuth\nScope: user wrote: gist"
    );
}
