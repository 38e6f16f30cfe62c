//! `pi-agent-ask schema output` covers every field of the `ask_user` result: a hand-built
//! elaborate result with both kinds of elaboration item and a continuation validates, and
//! results that break the documented shape do not.

mod support;

use serde_json::{Value, json};

use support::output_schema_validator;

fn question() -> Value {
    json!({
        "id": "db",
        "label": "Database",
        "prompt": "Which database?",
        "type": "single",
        "presentedType": "multi",
        "options": [
            {"value": "pg", "label": "Postgres", "description": "Managed", "preview": "[pg]",
             "recommended": true},
            {"value": "lite", "label": "SQLite"}
        ]
    })
}

fn answer() -> Value {
    json!({"values": ["pg", "Cockroach"], "labels": ["Postgres", "Cockroach"], "indices": [1],
           "customText": "Cockroach", "note": "for now", "optionNotes": {"pg": "hosted?"}})
}

fn elaborate_result() -> Value {
    let details = json!({
        "title": "Setup",
        "requestId": "9b2f7c1e-4d7a-4c1e-9a59-0d4f3c2b1a00",
        "cancelled": false,
        "mode": "elaborate",
        "questions": [
            {"id": "db", "label": "Database", "prompt": "Which database?", "type": "single",
             "presentedType": "multi"},
            {"id": "name", "label": "Q2", "prompt": "Name?", "type": "preview"}
        ],
        "answers": {"db": answer()},
        "continuation": {
            "strategy": "refine_only",
            "affectedQuestionIds": ["db"],
            "preservedAnswers": {"name": {"values": ["atlas"], "labels": ["Atlas"], "indices": [1]}},
            "questionStates": {
                "db": {"status": "needs_clarification"},
                "name": {"status": "answered"},
                "other": {"status": "unanswered"}
            }
        },
        "elaboration": {
            "instruction": "First answer the user's noted clarification directly.",
            "nextAction": "clarify_then_reask",
            "items": [
                {"target": {"kind": "question"}, "question": question(), "answered": true,
                 "answer": answer(), "note": "Is the managed tier enough?"},
                {"target": {"kind": "option", "optionValue": "lite"}, "question": question(),
                 "option": {"value": "lite", "label": "SQLite"}, "selected": false,
                 "answered": true, "answer": answer(), "note": "Why not this one?"},
                {"target": {"kind": "question"}, "question": question(), "answered": false,
                 "note": "No answer yet"}
            ]
        }
    });
    json!({
        "content": [{"type": "text", "text": "User asked to elaborate"}],
        "details": details,
        "structuredContent": details,
        "isError": false
    })
}

fn problems(document: &Value) -> Vec<String> {
    output_schema_validator()
        .iter_errors(document)
        .map(|error| format!("{error} at {}", error.instance_path()))
        .collect()
}

fn with_details(change: impl Fn(&mut Value)) -> Value {
    let mut document = elaborate_result();
    change(&mut document["details"]);
    change(&mut document["structuredContent"]);
    document
}

#[test]
fn an_elaborate_result_with_both_item_kinds_and_a_continuation_validates() {
    assert_eq!(problems(&elaborate_result()), Vec::<String>::new());
}

#[test]
fn an_invalid_input_result_validates() {
    let details = json!({
        "title": "  Setup ",
        "cancelled": true,
        "error": {"kind": "invalid_input", "issues": [
            {"path": "questions[0].id", "message": "Question 1: id is required"}
        ]},
        "mode": "submit",
        "questions": [],
        "answers": {}
    });
    let document = json!({
        "content": [{"type": "text", "text": "Invalid ask_user payload:"}],
        "details": details, "structuredContent": details, "isError": false
    });
    assert_eq!(problems(&document), Vec::<String>::new());
}

#[test]
fn the_resume_strategy_and_the_clarify_action_validate() {
    let document = with_details(|details| {
        details["continuation"]["strategy"] = json!("resume");
        details["elaboration"]["nextAction"] = json!("clarify");
    });
    assert_eq!(problems(&document), Vec::<String>::new());
}

#[test]
fn an_option_item_without_its_option_or_selected_flag_is_refused() {
    for field in ["option", "selected"] {
        let document = with_details(|details| {
            let item = &mut details["elaboration"]["items"][1];
            item.as_object_mut().expect("an item").shift_remove(field);
        });
        assert!(
            !problems(&document).is_empty(),
            "an option item without {field}"
        );
    }
}

#[test]
fn a_question_item_aimed_at_an_option_is_refused() {
    let document = with_details(|details| {
        details["elaboration"]["items"][0]["target"] = json!({"kind": "option"});
    });
    assert!(!problems(&document).is_empty());
}

#[test]
fn unknown_statuses_strategies_actions_and_modes_are_refused() {
    let changes: [(&str, Value); 4] = [
        ("/continuation/questionStates/db/status", json!("done")),
        ("/continuation/strategy", json!("restart")),
        ("/elaboration/nextAction", json!("reask")),
        ("/mode", json!("later")),
    ];
    for (pointer, value) in changes {
        let document = with_details(|details| {
            *details.pointer_mut(pointer).expect("the field exists") = value.clone();
        });
        assert!(!problems(&document).is_empty(), "{pointer} = {value}");
    }
}

#[test]
fn answers_need_values_labels_and_indices() {
    for field in ["values", "labels", "indices"] {
        let document = with_details(|details| {
            let answer = details["answers"]["db"].as_object_mut().expect("an answer");
            answer.shift_remove(field);
        });
        assert!(!problems(&document).is_empty(), "an answer without {field}");
    }
}
