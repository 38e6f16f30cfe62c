use serde_json::{Value, json};

use super::{Dialog, DialogFlow, Replied, ReplyError, Step};
use crate::contract::ask_user::{NoPreviewFiles, ParseOptions};
use crate::contract::remote::RemoteErrorCode;
use crate::contract::{Call, Tool, ToolResult};

fn ask_user_flow() -> DialogFlow {
    let arguments = json!({"title": "Setup", "questions": [
        {"id": "stack", "prompt": "Which stack?", "options": [{"value": "rust", "label": "Rust"}]},
        {"id": "ci", "prompt": "Which CI?", "type": "multi", "options": [{"value": "gh", "label": "GitHub"}]}
    ]});
    flow(Tool::AskUser, &arguments)
}

fn question_flow() -> DialogFlow {
    let arguments = json!({"questions": [{"question": "Ship it?", "options": [
        {"label": "Yes"}, {"label": "No"}]}]});
    flow(Tool::AskUserQuestion, &arguments)
}

/// A flow for a valid call; an `ask_user` call gets the request id `req-1`.
fn flow(tool: Tool, arguments: &Value) -> DialogFlow {
    let options = ParseOptions::default();
    let call = Call::parse(tool, arguments, options, &mut NoPreviewFiles, || {
        "req-1".to_owned()
    })
    .unwrap();
    DialogFlow::new(call)
}

fn result_json(flow: &DialogFlow) -> Value {
    match flow.step() {
        Step::Done(result) => result.to_json(),
        Step::Ask(dialog) => panic!("still asking {dialog:?}"),
    }
}

#[test]
fn the_first_dialog_is_open_from_the_start() {
    let flow = ask_user_flow();
    assert_eq!(flow.dialog().map(Dialog::title), Some("Which stack?"));
    assert_eq!(flow.call().title(), Some("Setup"));
    assert_eq!(flow.call().normalized_questions()[1]["type"], "multi");
}

#[test]
fn a_select_reply_naming_no_option_is_the_written_answer() {
    let mut flow = ask_user_flow();
    flow.reply(Some(" Go ")).unwrap();
    assert_eq!(flow.dialog().map(Dialog::title), Some("Which CI?"));
    flow.reply(Some("1")).unwrap();
    assert_eq!(
        result_json(&flow)["details"]["answers"]["stack"],
        json!({"values": [" Go "], "labels": [" Go "], "indices": [], "customText": " Go "})
    );
    let mut question = question_flow();
    question.reply(Some("  Not yet ")).unwrap();
    assert_eq!(
        result_json(&question)["content"][0]["text"],
        "Q1: user wrote: Not yet"
    );
}

#[test]
fn a_select_reply_equal_but_for_case_names_its_option() {
    let mut flow = question_flow();
    flow.reply(Some("no")).unwrap();
    assert_eq!(
        result_json(&flow)["content"][0]["text"],
        "Q1: user selected: 2. No"
    );
}

#[test]
fn a_blank_select_reply_asks_the_same_select_again() {
    let mut flow = ask_user_flow();
    let before = flow.dialog().cloned();
    assert_eq!(flow.reply(Some("  ")), Ok(Replied::AskedAgain));
    assert_eq!(flow.dialog().cloned(), before);
    assert_eq!(flow.drafts()[0], crate::contract::answers::Draft::default());
    assert_eq!(flow.reply(Some("Rust")), Ok(Replied::Moved));
    assert_eq!(flow.dialog().map(Dialog::title), Some("Which CI?"));
}

#[test]
fn cancelling_keeps_the_answers_so_far() {
    let mut flow = ask_user_flow();
    flow.reply(Some("Rust")).unwrap();
    let result = flow.cancel().to_json();
    assert_eq!(result["details"]["cancelled"], true);
    assert_eq!(
        result["details"]["answers"]["stack"]["values"],
        json!(["rust"])
    );
    assert_eq!(flow.reply(Some("1")), Err(ReplyError::Finished));
}

#[test]
fn a_remote_answer_replaces_what_the_dialogs_collected() {
    let mut flow = ask_user_flow();
    flow.reply(Some("Rust")).unwrap();
    let response = json!({"kind": "answer", "answers": {"ci": {"values": ["gh"]}}});
    flow.submit_remote(&response).unwrap();
    let result = result_json(&flow);
    assert_eq!(
        result["details"]["answers"],
        json!({"ci": {"values": ["gh"], "labels": ["GitHub"], "indices": [1]}})
    );
    assert_eq!(result["details"]["cancelled"], false);
}

#[test]
fn a_remote_elaborate_answer_gives_an_elaborate_result() {
    let mut flow = ask_user_flow();
    let response = json!({"kind": "answer", "mode": "elaborate",
                          "answers": {"stack": {"note": "Why Rust?"}}});
    flow.submit_remote(&response).unwrap();
    assert_eq!(result_json(&flow)["details"]["mode"], "elaborate");
}

#[test]
fn an_invalid_remote_answer_leaves_the_flow_open() {
    let mut flow = ask_user_flow();
    let error = flow
        .submit_remote(&json!({"kind": "answer", "answers": {"nope": {}}}))
        .unwrap_err();
    assert_eq!(error.code, RemoteErrorCode::InvalidAnswer);
    assert_eq!(error.message, "Unknown question id \"nope\".");
    assert!(flow.dialog().is_some());
}

#[test]
fn a_remote_cancel_drops_the_answers() {
    let mut flow = ask_user_flow();
    flow.reply(Some("Rust")).unwrap();
    flow.submit_remote(&json!({"kind": "cancel"})).unwrap();
    assert_eq!(result_json(&flow)["details"]["answers"], json!({}));
}

#[test]
fn an_ended_flow_refuses_remote_answers() {
    let mut flow = question_flow();
    flow.reply(None).unwrap();
    let error = flow.submit_remote(&json!({"kind": "cancel"})).unwrap_err();
    assert_eq!(error.code, RemoteErrorCode::FlowNotFound);
}

#[test]
fn question_tool_remote_answers_use_labels_as_values() {
    let mut flow = question_flow();
    flow.submit_remote(&json!({"kind": "answer", "answers": {"q1": {"values": ["No"]}}}))
        .unwrap();
    assert!(matches!(
        flow.step(),
        Step::Done(ToolResult::AskUserQuestion(_))
    ));
    assert_eq!(
        result_json(&flow)["content"][0]["text"],
        "Q1: user selected: 2. No"
    );
}

#[test]
fn question_tool_remote_answers_refuse_values_with_custom_text() {
    let mut flow = question_flow();
    let error = flow
        .submit_remote(
            &json!({"kind": "answer", "answers": {"q1": {"values": ["No"], "customText": "x"}}}),
        )
        .unwrap_err();
    assert_eq!(
        error.message,
        "Question \"q1\" cannot combine a selected value and custom text."
    );
}

/// Replies with each option string of the open select, one flow per string, and returns the
/// option values each one answered with.
fn values_chosen(arguments: &Value) -> Vec<Value> {
    let flow = flow(Tool::AskUser, arguments);
    let Some(Dialog::Select { options, .. }) = flow.dialog() else {
        panic!("a select is open");
    };
    options
        .iter()
        .map(|option| {
            let mut flow = flow.clone();
            flow.reply(Some(&option.text)).unwrap();
            if flow.dialog().is_some() {
                return json!("typed");
            }
            result_json(&flow)["details"]["answers"]["q"]["values"].clone()
        })
        .collect()
}

#[test]
fn every_select_string_answers_with_its_own_option() {
    let arguments = json!({"questions": [{"id": "q", "prompt": "Which?", "options": [
        {"value": "y", "label": "Y"}, {"value": "y2", "label": "Y"},
        {"value": "z", "label": "Y [y]"}, {"value": "own", "label": "Type your own"},
        {"value": "t", "label": "Type your own [own]"}]}]});
    assert_eq!(
        values_chosen(&arguments),
        [
            json!(["y"]),
            json!(["y2"]),
            json!(["z"]),
            json!(["own"]),
            json!(["t"]),
            json!("typed")
        ]
    );
}

#[test]
fn a_question_tool_option_labelled_like_other_is_chosen_apart_from_other() {
    let arguments = json!({"questions": [{"question": "Ship it?", "options": [
        {"label": "Yes"}, {"label": "Other (type something)"}]}]});
    let mut flow = flow(Tool::AskUserQuestion, &arguments);
    let Some(Dialog::Select { options, .. }) = flow.dialog() else {
        panic!("a select is open");
    };
    let texts: Vec<&str> = options.iter().map(|option| option.text.as_str()).collect();
    assert_eq!(
        texts,
        [
            "Yes",
            "Other (type something) (option 2)",
            "Other (type something)"
        ]
    );
    let mut other = flow.clone();
    other.reply(Some("Other (type something)")).unwrap();
    assert!(matches!(other.dialog(), Some(Dialog::Input { .. })));
    flow.reply(Some("Other (type something) (option 2)"))
        .unwrap();
    assert_eq!(
        result_json(&flow)["content"][0]["text"],
        "Q1: user selected: 2. Other (type something)"
    );
}

#[test]
fn multi_select_values_keep_the_order_they_were_chosen_in() {
    let arguments = json!({"questions": [{"id": "ci", "prompt": "Which CI?", "type": "multi",
        "options": [{"value": "gh", "label": "GitHub"}, {"value": "gl", "label": "GitLab"}]}]});
    let mut flow = flow(Tool::AskUser, &arguments);
    flow.reply(Some("2, 1")).unwrap();
    assert_eq!(
        result_json(&flow)["details"]["answers"]["ci"],
        json!({"values": ["gl", "gh"], "labels": ["GitLab", "GitHub"], "indices": [2, 1]})
    );
}
