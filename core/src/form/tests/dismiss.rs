//! Cancelling and dismissing: at once on a clean form, after a warning on a dirty one with
//! `confirmDismissWhenDirty` (by `esc` or `ctrl+c`); the final tab's Cancel action never asks
//! again.

use rstest::rstest;
use serde_json::json;

use super::{Run, ask_user, ask_user_with, ask_user_with_keys, one_single, three_questions};
use crate::effect::Effect;
use crate::form::state::{Dismissal, Focus};
use crate::settings::Behaviour;

#[test]
fn a_clean_form_cancels_on_the_first_esc() {
    let run = Run::new(ask_user(&three_questions()), "esc");
    assert_eq!(run.effects[0], Effect::StopAgent);
    assert_eq!(run.result()["details"]["cancelled"], json!(true));
}

#[test]
fn a_dirty_form_warns_before_cancelling() {
    let mut run = Run::new(ask_user(&three_questions()), "space esc");
    assert!(!run.finished());
    assert_eq!(run.form.state.armed, Some(Dismissal::Cancel));
    assert!(run.screen().contains("Press esc again to cancel the form"));
    run.keys("down");
    assert!(
        run.screen().contains("Press esc again"),
        "the warning stays until the tab changes"
    );
    run.keys("esc");
    assert!(run.finished());
    assert_eq!(run.effects[0], Effect::StopAgent);
}

#[test]
fn changing_tabs_clears_the_dirty_dismiss_warning() {
    let run = Run::new(ask_user(&three_questions()), "space esc tab shift+tab esc");
    assert!(!run.finished());
    assert!(run.screen().contains("Press esc again"));
    let run = Run::new(ask_user(&three_questions()), "space esc tab");
    assert!(!run.screen().contains("Press esc again"));
}

#[test]
fn ctrl_c_needs_its_own_second_press() {
    let mut run = Run::new(ask_user(&three_questions()), "space esc ctrl+c");
    assert!(!run.finished());
    assert!(
        run.screen()
            .contains("Press ctrl+c again to cancel the form")
    );
    run.keys("ctrl+c");
    assert!(run.finished());
}

#[test]
fn without_dirty_confirmation_the_first_esc_cancels() {
    let behaviour = Behaviour {
        confirm_dismiss_when_dirty: false,
        ..Behaviour::default()
    };
    let run = Run::new(ask_user_with(&three_questions(), behaviour), "space esc");
    assert!(run.finished());
}

#[test]
fn ctrl_c_in_an_editor_dismisses_without_saving_the_draft() {
    let behaviour = Behaviour {
        confirm_dismiss_when_dirty: false,
        ..Behaviour::default()
    };
    let run = Run::new(
        ask_user_with(&one_single(), behaviour),
        "down down enter 'unsaved' ctrl+c",
    );
    assert!(run.finished());
    assert_eq!(run.form.drafts()[0].custom_text, "");
    assert_eq!(run.answers(), json!({}));
}

#[test]
fn a_dismiss_key_that_types_a_character_is_typed_in_an_editor_and_dismisses_elsewhere() {
    let overrides = json!({"global": {"dismiss": ["q", "ctrl+c"]}});
    let run = Run::new(
        ask_user_with_keys(&one_single(), &overrides),
        "down down enter 'quiet' enter",
    );
    assert!(!run.finished());
    assert_eq!(run.form.drafts()[0].custom_text, "quiet");
    let run = Run::new(ask_user_with_keys(&one_single(), &overrides), "q");
    assert!(run.finished());
    assert_eq!(run.effects[0], Effect::StopAgent);
}

#[test]
fn a_dismiss_key_that_types_a_character_is_text_in_a_find_and_not_shown_in_an_editors_hints() {
    let overrides = json!({"global": {"dismiss": ["q", "ctrl+c"]}});
    let run = Run::new(ask_user_with_keys(&one_single(), &overrides), "/ 'q'");
    assert!(!run.finished(), "the find took the q");
    let run = Run::new(
        ask_user_with_keys(&one_single(), &overrides),
        "down down enter 'x'",
    );
    let screen = run.screen();
    assert!(screen.contains("ctrl+c dismiss"), "{screen}");
    assert!(!screen.contains("q dismiss"), "{screen}");
}

#[test]
fn text_typed_in_an_open_editor_makes_the_form_dirty() {
    let run = Run::new(ask_user(&one_single()), "down down enter 'typed' ctrl+c");
    assert!(!run.finished());
    assert!(matches!(run.form.state.focus, Focus::Editor(_)));
}

#[test]
fn the_review_cancel_action_keeps_the_answers() {
    let run = Run::new(ask_user(&one_single()), "enter down down enter enter");
    assert_eq!(run.effects[0], Effect::StopAgent);
    assert_eq!(run.answers()["db"]["values"], json!(["pg"]));
}

#[rstest]
#[case::by_enter("enter down down enter")]
#[case::by_digit_twice("enter 3 3")]
fn the_review_cancel_action_is_not_guarded_by_the_dirty_dismiss_confirmation(#[case] script: &str) {
    let run = Run::new(ask_user(&one_single()), script);
    assert!(run.finished(), "{}", run.screen());
    assert_eq!(run.effects[0], Effect::StopAgent);
    assert_eq!(run.result()["details"]["cancelled"], json!(true));
    assert_eq!(run.answers()["db"]["values"], json!(["pg"]));
}

#[test]
fn the_review_cancel_digit_still_needs_its_second_press_with_double_press_shortcuts() {
    let mut run = Run::new(ask_user(&one_single()), "enter 3");
    assert!(!run.finished());
    let screen = run.screen();
    assert!(screen.contains("Press 3 again to cancel"), "{screen}");
    assert!(!screen.contains("discard your answers"), "{screen}");
    run.keys("3");
    assert!(run.finished());
}

#[test]
fn the_review_cancel_digit_runs_at_once_without_double_press_shortcuts() {
    let behaviour = Behaviour {
        double_press_review_shortcuts: false,
        ..Behaviour::default()
    };
    let run = Run::new(ask_user_with(&one_single(), behaviour), "enter 3");
    assert!(run.finished());
    assert_eq!(run.result()["details"]["cancelled"], json!(true));
}

#[test]
fn esc_on_the_review_tab_of_a_dirty_form_still_warns_first() {
    let mut run = Run::new(ask_user(&one_single()), "enter esc");
    assert!(!run.finished());
    assert!(run.screen().contains("Press esc again to cancel the form"));
    run.keys("esc");
    assert!(run.finished());
}

#[rstest]
#[case::by_enter("tab down down enter")]
#[case::by_digit("tab 3 3")]
fn review_cancel_on_a_clean_form_cancels_at_once(#[case] script: &str) {
    let run = Run::new(ask_user(&one_single()), script);
    assert!(run.finished());
}

#[test]
fn opening_an_editor_disarms_the_dirty_dismiss_warning() {
    let run = Run::new(ask_user(&three_questions()), "space esc shift+n");
    assert_eq!(run.form.state.armed, None);
    assert!(
        !run.screen().contains("Press esc again"),
        "{}",
        run.screen()
    );
}
