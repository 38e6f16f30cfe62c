//! The `ask_user` flow through the scripted fake.

use pi_agent_ask_core::contract::ask_user::ParseOptions;
use pi_agent_ask_core::dialog::DialogOption;
use serde_json::json;

use super::{Scripted, Shown, run_ask_user, stack_and_scopes, strings};

#[test]
fn ask_user_selects_then_uses_the_editor_for_multi_and_submits() {
    let mut fake = Scripted::new(&[Some("Go"), Some("read ORG, 1")]);
    let result = run_ask_user(&stack_and_scopes(), ParseOptions::default(), &mut fake);
    assert_eq!(
        fake.shown,
        [
            Shown::Select("Which stack?".into(), strings(&["Rust", "Go", "Type your own"])),
            Shown::Editor(
                "Which scopes?\n\n1. Repo\n2. Admin\n3. Read org\n\nEnter one or more option numbers or labels, separated by commas.".into(),
                Some(String::new())
            ),
        ]
    );
    assert_eq!(
        result["content"][0]["text"],
        "Stack: Go\nScopes: Read org, Repo\nRequest ID: req-1"
    );
    assert_eq!(
        result["details"]["answers"]["scopes"],
        json!({"values": ["org", "repo"], "labels": ["Read org", "Repo"], "indices": [3, 1]})
    );
    assert_eq!(result["details"]["cancelled"], false);
}

#[test]
fn ask_user_type_your_own_opens_an_input_and_keeps_the_text_verbatim() {
    let mut fake = Scripted::new(&[Some("Type your own"), Some("  Zig  "), Some("2")]);
    let result = run_ask_user(&stack_and_scopes(), ParseOptions::default(), &mut fake);
    assert_eq!(fake.shown[1], Shown::Input("Which stack?".into(), None));
    assert_eq!(
        result["details"]["answers"]["stack"],
        json!({"values": ["  Zig  "], "labels": ["  Zig  "], "indices": [], "customText": "  Zig  "})
    );
}

#[test]
fn ask_user_blank_own_answer_leaves_the_question_unanswered() {
    let mut fake = Scripted::new(&[Some("Type your own"), Some("   "), Some("admin")]);
    let result = run_ask_user(&stack_and_scopes(), ParseOptions::default(), &mut fake);
    assert_eq!(
        result["content"][0]["text"],
        "Stack: (no answer)\nScopes: Admin\nRequest ID: req-1"
    );
}

#[test]
fn ask_user_unknown_editor_tokens_become_the_custom_text_next_to_the_picks() {
    let mut fake = Scripted::new(&[Some("Rust"), Some(" 1, billing \nread org, audit \n")]);
    let result = run_ask_user(&stack_and_scopes(), ParseOptions::default(), &mut fake);
    assert_eq!(
        result["details"]["answers"]["scopes"],
        json!({"values": ["repo", "org", "billing, audit"],
               "labels": ["Repo", "Read org", "billing, audit"],
               "indices": [1, 3], "customText": "billing, audit"})
    );
    assert_eq!(
        result["content"][0]["text"],
        "Stack: Rust\nScopes: Repo, Read org, billing, audit\nRequest ID: req-1"
    );
}

#[test]
fn ask_user_editor_reply_naming_no_option_is_the_custom_text_alone() {
    let mut fake = Scripted::new(&[Some("Rust"), Some(" 01\nbilling ")]);
    let result = run_ask_user(&stack_and_scopes(), ParseOptions::default(), &mut fake);
    assert_eq!(
        result["details"]["answers"]["scopes"],
        json!({"values": ["01, billing"], "labels": ["01, billing"], "indices": [],
               "customText": "01, billing"})
    );
}

#[test]
fn ask_user_blank_editor_reply_cancels_keeping_earlier_answers() {
    let mut fake = Scripted::new(&[Some("Rust"), Some(" \n ")]);
    let result = run_ask_user(&stack_and_scopes(), ParseOptions::default(), &mut fake);
    assert_eq!(
        result["content"][0]["text"],
        "User cancelled the ask flow\nRequest ID: req-1"
    );
    assert_eq!(result["details"]["cancelled"], true);
    assert_eq!(
        result["details"]["answers"]["stack"]["values"],
        json!(["rust"])
    );
}

#[test]
fn ask_user_dismissing_the_first_dialog_cancels_with_no_answers() {
    let mut fake = Scripted::new(&[None]);
    let result = run_ask_user(&stack_and_scopes(), ParseOptions::default(), &mut fake);
    assert_eq!(result["details"]["cancelled"], true);
    assert_eq!(result["details"]["answers"], json!({}));
    assert_eq!(fake.shown.len(), 1);
}

#[test]
fn ask_user_dismissing_the_own_answer_input_cancels() {
    let mut fake = Scripted::new(&[Some("Type your own"), None]);
    let result = run_ask_user(&stack_and_scopes(), ParseOptions::default(), &mut fake);
    assert_eq!(result["details"]["cancelled"], true);
}

#[test]
fn ask_user_selects_carry_descriptions_and_recommendations() {
    let arguments = json!({"questions": [{"id": "db", "prompt": "Which database?", "options": [
        {"value": "pg", "label": "Postgres", "description": "A service", "recommended": true},
        {"value": "lite", "label": "SQLite"}]}]});
    let mut fake = Scripted::new(&[Some("SQLite")]);
    run_ask_user(&arguments, ParseOptions::default(), &mut fake);
    assert_eq!(
        fake.described[0],
        [
            DialogOption {
                text: "Postgres".into(),
                description: Some("A service".into()),
                recommended: true,
            },
            DialogOption::plain("SQLite"),
            DialogOption::plain("Type your own"),
        ]
    );
}

#[test]
fn ask_user_repeated_labels_are_told_apart_by_value() {
    let arguments = json!({"questions": [{"id": "db", "prompt": "Which database?", "options": [
        {"value": "pg15", "label": "Postgres"}, {"value": "pg16", "label": "Postgres"}]}]});
    let mut fake = Scripted::new(&[Some("Postgres [pg16]")]);
    let result = run_ask_user(&arguments, ParseOptions::default(), &mut fake);
    assert_eq!(
        fake.shown[0],
        Shown::Select(
            "Which database?".into(),
            strings(&["Postgres [pg15]", "Postgres [pg16]", "Type your own"])
        )
    );
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        json!(["pg16"])
    );
    assert_eq!(result["details"]["answers"]["db"]["indices"], json!([2]));
}

#[test]
fn ask_user_preview_questions_show_previews_in_the_select_title() {
    let arguments = json!({"questions": [{"id": "layout", "prompt": "Which layout?", "type": "preview",
        "options": [{"value": "a", "label": "Sidebar", "preview": "|nav| body |"},
                    {"value": "b", "label": "Top bar", "preview": "  nav\n  body  "}]}]});
    let mut fake = Scripted::new(&[Some("Top bar")]);
    let result = run_ask_user(&arguments, ParseOptions::default(), &mut fake);
    assert_eq!(
        fake.shown[0],
        Shown::Select(
            "Which layout?\n\nSidebar\n  |nav| body |\n\nTop bar\n  nav\n    body".into(),
            strings(&["Sidebar", "Top bar", "Type your own"])
        )
    );
    assert_eq!(
        result["details"]["answers"]["layout"]["values"],
        json!(["b"])
    );
}

#[test]
fn ask_user_single_presented_as_multi_uses_the_editor() {
    let options = ParseOptions {
        present_single_as_multi: true,
    };
    let mut fake = Scripted::new(&[Some("2, 1"), Some("3")]);
    let result = run_ask_user(&stack_and_scopes(), options, &mut fake);
    assert!(matches!(fake.shown[0], Shown::Editor(..)));
    assert_eq!(
        result["details"]["answers"]["stack"]["values"],
        json!(["go", "rust"])
    );
    assert_eq!(
        result["content"][0]["text"],
        "Stack: Go, Rust\nScopes: Read org\nNote: Some questions were presented as multi-select by user preference.\nRequest ID: req-1"
    );
}

#[test]
fn a_select_reply_naming_no_option_is_the_written_answer() {
    let mut fake = Scripted::new(&[Some("Python"), Some("1")]);
    let result = run_ask_user(&stack_and_scopes(), ParseOptions::default(), &mut fake);
    assert!(matches!(fake.shown[1], Shown::Editor(..)));
    assert_eq!(
        result["details"]["answers"]["stack"],
        json!({"values": ["Python"], "labels": ["Python"], "indices": [], "customText": "Python"})
    );
}

#[test]
fn a_blank_select_reply_asks_the_same_select_again() {
    let mut fake = Scripted::new(&[Some(" "), Some("Rust"), Some("1")]);
    let result = run_ask_user(&stack_and_scopes(), ParseOptions::default(), &mut fake);
    assert_eq!(fake.shown[0], fake.shown[1]);
    assert_eq!(
        result["details"]["answers"]["stack"]["values"],
        json!(["rust"])
    );
}
