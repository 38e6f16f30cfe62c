use serde_json::{Value, json};

use super::*;
use crate::contract::ask_user::{NoPreviewFiles, ParseOptions};
use crate::contract::{Call, Content, Tool, ToolResult};

fn call(title: Option<&str>) -> Call {
    let mut arguments = json!({"questions": [
        {"id": "db", "label": "Database", "prompt": "Which database should the service use?",
         "options": [{"value": "postgres", "label": "Postgres"}, {"value": "sqlite"}]},
        {"id": "db-backup", "label": "Database", "prompt": "Which database keeps the backups?",
         "type": "multi", "options": [{"value": "s3", "label": "S3"}, {"value": "disk"}]}
    ]});
    if let Some(title) = title {
        arguments["title"] = json!(title);
    }
    Call::parse(
        Tool::AskUser,
        &arguments,
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || "req-7".to_owned(),
    )
    .expect("valid arguments")
}

fn answer(call: &Call, response: &Value) -> BackgroundAnswer {
    let ToolResult::AskUser(output) = call.answered_by(response) else {
        panic!("an ask_user result");
    };
    BackgroundAnswer {
        request_id: "req-7".into(),
        outcome: Outcome::Result(Box::new(output.details)),
    }
}

#[test]
fn a_receipt_says_it_is_not_an_answer_and_names_the_request() {
    let receipt = Receipt::new(call(None).request(), "req-7", 2);
    assert_eq!(
        serde_json::to_value(&receipt).expect("a receipt serializes"),
        json!({"status": "queued", "requestId": "req-7", "questionIds": ["db", "db-backup"],
               "pendingRequests": 2})
    );
    assert_eq!(
        receipt.text(),
        "Queued ask_user [req-7]. 2 form(s) pending. This is not an answer. Continue independent work; call wait_for_answers when answers are needed."
    );
}

#[test]
fn a_background_answer_names_its_questions_by_id_so_repeated_labels_stay_apart() {
    let call = call(Some("Service setup"));
    let response = json!({"kind": "answer", "answers": {
        "db": {"values": ["postgres"], "note": "Managed", "optionNotes": {"postgres": "v16"}}
    }});
    assert_eq!(
        answer(&call, &response).text(call.request()),
        "Background answer [req-7] — Service setup:\n\
         Questions:\n\
         - [db] Database: Which database should the service use?\n\
         - [db-backup] Database: Which database keeps the backups?\n\
         Response:\n\
         Database [db]: Postgres\n\
         Database [db] note: Managed\n\
         Database [db] / Postgres note: v16\n\
         Database [db-backup]: (no answer)"
    );
}

#[test]
fn a_background_answer_without_a_title_has_no_dash() {
    let call = call(None);
    let text = answer(&call, &json!({"kind": "cancel"})).text(call.request());
    assert_eq!(
        text.lines().collect::<Vec<_>>(),
        [
            "Background answer [req-7]:",
            "Questions:",
            "- [db] Database: Which database should the service use?",
            "- [db-backup] Database: Which database keeps the backups?",
            "Response:",
            "User cancelled the ask flow",
        ]
    );
}

#[test]
fn a_background_elaboration_reads_as_the_elaborate_text() {
    let call = call(None);
    let response = json!({"kind": "answer", "mode": "elaborate", "answers": {
        "db-backup": {"note": "Is disk enough?"}
    }});
    let text = answer(&call, &response).text(call.request());
    assert_eq!(
        text.lines().last(),
        Some(
            "User asked to elaborate on question \"Which database keeps the backups?\" with note \"Is disk enough?\""
        )
    );
}

#[test]
fn a_failed_form_says_why_and_nothing_else() {
    let failed = BackgroundAnswer {
        request_id: "req-7".into(),
        outcome: Outcome::Error("the terminal went away".into()),
    };
    assert_eq!(
        failed.text(call(Some("Service setup")).request()),
        "Background answer [req-7]:\nQuestion form failed: the terminal went away"
    );
}

#[test]
fn a_wait_result_lists_each_request_with_its_result_or_error() {
    let call = call(None);
    let cancelled = answer(&call, &json!({"kind": "cancel"}));
    let failed = BackgroundAnswer {
        request_id: "req-8".into(),
        outcome: Outcome::Error("no UI".into()),
    };
    let document =
        serde_json::to_value(WaitResult::new(vec![cancelled, failed])).expect("serializes");
    assert_eq!(document["status"], "complete");
    assert_eq!(document["requestIds"], json!(["req-7", "req-8"]));
    assert_eq!(document["results"][0]["requestId"], "req-7");
    assert_eq!(document["results"][0]["result"]["cancelled"], true);
    assert_eq!(
        document["results"][0].as_object().map(serde_json::Map::len),
        Some(2)
    );
    assert_eq!(
        document["results"][1],
        json!({"requestId": "req-8", "error": "no UI"})
    );
}

#[test]
fn a_wait_on_an_empty_queue_is_complete_with_nothing() {
    assert_eq!(
        serde_json::to_value(WaitResult::new(Vec::new())).expect("serializes"),
        json!({"status": "complete", "requestIds": [], "results": []})
    );
}

#[test]
fn only_background_true_asks_for_the_queue_before_validation() {
    assert!(asks_background(&json!({"background": true})));
    assert!(!asks_background(&json!({"background": false})));
    assert!(!asks_background(&json!({"background": "true"})));
    assert!(!asks_background(&json!({})));
}

#[test]
fn a_receipt_is_a_tool_result_with_its_text_and_itself_as_details() {
    let receipt = Receipt::new(call(None).request(), "req-7", 1);
    let output = receipt.clone().output();
    assert_eq!(output.content, vec![Content::text(receipt.text())]);
    assert_eq!(output.details, receipt);
    assert_eq!(output.structured_content, None);
    assert!(!output.is_error);
}

#[test]
fn a_wait_result_reads_as_every_answer_apart_by_a_blank_line() {
    let asked = call(Some("Service setup"));
    let first = answer(&asked, &json!({"kind": "cancel"}));
    let mut second = first.clone();
    second.request_id = "req-8".into();
    let request = asked.request();
    let output = WaitResult::new(vec![first.clone(), second.clone()]).output(|_| Some(request));
    let Content::Text(text) = &output.content[0] else {
        panic!("a text block");
    };
    assert_eq!(
        text.text,
        format!("{}\n\n{}", first.text(request), second.text(request))
    );
    assert_eq!(output.details.request_ids, vec!["req-7", "req-8"]);
}

#[test]
fn a_wait_carries_the_image_blocks_each_answer_would_carry_after_the_text() {
    use crate::contract::answers::Draft;
    use crate::contract::images::Image;
    let asked = call(None);
    let mut written = Draft::default();
    written.custom_text = "MariaDB".to_owned();
    written.custom_selected = true;
    written.custom_images = vec![Image {
        id: "image-1".to_owned(),
        mime_type: "image/png".to_owned(),
        data: "iVBORw0KGgo=".to_owned(),
    }];
    let ToolResult::AskUser(own) = asked.submit(&[written, Draft::default()]) else {
        panic!("an ask_user result");
    };
    assert!(
        own.content.len() > 1,
        "the form's own result carries its image"
    );
    let answer = BackgroundAnswer {
        request_id: "req-7".into(),
        outcome: Outcome::Result(Box::new(own.details.clone())),
    };
    let request = asked.request();
    let output = WaitResult::new(vec![answer.clone()]).output(|_| Some(request));
    assert_eq!(output.content[0], Content::text(answer.text(request)));
    assert_eq!(output.content[1..], own.content[1..]);
}

#[test]
fn a_wait_with_nothing_outstanding_says_so() {
    let output = WaitResult::new(Vec::new()).output(|_| None);
    assert_eq!(
        output.content,
        vec![Content::text("No background forms are outstanding.")]
    );
}

#[test]
fn a_form_ends_with_its_ask_user_result() {
    let asked = call(None);
    let result = asked.cancelled(None);
    let ToolResult::AskUser(output) = &result else {
        panic!("an ask_user result");
    };
    assert_eq!(
        Outcome::of(&result),
        Outcome::Result(Box::new(output.details.clone()))
    );
}
