use std::io::Cursor;

use super::*;

fn dialogs(input: &str) -> PlainDialogs<Cursor<Vec<u8>>, Vec<u8>> {
    PlainDialogs::new(Cursor::new(input.as_bytes().to_vec()), Vec::new())
}

fn transcript(dialogs: PlainDialogs<Cursor<Vec<u8>>, Vec<u8>>) -> String {
    String::from_utf8(dialogs.into_parts().1).expect("prompts are UTF-8")
}

fn options(items: &[&str]) -> Vec<DialogOption> {
    items.iter().copied().map(DialogOption::plain).collect()
}

#[test]
fn select_lists_numbered_options_and_reads_a_number() {
    let mut plain = dialogs("2\n");
    let choice = plain.select("Which stack?", &options(&["Rust", "Go"]));
    assert_eq!(choice.as_deref(), Some("Go"));
    assert_eq!(
        transcript(plain),
        "\nWhich stack?\n1. Rust\n2. Go\nEnter a number from 1 to 2 (Ctrl-D cancels): "
    );
}

#[test]
fn select_asks_again_until_the_answer_names_an_option() {
    let mut plain = dialogs("7\n\ngo\r\n");
    let choice = plain.select("Which stack?", &options(&["Rust", "Go"]));
    assert_eq!(choice.as_deref(), Some("Go"));
    let text = transcript(plain);
    assert!(text.contains("\"7\" is not one of the 2 options.\n"));
    assert!(text.contains("\"\" is not one of the 2 options.\n"));
}

#[test]
fn a_long_reply_that_names_no_option_is_quoted_back_by_its_start() {
    let pasted = "echo 1 >> log.txt ".repeat(10_000);
    let mut plain = dialogs(&format!("{pasted}\n1\n"));
    let choice = plain.select("Which stack?", &options(&["Rust", "Go"]));
    assert_eq!(choice.as_deref(), Some("Rust"));
    let text = transcript(plain);
    let quoted = text
        .lines()
        .find(|line| line.ends_with("is not one of the 2 options."))
        .expect("the reply is refused");
    assert!(
        quoted.starts_with(r#"Enter a number from 1 to 2 (Ctrl-D cancels): "echo 1 >> log.txt"#)
    );
    assert!(quoted.chars().count() < 140, "{quoted}");
}

#[test]
fn select_prefers_the_option_typed_with_the_same_case() {
    let mut plain = dialogs("yes\nYES\n");
    let choices = options(&["Yes", "yes"]);
    assert_eq!(plain.select("Ship?", &choices).as_deref(), Some("yes"));
    assert_eq!(plain.select("Ship?", &choices).as_deref(), Some("Yes"));
}

#[test]
fn the_end_of_input_dismisses_every_kind_of_dialog() {
    let mut plain = dialogs("");
    assert_eq!(plain.select("T", &options(&["a", "b"])), None);
    assert_eq!(plain.input("T", None, None), None);
    assert_eq!(plain.editor("T", Some("")), None);
    assert_eq!(plain.confirm("T", "M"), None);
}

#[test]
fn ctrl_d_after_text_typed_on_the_line_dismisses_and_does_not_answer() {
    let mut plain = dialogs("2");
    assert_eq!(plain.select("T", &options(&["a", "b"])), None);
    assert!(
        transcript(plain).ends_with("(Ctrl-D cancels): \n"),
        "the line is ended"
    );
    let mut plain = dialogs("some text");
    assert_eq!(plain.input("T", None, None), None);
    let mut plain = dialogs("y");
    assert_eq!(plain.confirm("T", "M"), None);
}

#[test]
fn ctrl_d_after_lines_of_a_multi_line_answer_dismisses_it() {
    let mut plain = dialogs("1\n2\n");
    assert_eq!(plain.editor("T", Some("")), None);
    let mut plain = dialogs("1\n2\n\n");
    assert!(
        plain.editor("T", Some("")).is_some(),
        "an empty line ends the answer"
    );
}

#[test]
fn after_ctrl_d_the_prompt_line_is_ended_so_the_shell_prompt_starts_on_its_own_line() {
    let mut plain = dialogs("");
    assert_eq!(plain.select("T", &options(&["a", "b"])), None);
    assert!(transcript(plain).ends_with("(Ctrl-D cancels): \n"));
    let mut plain = dialogs("");
    assert_eq!(plain.input("T", None, None), None);
    assert!(transcript(plain).ends_with("(Ctrl-D cancels): \n"));
    let mut plain = dialogs("");
    assert_eq!(plain.confirm("T", ""), None);
    assert!(transcript(plain).ends_with("(Ctrl-D cancels): \n"));
}

#[test]
fn ctrl_d_at_the_start_of_a_line_adds_no_blank_line() {
    let mut plain = dialogs("");
    assert_eq!(
        plain.multi_select("Which?", &options(&["a", "b"]), None),
        None
    );
    let text = transcript(plain);
    assert!(
        text.ends_with("an empty line (Ctrl-D cancels):\n"),
        "{text:?}"
    );
}

#[test]
fn input_returns_the_line_as_typed() {
    let mut plain = dialogs("  spaced out  \n");
    assert_eq!(
        plain.input("Name?", Some("e.g. Ada"), None).as_deref(),
        Some("  spaced out  ")
    );
    assert_eq!(
        transcript(plain),
        "\nName?\n(e.g. Ada)\nType your answer and press Enter (Ctrl-D cancels): "
    );
}

#[test]
fn editor_reads_lines_until_an_empty_one() {
    let mut plain = dialogs("1, 3\nrepo\n\nignored\n");
    assert_eq!(
        plain.editor("Which?", Some("")).as_deref(),
        Some("1, 3\nrepo")
    );
}

#[test]
fn editor_with_an_empty_first_line_returns_blank_text() {
    let mut plain = dialogs("\n");
    assert_eq!(plain.editor("Which?", None).as_deref(), Some(""));
}

#[test]
fn editor_keeps_a_prefill_on_an_empty_first_line() {
    let mut plain = dialogs("\n");
    assert_eq!(
        plain.editor("Edit", Some("draft")).as_deref(),
        Some("draft")
    );
}

#[test]
fn confirm_reads_yes_or_no() {
    let mut plain = dialogs("maybe\nYes\n");
    assert_eq!(plain.confirm("Discard?", "Answers are lost."), Some(true));
    let mut plain = dialogs("n\n");
    assert_eq!(plain.confirm("Discard?", ""), Some(false));
}

/// Escape sequences, a lone carriage return, DEL, C1 controls, bidi overrides and isolates,
/// a NUL, a backspace, a tab and a line separator.
const HOSTILE: &str = "a\u{1b}[2J\u{1b}]0;t\u{7}b\rc\u{7f}d\u{9b}31me\u{85}f\u{202e}g\u{2066}h\0i\u{8}j\tk\u{2028}l\r\nm";

/// Fails on any character a terminal would act on rather than show.
fn assert_inert(bytes: &[u8]) {
    let text = std::str::from_utf8(bytes).expect("prompts are UTF-8");
    for c in text.chars() {
        let control = (c < ' ' && c != '\n')
            || ('\u{7f}'..='\u{9f}').contains(&c)
            || ('\u{202a}'..='\u{202e}').contains(&c)
            || ('\u{2066}'..='\u{2069}').contains(&c);
        assert!(!control, "{c:?} reached the terminal in {text:?}");
    }
}

#[test]
fn payload_controls_reach_the_terminal_only_as_visible_marks() {
    let mut plain = dialogs("\u{1b}[31m\u{9b}typed\u{202e}\n1\n2\n\n\n\nn\n");
    let hostile = options(&[HOSTILE, "plain"]);
    assert_eq!(plain.select(HOSTILE, &hostile).as_deref(), Some(HOSTILE));
    let described = [DialogOption {
        text: HOSTILE.into(),
        description: Some(HOSTILE.into()),
        recommended: true,
    }];
    assert_eq!(
        plain
            .multi_select(HOSTILE, &described, Some(HOSTILE))
            .as_deref(),
        Some("2")
    );
    assert_eq!(
        plain
            .input(HOSTILE, Some(HOSTILE), Some(HOSTILE))
            .as_deref(),
        Some("")
    );
    assert_eq!(
        plain.editor(HOSTILE, Some(HOSTILE)).as_deref(),
        Some(HOSTILE)
    );
    assert_eq!(plain.confirm(HOSTILE, HOSTILE), Some(false));
    plain.notify(HOSTILE, Level::Warning);
    let (_, output) = plain.into_parts();
    assert_inert(&output);
}

#[test]
fn a_carriage_return_cannot_hide_the_start_of_a_prompt() {
    let mut plain = dialogs("1\n");
    let title = "Drop the production database now?\rKeep the production database?    ";
    plain.select(title, &options(&["Yes", "No"]));
    assert!(
        transcript(plain)
            .contains("Drop the production database now?\u{240d}Keep the production database?")
    );
}

#[test]
fn a_line_break_in_an_option_cannot_fake_another_option() {
    let mut plain = dialogs("");
    plain.select("Pick", &options(&["Keep\n2. Drop", "Other"]));
    plain.notify("one\ntwo", Level::Info);
    let text = transcript(plain);
    assert!(text.contains("\n1. Keep\u{21b5}2. Drop\n2. Other\n"));
    assert!(text.ends_with("Note: one\u{21b5}two\n"));
}

#[test]
fn notify_prints_one_line_with_its_level() {
    let mut plain = dialogs("");
    plain.notify("Saved", Level::Info);
    plain.notify("Careful", Level::Warning);
    assert_eq!(transcript(plain), "Note: Saved\nWarning: Careful\n");
}

fn described() -> Vec<DialogOption> {
    vec![
        DialogOption {
            text: "Postgres".into(),
            description: Some("Runs as a service.\n\nNeeds a password.".into()),
            recommended: true,
        },
        DialogOption {
            text: "SQLite".into(),
            description: Some("One file.".into()),
            recommended: false,
        },
        DialogOption::plain("Type your own"),
    ]
}

#[test]
fn select_shows_recommendations_and_descriptions_under_their_options() {
    let mut plain = dialogs("2\n");
    assert_eq!(
        plain.select("Which database?", &described()).as_deref(),
        Some("SQLite")
    );
    assert_eq!(
        transcript(plain),
        "\nWhich database?\n\
         1. Postgres (recommended)\n   Runs as a service.\n   Needs a password.\n\
         2. SQLite\n   One file.\n\
         3. Type your own\n\
         Enter a number from 1 to 3 (Ctrl-D cancels): "
    );
}

#[test]
fn multi_select_lists_described_options_then_reads_lines() {
    let mut plain = dialogs("1,\nsqlite\n\n");
    let options = &described()[..2];
    assert_eq!(
        plain
            .multi_select("Which databases?", options, None)
            .as_deref(),
        Some("1,\nsqlite")
    );
    assert!(transcript(plain).starts_with(
        "\nWhich databases?\n\n\
         1. Postgres (recommended)\n   Runs as a service.\n   Needs a password.\n\
         2. SQLite\n   One file.\n\n\
         Enter one or more option numbers or labels, separated by commas.\n"
    ));
}

#[test]
fn multi_select_is_dismissed_by_the_end_of_input() {
    let mut plain = dialogs("");
    assert_eq!(plain.multi_select("Which?", &described(), None), None);
}

#[test]
fn descriptions_longer_than_one_digit_numbers_stay_aligned() {
    let mut many = options(&["a", "b", "c", "d", "e", "f", "g", "h", "i"]);
    many.push(DialogOption {
        text: "j".into(),
        description: Some("tenth".into()),
        recommended: false,
    });
    let mut plain = dialogs("");
    plain.select("Pick", &many);
    assert!(transcript(plain).contains("\n10. j\n    tenth\n"));
}
