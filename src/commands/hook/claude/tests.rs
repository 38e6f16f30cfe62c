//! The pure pieces of `hook claude`: reading the hook input, the `ask_user` arguments it
//! becomes, and the decision a result becomes.

use std::path::PathBuf;

use pi_agent_ask_core::contract::Tool;
use pi_agent_ask_core::contract::result::AskResult;
use serde_json::{Value, json};

use super::input::{self, InputError};
use super::reply;
use super::translate;
use crate::commands::parse_call_with;
use crate::settings_file::SettingsFile;

fn hook_input(questions: &Value) -> Value {
    json!({
        "session_id": "abc", "transcript_path": "/tmp/t.jsonl", "cwd": "/tmp",
        "permission_mode": "default", "hook_event_name": "PreToolUse",
        "tool_name": "AskUserQuestion", "tool_input": {"questions": questions},
        "tool_use_id": "toolu_1", "effort": {"level": "high"}
    })
}

fn questions() -> Value {
    json!([
        {"question": "Which auth?", "header": "Auth", "multiSelect": false, "options": [
            {"label": "OAuth", "description": "Provider flow"},
            {"label": "Cookies", "description": "Sessions"}
        ]},
        {"question": "Which scopes?", "header": "Scopes", "multiSelect": true, "options": [
            {"label": "repo", "description": "Code"},
            {"label": "admin", "description": "Settings"},
            {"label": "read:org", "description": "Teams"}
        ]}
    ])
}

/// The decision the form's answer `response` (a remote response) gives for `questions`.
fn decide(questions: &Value, response: &Value) -> Value {
    let input = input::parse(hook_input(questions)).expect("a hook input");
    let settings = SettingsFile::read(Some(&PathBuf::from("/nonexistent/pi-agent-ask.json")));
    let call = parse_call_with(
        Tool::AskUser,
        &translate::arguments(&input.questions),
        PathBuf::from("/tmp"),
        &settings,
    )
    .expect("the translated call is valid");
    let result = call.answered_by(response).to_json();
    let result: AskResult = serde_json::from_value(result["details"].clone()).expect("details");
    assert!(result.error.is_none(), "{result:?}");
    reply::reply(&input.questions, &input.raw_input, &result).to_json()
}

#[test]
fn the_questions_become_ask_user_questions_with_ids_labels_and_types() {
    let input = input::parse(hook_input(&questions())).expect("a hook input");
    assert_eq!(
        translate::arguments(&input.questions),
        json!({"questions": [
            {"id": "q1", "label": "Auth", "prompt": "Which auth?", "type": "single", "options": [
                {"value": "OAuth", "label": "OAuth", "description": "Provider flow"},
                {"value": "Cookies", "label": "Cookies", "description": "Sessions"}
            ]},
            {"id": "q2", "label": "Scopes", "prompt": "Which scopes?", "type": "multi", "options": [
                {"value": "repo", "label": "repo", "description": "Code"},
                {"value": "admin", "label": "admin", "description": "Settings"},
                {"value": "read:org", "label": "read:org", "description": "Teams"}
            ]}
        ]})
    );
    assert_eq!(input.raw_input["questions"], questions());
    assert_eq!(input.cwd, Some(PathBuf::from("/tmp")));
}

#[test]
fn question_ids_name_only_the_questions_asked() {
    assert_eq!(translate::question_position("q1", 2), Some(0));
    assert_eq!(translate::question_position("q2", 2), Some(1));
    assert_eq!(translate::question_position("q3", 2), None);
    assert_eq!(translate::question_position("q0", 2), None);
    assert_eq!(translate::question_position("q01", 2), None);
    assert_eq!(translate::question_position("x1", 2), None);
}

#[test]
fn another_event_another_tool_or_malformed_input_is_declined() {
    let mut other_event = hook_input(&questions());
    other_event["hook_event_name"] = json!("PostToolUse");
    assert!(
        matches!(input::parse(other_event), Err(InputError::OtherEvent(name)) if name == "PostToolUse")
    );
    let mut other_tool = hook_input(&questions());
    other_tool["tool_name"] = json!("Bash");
    assert!(matches!(input::parse(other_tool), Err(InputError::OtherTool(name)) if name == "Bash"));
    assert!(matches!(
        input::parse(json!([1])),
        Err(InputError::NotAnObject)
    ));
    assert_eq!(
        input::parse(json!([])).unwrap_err().to_string(),
        "the hook input is not a JSON object"
    );
    assert!(matches!(
        input::parse(hook_input(&json!([{"header": "No text"}]))),
        Err(InputError::Questions(_))
    ));
    assert!(matches!(
        input::read(&b"{not json"[..]),
        Err(InputError::Malformed(_))
    ));
    assert_eq!(
        input::read(&b"{\"a\": \"caf\xe9\"}"[..])
            .unwrap_err()
            .to_string(),
        "the hook input is not UTF-8 text (byte 11 is not)"
    );
    let same = json!([
        {"question": "Same?", "options": [{"label": "a"}, {"label": "b"}]},
        {"question": "Same?", "options": [{"label": "c"}, {"label": "d"}]}
    ]);
    assert!(
        matches!(input::parse(hook_input(&same)), Err(InputError::DuplicateQuestion(text)) if text == "Same?")
    );
}

#[test]
fn malformed_input_is_declined_with_the_field_or_question_it_is_in_named() {
    let mut cwd = hook_input(&questions());
    cwd["cwd"] = json!(7);
    assert_eq!(
        input::parse(cwd).unwrap_err().to_string(),
        "the hook input's cwd is not a string"
    );
    let mut no_input = hook_input(&questions());
    no_input["tool_input"] = json!(null);
    assert_eq!(
        input::parse(no_input).unwrap_err().to_string(),
        "the AskUserQuestion input is not understood: it is not a JSON object"
    );
    let second_wrong = json!([
        {"question": "Fine?", "options": [{"label": "a"}, {"label": "b"}]},
        {"question": "Wrong?", "options": [{"label": 3}]}
    ]);
    assert_eq!(
        input::parse(hook_input(&second_wrong))
            .unwrap_err()
            .to_string(),
        "the AskUserQuestion input is not understood: Question 2, option 1: label is not a \
         string"
    );
    for (question, why) in [
        (json!("hi"), "Question 1 is not a JSON object"),
        (
            json!({"question": 7}),
            "Question 1: question is not a string",
        ),
        (json!({"header": "H"}), "Question 1: question is missing"),
        (
            json!({"question": "Q?", "multiSelect": "yes"}),
            "Question 1: multiSelect is not true or false",
        ),
        (
            json!({"question": "Q?", "options": {}}),
            "Question 1: options is not a list",
        ),
        (
            json!({"question": "Q?", "options": [{"label": "a", "description": 1}]}),
            "Question 1, option 1: description is not a string",
        ),
    ] {
        let error = input::parse(hook_input(&json!([question]))).unwrap_err();
        assert_eq!(
            error.to_string(),
            format!("the AskUserQuestion input is not understood: {why}")
        );
    }
}

#[test]
fn input_longer_than_the_bound_is_refused_unread() {
    let long = vec![b' '; usize::try_from(input::MAX_INPUT_BYTES).expect("fits") + 1];
    assert!(matches!(input::read(&long[..]), Err(InputError::TooLong)));
}

#[test]
fn answers_are_keyed_by_question_text_and_multi_picks_join_in_picking_order() {
    let decision = decide(
        &questions(),
        &json!({"kind": "answer", "answers": {
            "q1": {"values": ["Cookies"]},
            "q2": {"values": ["read:org", "repo"]}
        }}),
    );
    assert_eq!(
        decision,
        json!({"hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "allow",
            "updatedInput": {
                "questions": questions(),
                "answers": {"Which auth?": "Cookies", "Which scopes?": "read:org, repo"}
            }
        }})
    );
}

#[test]
fn written_text_is_the_answer_and_follows_the_picks_of_a_multi_question() {
    let decision = decide(
        &questions(),
        &json!({"kind": "answer", "answers": {
            "q1": {"customText": "Passkeys"},
            "q2": {"values": ["admin"], "customText": "gist"}
        }}),
    );
    assert_eq!(
        decision["hookSpecificOutput"]["updatedInput"]["answers"],
        json!({"Which auth?": "Passkeys", "Which scopes?": "admin, gist"})
    );
}

#[test]
fn notes_and_unanswered_questions_go_to_additional_context_naming_the_question() {
    let decision = decide(
        &questions(),
        &json!({"kind": "answer", "answers": {
            "q1": {"values": ["OAuth"], "note": "for now", "optionNotes": {"OAuth": "GitHub's"}}
        }}),
    );
    let output = &decision["hookSpecificOutput"];
    assert_eq!(
        output["updatedInput"]["answers"],
        json!({"Which auth?": "OAuth"})
    );
    assert_eq!(
        output["additionalContext"],
        json!(
            "Note on question \"Which auth?\": for now\n\
             Note on option \"OAuth\" of question \"Which auth?\": GitHub's\n\
             Question \"Which scopes?\" was left unanswered."
        )
    );
}

#[test]
fn a_noted_question_left_unanswered_has_its_note_first_then_the_unanswered_line() {
    let decision = decide(
        &questions(),
        &json!({"kind": "answer", "answers": {
            "q1": {"values": ["OAuth"]},
            "q2": {"values": [], "note": "need write too?"}
        }}),
    );
    assert_eq!(
        decision["hookSpecificOutput"]["additionalContext"],
        json!(
            "Note on question \"Which scopes?\": need write too?\n\
             Question \"Which scopes?\" was left unanswered."
        )
    );
}

#[test]
fn a_question_or_label_that_would_break_its_context_line_is_quoted_with_escapes() {
    let questions = json!([
        {"question": "Line1\nLine2\u{2028}\u{85} \"q\"?", "header": "Odd", "multiSelect": false,
         "options": [{"label": "A\u{2029}B", "description": ""}, {"label": "C", "description": ""}]}
    ]);
    let decision = decide(
        &questions,
        &json!({"kind": "answer", "answers": {
            "q1": {"values": ["A\u{2029}B"], "optionNotes": {"A\u{2029}B": "why"}}
        }}),
    );
    let context = decision["hookSpecificOutput"]["additionalContext"]
        .as_str()
        .expect("a context");
    assert_eq!(
        context,
        "Note on option \"A\\u2029B\" of question \"Line1\\nLine2\\u2028\\u0085 \\\"q\\\"?\": why"
    );
}

#[test]
fn a_cancelled_form_denies_the_call() {
    let decision = decide(&questions(), &json!({"kind": "cancel"}));
    assert_eq!(
        decision,
        json!({"hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "User cancelled the question."
        }})
    );
}

#[test]
fn asking_for_clarification_denies_with_the_notes_and_the_instruction() {
    let decision = decide(
        &questions(),
        &json!({"kind": "answer", "mode": "elaborate", "answers": {
            "q1": {"values": ["OAuth"]},
            "q2": {"note": "what is admin for?"}
        }}),
    );
    let output = &decision["hookSpecificOutput"];
    assert_eq!(output["permissionDecision"], json!("deny"));
    let reason = output["permissionDecisionReason"]
        .as_str()
        .expect("a reason");
    let lines: Vec<&str> = reason.lines().collect();
    assert_eq!(lines[0], reply::CLARIFY_HEADLINE);
    assert_eq!(lines[1], "Answer so far to question \"Which auth?\": OAuth");
    assert_eq!(
        lines[2],
        "Note on question \"Which scopes?\": what is admin for?"
    );
    assert_eq!(lines[3], "Question \"Which scopes?\" was left unanswered.");
    assert!(
        lines[4].starts_with("First answer the user's noted clarification"),
        "{reason}"
    );
    assert_eq!(lines.len(), 5, "{reason}");
}

#[test]
fn asking_for_clarification_without_a_note_asks_the_model_to_explain_not_to_answer_notes() {
    let decision = decide(
        &questions(),
        &json!({"kind": "answer", "mode": "elaborate", "answers": {
            "q1": {"values": ["OAuth"]}
        }}),
    );
    let reason = decision["hookSpecificOutput"]["permissionDecisionReason"]
        .as_str()
        .expect("a reason");
    assert_eq!(
        reason.lines().collect::<Vec<_>>(),
        [
            reply::CLARIFY_HEADLINE,
            "Answer so far to question \"Which auth?\": OAuth",
            "Question \"Which scopes?\" was left unanswered.",
            reply::CLARIFY_WITHOUT_NOTES,
        ]
    );
}
