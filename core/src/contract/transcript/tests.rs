use serde_json::{Value, json};

use super::{call_lines, result_lines};
use crate::contract::answers::Draft;
use crate::contract::ask_user::{NoPreviewFiles, ParseOptions};
use crate::contract::{Call, Tool, ToolResult};
use crate::draw::{Line, Role, Span};

fn plain(lines: &[Line]) -> Vec<String> {
    lines
        .iter()
        .map(|line| line.iter().map(Span::text).collect())
        .collect()
}

/// The role of the span holding `text` somewhere in `lines`.
fn role_of(lines: &[Line], text: &str) -> Role {
    lines
        .iter()
        .flatten()
        .find(|span| span.text() == text)
        .map_or_else(
            || panic!("no span {text:?} in {:?}", plain(lines)),
            |span| span.style.role,
        )
}

fn call(tool: Tool, arguments: &Value) -> Call {
    Call::parse_saved(tool, arguments, ParseOptions::default(), "req-1").expect("valid arguments")
}

fn service() -> Call {
    call(
        Tool::AskUser,
        &json!({"title": "Service setup", "questions": [
            {"id": "db", "label": "Database", "prompt": "Which database should the service use?",
             "options": [{"value": "postgres", "label": "Postgres"}, {"value": "sqlite"}]},
            {"id": "features", "label": "Features", "prompt": "Which features ship first?",
             "type": "multi",
             "options": [{"value": "auth", "label": "Auth"}, {"value": "billing", "label": "Billing"}]}
        ]}),
    )
}

fn answered(call: &Call, response: &Value) -> Vec<String> {
    plain(&result_lines(&call.answered_by(response)))
}

#[test]
fn the_ask_user_headline_counts_the_questions_and_lists_their_labels() {
    let arguments = json!({"questions": [
        {"id": "db", "label": "Database", "prompt": "?", "options": [{"value": "pg", "label": "Postgres"}, {"value": "sqlite"}]},
        {"id": "x", "prompt": "?", "options": [{"value": "a"}]}
    ]});
    assert_eq!(
        plain(&call_lines(Tool::AskUser, &arguments)),
        [
            "ask_user 2 question(s) (Database, Q2)",
            "  Database: Postgres, Sqlite",
            "  Q2: A",
        ]
    );
}

#[test]
fn arguments_of_any_shape_give_a_headline_and_never_fail() {
    for tool in Tool::ALL {
        for arguments in [
            json!(null),
            json!("questions"),
            json!({}),
            json!({"questions": 3}),
            json!({"questions": [7, null, {"options": "none"}, {"options": [1, {"label": 2}]}]}),
        ] {
            let lines = call_lines(tool, &arguments);
            assert!(
                plain(&lines)[0].starts_with(tool.name()),
                "{tool}: {arguments}"
            );
        }
    }
    assert_eq!(
        plain(&call_lines(Tool::AskUser, &json!({}))),
        ["ask_user 0 question(s)"]
    );
}

#[test]
fn an_option_not_streamed_yet_is_left_out_of_the_call() {
    let arguments = json!({"questions": [
        {"header": "Auth", "options": [{"label": "OAuth"}, {"description": "half"}]},
        {"label": "Db", "options": [{"description": "half"}]}
    ]});
    assert_eq!(
        plain(&call_lines(Tool::AskUserQuestion, &arguments)),
        [
            "ask_user_question 2 questions (Auth, Q2)",
            "  Auth: OAuth, Other",
            "  Q2: Other",
        ]
    );
    assert_eq!(
        plain(&call_lines(Tool::AskUser, &arguments)),
        ["ask_user 2 question(s) (Q1, Db)", "  Q1: OAuth"]
    );
}

#[test]
fn a_question_header_reads_as_the_contract_normalizes_it() {
    let arguments = json!({"questions": [
        {"header": "  Authentication method  ", "question": "How?"},
        {"header": "   ", "question": "Why?"}
    ]});
    assert_eq!(
        plain(&call_lines(Tool::AskUserQuestion, &arguments)),
        [
            "ask_user_question 2 questions (Authenticati, Q2)",
            "  Authenticati: (free-form)",
            "  Q2: (free-form)",
        ]
    );
    assert_eq!(
        plain(&call_lines(
            Tool::AskUserQuestion,
            &json!({"questions": [{}]})
        ))[0],
        "ask_user_question 1 question (Q1)"
    );
}

#[test]
fn the_call_headline_names_the_tool_in_accent_and_the_rest_muted() {
    let lines = call_lines(Tool::AskUserQuestion, &json!({"questions": []}));
    assert_eq!(role_of(&lines, "ask_user_question"), Role::Accent);
    assert!(lines[0][0].style.attrs.bold);
    assert_eq!(role_of(&lines, " 0 questions"), Role::Muted);
}

#[test]
fn a_submitted_result_lists_every_question_and_marks_the_unanswered() {
    let response = json!({"kind": "answer", "answers": {"db": {"values": ["sqlite"]}}});
    assert_eq!(
        answered(&service(), &response),
        ["Submitted", "✓ Database: Sqlite", "? Features: (no answer)"]
    );
}

#[test]
fn a_written_answer_reads_wrote_after_the_chosen_options() {
    let response = json!({"kind": "answer", "answers": {
        "db": {"customText": "MariaDB"},
        "features": {"values": ["billing", "auth"], "customText": "Audit log"}
    }});
    let lines = result_lines(&service().answered_by(&response));
    assert_eq!(
        plain(&lines),
        [
            "Submitted",
            "✓ Database: (wrote) MariaDB",
            "✓ Features: Billing, Auth, (wrote) Audit log",
        ]
    );
    assert_eq!(role_of(&lines, "Submitted"), Role::Success);
    assert_eq!(role_of(&lines, "(wrote) "), Role::Muted);
    assert_eq!(role_of(&lines, "✓ "), Role::Success);
}

#[test]
fn notes_and_option_notes_are_indented_under_their_answer() {
    let response = json!({"kind": "answer", "answers": {
        "db": {"note": "Keep it small"},
        "features": {"values": ["auth"], "optionNotes": {"auth": "SSO later", "billing": "dropped"}}
    }});
    assert_eq!(
        answered(&service(), &response),
        [
            "Submitted",
            "? Database: (no answer)",
            "  note: Keep it small",
            "✓ Features: Auth",
            "  Auth note: SSO later",
        ]
    );
}

#[test]
fn a_cancelled_result_is_a_warning_with_the_answers_it_kept() {
    let mut database = Draft::default();
    database.select(0);
    let lines = result_lines(&service().cancelled(Some(&[database, Draft::default()])));
    assert_eq!(plain(&lines), ["Cancelled", "✓ Database: Postgres"]);
    assert_eq!(role_of(&lines, "Cancelled"), Role::Warning);
    let remote = service().answered_by(&json!({"kind": "cancel"}));
    assert_eq!(plain(&result_lines(&remote)), ["Cancelled"]);
}

#[test]
fn an_invalid_payload_is_an_error_listing_every_issue() {
    let invalid = Call::parse(
        Tool::AskUser,
        &json!({"questions": [{"id": "a"}]}),
        ParseOptions::default(),
        &mut NoPreviewFiles,
        String::new,
    )
    .expect_err("invalid arguments");
    let lines = result_lines(invalid.result());
    let text = plain(&lines);
    assert_eq!(text[0], "Invalid tool payload");
    assert_eq!(
        text[1],
        "  questions[0].prompt: Question 1: prompt is required"
    );
    assert_eq!(role_of(&lines, "Invalid tool payload"), Role::Error);
}

#[test]
fn a_refused_answer_is_an_invalid_response_with_its_message() {
    let response = json!({"kind": "answer", "answers": {"nope": {}}});
    assert_eq!(
        answered(&service(), &response),
        ["Invalid response", "  Unknown question id \"nope\"."]
    );
}

#[test]
fn the_no_ui_result_of_ask_user_is_told_from_a_cancel() {
    let lines = result_lines(&service().no_ui());
    assert_eq!(plain(&lines), ["No UI"]);
    assert_eq!(role_of(&lines, "No UI"), Role::Warning);
}

#[test]
fn an_elaboration_names_each_noted_question_by_its_prompt() {
    let response = json!({"kind": "answer", "mode": "elaborate", "answers": {
        "db": {"values": ["postgres"], "note": "Hosted?"},
        "features": {"values": ["auth"], "optionNotes": {"billing": "Which provider?"}}
    }});
    let lines = result_lines(&service().answered_by(&response));
    assert_eq!(
        plain(&lines),
        [
            "Elaboration requested",
            "? Database: Which database should the service use?",
            "  answer: Postgres",
            "  note: Hosted?",
            "? Features: Which features ship first?",
            "  answer: Auth",
            "  Billing note: Which provider?",
        ]
    );
    assert_eq!(role_of(&lines, "Elaboration requested"), Role::Accent);
}

#[test]
fn an_elaboration_keeps_the_answers_of_questions_without_notes() {
    let response = json!({"kind": "answer", "mode": "elaborate", "answers": {
        "db": {"values": ["postgres"]},
        "features": {"note": "Depends on the launch"}
    }});
    assert_eq!(
        answered(&service(), &response),
        [
            "Elaboration requested",
            "✓ Database: Postgres",
            "? Features: Which features ship first?",
            "  note: Depends on the launch",
        ]
    );
}

#[test]
fn an_elaboration_without_notes_elaborates_on_every_answer() {
    let response = json!({"kind": "answer", "mode": "elaborate", "answers": {
        "features": {"values": ["billing"]}
    }});
    assert_eq!(
        answered(&service(), &response),
        [
            "Elaboration requested",
            "? Features: Which features ship first?",
            "  answer: Billing",
        ]
    );
}

fn with_images(mut result: Value) -> ToolResult {
    let image = json!([{"id": "image-1", "mimeType": "image/png", "data": "iVBORw0KGgo="}]);
    let answer = &mut result["details"]["answers"]["db"];
    answer["customImages"] = image.clone();
    answer["noteImages"] = image;
    ToolResult::from_json(Tool::AskUser, result).expect("a result")
}

#[test]
fn images_show_as_markers_and_never_as_bytes() {
    let response = json!({"kind": "answer", "answers": {
        "db": {"customText": "see the diagram", "note": "and this"}
    }});
    let result = with_images(service().answered_by(&response).to_json());
    let text = plain(&result_lines(&result));
    assert_eq!(
        text[1..3],
        [
            "✓ Database: (wrote) see the diagram [image 1]",
            "  note: and this [image 1]"
        ]
    );
    assert!(!text.concat().contains("iVBOR"));
}

#[test]
fn the_images_of_a_note_to_clarify_show_as_markers() {
    let response = json!({"kind": "answer", "mode": "elaborate", "answers": {
        "db": {"note": "like this"}
    }});
    let mut document = service().answered_by(&response).to_json();
    document["details"]["elaboration"]["items"][0]["images"] =
        json!([{"id": "image-1", "mimeType": "image/png", "data": "iVBORw0KGgo="}]);
    let result = ToolResult::from_json(Tool::AskUser, document).expect("a result");
    assert_eq!(
        plain(&result_lines(&result))[1..],
        [
            "? Database: Which database should the service use?",
            "  note: like this [image 1]"
        ]
    );
}

fn question_call() -> Call {
    call(
        Tool::AskUserQuestion,
        &json!({"questions": [
            {"header": "Auth", "question": "Which auth?", "options": [{"label": "OAuth"}, {"label": "Session cookies"}]},
            {"header": "Format", "question": "Which format?"}
        ]}),
    )
}

#[test]
fn a_question_answer_shows_its_numbered_picks_or_what_was_written() {
    let response = json!({"kind": "answer", "answers": {
        "q1": {"values": ["OAuth"]}, "q2": {"customText": "json for logs"}
    }});
    let lines = result_lines(&question_call().answered_by(&response));
    assert_eq!(
        plain(&lines),
        ["✓ Auth: 1. OAuth", "✓ Format: (wrote) json for logs"]
    );
}

#[test]
fn a_question_result_without_answers_says_so() {
    let response = json!({"kind": "answer", "answers": {}});
    let lines = result_lines(&question_call().answered_by(&response));
    assert_eq!(plain(&lines), ["No answer recorded"]);
    assert_eq!(role_of(&lines, "No answer recorded"), Role::Muted);
}

#[test]
fn a_cancelled_question_is_a_warning_and_no_ui_an_error() {
    let cancelled = result_lines(&question_call().answered_by(&json!({"kind": "cancel"})));
    assert_eq!(plain(&cancelled), ["Cancelled"]);
    assert_eq!(role_of(&cancelled, "Cancelled"), Role::Warning);
    let unavailable = result_lines(&question_call().no_ui());
    assert_eq!(plain(&unavailable), ["No UI"]);
    assert_eq!(role_of(&unavailable, "No UI"), Role::Error);
}

#[test]
fn a_refused_question_call_is_an_invalid_payload_with_its_message() {
    let invalid = Call::parse(
        Tool::AskUserQuestion,
        &json!({"questions": []}),
        ParseOptions::default(),
        &mut NoPreviewFiles,
        String::new,
    )
    .expect_err("invalid arguments");
    assert_eq!(
        plain(&result_lines(invalid.result())),
        [
            "Invalid tool payload",
            "  At least one question is required."
        ]
    );
}

#[test]
fn transcript_text_is_sanitized_so_a_note_cannot_break_a_line() {
    let response = json!({"kind": "answer", "answers": {"db": {"note": "one\ntwo\u{1b}[31m"}}});
    let text = answered(&service(), &response);
    assert_eq!(text.len(), 4);
    assert!(text[2].starts_with("  note: one"));
    assert!(!text[2].contains('\n') && !text[2].contains('\u{1b}'));
}
