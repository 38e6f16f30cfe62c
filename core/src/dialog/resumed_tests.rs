//! A flow taking up a form ended before it was answered ([`DialogFlow::resumed`]): nothing the
//! drafts held is lost, and a flow with a review asks only what has no answer.

use serde_json::{Value, json};

use super::review::SUBMIT;
use super::{AfterLast, Dialog, DialogFlow, Position, Step};
use crate::contract::answers::Draft;
use crate::contract::ask_user::{NoPreviewFiles, ParseOptions};
use crate::contract::{Call, Tool};

/// Two single-select questions and a multi-select one.
fn call() -> Call {
    let arguments = json!({"questions": [
        {"id": "stack", "prompt": "Which stack?", "options": [
            {"value": "rust", "label": "Rust"}, {"value": "go", "label": "Go"}]},
        {"id": "ci", "label": "CI", "prompt": "Which CI?", "type": "multi", "options": [
            {"value": "gh", "label": "GitHub"}, {"value": "gl", "label": "GitLab"}]},
        {"id": "name", "label": "Name", "prompt": "What name?", "options": [
            {"value": "svc", "label": "svc"}, {"value": "app", "label": "app"}]}
    ]});
    Call::parse(
        Tool::AskUser,
        &arguments,
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || "req-1".to_owned(),
    )
    .expect("valid arguments")
}

/// Go chosen with a note on it, a note on the CI question and nothing chosen there, and the
/// name written.
fn drafts() -> Vec<Draft> {
    let mut stack = Draft::default();
    stack.select(1);
    stack.option_notes.insert(1, "why go".to_owned());
    let mut ci = Draft::default();
    ci.note = "ask the team".to_owned();
    let mut name = Draft::default();
    name.custom_text = "api".to_owned();
    name.custom_selected = true;
    vec![stack, ci, name]
}

fn title(flow: &DialogFlow) -> &str {
    flow.dialog().map(Dialog::title).expect("a dialog is open")
}

fn answers(flow: &DialogFlow) -> Value {
    match flow.step() {
        Step::Done(result) => result.to_json()["details"]["answers"].clone(),
        Step::Ask(dialog) => panic!("still asking {dialog:?}"),
    }
}

#[test]
fn a_resumed_flow_with_a_review_asks_only_the_questions_without_an_answer_then_reviews_all() {
    let mut flow = DialogFlow::resumed(call(), AfterLast::Review, drafts());
    assert_eq!(title(&flow), "Which CI?");
    flow.reply(Some("2")).expect("a reply");
    assert_eq!(flow.position(), Position::Review, "the name has its answer");
    assert!(title(&flow).contains("Q1: Go"), "{}", title(&flow));
    flow.reply(Some(SUBMIT)).expect("submit");
    let answers = answers(&flow);
    assert_eq!(answers["stack"]["values"], json!(["go"]));
    assert_eq!(answers["ci"]["values"], json!(["gl"]));
    assert_eq!(answers["name"]["customText"], json!("api"));
    assert_eq!(flow.drafts()[0].option_notes[&1], "why go");
    assert_eq!(
        flow.drafts()[1].note,
        "ask the team",
        "the note outlives the answer"
    );
}

#[test]
fn a_resumed_flow_whose_questions_all_have_answers_opens_at_the_review() {
    let mut all = drafts();
    all[1].select(0);
    let flow = DialogFlow::resumed(call(), AfterLast::Review, all);
    assert_eq!(flow.position(), Position::Review);
}

#[test]
fn a_resumed_flow_without_a_review_asks_from_the_first_question_and_keeps_what_it_did_not_ask() {
    let mut flow = DialogFlow::resumed(call(), AfterLast::Submit, drafts());
    assert_eq!(title(&flow), "Which stack?");
    flow.reply(Some("Rust")).expect("a reply");
    // Ended from outside at the second question: the first has its new answer, its note
    // kept; the others keep their drafts, for the journal to keep again.
    let result = flow.cancel().to_json();
    let drafts = flow.drafts();
    assert_eq!(
        drafts[0].selected(),
        &[0],
        "the answer given now replaces Go"
    );
    assert_eq!(drafts[0].option_notes[&1], "why go");
    assert_eq!(drafts[1].note, "ask the team");
    assert_eq!(drafts[2].custom_text, "api");
    assert_eq!(
        result["details"]["answers"]["name"]["customText"],
        json!("api")
    );
}

#[test]
fn drafts_for_another_number_of_questions_are_left_out() {
    let flow = DialogFlow::resumed(call(), AfterLast::Review, drafts()[..2].to_vec());
    assert_eq!(title(&flow), "Which stack?");
    assert!(flow.drafts().iter().all(|draft| !draft.is_dirty()));
}

#[test]
fn an_option_chosen_in_place_of_a_written_answer_keeps_the_text_unselected_as_the_form_does() {
    let mut flow = DialogFlow::resumed(call(), AfterLast::Submit, drafts());
    for reply in ["Rust", "GitHub", "svc"] {
        flow.reply(Some(reply)).expect("a reply");
    }
    let answers = answers(&flow);
    assert_eq!(answers["name"]["values"], json!(["svc"]));
    assert!(answers["name"].get("customText").is_none(), "{answers}");
    let name = &flow.drafts()[2];
    assert_eq!(
        (name.custom_text.as_str(), name.custom_selected),
        ("api", false)
    );
}

#[test]
fn the_review_shows_the_notes_submit_sends_with_the_answers_and_those_it_leaves_unsent() {
    let mut drafts = drafts();
    drafts[0]
        .option_notes
        .insert(0, "rust was close".to_owned());
    let mut flow = DialogFlow::resumed(call(), AfterLast::Review, drafts);
    flow.reply(Some("1")).expect("the CI question takes a pick");
    assert_eq!(flow.position(), Position::Review);
    assert_eq!(
        title(&flow),
        "Review your answers:\nQ1: Go\n  Go note: why go\n  Rust note, not sent (not chosen): \
         rust was close\nCI: GitHub\n  note: ask the team\nName: api"
    );
}
