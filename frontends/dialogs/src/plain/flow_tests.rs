//! Whole flows asked through plain prompts: the announcements, the shortened previews, the
//! confirmation before an empty answer cancels, and the review before submitting.

use std::io::Cursor;

use pi_agent_ask_core::contract::ask_user::{NoPreviewFiles, ParseOptions};
use pi_agent_ask_core::contract::{Call, Tool};
use pi_agent_ask_core::dialog::review::{CHANGE_TITLE, REVIEW_HEADING};
use serde_json::{Value, json};

use super::PlainDialogs;

/// Asks `arguments` of `tool` with the typed `input`; returns the result and the transcript.
fn ask(tool: Tool, arguments: &Value, input: &str) -> (Value, String) {
    let call = Call::parse(
        tool,
        arguments,
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || "req-1".to_owned(),
    )
    .expect("valid arguments");
    let mut plain = PlainDialogs::new(Cursor::new(input.as_bytes().to_vec()), Vec::new());
    let result = crate::ask(call, None, &mut plain).0.to_json();
    let (_, output) = plain.into_parts();
    let text = String::from_utf8(output).expect("prompts are UTF-8");
    (result, text)
}

fn setup() -> Value {
    json!({"title": "Setup", "questions": [
        {"id": "stack", "label": "Stack", "prompt": "Which stack?", "options": [
            {"value": "rust", "label": "Rust"}, {"value": "go", "label": "Go"}]},
        {"id": "ci", "label": "CI", "prompt": "Which CI?", "type": "multi", "options": [
            {"value": "gh", "label": "GitHub"}, {"value": "gl", "label": "GitLab"}]}
    ]})
}

fn scopes() -> Value {
    json!({"questions": [{"question": "Which scopes?", "multiSelect": true,
        "options": [{"label": "repo"}, {"label": "admin"}]}]})
}

#[test]
fn each_question_is_announced_with_the_title_and_question_n_of_n() {
    let (_, text) = ask(Tool::AskUser, &setup(), "1\n1\n\n1\n");
    assert!(
        text.starts_with("\nSetup\nQuestion 1 of 2\n\nWhich stack?\n1. Rust\n"),
        "{text}"
    );
    assert!(
        text.contains("\nSetup\nQuestion 2 of 2\n\nWhich CI?\n"),
        "{text}"
    );
}

#[test]
fn without_a_title_only_the_question_number_is_announced() {
    let (_, text) = ask(Tool::AskUserQuestion, &scopes(), "1\n\n1\n");
    assert!(
        text.starts_with("\nQuestion 1 of 1\n\nWhich scopes?\n"),
        "{text}"
    );
}

#[test]
fn the_written_answer_of_a_question_is_not_announced_again() {
    let (_, text) = ask(Tool::AskUser, &setup(), "3\nZig\n1\n\n1\n");
    assert_eq!(text.matches("Question 1 of 2").count(), 1, "{text}");
}

#[test]
fn the_flow_ends_with_a_review_of_the_answers_and_submits_on_submit() {
    let (result, text) = ask(Tool::AskUser, &setup(), "2\nGitLab\n\n1\n");
    assert!(
        text.ends_with(&format!(
            "\n{REVIEW_HEADING}\nStack: Go\nCI: GitLab\n1. Submit\n2. Change an answer\n\
             3. Cancel\nEnter a number from 1 to 3 (Ctrl-D cancels): "
        )),
        "{text}"
    );
    assert_eq!(result["details"]["cancelled"], false);
    assert_eq!(
        result["details"]["answers"],
        json!({"stack": {"values": ["go"], "labels": ["Go"], "indices": [2]},
               "ci": {"values": ["gl"], "labels": ["GitLab"], "indices": [2]}})
    );
}

#[test]
fn going_back_from_the_review_asks_that_question_again_and_reviews_again() {
    let (result, text) = ask(Tool::AskUser, &setup(), "1\n1\n\n2\n1\n2\n1\n");
    assert!(
        text.contains(&format!(
            "\n{CHANGE_TITLE}\n1. Question 1: Stack\n2. Question 2: CI\n3. Back to the review\n"
        )),
        "{text}"
    );
    assert!(
        text.contains("\nSetup\nQuestion 1 of 2\n\nWhich stack?\n1. Rust\n"),
        "{text}"
    );
    assert!(text.contains("Stack: Go\nCI: GitHub\n"), "{text}");
    assert_eq!(
        result["details"]["answers"]["stack"]["values"],
        json!(["go"])
    );
}

#[test]
fn cancel_in_the_review_cancels_and_keeps_the_answers() {
    let (result, _) = ask(Tool::AskUser, &setup(), "1\n1\n\n3\n");
    assert_eq!(result["details"]["cancelled"], true);
    assert_eq!(
        result["details"]["answers"]["stack"]["values"],
        json!(["rust"])
    );
}

#[test]
fn an_empty_answer_asks_before_it_cancels_the_whole_flow() {
    let (result, text) = ask(Tool::AskUserQuestion, &scopes(), "\ny\n");
    assert_eq!(result["details"]["cancelled"], true);
    assert!(
        text.ends_with(
            "\nCancel all the questions?\nNothing was typed, and an empty answer cancels the \
             whole ask. Answer n to answer the question again.\n\
             Answer y for yes or n for no (Ctrl-D cancels): "
        ),
        "{text}"
    );
}

#[test]
fn declining_to_cancel_asks_the_question_again() {
    let (result, text) = ask(Tool::AskUserQuestion, &scopes(), "\nn\nadmin\n\n1\n");
    assert_eq!(text.matches("\nWhich scopes?\n").count(), 2, "{text}");
    assert_eq!(result["details"]["cancelled"], false);
    assert_eq!(result["content"][0]["text"], "Q1: user selected: 2. admin");
}

#[test]
fn ctrl_d_at_the_confirmation_cancels() {
    let (result, _) = ask(Tool::AskUserQuestion, &scopes(), "\n");
    assert_eq!(result["details"]["cancelled"], true);
}

/// A preview question whose first option's preview is `lines` lines long.
fn long_preview(lines: usize) -> Value {
    let preview: Vec<String> = (1..=lines).map(|n| format!("row {n}")).collect();
    json!({"questions": [{"id": "cfg", "label": "Config", "type": "preview",
        "prompt": "Which config?", "options": [
            {"value": "big", "label": "Big", "preview": preview.join("\n")},
            {"value": "small", "label": "Small", "preview": "port = 1"}]}]})
}

#[test]
fn a_long_preview_is_shortened_to_a_screenful_and_question_mark_shows_it_whole() {
    let (result, text) = ask(Tool::AskUser, &long_preview(3000), "?\n2\n1\n");
    let first_list = text.find("1. Big\n").expect("the options");
    let shown = &text[..first_list];
    assert!(shown.lines().count() < 25, "{shown}");
    assert!(
        shown.contains("\nBig\n  row 1\n"),
        "the preview starts under its label:\n{shown}"
    );
    assert!(shown.contains("  row 8\n  (2992 more lines)\n\nSmall\n  port = 1\n"));
    assert!(shown.ends_with("2992 lines not shown; enter ? to read everything.\n"));
    assert!(
        text.contains("Enter a number from 1 to 3, or ? to read everything (Ctrl-D cancels): ")
    );
    let whole = &text[first_list..];
    assert!(
        whole.contains("\n  row 3000\n\nSmall\n"),
        "? shows every line"
    );
    assert_eq!(
        whole.matches("1. Big\n").count(),
        2,
        "the options follow again"
    );
    assert_eq!(
        result["details"]["answers"]["cfg"]["values"],
        json!(["small"])
    );
}

#[test]
fn a_short_preview_is_shown_whole_and_question_mark_is_no_option() {
    let (_, text) = ask(Tool::AskUser, &long_preview(5), "?\n1\n1\n");
    assert!(text.contains("  row 5\n\nSmall\n"));
    assert!(!text.contains("not shown"));
    assert!(text.contains("\"?\" is not one of the 3 options.\n"));
}

/// Reading that fails, as a read stopped by a signal does.
struct Stopped;

impl std::io::Read for Stopped {
    fn read(&mut self, _: &mut [u8]) -> std::io::Result<usize> {
        Err(std::io::Error::other("reading stopped by signal 15"))
    }
}

#[test]
fn a_read_stopped_by_a_signal_ends_the_flow_with_the_answers_typed_so_far_and_prompts_no_more() {
    let call = |arguments: &Value| {
        Call::parse(
            Tool::AskUser,
            arguments,
            ParseOptions::default(),
            &mut NoPreviewFiles,
            || "req-1".to_owned(),
        )
        .expect("valid arguments")
    };
    let typed = std::io::Read::chain(Cursor::new(b"1\ngl\n".to_vec()), Stopped);
    let mut plain = PlainDialogs::new(std::io::BufReader::new(typed), Vec::new());
    let result = crate::ask(call(&setup()), None, &mut plain).0.to_json();
    let details = &result["details"];
    assert_eq!(details["cancelled"], true);
    assert_eq!(details["answers"]["stack"]["values"], json!(["rust"]));
    assert_eq!(details["answers"]["ci"]["values"], json!(["gl"]));
    let text = String::from_utf8(plain.into_parts().1).expect("prompts are UTF-8");
    assert!(!text.contains(REVIEW_HEADING), "{text}");
    assert!(
        text.ends_with("an empty line (Ctrl-D cancels):\n\n"),
        "{text:?}"
    );

    let mut plain = PlainDialogs::new(std::io::BufReader::new(Stopped), Vec::new());
    let result = crate::ask(call(&setup()), None, &mut plain).0.to_json();
    assert_eq!(result["details"]["cancelled"], true);
    let text = String::from_utf8(plain.into_parts().1).expect("prompts are UTF-8");
    assert!(text.ends_with("(Ctrl-D cancels): \n"), "{text:?}");
    assert!(!text.contains("Which CI?"), "{text}");
}

#[test]
fn an_answer_changed_from_the_review_shows_and_an_empty_answer_keeps_it() {
    // Stack written, CI picked with a written answer; both asked again and left as they were.
    let typed = "3\nAxum\n2, 1, Buildkite\n\n2\n1\n3\n\n2\n2\n\n1\n";
    let (result, text) = ask(Tool::AskUser, &setup(), typed);
    assert!(
        text.contains("Current answer:\nAxum\nAn empty answer keeps it.\n"),
        "{text}"
    );
    assert!(
        text.contains("Current answer: 2, 1, Buildkite\nAn empty answer keeps it.\n"),
        "{text}"
    );
    assert!(
        !text.contains("Cancel all"),
        "an empty answer cancels nothing: {text}"
    );
    let answers = &result["details"]["answers"];
    assert_eq!(answers["stack"]["customText"], json!("Axum"), "{result}");
    assert_eq!(
        answers["ci"]["values"],
        json!(["gl", "gh", "Buildkite"]),
        "{result}"
    );
}
