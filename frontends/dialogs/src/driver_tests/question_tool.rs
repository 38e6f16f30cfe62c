//! The `ask_user_question` flow through the scripted fake.

use pi_agent_ask_core::dialog::DialogOption;
use serde_json::{Value, json};

use super::{Scripted, Shown, run_question, strings};

fn auth_scope_format() -> Value {
    json!({"questions": [
        {"question": "Which authentication?", "header": "Auth", "options": [
            {"label": "OAuth", "description": "Provider flow"}, {"label": "Session cookies"}]},
        {"question": "Which scopes?", "header": "Scope", "multiSelect": true, "options": [
            {"label": "admin"}, {"label": "repo"}, {"label": "gist"}, {"label": "read:org"}]},
        {"question": "Log format?", "header": "Format"}
    ]})
}

#[test]
fn question_tool_asks_select_editor_and_input_in_order() {
    let mut fake = Scripted::new(&[Some("OAuth"), Some("4, repo, 2"), Some("  json for logs ")]);
    let result = run_question(&auth_scope_format(), &mut fake);
    assert_eq!(
        fake.shown,
        [
            Shown::Select(
                "Which authentication?".into(),
                strings(&["OAuth", "Session cookies", "Other (type something)"])
            ),
            Shown::Editor(
                "Which scopes?\n\n1. admin\n2. repo\n3. gist\n4. read:org\n\nEnter one or more option numbers or labels, separated by commas.".into(),
                Some(String::new())
            ),
            Shown::Input("Log format?".into(), None),
        ]
    );
    assert_eq!(
        result["content"][0]["text"],
        "Auth: user selected: 1. OAuth\nScope: user selected: 4. read:org, 2. repo\nFormat: user wrote: json for logs"
    );
    assert_eq!(result["isError"], false);
    assert!(result.get("structuredContent").is_none());
}

#[test]
fn question_tool_selects_carry_descriptions() {
    let mut fake = Scripted::new(&[Some("OAuth"), Some("1"), Some("x")]);
    run_question(&auth_scope_format(), &mut fake);
    assert_eq!(
        fake.described[0][0].description.as_deref(),
        Some("Provider flow")
    );
    assert_eq!(
        fake.described[0][2],
        DialogOption::plain("Other (type something)")
    );
}

#[test]
fn question_tool_other_opens_an_input_titled_with_the_question() {
    let mut fake = Scripted::new(&[
        Some("Other (type something)"),
        Some(" mTLS "),
        Some("gist"),
        Some(""),
    ]);
    let result = run_question(&auth_scope_format(), &mut fake);
    assert_eq!(
        fake.shown[1],
        Shown::Input("Which authentication?".into(), None)
    );
    assert_eq!(
        result["details"]["answers"][0],
        json!({"id": "q1", "header": "Auth", "question": "Which authentication?",
               "values": ["mTLS"], "labels": ["mTLS"], "wasCustom": true})
    );
    assert_eq!(
        result["content"][0]["text"],
        "Auth: user wrote: mTLS\nScope: user selected: 3. gist"
    );
}

#[test]
fn question_tool_blank_answers_leave_questions_unanswered() {
    let mut fake = Scripted::new(&[
        Some("Other (type something)"),
        Some(" "),
        Some("1"),
        Some(""),
    ]);
    let result = run_question(&auth_scope_format(), &mut fake);
    assert_eq!(
        result["content"][0]["text"],
        "Scope: user selected: 1. admin"
    );
    assert_eq!(result["details"]["cancelled"], false);
}

#[test]
fn question_tool_unknown_tokens_become_a_written_answer() {
    let mut fake = Scripted::new(&[Some("OAuth"), Some("1, 01"), Some("x")]);
    let result = run_question(&auth_scope_format(), &mut fake);
    assert_eq!(
        result["content"][0]["text"],
        "Auth: user selected: 1. OAuth\nScope: user wrote: 1, 01\nFormat: user wrote: x"
    );
}

#[test]
fn question_tool_blank_editor_reply_cancels_with_the_answers_so_far() {
    let mut fake = Scripted::new(&[Some("Session cookies"), Some("  ")]);
    let result = run_question(&auth_scope_format(), &mut fake);
    assert_eq!(
        result["content"][0]["text"],
        "Auth: user selected: 2. Session cookies\n(the remaining questions were cancelled)"
    );
    assert_eq!(result["details"]["cancelled"], true);
}

#[test]
fn question_tool_dismissal_before_any_answer_cancels_the_question() {
    let mut fake = Scripted::new(&[None]);
    let result = run_question(&auth_scope_format(), &mut fake);
    assert_eq!(result["content"][0]["text"], "User cancelled the question.");
}

#[test]
fn question_tool_dismissing_the_free_form_input_cancels() {
    let mut fake = Scripted::new(&[Some("OAuth"), Some("admin"), None]);
    let result = run_question(&auth_scope_format(), &mut fake);
    assert_eq!(result["details"]["cancelled"], true);
    assert_eq!(
        result["details"]["answers"].as_array().map(Vec::len),
        Some(2)
    );
}

#[test]
fn question_tool_with_no_answers_records_none() {
    let arguments = json!({"questions": [{"question": "Anything else?"}]});
    let mut fake = Scripted::new(&[Some("")]);
    let result = run_question(&arguments, &mut fake);
    assert_eq!(result["content"][0]["text"], "No answer recorded.");
}
