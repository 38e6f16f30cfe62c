//! The editing engine behind the form's editors: typing, line breaks, pastes, undo.

use super::*;

fn typed(editor: &mut Editor, text: &str) {
    for c in text.chars() {
        editor.key(Key::from_char(c));
    }
}

#[test]
fn typing_upper_case_and_symbols_inserts_them() {
    let mut editor = Editor::new(EditorTarget::Custom, "");
    typed(&mut editor, "Hi @you?");
    assert_eq!(editor.saved_text(), "Hi @you?");
}

#[test]
fn shift_enter_inserts_a_line_break() {
    let mut editor = Editor::new(EditorTarget::Custom, "a");
    editor.key("shift+enter".parse().unwrap());
    typed(&mut editor, "b");
    assert_eq!(editor.saved_text(), "a\nb");
    assert_eq!(editor.cursor(), (1, 1));
}

#[test]
fn reopened_text_puts_the_cursor_at_the_end() {
    let editor = Editor::new(EditorTarget::Custom, "one\ntwo");
    assert_eq!(editor.cursor(), (1, 3));
}

#[test]
fn paste_is_one_undo_step() {
    let mut editor = Editor::new(EditorTarget::Custom, "x");
    editor.paste("pasted\r\ntext");
    assert_eq!(editor.saved_text(), "xpasted\ntext");
    editor.key("ctrl+7".parse().unwrap());
    assert_eq!(editor.saved_text(), "x");
}

#[test]
fn a_path_put_in_place_of_its_query_is_one_undo_step_and_one_redo_step() {
    let mut editor = Editor::new(EditorTarget::Custom, "");
    typed(&mut editor, "see @rea");
    editor.follow_references(|| 1);
    editor.insert_reference("README.md");
    assert_eq!(editor.saved_text(), "see @README.md");
    editor.key("ctrl+7".parse().unwrap());
    assert_eq!(editor.saved_text(), "see @rea");
    editor.key("ctrl+r".parse().unwrap());
    assert_eq!(editor.saved_text(), "see @README.md");
    editor.key("ctrl+7".parse().unwrap());
    editor.key("ctrl+7".parse().unwrap());
    assert_eq!(
        editor.saved_text(),
        "see",
        "the word typed goes in one step"
    );
}

#[test]
fn a_directory_then_a_file_put_in_are_undone_and_redone_a_path_at_a_time() {
    let mut editor = Editor::new(EditorTarget::Custom, "");
    typed(&mut editor, "see @do");
    editor.follow_references(|| 1);
    editor.insert_reference("docs/");
    editor.follow_references(|| 2);
    editor.insert_reference("docs/plan.md");
    assert_eq!(editor.saved_text(), "see @docs/plan.md");
    let undo: Key = "ctrl+7".parse().unwrap();
    let redo: Key = "ctrl+r".parse().unwrap();
    let mut seen = Vec::new();
    for key in [undo, undo, redo, redo, undo, undo, undo] {
        editor.key(key);
        seen.push(editor.saved_text());
    }
    assert_eq!(
        seen,
        [
            "see @docs/",
            "see @do",
            "see @docs/",
            "see @docs/plan.md",
            "see @docs/",
            "see @do",
            "see"
        ]
    );
}

#[test]
fn saved_text_drops_trailing_blank_lines_only() {
    let mut editor = Editor::new(EditorTarget::Custom, "");
    typed(&mut editor, "a");
    editor.key("alt+enter".parse().unwrap());
    typed(&mut editor, "  b ");
    editor.key("alt+enter".parse().unwrap());
    typed(&mut editor, "  ");
    editor.key("alt+enter".parse().unwrap());
    assert_eq!(editor.saved_text(), "a\n  b ");
    assert_eq!(Editor::new(EditorTarget::Custom, "\n \n").saved_text(), "");
}

#[test]
fn tab_and_shift_tab_put_nothing_in_the_text() {
    let mut editor = Editor::new(EditorTarget::Custom, "ab");
    editor.key(Key::plain(KeyCode::Tab));
    editor.key("shift+tab".parse().unwrap());
    typed(&mut editor, "c");
    assert_eq!(editor.saved_text(), "abc");
    assert_eq!(editor.cursor(), (0, 3));
}

#[test]
fn backspace_deletes() {
    let mut editor = Editor::new(EditorTarget::Custom, "abc");
    editor.key(Key::plain(KeyCode::Backspace));
    assert_eq!(editor.saved_text(), "ab");
}

#[test]
fn typing_is_undone_a_word_at_a_time_and_a_move_ends_the_word() {
    let mut editor = Editor::new(EditorTarget::Custom, "");
    typed(&mut editor, "one two");
    editor.key(Key::plain(KeyCode::Left));
    typed(&mut editor, "X");
    let undo: Key = "ctrl+7".parse().unwrap();
    let mut seen = Vec::new();
    for _ in 0..4 {
        editor.key(undo);
        seen.push(editor.saved_text());
    }
    assert_eq!(seen, ["one two", "one", "", ""]);
    editor.key("ctrl+r".parse().unwrap());
    assert_eq!(editor.saved_text(), "one");
}

/// A key by its id.
fn press(editor: &mut Editor, keys: &str) {
    for key in keys.split_whitespace() {
        editor.key(key.parse().expect("a key id"));
    }
}

#[test]
fn backspace_and_delete_take_a_joined_emoji_or_an_accented_letter_whole() {
    let family = "👨\u{200d}👩\u{200d}👧";
    let mut editor = Editor::new(EditorTarget::Custom, &format!("🐘{family}"));
    press(&mut editor, "backspace");
    assert_eq!(editor.saved_text(), "🐘");
    press(&mut editor, "ctrl+_");
    assert_eq!(
        editor.saved_text(),
        format!("🐘{family}"),
        "undone in one step"
    );
    let mut editor = Editor::new(EditorTarget::Custom, &format!("a{family}e\u{301}"));
    press(&mut editor, "home delete");
    assert_eq!(editor.saved_text(), format!("{family}e\u{301}"));
    press(&mut editor, "delete");
    assert_eq!(editor.saved_text(), "e\u{301}");
    press(&mut editor, "delete");
    assert_eq!(editor.saved_text(), "");
}

#[test]
fn left_and_right_pass_a_joined_emoji_whole() {
    let family = "👨\u{200d}👩\u{200d}👧";
    let mut editor = Editor::new(EditorTarget::Custom, &format!("a{family}b"));
    press(&mut editor, "left left");
    assert_eq!(editor.cursor(), (0, 1), "before the family");
    press(&mut editor, "right");
    assert_eq!(editor.cursor(), (0, 6), "after the family");
    typed(&mut editor, "x");
    assert_eq!(editor.saved_text(), format!("a{family}xb"));
}

#[test]
fn ctrl_home_and_ctrl_end_go_to_the_texts_start_and_end_where_home_and_end_stay_on_the_line() {
    let mut editor = Editor::new(EditorTarget::Custom, "first line\nsecond\nthird line");
    press(&mut editor, "up home");
    assert_eq!(editor.cursor(), (1, 0), "home: the line's start");
    press(&mut editor, "ctrl+home");
    assert_eq!(editor.cursor(), (0, 0));
    press(&mut editor, "end");
    assert_eq!(editor.cursor(), (0, 10), "end: the line's end");
    press(&mut editor, "ctrl+end");
    assert_eq!(editor.cursor(), (2, 10));
    typed(&mut editor, "!");
    assert_eq!(editor.saved_text(), "first line\nsecond\nthird line!");
}

#[test]
fn ctrl_j_inserts_a_line_break_and_deletes_nothing() {
    let mut editor = Editor::new(EditorTarget::Custom, "");
    typed(&mut editor, "hello");
    press(&mut editor, "ctrl+j");
    typed(&mut editor, "x");
    assert_eq!(editor.saved_text(), "hello\nx");
}
