//! Leaving the editors: `esc` saves the custom answer without moving on, `ctrl+c` dismisses
//! without saving, and a saved text never ends in a line break; and a paste with no editor
//! open, which opens the written answer's.

use serde_json::json;

use super::{REQUEST_ID, Run, ask_user, ask_user_with, one_multi, one_single};
use crate::draw::Size;
use crate::effect::Surface as _;
use crate::form::editor::Editor;
use crate::form::state::Focus;
use crate::settings::Behaviour;

#[test]
fn closing_the_custom_answer_editor_with_esc_saves_the_text_as_the_answer() {
    let mut run = Run::new(ask_user(&one_single()), "down down enter 'Redis' esc");
    assert!(matches!(run.form.state.focus, Focus::Options));
    assert_eq!(run.form.state.tab, 0, "esc does not move on");
    assert!(run.form.drafts()[0].custom_selected);
    assert!(
        run.screen().contains("3. (•) Type your own"),
        "{}",
        run.screen()
    );
    run.keys("tab enter");
    assert_eq!(
        run.answers()["db"],
        json!({"values": ["Redis"], "labels": ["Redis"], "indices": [], "customText": "Redis"})
    );
}

#[test]
fn closing_the_custom_answer_editor_with_esc_replaces_the_single_selection() {
    let run = Run::new(ask_user(&one_single()), "space down down enter 'Redis' esc");
    assert!(run.form.drafts()[0].selected().is_empty());
    assert!(run.form.drafts()[0].custom_selected);
}

#[test]
fn closing_the_custom_answer_editor_with_esc_adds_the_text_on_multi() {
    let run = Run::new(
        ask_user(&one_multi()),
        "space down down down enter 'mine' esc tab enter",
    );
    assert_eq!(run.answers()["checks"]["values"], json!(["fmt", "mine"]));
}

#[test]
fn closing_the_custom_answer_editor_with_esc_reopens_with_the_text() {
    let run = Run::new(ask_user(&one_single()), "down down enter 'draft' esc enter");
    assert!(matches!(run.form.state.focus, Focus::Editor(_)));
    assert!(run.screen().contains("draft"));
}

#[test]
fn closing_a_blank_custom_answer_editor_with_esc_clears_the_written_answer() {
    let run = Run::new(
        ask_user(&one_single()),
        "down down enter 'x' esc enter backspace esc tab enter",
    );
    assert_eq!(run.answers(), json!({}));
    assert_eq!(
        run.text(),
        format!("Database: (no answer)\nRequest ID: {REQUEST_ID}")
    );
}

#[test]
fn closing_the_custom_answer_editor_with_esc_never_auto_submits() {
    let behaviour = Behaviour {
        auto_submit_when_answered_without_notes: true,
        ..Behaviour::default()
    };
    let run = Run::new(
        ask_user_with(&one_single(), behaviour),
        "down down enter 'Redis' esc",
    );
    assert!(!run.finished());
    assert!(run.form.drafts()[0].is_answered());
}

#[test]
fn ctrl_c_in_the_custom_answer_editor_still_dismisses_without_saving() {
    let behaviour = Behaviour {
        confirm_dismiss_when_dirty: false,
        ..Behaviour::default()
    };
    let run = Run::new(
        ask_user_with(&one_single(), behaviour),
        "down down enter 'unsaved' ctrl+c",
    );
    assert!(run.finished());
    assert_eq!(run.answers(), json!({}));
}

#[test]
fn a_remapped_editor_submit_leaves_no_trailing_line_break() {
    let keys = json!({"editor": {"submit": ["ctrl+s"]}});
    let run = Run::new(
        super::ask_user_with_keys(&one_single(), &keys),
        "down down enter 'Redis' enter ctrl+s",
    );
    assert_eq!(run.form.drafts()[0].custom_text, "Redis");
    let run = Run::new(
        super::ask_user_with_keys(&one_single(), &keys),
        "down down enter 'two' enter 'lines' enter enter ctrl+s enter",
    );
    assert_eq!(run.answers()["db"]["customText"], json!("two\nlines"));
}

#[test]
fn where_enter_submits_nothing_the_hints_say_it_types_a_line_break() {
    let remapped = json!({"editor": {"submit": ["ctrl+s"]}});
    let run = Run::new(
        super::ask_user_with_keys(&one_single(), &remapped),
        "down down enter 'a'",
    );
    let screen = run.screen();
    assert!(
        screen.contains("enter new line") && !screen.contains("alt+enter new line"),
        "{screen}"
    );
    let run = Run::new(ask_user(&one_single()), "down down enter 'a'");
    assert!(
        run.screen().contains("alt+enter new line"),
        "{}",
        run.screen()
    );
}

#[test]
fn a_remapped_note_editor_save_leaves_no_trailing_line_break() {
    let keys = json!({"noteEditor": {"save": ["ctrl+s"]}});
    let run = Run::new(
        super::ask_user_with_keys(&one_single(), &keys),
        "n 'why not' enter ctrl+s shift+n 'overall' enter ctrl+s",
    );
    assert_eq!(run.form.drafts()[0].option_notes[&0], "why not");
    assert_eq!(run.form.drafts()[0].note, "overall");
}

#[test]
fn up_and_down_move_by_the_rows_a_wrapped_line_shows_keeping_the_column() {
    let text = "one two three four five six seven eight nine ten eleven twelve thirteen fourteen";
    let script = format!("down down enter '{text}' up up 'X' down 'Y' down down 'Z' esc");
    let run = Run::sized(ask_user(&one_single()), Size::new(40, 16), &script);
    let written = &run.form.drafts()[0].custom_text;
    // At 40 columns the answer's editor wraps after "five", "ten" and "thirteen"; the cursor
    // goes up two rows from the end of "fourteen", keeping its column, then down, and down
    // to the end of the shorter last row, and stays there.
    assert_eq!(
        written,
        "one two three four five six seveXn eight nine ten eleven twYelve thirteen fourteenZ",
        "{}",
        run.screen()
    );
}

#[test]
fn up_on_the_first_row_and_down_on_the_last_stay_in_the_editor() {
    let run = Run::sized(
        ask_user(&one_single()),
        Size::new(40, 16),
        "down down enter 'ab' up 'X' down down 'Y'",
    );
    assert!(matches!(run.form.state.focus, Focus::Editor(_)));
    assert_eq!(
        run.form.state.editor().map(Editor::saved_text),
        Some("abXY".to_owned())
    );
}

#[test]
fn up_and_down_keep_their_column_through_a_shorter_row() {
    let script = "down down enter 'aaaaaaaaaa' alt+enter 'bb' alt+enter 'cccccccccc' up up 'X'";
    let run = Run::sized(ask_user(&one_single()), Size::new(40, 16), script);
    assert_eq!(
        run.form.state.editor().map(Editor::saved_text),
        Some("aaaaaaaaaaX\nbb\ncccccccccc".to_owned())
    );
}

#[test]
fn a_placeholder_too_wide_for_its_editor_ends_with_an_ellipsis() {
    let run = Run::sized(ask_user(&one_single()), Size::new(40, 12), "n");
    let screen = run.screen();
    let row = screen
        .lines()
        .find(|line| line.contains('│'))
        .expect("the note's editor");
    assert!(row.trim_end().ends_with('…'), "{row:?}");
}

#[test]
fn ctrl_u_deletes_back_to_the_start_of_the_line_as_in_a_shell() {
    let run = Run::new(
        ask_user(&one_single()),
        "down down enter 'first line' alt+enter 'hello world' left*5 ctrl+u",
    );
    let editor = run.form.state.editor().expect("the editor");
    assert_eq!(editor.lines(), ["first line", "world"]);
    let run = Run::new(
        ask_user(&one_single()),
        "down down enter 'first line' alt+enter 'second' ctrl+u ctrl+u",
    );
    assert_eq!(
        run.form.state.editor().expect("the editor").lines(),
        ["first line", ""],
        "at a line's start it joins nothing"
    );
}

#[test]
fn a_paste_on_the_option_list_opens_the_written_answer_with_it() {
    let mut run = Run::new(ask_user(&one_multi()), "space paste:from_the_clipboard");
    let Focus::Editor(editor) = &run.form.state.focus else {
        panic!("the written answer's editor is open: {}", run.screen());
    };
    assert_eq!(editor.saved_text(), "from the clipboard");
    run.keys("enter tab enter");
    let answer = &run.answers()["checks"];
    assert_eq!(answer["customText"], json!("from the clipboard"));
    assert_eq!(
        answer["values"][0],
        json!("fmt"),
        "the tick stays: {answer}"
    );
}

#[test]
fn a_paste_while_finding_is_found_as_if_typed() {
    let mut run = Run::new(ask_user(&one_single()), "/ paste:SQL");
    assert_eq!(run.form.state.find.as_deref(), Some("SQL"));
    assert!(matches!(run.form.state.focus, Focus::Options));
    let screen = run.screen();
    assert!(screen.contains("› 2."), "the match highlighted: {screen}");
    run.keys("backspace*3");
    run.form.handle(crate::input::Input::Paste(
        "Postgres\rsecond line".to_owned(),
    ));
    assert_eq!(
        run.form.state.find.as_deref(),
        Some("Postgres"),
        "a line broken by \\r alone"
    );
    let screen = run.screen();
    assert!(screen.contains("› 1."), "the match highlighted: {screen}");
}

#[test]
fn a_paste_reaches_the_answer_with_its_tabs_and_line_breaks_and_without_control_characters() {
    let mut run = Run::new(ask_user(&one_single()), "down down enter");
    run.form.handle(crate::input::Input::Paste(
        "\u{1b}[31merror\u{1b}[0m:\tdisk\r\nfull\u{1a}\u{1b}]0;title\u{7}!".to_owned(),
    ));
    let screen = run.screen();
    assert!(
        !screen.contains('␛') && !screen.contains('␚'),
        "no control shown in the editor: {screen}"
    );
    run.keys("esc tab enter");
    assert_eq!(
        run.answers()["db"]["customText"],
        json!("error:\tdisk\nfull!")
    );
    let mut find = Run::new(ask_user(&one_single()), "/");
    find.form.handle(crate::input::Input::Paste(
        "\u{1b}[1mSQL\u{1a}ite".to_owned(),
    ));
    assert_eq!(find.form.state.find.as_deref(), Some("SQLite"));
}

#[test]
fn a_paste_on_the_final_tab_says_nothing_there_takes_text() {
    let run = Run::new(ask_user(&one_single()), "tab paste:lost?");
    assert!(matches!(run.form.state.focus, Focus::Review));
    assert!(
        run.screen().contains("Nothing here takes text"),
        "{}",
        run.screen()
    );
}

#[test]
fn a_character_typed_on_the_type_your_own_row_begins_the_written_answer() {
    let run = Run::new(ask_user(&one_single()), "up 'hello' enter enter");
    assert_eq!(
        run.answers()["db"]["customText"],
        json!("hello"),
        "{}",
        run.screen()
    );
}

#[test]
fn a_character_typed_on_an_option_row_writes_nothing() {
    let run = Run::new(ask_user(&one_single()), "'hello'");
    assert!(run.form.state.editor().is_none(), "{}", run.screen());
}
