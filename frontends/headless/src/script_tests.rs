use std::time::Duration;

use pi_agent_ask_core::Size;
use pi_agent_ask_core::input::Input;
use pi_agent_ask_core::keys::Key;
use rstest::rstest;
use similar_asserts::assert_eq;

use super::{ScriptProblem, ScriptStep, parse_keys};

/// The inputs of a script that has no waits.
fn inputs(script: &str) -> Vec<Input> {
    parse_keys(script)
        .unwrap()
        .into_iter()
        .map(|step| match step {
            ScriptStep::Input(input) => input,
            ScriptStep::Wait(duration) => panic!("unexpected wait of {duration:?}"),
            ScriptStep::Image(path) => panic!("unexpected image {}", path.display()),
        })
        .collect()
}

fn key(id: &str) -> Input {
    Input::Key(id.parse::<Key>().unwrap())
}

fn keys(ids: &[&str]) -> Vec<Input> {
    ids.iter().map(|id| key(id)).collect()
}

#[test]
fn key_ids_separated_by_white_space() {
    assert_eq!(
        inputs("down down space\ttab\n enter ctrl+c shift+n ? @ 1"),
        keys(&[
            "down", "down", "space", "tab", "enter", "ctrl+c", "shift+n", "?", "@", "1"
        ])
    );
}

#[rstest]
#[case(r#""hi there""#, &["h", "i", "space", "t", "h", "e", "r", "e"])]
#[case(r#""A\"\\""#, &["shift+a", "\"", "\\"])]
#[case(r#""a\nb\t""#, &["a", "enter", "b", "tab"])]
#[case("'x'", &["x"])]
#[case(r#"'"\n'"#, &["\"", "\\", "n"])]
#[case(r#""""#, &[])]
#[case(r#""中""#, &["中"])]
fn quoted_text_types_each_character(#[case] script: &str, #[case] ids: &[&str]) {
    assert_eq!(inputs(script), keys(ids));
}

#[rstest]
#[case(r#"paste "two words""#)]
#[case(r#"paste:"two words""#)]
#[case("paste:'two words'")]
#[case("paste\n  'two words'")]
fn paste_sends_one_bracketed_paste(#[case] script: &str) {
    assert_eq!(inputs(script), [Input::Paste("two words".to_owned())]);
}

#[rstest]
#[case("resize 40x12")]
#[case("resize:40x12")]
fn resize_changes_the_screen(#[case] script: &str) {
    assert_eq!(inputs(script), [Input::Resize(Size::new(40, 12))]);
}

#[test]
fn repetition_sugar() {
    let mut expected = keys(&["down", "down", "down", "a", "b", "a", "b", "*"]);
    expected.extend([key("*"), key("*"), key("ctrl+*")]);
    expected.extend([Input::Paste("x".to_owned()), Input::Paste("x".to_owned())]);
    expected.extend([
        Input::Resize(Size::new(3, 4)),
        Input::Resize(Size::new(3, 4)),
    ]);
    assert_eq!(
        inputs(r#"down*3 "ab"*2 * **2 ctrl+* paste:"x"*2 resize:3x4*2"#),
        expected
    );
}

#[test]
fn empty_script_is_no_input() {
    assert_eq!(parse_keys("  \n ").unwrap(), []);
}

#[rstest]
#[case("down nope", 1, 6, "nope")]
#[case("down\n  up  ctrl+foo", 2, 7, "ctrl+foo")]
#[case("中 bad", 1, 3, "bad")]
fn errors_point_at_the_item(
    #[case] script: &str,
    #[case] line: usize,
    #[case] column: usize,
    #[case] item: &str,
) {
    let error = parse_keys(script).unwrap_err();
    assert_eq!(
        (error.line, error.column, error.item.as_str()),
        (line, column, item)
    );
    assert!(matches!(error.problem, ScriptProblem::Key(_)));
}

#[rstest]
#[case(r#"enter "open"#, ScriptProblem::UnterminatedText)]
#[case(r#""bad \q""#, ScriptProblem::UnknownEscape('q'))]
#[case("down*0", ScriptProblem::BadRepeat)]
#[case("down*99999", ScriptProblem::BadRepeat)]
#[case(r#""ab"*x"#, ScriptProblem::BadRepeat)]
#[case(r#""ab"x"#, ScriptProblem::TextAfterQuote)]
#[case("paste text", ScriptProblem::MissingPasteText)]
#[case("paste", ScriptProblem::MissingPasteText)]
#[case("resize 40", ScriptProblem::BadSize)]
#[case("resize:axb", ScriptProblem::BadSize)]
#[case("resize 1001x10", ScriptProblem::BadSize)]
#[case("resize 0x0", ScriptProblem::BadSize)]
#[case("resize 5x0", ScriptProblem::BadSize)]
#[case("wait", ScriptProblem::BadWait)]
#[case("wait 3", ScriptProblem::BadWait)]
#[case("wait:soon", ScriptProblem::BadWait)]
#[case("wait 1s*0", ScriptProblem::BadRepeat)]
fn malformed_items_say_what_is_wrong(#[case] script: &str, #[case] problem: ScriptProblem) {
    assert_eq!(parse_keys(script).unwrap_err().problem, problem);
}

#[test]
fn error_message_reads_well() {
    let error = parse_keys("down ctrl+foo").unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"key script, line 1, column 6, at "ctrl+foo": invalid key "ctrl+foo": unknown key name "foo""#
    );
}

#[rstest]
#[case("wait 3s", 3_000)]
#[case("wait:500ms", 500)]
#[case("wait\n 2s500ms", 2_500)]
#[case("wait 1m", 60_000)]
fn a_wait_moves_the_scripted_clock_on(#[case] script: &str, #[case] millis: u64) {
    assert_eq!(
        parse_keys(script).unwrap(),
        [ScriptStep::Wait(Duration::from_millis(millis))]
    );
}

#[test]
fn waits_sit_between_inputs_in_script_order_and_repeat() {
    let enter = ScriptStep::Input(key("enter"));
    let second = ScriptStep::Wait(Duration::from_secs(1));
    assert_eq!(
        parse_keys("enter wait 1s*2 enter").unwrap(),
        [enter.clone(), second.clone(), second, enter]
    );
}

#[test]
fn an_image_step_names_the_file_whose_bytes_the_clipboard_holds() {
    assert_eq!(
        parse_keys("image \"shot.png\" image:'a b.png'").unwrap(),
        [
            ScriptStep::Image("shot.png".into()),
            ScriptStep::Image("a b.png".into())
        ]
    );
}

#[test]
fn an_image_step_needs_a_quoted_path() {
    let error = parse_keys("image shot.png").unwrap_err();
    assert_eq!(error.problem, ScriptProblem::MissingImagePath);
}
