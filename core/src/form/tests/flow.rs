//! Navigation, editors, confirmations and settings of the flow.

use rstest::rstest;
use serde_json::json;

use super::{Run, ask_user, ask_user_with, one_multi, one_single, three_questions};
use crate::effect::Effect;
use crate::form::FormConfig;
use crate::form::state::{Focus, Pending};
use crate::settings::Behaviour;

#[rstest]
#[case::previous_from_the_first_tab_is_the_review("shift+tab", 3)]
#[case::next_from_the_review_is_the_first_tab("shift+tab tab", 0)]
#[case::right_and_left_move_tabs_too("right right left", 1)]
#[case::tabs_wrap_forward("tab tab tab tab tab", 1)]
fn tabs_wrap_around(#[case] script: &str, #[case] tab: usize) {
    let run = Run::new(ask_user(&three_questions()), script);
    assert_eq!(run.form.state.tab, tab);
}

#[rstest]
#[case::down_from_the_last_row_wraps_to_the_first("down down down down", 0)]
#[case::up_from_the_first_row_wraps_to_the_last("up", 3)]
fn option_moves_wrap_around(#[case] script: &str, #[case] row: usize) {
    let run = Run::new(ask_user(&three_questions()), script);
    assert_eq!(run.form.state.cursors[0], row);
}

#[test]
fn enter_on_single_selects_and_moves_to_the_next_tab() {
    let run = Run::new(ask_user(&three_questions()), "down enter");
    assert_eq!(run.form.state.tab, 1);
    assert_eq!(run.form.drafts()[0].selected(), &[1]);
}

#[test]
fn space_on_single_selects_without_moving_on() {
    let run = Run::new(ask_user(&three_questions()), "down space");
    assert_eq!(run.form.state.tab, 0);
    assert_eq!(run.form.drafts()[0].selected(), &[1]);
}

#[rstest]
#[case::question_mark_is_reserved_in_an_empty_editor("down down enter ? esc", "")]
#[case::question_mark_is_typed_after_text("down down enter 'why' ? esc", "why?")]
#[case::at_is_typed_and_the_first_esc_closes_its_path_list(
    "down down enter @ 'src' esc esc",
    "@src"
)]
fn editor_keys(#[case] script: &str, #[case] text: &str) {
    let run = Run::new(ask_user(&one_single()), script);
    assert_eq!(run.form.drafts()[0].custom_text, text);
}

#[test]
fn navigation_keys_leave_an_empty_editor() {
    let run = Run::new(ask_user(&three_questions()), "up enter up");
    assert!(matches!(run.form.state.focus, Focus::Options));
    assert_eq!(run.form.state.cursors[0], 2);
    let run = Run::new(ask_user(&three_questions()), "up enter tab");
    assert_eq!(run.form.state.tab, 1);
}

#[test]
fn navigation_keys_stay_in_an_editor_with_text() {
    let run = Run::new(ask_user(&three_questions()), "up enter 'ab' left tab up");
    assert!(matches!(run.form.state.focus, Focus::Editor(_)));
    assert_eq!(run.form.state.tab, 0);
}

#[test]
fn paste_goes_into_the_open_editor() {
    let run = Run::new(
        ask_user(&one_single()),
        "down down enter paste:pasted_text enter enter",
    );
    assert_eq!(run.answers()["db"]["customText"], json!("pasted text"));
}

#[test]
fn alt_enter_inserts_a_line_break_too() {
    let run = Run::new(
        ask_user(&one_single()),
        "down down enter 'a' alt+enter 'b' enter enter",
    );
    assert_eq!(run.answers()["db"]["customText"], json!("a\nb"));
}

#[test]
fn shift_enter_inserts_a_line_break_where_the_terminal_reports_it() {
    let run = Run::new(
        ask_user(&one_single()),
        "down down enter 'a' shift+enter 'b' enter enter",
    );
    assert_eq!(run.answers()["db"]["customText"], json!("a\nb"));
}

#[rstest]
#[case::answer_editor("down down enter")]
#[case::option_note_editor("n")]
#[case::question_note_editor("shift+n")]
fn editor_hints_advertise_alt_enter_for_a_line_break(#[case] script: &str) {
    let screen = Run::new(ask_user(&one_single()), script).screen();
    assert!(screen.contains("alt+enter new line"), "{screen}");
    assert!(!screen.contains("shift+enter"), "{screen}");
}

#[test]
fn a_destructive_type_change_needs_a_second_press() {
    let mut run = Run::new(ask_user(&one_multi()), "space down space t");
    assert!(run.form.questions()[0].is_multi());
    assert_eq!(run.form.state.pending, Pending::TypeChange);
    assert!(
        run.screen()
            .contains("Switch to single-select? Press t again")
    );
    run.keys("t");
    assert!(!run.form.questions()[0].is_multi());
    assert!(run.form.drafts()[0].selected().is_empty());
}

#[test]
fn any_other_key_clears_a_pending_type_change() {
    let run = Run::new(ask_user(&one_multi()), "space down space t down t");
    assert!(run.form.questions()[0].is_multi());
    assert_eq!(run.form.state.pending, Pending::TypeChange);
    let run = Run::new(ask_user(&one_multi()), "space down space t down");
    assert_eq!(run.form.state.pending, Pending::None);
    assert!(!run.screen().contains("Press t again"));
}

#[test]
fn a_type_change_without_loss_happens_at_once() {
    let run = Run::new(ask_user(&one_multi()), "space t");
    assert!(!run.form.questions()[0].is_multi());
}

#[rstest]
#[case::one_press_only_arms("tab 1", false)]
#[case::the_same_digit_twice_submits("tab 1 1", true)]
#[case::another_digit_rearms("tab 1 2", false)]
#[case::another_key_clears("tab 1 down up 1", false)]
#[case::four_and_up_are_ignored("tab 4 4 5 5", false)]
#[case::enter_runs_the_highlighted_action("tab enter", true)]
fn double_press_review_shortcuts(#[case] script: &str, #[case] finished: bool) {
    let run = Run::new(ask_user(&one_single()), script);
    assert_eq!(run.finished(), finished);
}

#[test]
fn a_pending_review_shortcut_shows_a_hint() {
    let run = Run::new(ask_user(&one_single()), "tab 3");
    assert!(run.screen().contains("Press 3 again to cancel"));
    assert_eq!(run.form.state.review_cursor, 2);
}

#[test]
fn without_double_press_one_digit_runs_the_action() {
    let behaviour = Behaviour {
        double_press_review_shortcuts: false,
        ..Behaviour::default()
    };
    let run = Run::new(ask_user_with(&one_single(), behaviour), "tab 3");
    assert_eq!(run.effects[0], Effect::StopAgent);
    assert_eq!(run.result()["details"]["cancelled"], json!(true));
}

#[test]
fn auto_submit_finishes_once_everything_is_answered_without_notes() {
    let behaviour = Behaviour {
        auto_submit_when_answered_without_notes: true,
        ..Behaviour::default()
    };
    let run = Run::new(
        ask_user_with(&three_questions(), behaviour),
        "enter space enter",
    );
    assert!(!run.finished());
    let run = Run::new(
        ask_user_with(&three_questions(), behaviour),
        "enter space enter enter",
    );
    assert!(run.finished());
    assert_eq!(run.result()["details"]["mode"], json!("submit"));
}

#[test]
fn auto_submit_waits_when_notes_exist() {
    let behaviour = Behaviour {
        auto_submit_when_answered_without_notes: true,
        ..Behaviour::default()
    };
    let run = Run::new(
        ask_user_with(&one_single(), behaviour),
        "shift+n 'hm' enter enter",
    );
    assert!(!run.finished());
    assert_eq!(run.form.state.tab, 1);
}

#[test]
fn enabling_auto_submit_on_the_review_tab_finishes_a_complete_form() {
    let mut run = Run::new(ask_user(&one_single()), "enter");
    assert!(!run.finished());
    let config = FormConfig {
        behaviour: Behaviour {
            auto_submit_when_answered_without_notes: true,
            ..Behaviour::default()
        },
        ..FormConfig::default()
    };
    let effects = run.form.apply_config(&config);
    assert!(matches!(effects.as_slice(), [Effect::Finish(_)]));
}

#[test]
fn notes_show_in_the_list_and_the_tabs() {
    let run = Run::new(
        ask_user(&three_questions()),
        "n 'cheap?' enter shift+n 'all of them' enter",
    );
    let screen = run.screen();
    assert!(screen.contains("✎ cheap?"), "{screen}");
    assert!(screen.contains("✎ Note: all of them"), "{screen}");
    assert!(screen.contains("Database ✎"), "{screen}");
}

#[test]
fn review_previews_notes_of_answered_questions_and_elaborate_shows_all() {
    let script = "n 'on pg' enter tab n 'on fmt' enter tab tab";
    let run = Run::new(ask_user(&three_questions()), script);
    assert!(!run.screen().contains("on pg"));
    assert!(!run.screen().contains("on fmt"));
    let run = Run::new(ask_user(&three_questions()), &format!("{script} down"));
    assert!(run.screen().contains("on pg"));
    assert!(run.screen().contains("on fmt"));
    let run = Run::new(
        ask_user(&three_questions()),
        "space n 'on pg' enter tab tab tab",
    );
    assert!(run.screen().contains("on pg"));
}

#[test]
fn elaborate_says_it_asks_about_the_notes_or_without_notes_about_the_answers() {
    let run = Run::new(ask_user(&one_single()), "space tab");
    assert!(
        run.screen()
            .contains("2. Elaborate  Ask the agent about your answers first"),
        "{}",
        run.screen()
    );
    let run = Run::new(ask_user(&one_single()), "space n 'why?' enter tab");
    assert!(
        run.screen()
            .contains("2. Elaborate  Ask the agent to clarify your notes first"),
        "{}",
        run.screen()
    );
}

#[test]
fn input_after_the_flow_finished_is_ignored() {
    let mut run = Run::new(ask_user(&one_single()), "esc");
    let count = run.effects.len();
    run.keys("esc enter");
    assert_eq!(run.effects.len(), count);
}

#[test]
fn settings_notices_show_when_the_flow_opens_and_go_with_the_first_key() {
    let form = ask_user(&three_questions()).with_opening_notices(vec![
        "Invalid keymaps (keymaps.main.confirm: unknown key). Using default ask keymaps for this session."
            .to_owned(),
    ]);
    let mut run = Run::new(form, "");
    let screen = run.screen();
    assert!(screen.contains("Using default ask keymaps"), "{screen}");
    run.keys("down");
    assert!(!run.screen().contains("Using default ask keymaps"));
}

#[test]
fn a_notice_longer_than_its_rows_ends_in_an_ellipsis() {
    let long = "keymaps.main.confirm: \"ctrl+m\" arrives as \"enter\"; ".repeat(8);
    let form = ask_user(&three_questions())
        .with_opening_notices(vec![format!("Invalid keymaps ({long}). Using defaults.")]);
    let run = Run::new(form, "");
    let screen = run.screen();
    let notice: Vec<&str> = screen
        .lines()
        .filter(|line| line.contains("arrives") || line.contains("Invalid keymaps"))
        .collect();
    assert_eq!(notice.len(), 3, "{screen}");
    assert!(notice[2].trim_end().ends_with('…'), "{screen}");
}

#[test]
fn submit_says_it_leaves_out_the_notes_on_options_not_chosen() {
    let unchosen = Run::new(ask_user(&one_single()), "down n 'why not' enter up enter");
    assert!(
        unchosen
            .screen()
            .contains("Submit     Send the answers, not the notes on options not chosen"),
        "{}",
        unchosen.screen()
    );
    let chosen = Run::new(ask_user(&one_single()), "down n 'why this' enter enter");
    assert!(
        chosen
            .screen()
            .lines()
            .any(|line| line.trim_end().ends_with("Submit     Send the answers")),
        "{}",
        chosen.screen()
    );
}

#[test]
fn the_review_shows_the_note_of_a_question_left_unanswered_which_submit_sends() {
    let run = Run::new(ask_user(&one_single()), "shift+n 'ask ops first' enter tab");
    let screen = run.screen();
    assert!(screen.contains("→ (no answer)"), "{screen}");
    assert!(screen.contains("✎ ask ops first"), "{screen}");
}

#[test]
fn on_a_narrow_screen_submit_still_says_it_leaves_out_the_notes_on_options_not_chosen() {
    let run = Run::sized(
        ask_user(&one_single()),
        crate::draw::Size::new(60, 16),
        "down n 'why not' enter up enter",
    );
    let screen = run.screen();
    assert!(
        screen.contains("Submit     Notes on options not chosen stay unsent"),
        "{screen}"
    );
}

#[rstest::rstest]
#[case::from_48_columns(48, "Submit     Unchosen options' notes unsent")]
#[case::from_44_columns(44, "Submit Unchosen options' notes unsent")]
#[case::from_39_columns(39, "Submit     Unchosen notes unsent")]
#[case::from_35_columns(35, "Submit Unchosen notes unsent")]
#[case::from_22_columns(22, "Submit ✎ unsent")]
fn down_to_20_columns_submit_says_a_note_on_an_option_not_chosen_stays_unsent(
    #[case] columns: u16,
    #[case] said: &str,
) {
    let run = Run::sized(
        ask_user(&one_single()),
        crate::draw::Size::new(columns, 16),
        "down n 'why not' enter up enter",
    );
    let screen = run.screen();
    assert!(screen.contains(said), "{screen}");
}
