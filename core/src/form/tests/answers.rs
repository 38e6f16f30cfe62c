//! The answer rules of `ask_user`, reached through keys: values, labels, indices, custom text,
//! notes, summary text, cancellation and elaboration.

use rstest::rstest;
use serde_json::json;

use super::{REQUEST_ID, Run, ask_user, ask_user_with, one_multi, one_single, three_questions};
use crate::contract::result::ELABORATION_INSTRUCTION;
use crate::effect::Effect;
use crate::form::state::Focus;
use crate::settings::Behaviour;

fn with_id(text: &str) -> String {
    format!("{text}\nRequest ID: {REQUEST_ID}")
}

#[test]
fn multi_values_keep_the_order_they_were_chosen_in_with_custom_text_last() {
    let run = Run::new(
        ask_user(&one_multi()),
        "down down space up up space down down down space 'mine' enter tab enter",
    );
    assert_eq!(
        run.answers()["checks"],
        json!({
            "values": ["test", "fmt", "mine"],
            "labels": ["Test", "Format", "mine"],
            "indices": [3, 1],
            "customText": "mine"
        })
    );
}

#[test]
fn submitting_custom_text_on_multi_stays_on_the_tab_and_selects_the_custom_row() {
    let run = Run::new(
        ask_user(&one_multi()),
        "space down down down enter 'mine' enter",
    );
    assert_eq!(run.form.state.tab, 0);
    assert!(matches!(run.form.state.focus, Focus::Options));
    assert!(run.form.drafts()[0].custom_selected);
    assert_eq!(run.form.drafts()[0].selected(), &[0]);
    assert!(run.screen().contains("[x] Type your own"));
}

#[test]
fn saving_custom_text_on_multi_never_auto_submits_but_confirming_the_set_does() {
    let behaviour = Behaviour {
        auto_submit_when_answered_without_notes: true,
        ..Behaviour::default()
    };
    let mut run = Run::new(
        ask_user_with(&one_multi(), behaviour),
        "4 'Audit log' enter",
    );
    assert!(!run.finished());
    assert_eq!(run.form.state.tab, 0);
    assert!(run.form.drafts()[0].custom_selected);
    assert!(run.screen().contains("[x] Type your own"));
    run.keys("up enter");
    assert!(run.finished());
    assert_eq!(run.answers()["checks"]["values"], json!(["Audit log"]));
}

#[test]
fn toggling_an_empty_custom_row_opens_the_editor() {
    let run = Run::new(ask_user(&one_multi()), "down down down space");
    assert!(matches!(run.form.state.focus, Focus::Editor(_)));
}

#[test]
fn toggling_a_custom_row_with_saved_text_deselects_it_and_keeps_the_text() {
    let mut run = Run::new(
        ask_user(&one_multi()),
        "down down down space 'mine' enter space",
    );
    assert!(matches!(run.form.state.focus, Focus::Options));
    assert_eq!(run.form.drafts()[0].custom_text, "mine");
    assert!(!run.form.drafts()[0].custom_selected);
    run.keys("space");
    assert!(run.form.drafts()[0].custom_selected);
    run.keys("space tab enter");
    assert_eq!(run.text(), with_id("Checks: (no answer)"));
}

#[test]
fn clearing_custom_text_on_multi_keeps_the_selected_options() {
    let run = Run::new(
        ask_user(&one_multi()),
        "space down down down space 'mine' enter space enter backspace*4 enter tab enter",
    );
    assert_eq!(run.answers()["checks"]["values"], json!(["fmt"]));
    assert_eq!(run.answers()["checks"].get("customText"), None);
}

#[test]
fn enter_on_a_chosen_written_answer_of_a_multi_select_question_confirms_the_set() {
    let mut run = Run::new(
        ask_user(&one_multi()),
        "space down down down space 'mine' enter",
    );
    assert!(run.screen().contains("enter confirm"), "{}", run.screen());
    run.keys("enter");
    assert!(matches!(run.form.state.focus, Focus::Review));
    run.keys("enter");
    assert_eq!(run.answers()["checks"]["values"], json!(["fmt", "mine"]));
    assert_eq!(run.answers()["checks"]["customText"], json!("mine"));
}

#[test]
fn an_unchosen_written_answer_opened_and_left_as_it_was_stays_unchosen() {
    let mut run = Run::new(
        ask_user(&one_multi()),
        "down down down space 'mine' enter space enter esc",
    );
    assert!(matches!(run.form.state.focus, Focus::Options));
    assert!(!run.form.drafts()[0].custom_selected);
    run.keys("enter 'x' esc");
    assert!(run.form.drafts()[0].custom_selected, "an edit chooses it");
    assert_eq!(run.form.drafts()[0].custom_text, "minex");
}

#[test]
fn enter_on_an_unchosen_written_answer_opens_it_to_edit() {
    let mut run = Run::new(
        ask_user(&one_multi()),
        "down down down space 'mine' enter space",
    );
    assert!(run.screen().contains("enter write"), "{}", run.screen());
    run.keys("enter");
    assert!(matches!(run.form.state.focus, Focus::Editor(_)));
    run.keys("' too' enter tab enter");
    assert_eq!(run.answers()["checks"]["customText"], json!("mine too"));
}

#[test]
fn saving_custom_text_on_single_clears_the_selected_option() {
    let run = Run::new(
        ask_user(&one_single()),
        "enter shift+tab down down enter 'Redis' enter enter",
    );
    assert_eq!(
        run.answers()["db"],
        json!({"values": ["Redis"], "labels": ["Redis"], "indices": [], "customText": "Redis"})
    );
    assert_eq!(run.text(), with_id("Database: Redis"));
}

#[test]
fn selecting_an_option_on_single_deselects_custom_text_but_keeps_it_as_a_draft() {
    let run = Run::new(
        ask_user(&one_single()),
        "down down enter 'Redis' enter shift+tab up up enter",
    );
    assert_eq!(run.form.drafts()[0].custom_text, "Redis");
    assert!(!run.form.drafts()[0].custom_selected);
    assert_eq!(run.form.drafts()[0].selected(), &[0]);
}

#[test]
fn submitting_blank_custom_text_on_single_clears_the_answer() {
    let run = Run::new(
        ask_user(&one_single()),
        "down down enter 'x' enter shift+tab enter backspace enter tab enter",
    );
    assert_eq!(run.answers(), json!({}));
    assert_eq!(run.text(), with_id("Database: (no answer)"));
}

#[test]
fn single_answers_are_arrays_with_one_based_indices() {
    let run = Run::new(ask_user(&one_single()), "down enter enter");
    assert_eq!(
        run.answers()["db"],
        json!({"values": ["sqlite"], "labels": ["SQLite"], "indices": [2]})
    );
}

#[test]
fn digits_select_on_single_and_go_on() {
    let run = Run::new(ask_user(&one_single()), "2 enter");
    assert_eq!(run.answers()["db"]["values"], json!(["sqlite"]));
}

#[test]
fn digits_toggle_on_multi() {
    let run = Run::new(ask_user(&one_multi()), "3 1 3 2 tab enter");
    assert_eq!(run.answers()["checks"]["values"], json!(["fmt", "lint"]));
}

#[test]
fn option_notes_are_submitted_only_for_selected_options() {
    let run = Run::new(
        ask_user(&one_multi()),
        "n 'why fmt' enter down n 'lint ok' enter space tab enter",
    );
    assert_eq!(
        run.answers()["checks"],
        json!({
            "values": ["lint"], "labels": ["Lint"], "indices": [2],
            "optionNotes": {"lint": "lint ok"}
        })
    );
    assert_eq!(
        run.text(),
        with_id("Checks: Lint\nChecks / Lint note: lint ok")
    );
}

#[test]
fn a_note_only_question_is_kept_in_the_answers() {
    let run = Run::new(
        ask_user(&one_single()),
        "shift+n 'which is cheaper?' enter tab enter",
    );
    assert_eq!(
        run.answers()["db"],
        json!({"values": [], "labels": [], "indices": [], "note": "which is cheaper?"})
    );
    assert_eq!(
        run.text(),
        with_id("Database: (no answer)\nDatabase note: which is cheaper?")
    );
}

#[test]
fn notes_keep_their_text_verbatim() {
    let run = Run::new(
        ask_user(&one_single()),
        "shift+n '  spaced ' shift+enter 'two' enter enter enter",
    );
    assert_eq!(run.answers()["db"]["note"], json!("  spaced \ntwo"));
}

#[test]
fn the_summary_has_one_line_per_question_in_order() {
    let run = Run::new(
        ask_user(&three_questions()),
        "enter space down space enter down enter enter",
    );
    assert_eq!(
        run.text(),
        with_id("Database: Postgres\nChecks: Format, Lint\nLayout: Layout B")
    );
}

#[test]
fn unanswered_questions_without_notes_are_left_out_of_answers_but_read_no_answer() {
    let run = Run::new(ask_user(&three_questions()), "enter tab tab enter");
    assert_eq!(run.answers().as_object().map(serde_json::Map::len), Some(1));
    assert_eq!(
        run.text(),
        with_id("Database: Postgres\nChecks: (no answer)\nLayout: (no answer)")
    );
}

#[test]
fn a_cancelled_form_keeps_its_answers_and_stops_the_agent() {
    let run = Run::new(ask_user(&three_questions()), "enter esc esc");
    assert_eq!(run.effects.len(), 2);
    assert_eq!(run.effects[0], Effect::StopAgent);
    let result = run.result();
    assert_eq!(result["details"]["cancelled"], json!(true));
    assert_eq!(result["details"]["answers"]["db"]["values"], json!(["pg"]));
    assert_eq!(run.text(), with_id("User cancelled the ask flow"));
}

#[test]
fn elaborate_collects_every_question_and_option_note() {
    let run = Run::new(
        ask_user(&one_multi()),
        "space n 'why' enter down n 'unselected' enter shift+n 'q note' enter tab 2 2",
    );
    let details = run.result()["details"].clone();
    assert_eq!(details["mode"], json!("elaborate"));
    let items = details["elaboration"]["items"].as_array().cloned().unwrap();
    assert_eq!(items.len(), 3);
    assert_eq!(items[0]["target"], json!({"kind": "question"}));
    assert_eq!(items[0]["note"], json!("q note"));
    assert_eq!(
        items[1]["target"],
        json!({"kind": "option", "optionValue": "fmt"})
    );
    assert_eq!(items[1]["selected"], json!(true));
    assert_eq!(
        items[2]["target"],
        json!({"kind": "option", "optionValue": "lint"})
    );
    assert_eq!(items[2]["selected"], json!(false));
    assert_eq!(
        details["elaboration"]["instruction"],
        json!(ELABORATION_INSTRUCTION)
    );
    assert_eq!(
        details["continuation"]["affectedQuestionIds"],
        json!(["checks"])
    );
    assert_eq!(
        run.text(),
        with_id(concat!(
            "User asked to elaborate on question \"Which checks?\" after current answer \"Format\" with note \"q note\"\n",
            "User asked to elaborate on question \"Which checks?\" option \"Format\" after current answer \"Format\" with note \"why\"\n",
            "User asked to elaborate on question \"Which checks?\" option \"Lint\" after current answer \"Format\" with note \"unselected\""
        ))
    );
}

#[test]
fn elaborate_without_notes_names_the_current_answer() {
    let run = Run::new(ask_user(&one_single()), "enter 2 2");
    assert_eq!(
        run.text(),
        with_id(
            "User asked to elaborate on question \"Which database?\" after current answer \"Postgres\""
        )
    );
}

#[test]
fn elaborate_without_notes_or_answers_asks_for_elaboration() {
    let run = Run::new(ask_user(&one_single()), "tab 2 2");
    assert_eq!(
        run.text(),
        with_id("User asked for elaboration based on notes")
    );
}

#[test]
fn a_type_change_reports_the_presented_type() {
    let run = Run::new(ask_user(&one_single()), "t space down space tab enter");
    let details = run.result()["details"].clone();
    assert_eq!(
        details["questions"][0],
        json!({"id": "db", "label": "Database", "prompt": "Which database?", "type": "single", "presentedType": "multi"})
    );
    assert_eq!(
        run.text(),
        with_id(
            "Database: Postgres, SQLite\nNote: Some questions were presented as multi-select by user preference."
        )
    );
}

#[test]
fn present_single_as_multi_presents_single_questions_as_multi() {
    let behaviour = Behaviour {
        present_single_as_multi: true,
        ..Behaviour::default()
    };
    let run = Run::new(
        ask_user_with(&one_single(), behaviour),
        "space down space tab enter",
    );
    assert_eq!(run.answers()["db"]["values"], json!(["pg", "sqlite"]));
}

#[test]
fn recommended_options_are_marked_but_never_preselected_or_relabelled() {
    let run = Run::new(ask_user(&one_multi()), "");
    assert!(run.screen().contains("Format"));
    assert!(run.screen().contains("(recommended)"));
    let run = Run::new(ask_user(&one_multi()), "tab enter");
    assert_eq!(run.answers(), json!({}));
    let run = Run::new(ask_user(&one_multi()), "space tab enter");
    assert_eq!(run.answers()["checks"]["labels"], json!(["Format"]));
}

#[rstest]
#[case::preview_toggles_to_multi("tab tab t space down space tab enter", json!(["a", "b"]))]
#[case::multi_toggles_to_single("tab t down enter tab enter", json!(["lint"]))]
fn the_type_hotkey_switches_presentation(#[case] script: &str, #[case] values: serde_json::Value) {
    let run = Run::new(ask_user(&three_questions()), script);
    let answers = run.answers();
    let answered: Vec<_> = answers.as_object().unwrap().values().collect();
    assert_eq!(answered[0]["values"], values);
}

#[test]
fn a_multi_question_switched_to_single_carries_the_presentation_note() {
    let run = Run::new(ask_user(&one_multi()), "t space tab enter");
    assert_eq!(
        run.result()["details"]["questions"][0]["presentedType"],
        json!("single")
    );
    assert_eq!(
        run.text(),
        with_id(
            "Checks: Format\nNote: Some questions were presented as multi-select by user preference."
        )
    );
}

#[test]
fn a_single_question_switched_to_multi_carries_the_presentation_note() {
    let run = Run::new(ask_user(&one_single()), "t space tab enter");
    assert!(
        run.text()
            .contains("Note: Some questions were presented as multi-select by user preference.")
    );
}
