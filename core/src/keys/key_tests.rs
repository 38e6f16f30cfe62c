use rstest::rstest;

use super::{Key, KeyCode, KeyParseProblem, Modifiers};

fn key(code: KeyCode, ctrl: bool, alt: bool, shift: bool) -> Key {
    Key {
        code,
        mods: Modifiers { ctrl, alt, shift },
    }
}

#[rstest]
#[case("ctrl+c", key(KeyCode::Char('c'), true, false, false))]
#[case("shift+tab", key(KeyCode::Tab, false, false, true))]
#[case("enter", Key::plain(KeyCode::Enter))]
#[case("esc", Key::plain(KeyCode::Esc))]
#[case("space", Key::plain(KeyCode::Char(' ')))]
#[case("pageDown", Key::plain(KeyCode::PageDown))]
#[case("pageUp", Key::plain(KeyCode::PageUp))]
#[case("f1", Key::plain(KeyCode::F(1)))]
#[case("f24", Key::plain(KeyCode::F(24)))]
#[case("left", Key::plain(KeyCode::Left))]
#[case("right", Key::plain(KeyCode::Right))]
#[case("up", Key::plain(KeyCode::Up))]
#[case("down", Key::plain(KeyCode::Down))]
#[case("home", Key::plain(KeyCode::Home))]
#[case("end", Key::plain(KeyCode::End))]
#[case("backspace", Key::plain(KeyCode::Backspace))]
#[case("delete", Key::plain(KeyCode::Delete))]
#[case("insert", Key::plain(KeyCode::Insert))]
#[case("tab", Key::plain(KeyCode::Tab))]
#[case("alt+x", key(KeyCode::Char('x'), false, true, false))]
#[case("ctrl+alt+d", key(KeyCode::Char('d'), true, true, false))]
#[case("ctrl+alt+shift+d", key(KeyCode::Char('d'), true, true, true))]
#[case("?", Key::plain(KeyCode::Char('?')))]
#[case("@", Key::plain(KeyCode::Char('@')))]
#[case("n", Key::plain(KeyCode::Char('n')))]
#[case("shift+n", key(KeyCode::Char('n'), false, false, true))]
#[case("1", Key::plain(KeyCode::Char('1')))]
#[case("+", Key::plain(KeyCode::Char('+')))]
#[case("ctrl++", key(KeyCode::Char('+'), true, false, false))]
#[case("é", Key::plain(KeyCode::Char('é')))]
fn canonical_ids_round_trip(#[case] id: &str, #[case] expected: Key) {
    let parsed: Key = id.parse().unwrap();
    assert_eq!(parsed, expected);
    assert_eq!(parsed.to_string(), id);
}

#[rstest]
#[case("escape", "esc")]
#[case("ESC", "esc")]
#[case("return", "enter")]
#[case("pagedown", "pageDown")]
#[case("PAGEUP", "pageUp")]
#[case("F5", "f5")]
#[case("Ctrl+C", "ctrl+shift+c")]
#[case("CTRL+c", "ctrl+c")]
#[case("shift+ctrl+x", "ctrl+shift+x")]
#[case("N", "shift+n")]
#[case("shift+N", "shift+n")]
#[case("shift+?", "?")]
#[case("shift+1", "1")]
#[case("shift+space", "shift+space")]
#[case(" ", "space")]
#[case("É", "shift+é")]
fn aliases_and_case_print_canonically(#[case] id: &str, #[case] printed: &str) {
    let parsed: Key = id.parse().unwrap();
    assert_eq!(parsed.to_string(), printed);
    assert_eq!(printed.parse::<Key>().unwrap(), parsed);
}

#[rstest]
#[case(KeyCode::Char('N'), Modifiers::NONE)]
#[case(KeyCode::Char('N'), Modifiers::SHIFT)]
#[case(KeyCode::Char('n'), Modifiers::SHIFT)]
fn typed_upper_case_letter_equals_shift_letter(#[case] code: KeyCode, #[case] mods: Modifiers) {
    let shift_n: Key = "shift+n".parse().unwrap();
    assert_eq!(Key::new(code, mods), shift_n);
    assert_eq!(Key { code, mods }.normalized(), shift_n);
}

#[test]
fn typed_upper_case_char_equals_shift_letter() {
    assert_eq!(Key::from_char('N'), "shift+n".parse().unwrap());
    assert_eq!(Key::from_char('n'), "n".parse().unwrap());
}

#[test]
fn shifted_symbol_from_a_terminal_equals_the_symbol() {
    assert_eq!(
        Key::new(KeyCode::Char('?'), Modifiers::SHIFT),
        "?".parse().unwrap()
    );
}

#[rstest]
#[case('\n', "enter")]
#[case('\r', "enter")]
#[case('\t', "tab")]
#[case('\u{1b}', "esc")]
#[case('\u{7f}', "backspace")]
#[case('\u{3}', "ctrl+c")]
#[case('\0', "ctrl+space")]
#[case('\u{1a}', "ctrl+z")]
#[case('\u{1c}', "ctrl+4")]
#[case('\u{1f}', "ctrl+7")]
fn control_characters_map_to_their_keys(#[case] c: char, #[case] id: &str) {
    assert_eq!(Key::from_char(c).to_string(), id);
}

#[rstest]
#[case("shift+n", Some('N'))]
#[case("n", Some('n'))]
#[case("space", Some(' '))]
#[case("?", Some('?'))]
#[case("ctrl+n", None)]
#[case("alt+n", None)]
#[case("enter", None)]
fn typed_char_gives_the_editor_text(#[case] id: &str, #[case] typed: Option<char>) {
    assert_eq!(id.parse::<Key>().unwrap().typed_char(), typed);
}

#[rstest]
#[case("", KeyParseProblem::Empty)]
#[case("ctrl+", KeyParseProblem::MissingKey)]
#[case("foo", KeyParseProblem::UnknownKeyName("foo".into()))]
#[case("ctrl+foo", KeyParseProblem::UnknownKeyName("foo".into()))]
#[case("hyper+x", KeyParseProblem::UnknownModifier("hyper".into()))]
#[case("+x", KeyParseProblem::UnknownModifier(String::new()))]
#[case("ctrl+ctrl+c", KeyParseProblem::DuplicateModifier("ctrl".into()))]
#[case("f0", KeyParseProblem::FunctionKeyOutOfRange)]
#[case("f25", KeyParseProblem::FunctionKeyOutOfRange)]
#[case("f100", KeyParseProblem::UnknownKeyName("f100".into()))]
#[case("\t", KeyParseProblem::ControlCharacter('\t'))]
fn bad_ids_say_why(#[case] id: &str, #[case] problem: KeyParseProblem) {
    let error = id.parse::<Key>().unwrap_err();
    assert_eq!(error.problem, problem);
    assert_eq!(error.input, id);
}

#[test]
fn error_message_names_the_id_and_the_problem() {
    let error = "ctrl+foo".parse::<Key>().unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"invalid key "ctrl+foo": unknown key name "foo""#
    );
}

#[test]
fn every_function_key_round_trips() {
    for n in 1..=super::MAX_FUNCTION_KEY {
        let id = format!("f{n}");
        assert_eq!(id.parse::<Key>().unwrap().to_string(), id);
    }
}

#[rstest]
#[case("ctrl+m", "enter")]
#[case("ctrl+i", "tab")]
#[case("ctrl+[", "esc")]
#[case("ctrl+3", "esc")]
#[case("ctrl+@", "ctrl+space")]
#[case("ctrl+2", "ctrl+space")]
#[case("ctrl+\\", "ctrl+4")]
#[case("ctrl+_", "ctrl+7")]
#[case("ctrl+/", "ctrl+7")]
#[case("ctrl+shift+a", "ctrl+a")]
#[case("ctrl+alt+m", "alt+enter")]
#[case("ctrl+alt+shift+x", "ctrl+alt+x")]
#[case("ctrl+shift+h", "ctrl+h")]
#[case("ctrl+8", "backspace")]
#[case("ctrl+?", "backspace")]
#[case("shift+enter", "enter")]
#[case("ctrl+enter", "enter")]
#[case("alt+shift+enter", "alt+enter")]
#[case("ctrl+tab", "tab")]
#[case("ctrl+shift+tab", "shift+tab")]
#[case("shift+backspace", "backspace")]
#[case("shift+space", "space")]
#[case("ctrl+-", "ctrl+7")]
#[case("ctrl+.", ".")]
#[case("ctrl+1", "1")]
#[case("ctrl+esc", "esc")]
#[case("shift+esc", "esc")]
#[case("ctrl+backspace", "ctrl+h")]
fn a_key_a_terminal_sends_as_another_is_read_as_that_one(#[case] id: &str, #[case] read: &str) {
    let key: Key = id.parse().unwrap();
    assert_eq!(key.as_a_terminal_sends_it().to_string(), read);
}

#[rstest]
#[case("ctrl+a")]
#[case("ctrl+h")]
#[case("ctrl+j")]
#[case("ctrl+space")]
#[case("ctrl+4")]
#[case("alt+m")]
#[case("shift+tab")]
#[case("ctrl+left")]
#[case("m")]
fn a_key_a_terminal_sends_apart_is_read_as_itself(#[case] id: &str) {
    let key: Key = id.parse().unwrap();
    assert_eq!(key.as_a_terminal_sends_it(), key);
}

#[test]
fn a_key_id_a_message_quotes_is_quoted_as_json_writes_it() {
    let error = "ctrl+m\u{1b}[2J".parse::<Key>().expect_err("no key");
    assert_eq!(
        error.to_string(),
        "invalid key \"ctrl+m\\u001b[2J\": unknown key name \"m\\u001b[2J\""
    );
}
