//! `ask_user_question` has no dirty-dismiss setting: `esc` and `ctrl+c` end it at once, and
//! the settings overlay over it offers only the settings it reads.

use serde_json::{Value, json};

use super::{Run, ask_user, one_single, question_tool};
use crate::effect::{Effect, Surface};
use crate::form::Form;
use crate::settings::{Behaviour, Settings, Toggle};
use crate::settings_panel::{Row, WithSettings};

fn two_questions() -> Value {
    json!({"questions": [
        {"question": "Which auth?", "header": "Auth", "options": [{"label": "OAuth"}, {"label": "Cookies"}]},
        {"question": "Why?", "header": "Why"}
    ]})
}

/// The toggles the overlay over `form` offers.
fn offered(form: Form) -> Vec<Toggle> {
    let host = WithSettings::new(form, Settings::default(), Vec::new(), "/tmp/s.json");
    host.panel()
        .rows()
        .iter()
        .filter_map(|row| match row {
            Row::Toggle(toggle) => Some(*toggle),
            Row::Reset => None,
        })
        .collect()
}

#[test]
fn esc_cancels_ask_user_question_at_once_keeping_the_answers_so_far() {
    let run = Run::new(question_tool(&two_questions()), "space esc");
    assert!(run.finished());
    assert_eq!(run.effects[0], Effect::StopAgent);
    assert_eq!(
        run.text(),
        "Auth: user selected: 1. OAuth\n(the remaining questions were cancelled)"
    );
    assert_eq!(run.result()["details"]["cancelled"], json!(true));
}

#[test]
fn esc_in_a_free_form_editor_with_text_cancels_ask_user_question_at_once() {
    let run = Run::new(question_tool(&two_questions()), "enter 'because' esc");
    assert!(run.finished());
    assert_eq!(
        run.text(),
        "Auth: user selected: 1. OAuth\n(the remaining questions were cancelled)"
    );
}

#[test]
fn ctrl_c_dismisses_ask_user_question_at_once() {
    let run = Run::new(question_tool(&two_questions()), "space ctrl+c");
    assert!(run.finished());
}

#[test]
fn the_dirty_dismiss_confirmation_still_guards_ask_user() {
    assert!(Behaviour::default().confirm_dismiss_when_dirty);
    for script in ["space esc", "space ctrl+c"] {
        let run = Run::new(ask_user(&one_single()), script);
        assert!(!run.finished(), "{script}");
    }
}

#[test]
fn the_overlay_over_ask_user_offers_every_toggle() {
    assert_eq!(offered(ask_user(&one_single())), Toggle::ALL);
}

#[test]
fn the_overlay_over_ask_user_question_offers_only_the_settings_it_reads() {
    assert_eq!(
        offered(question_tool(&two_questions())),
        [
            Toggle::AutoSubmitWhenAnsweredWithoutNotes,
            Toggle::DoublePressReviewShortcuts,
            Toggle::Notifications,
            Toggle::ShowFooterHints,
        ]
    );
    let one =
        json!({"questions": [{"question": "Pick", "options": [{"label": "A"}, {"label": "B"}]}]});
    assert_eq!(
        offered(question_tool(&one)),
        [
            Toggle::AutoSubmitWhenAnsweredWithoutNotes,
            Toggle::Notifications,
            Toggle::ShowFooterHints,
        ],
        "one question has no Submit tab, so no review shortcuts"
    );
}

#[test]
fn the_question_mark_overlay_over_ask_user_question_shows_its_rows() {
    let mut host = WithSettings::new(
        question_tool(&two_questions()),
        Settings::default(),
        Vec::new(),
        "/tmp/s.json",
    );
    host.handle(crate::input::Input::Key("?".parse().expect("a key")));
    let screen = super::screen_text(&host.draw(crate::draw::Size::new(80, 24)));
    assert!(screen.contains("Double-press review shortcuts"), "{screen}");
    assert!(!screen.contains("Confirm dismiss when dirty"), "{screen}");
    assert!(!screen.contains("Present single-select"), "{screen}");
}
