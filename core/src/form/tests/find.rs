//! Finding an option by typing: `/` starts a find on an option list, typing moves the
//! highlight to the next option whose label holds the text, and single-letter keys are text
//! while it lasts.

use serde_json::{Value, json};

use super::{Run, ask_user, three_questions};
use crate::form::state::Focus;
use crate::form::{Form, FormConfig};
use crate::keys::Keymaps;

/// One question with regions named after cities.
fn cities() -> Value {
    let names = [
        "Amsterdam",
        "Berlin",
        "Lisbon",
        "Madrid",
        "Stockholm",
        "Tallinn",
        "Toronto",
        "Tokyo",
    ];
    let options: Vec<Value> = names
        .iter()
        .map(|name| json!({"value": name.to_lowercase(), "label": name}))
        .collect();
    json!({"questions": [{"id": "city", "prompt": "Which city?", "options": options}]})
}

#[test]
fn typing_after_slash_highlights_the_first_option_that_holds_the_text() {
    let run = Run::new(ask_user(&cities()), "/ 'to'");
    assert_eq!(run.form.state.cursors[0], 4, "Stockholm holds `to`");
    assert!(run.screen().contains("/ to"), "{}", run.screen());
    let run = Run::new(ask_user(&cities()), "/ 'TOK'");
    assert_eq!(run.form.state.cursors[0], 7, "case does not matter");
}

#[test]
fn down_and_up_go_to_the_next_and_previous_match_wrapping_around() {
    let mut run = Run::new(ask_user(&cities()), "/ 'to' down");
    assert_eq!(run.form.state.cursors[0], 6);
    run.keys("down down");
    assert_eq!(
        run.form.state.cursors[0], 4,
        "Toronto, Tokyo, then Stockholm again"
    );
    run.keys("up");
    assert_eq!(run.form.state.cursors[0], 7);
}

#[test]
fn letters_and_digits_are_text_while_finding() {
    let run = Run::new(ask_user(&three_questions()), "/ 't' 'n' '2'");
    assert_eq!(run.form.state.find.as_deref(), Some("tn2"));
    assert!(
        matches!(run.form.state.focus, Focus::Options),
        "no note opened"
    );
    assert!(
        !run.form.questions()[0].is_multi(),
        "the type did not change"
    );
    assert!(
        run.form.drafts()[0].selected().is_empty(),
        "no digit selected"
    );
}

#[test]
fn enter_ends_the_find_and_acts_on_the_match() {
    let run = Run::new(ask_user(&cities()), "/ 'lis' enter");
    assert!(run.form.state.find.is_none());
    assert_eq!(run.form.drafts()[0].selected(), &[2]);
}

#[test]
fn enter_on_a_multiple_choice_match_toggles_it_and_the_find_goes_on_for_the_next() {
    let mut run = Run::new(ask_user(&three_questions()), "tab / 'tes'");
    assert!(run.screen().contains("enter toggle"), "{}", run.screen());
    run.keys("enter");
    assert_eq!(
        run.form.state.find.as_deref(),
        Some(""),
        "the find goes on, emptied"
    );
    assert_eq!(run.form.drafts()[1].selected(), &[2], "Test ticked");
    assert!(
        run.screen().contains("enter/esc end find"),
        "{}",
        run.screen()
    );
    // What is typed next finds the next option: `n` is text, not a note.
    run.keys("'lint' enter");
    assert_eq!(run.form.drafts()[1].selected(), &[2, 1], "Lint ticked too");
    assert!(run.form.drafts()[1].option_notes.is_empty());
    run.keys("enter");
    assert!(
        run.form.state.find.is_none(),
        "enter on the emptied find ends it"
    );
    assert_eq!(
        run.form.drafts()[1].selected(),
        &[2, 1],
        "and ticks nothing"
    );
}

#[test]
fn the_find_key_again_after_a_toggle_keeps_the_find_as_it_is() {
    let mut run = Run::new(ask_user(&three_questions()), "tab / 'tes' enter");
    assert_eq!(run.form.drafts()[1].selected(), &[2], "Test ticked");
    assert!(
        run.screen().contains("Which checks?"),
        "still on the question: {}",
        run.screen()
    );
    run.keys("/ 'li' enter / 'tes' enter");
    assert_eq!(
        run.form.drafts()[1].selected(),
        &[1],
        "Lint ticked, Test unticked"
    );
    assert_eq!(run.form.state.find.as_deref(), Some(""));
}

#[test]
fn enter_with_no_match_picks_and_ticks_nothing() {
    let run = Run::new(ask_user(&cities()), "/ 'zzz' enter");
    assert!(
        run.form.drafts()[0].selected().is_empty(),
        "a city was picked"
    );
    assert_eq!(
        run.form.state.find.as_deref(),
        Some("zzz"),
        "the find goes on"
    );
    let screen = run.screen();
    assert!(screen.contains("no match"), "{screen}");
    assert!(!screen.contains("enter select"), "{screen}");
    assert!(screen.contains("esc end find"), "{screen}");
    let run = Run::new(ask_user(&three_questions()), "tab / 'zzz' enter");
    assert!(
        run.form.drafts()[1].selected().is_empty(),
        "a check was ticked"
    );
    assert!(!run.screen().contains("enter toggle"), "{}", run.screen());
}

#[test]
fn esc_ends_the_find_and_keeps_the_highlight() {
    let run = Run::new(ask_user(&cities()), "/ 'ber' esc");
    assert!(run.form.state.find.is_none());
    assert_eq!(run.form.state.cursors[0], 1);
    assert!(!run.finished(), "esc ends the find, not the flow");
}

#[test]
fn backspace_deletes_and_no_match_says_so() {
    let mut run = Run::new(ask_user(&cities()), "/ 'berq'");
    assert!(run.screen().contains("no match"), "{}", run.screen());
    assert_eq!(
        run.form.state.cursors[0], 1,
        "the highlight stays on the last match"
    );
    run.keys("backspace");
    assert!(!run.screen().contains("no match"), "{}", run.screen());
}

#[test]
fn the_tab_keys_end_the_find_and_change_tabs() {
    let run = Run::new(ask_user(&three_questions()), "/ 'sq' tab");
    assert!(run.form.state.find.is_none());
    assert_eq!(run.form.state.tab, 1);
    let run = Run::new(ask_user(&three_questions()), "/ 'sq' shift+tab");
    assert!(run.form.state.find.is_none());
    assert_eq!(run.form.state.tab, 3);
}

#[test]
fn a_keymap_that_binds_slash_keeps_it() {
    let overrides = json!({"main": {"optionNote": ["/"]}});
    let (keymaps, problems) = Keymaps::from_overrides(&overrides);
    assert!(problems.is_empty(), "{problems:?}");
    let config = FormConfig {
        keymaps,
        ..FormConfig::default()
    };
    let call = ask_user(&cities()).call().clone();
    let run = Run::new(Form::new(call, &config), "/");
    assert!(run.form.state.find.is_none());
    assert!(
        matches!(run.form.state.focus, Focus::Editor(_)),
        "the note opened"
    );
}

#[test]
fn finding_the_empty_written_answers_row_the_enter_hint_says_write() {
    let mut run = Run::new(ask_user(&super::one_multi()), "/ 'type'");
    let screen = run.screen();
    assert!(screen.contains("enter write"), "{screen}");
    run.keys("enter");
    assert!(matches!(run.form.state.focus, Focus::Editor(_)));
    assert!(run.form.state.find.is_none(), "the typing is the editor's");
}
