use serde_json::{Value, json};

use super::super::{AfterLast, Dialog, DialogFlow, Position, Step};
use super::*;
use crate::contract::Tool;
use crate::contract::ask_user::{NoPreviewFiles, ParseOptions};

/// A reviewed flow over a single and a multi-select question, titled `Setup`.
fn reviewed() -> DialogFlow {
    let arguments = json!({"title": "Setup", "questions": [
        {"id": "stack", "prompt": "Which stack?", "options": [
            {"value": "rust", "label": "Rust"}, {"value": "go", "label": "Go"}]},
        {"id": "ci", "label": "CI", "prompt": "Which CI?", "type": "multi", "options": [
            {"value": "gh", "label": "GitHub"}, {"value": "gl", "label": "GitLab"}]}
    ]});
    let call = Call::parse(
        Tool::AskUser,
        &arguments,
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || "req-1".to_owned(),
    )
    .expect("valid arguments");
    DialogFlow::ending(call, AfterLast::Review)
}

fn reply(flow: &mut DialogFlow, text: &str) {
    flow.reply(Some(text)).expect("a reply the dialog takes");
}

fn title(flow: &DialogFlow) -> &str {
    flow.dialog().map(Dialog::title).expect("a dialog is open")
}

fn result(flow: &DialogFlow) -> Value {
    match flow.step() {
        Step::Done(result) => result.to_json(),
        Step::Ask(dialog) => panic!("still asking {dialog:?}"),
    }
}

fn answered(flow: &mut DialogFlow) {
    reply(flow, "Rust");
    reply(flow, "1, 2");
}

#[test]
fn a_reviewed_flow_lists_the_answers_after_the_last_question_and_submits_on_submit() {
    let mut flow = reviewed();
    answered(&mut flow);
    assert_eq!(flow.position(), Position::Review);
    assert_eq!(
        title(&flow),
        "Review your answers:\nQ1: Rust\nCI: GitHub, GitLab"
    );
    let Some(Dialog::Select { options, .. }) = flow.dialog() else {
        panic!("the review is a select");
    };
    let rows: Vec<&str> = options.iter().map(|option| option.text.as_str()).collect();
    assert_eq!(rows, [SUBMIT, CHANGE, CANCEL]);
    reply(&mut flow, SUBMIT);
    let result = result(&flow);
    assert_eq!(result["details"]["cancelled"], false);
    assert_eq!(
        result["details"]["answers"]["stack"]["values"],
        json!(["rust"])
    );
}

#[test]
fn the_position_counts_the_questions_then_the_review_then_the_end() {
    let mut flow = reviewed();
    let first = Position::Question {
        number: 1,
        count: 2,
    };
    assert_eq!(flow.position(), first);
    reply(&mut flow, "Type your own");
    assert_eq!(
        flow.position(),
        first,
        "the written answer is the same question"
    );
    reply(&mut flow, "Zig");
    assert_eq!(
        flow.position(),
        Position::Question {
            number: 2,
            count: 2
        }
    );
    reply(&mut flow, "1");
    assert_eq!(flow.position(), Position::Review);
    reply(&mut flow, SUBMIT);
    assert_eq!(flow.position(), Position::Ended);
}

#[test]
fn a_question_without_an_answer_reviews_as_no_answer() {
    let mut flow = reviewed();
    reply(&mut flow, "Type your own");
    reply(&mut flow, "  ");
    reply(&mut flow, "github");
    assert_eq!(
        title(&flow),
        "Review your answers:\nQ1: (no answer)\nCI: GitHub"
    );
}

#[test]
fn a_written_answer_reviews_on_one_line() {
    let mut flow = reviewed();
    reply(&mut flow, "Type your own");
    reply(&mut flow, "Zig\n2. Drop the database");
    reply(&mut flow, "1");
    assert_eq!(
        title(&flow),
        "Review your answers:\nQ1: Zig\u{21b5}2. Drop the database\nCI: GitHub"
    );
}

#[test]
fn changing_an_answer_asks_that_question_again_then_comes_back_to_the_review() {
    let mut flow = reviewed();
    answered(&mut flow);
    reply(&mut flow, CHANGE);
    assert_eq!(title(&flow), CHANGE_TITLE);
    let Some(Dialog::Select { options, .. }) = flow.dialog() else {
        panic!("the change is a select");
    };
    let rows: Vec<&str> = options.iter().map(|option| option.text.as_str()).collect();
    assert_eq!(rows, ["Question 1: Q1", "Question 2: CI", BACK]);
    reply(&mut flow, "Question 1: Q1");
    assert_eq!(title(&flow), "Which stack?");
    reply(&mut flow, "Go");
    assert_eq!(flow.position(), Position::Review);
    assert_eq!(
        title(&flow),
        "Review your answers:\nQ1: Go\nCI: GitHub, GitLab"
    );
    reply(&mut flow, SUBMIT);
    let answers = &result(&flow)["details"]["answers"];
    assert_eq!(
        answers["stack"]["values"],
        json!(["go"]),
        "the old pick is replaced"
    );
    assert_eq!(answers["ci"]["values"], json!(["gh", "gl"]));
}

#[test]
fn back_returns_to_the_review_unchanged() {
    let mut flow = reviewed();
    answered(&mut flow);
    let before = title(&flow).to_owned();
    reply(&mut flow, CHANGE);
    reply(&mut flow, BACK);
    assert_eq!(flow.position(), Position::Review);
    assert_eq!(title(&flow), before);
}

#[test]
fn dismissing_a_question_asked_again_keeps_its_earlier_answer_in_the_cancelled_result() {
    let mut flow = reviewed();
    answered(&mut flow);
    reply(&mut flow, CHANGE);
    reply(&mut flow, "Question 2: CI");
    flow.reply(None).expect("a dismissal");
    let result = result(&flow);
    assert_eq!(result["details"]["cancelled"], true);
    assert_eq!(
        result["details"]["answers"]["ci"]["values"],
        json!(["gh", "gl"])
    );
}

#[test]
fn cancel_in_the_review_cancels_with_the_answers() {
    let mut flow = reviewed();
    answered(&mut flow);
    reply(&mut flow, CANCEL);
    let result = result(&flow);
    assert_eq!(
        result["content"][0]["text"]
            .as_str()
            .map(|text| text.lines().next()),
        Some(Some("User cancelled the ask flow"))
    );
    assert_eq!(
        result["details"]["answers"]["stack"]["values"],
        json!(["rust"])
    );
}

#[test]
fn a_flow_without_a_review_still_submits_after_the_last_question() {
    let call = reviewed().call().clone();
    let mut flow = DialogFlow::new(call);
    answered(&mut flow);
    assert_eq!(flow.position(), Position::Ended);
    assert_eq!(result(&flow)["details"]["cancelled"], false);
}

#[test]
fn a_reply_naming_no_review_row_asks_the_review_again() {
    let mut flow = reviewed();
    answered(&mut flow);
    let before = flow.dialog().cloned();
    assert_eq!(
        flow.reply(Some("Ship it")),
        Ok(super::super::Replied::AskedAgain)
    );
    assert_eq!(flow.dialog().cloned(), before);
    assert_eq!(flow.position(), Position::Review);
}

#[test]
fn the_review_shows_an_ask_user_question_written_answer_trimmed_as_the_result_sends_it() {
    let arguments = json!({"questions": [{"question": "Anything else?", "header": "Extra"}]});
    let call = Call::parse(
        Tool::AskUserQuestion,
        &arguments,
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || "req-1".to_owned(),
    )
    .expect("valid arguments");
    let mut flow = DialogFlow::ending(call, AfterLast::Review);
    reply(&mut flow, "  free text  ");
    assert!(
        title(&flow).ends_with("\nExtra: free text"),
        "{:?}",
        title(&flow)
    );
}

#[test]
fn a_written_answer_asked_again_shows_and_a_blank_reply_keeps_it() {
    let mut flow = reviewed();
    reply(&mut flow, "Type your own");
    reply(&mut flow, "Axum on Rust");
    reply(&mut flow, "1");
    reply(&mut flow, CHANGE);
    reply(&mut flow, "Question 1: Q1");
    reply(&mut flow, "Type your own");
    let Some(Dialog::Input { current, .. }) = flow.dialog() else {
        panic!("the written answer is asked for");
    };
    assert_eq!(current.as_deref(), Some("Axum on Rust"));
    reply(&mut flow, "");
    assert_eq!(flow.position(), Position::Review);
    reply(&mut flow, SUBMIT);
    assert_eq!(
        result(&flow)["details"]["answers"]["stack"]["customText"],
        json!("Axum on Rust"),
        "a blank reply keeps the written answer"
    );
}

#[test]
fn a_blank_reply_to_a_written_answer_asked_the_first_time_leaves_the_question_unanswered() {
    let mut flow = reviewed();
    reply(&mut flow, "Type your own");
    let Some(Dialog::Input { current, .. }) = flow.dialog() else {
        panic!("the written answer is asked for");
    };
    assert_eq!(current, &None);
    reply(&mut flow, "");
    reply(&mut flow, "1");
    reply(&mut flow, SUBMIT);
    assert!(result(&flow)["details"]["answers"].get("stack").is_none());
}

#[test]
fn a_multiple_choice_asked_again_shows_its_answer_as_a_reply_and_a_blank_reply_keeps_it() {
    let mut flow = reviewed();
    reply(&mut flow, "Rust");
    reply(&mut flow, "2, 1, Buildkite");
    reply(&mut flow, CHANGE);
    reply(&mut flow, "Question 2: CI");
    let Some(Dialog::MultiSelect { current, .. }) = flow.dialog() else {
        panic!("the multiple choice is asked again");
    };
    assert_eq!(current.as_deref(), Some("2, 1, Buildkite"));
    reply(&mut flow, "");
    assert_eq!(
        flow.position(),
        Position::Review,
        "a blank reply cancels nothing"
    );
    reply(&mut flow, SUBMIT);
    let answers = &result(&flow)["details"]["answers"]["ci"];
    assert_eq!(answers["values"], json!(["gl", "gh", "Buildkite"]));
    assert_eq!(answers["customText"], json!("Buildkite"));
}

#[test]
fn a_blank_written_answer_to_a_question_asked_again_keeps_its_chosen_option() {
    let mut flow = reviewed();
    answered(&mut flow);
    reply(&mut flow, CHANGE);
    reply(&mut flow, "Question 1: Q1");
    reply(&mut flow, "Type your own");
    let Some(Dialog::Input { current, .. }) = flow.dialog() else {
        panic!("the written answer is asked for");
    };
    assert_eq!(
        current.as_deref(),
        Some("Rust"),
        "the answer it holds shows"
    );
    reply(&mut flow, "");
    reply(&mut flow, SUBMIT);
    assert_eq!(
        result(&flow)["details"]["answers"]["stack"]["values"],
        json!(["rust"])
    );
}
