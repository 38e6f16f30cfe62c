use std::collections::VecDeque;

use pi_agent_ask_core::contract::ToolResult;
use pi_agent_ask_core::contract::ask_user::{
    FileProblem, ParseOptions, PreviewFile, PreviewSource, parse_ask_user,
};
use pi_agent_ask_core::contract::question_tool::parse_ask_user_question;
use serde_json::{Value, json};

use super::{Dialogs, Level, ask_user, ask_user_question};

/// A dialog as the fake saw it.
#[derive(Debug, PartialEq, Eq)]
enum Shown {
    Select(String, Vec<String>),
    Input(String, Option<String>),
    Editor(String, Option<String>),
    Notify(String, Level),
}

/// Replays scripted replies in order and records every dialog.
struct Scripted {
    replies: VecDeque<Option<&'static str>>,
    shown: Vec<Shown>,
}

impl Scripted {
    fn new(replies: &[Option<&'static str>]) -> Self {
        Self {
            replies: replies.iter().copied().collect(),
            shown: Vec::new(),
        }
    }

    fn next(&mut self) -> Option<String> {
        self.replies
            .pop_front()
            .expect("a scripted reply for every dialog")
            .map(str::to_owned)
    }
}

impl Dialogs for Scripted {
    fn select(&mut self, title: &str, options: &[String]) -> Option<String> {
        self.shown
            .push(Shown::Select(title.into(), options.to_vec()));
        self.next()
    }

    fn input(&mut self, title: &str, placeholder: Option<&str>) -> Option<String> {
        self.shown
            .push(Shown::Input(title.into(), placeholder.map(str::to_owned)));
        self.next()
    }

    fn editor(&mut self, title: &str, prefill: Option<&str>) -> Option<String> {
        self.shown
            .push(Shown::Editor(title.into(), prefill.map(str::to_owned)));
        self.next()
    }

    fn confirm(&mut self, _title: &str, _message: &str) -> Option<bool> {
        panic!("the flows never ask for a confirmation")
    }

    fn notify(&mut self, message: &str, level: Level) {
        self.shown.push(Shown::Notify(message.into(), level));
    }
}

struct NoFiles;

impl PreviewSource for NoFiles {
    fn load(&mut self, path: &str) -> PreviewFile {
        PreviewFile {
            resolved_path: path.into(),
            content: Err(FileProblem::NotRegularFile),
        }
    }
}

fn strings(items: &[&str]) -> Vec<String> {
    items.iter().map(|item| (*item).to_owned()).collect()
}

fn run_ask_user(arguments: &Value, options: ParseOptions, fake: &mut Scripted) -> Value {
    let call = parse_ask_user(arguments, options, &mut NoFiles).expect("valid arguments");
    let result = ask_user(call.request, "req-1", fake);
    assert!(matches!(result, ToolResult::AskUser(_)));
    result.to_json()
}

fn run_question(arguments: &Value, fake: &mut Scripted) -> Value {
    let request = parse_ask_user_question(arguments).expect("valid arguments");
    ask_user_question(request, fake).to_json()
}

fn stack_and_scopes() -> Value {
    json!({"title": "Setup", "questions": [
        {"id": "stack", "label": "Stack", "prompt": "Which stack?", "options": [
            {"value": "rust", "label": "Rust"}, {"value": "go", "label": "Go"}]},
        {"id": "scopes", "label": "Scopes", "prompt": "Which scopes?", "type": "multi", "options": [
            {"value": "repo", "label": "Repo"}, {"value": "admin", "label": "Admin"},
            {"value": "org", "label": "Read org"}]}
    ]})
}

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
        "Stack: Go\nScopes: Repo, Read org\nRequest ID: req-1"
    );
    assert_eq!(
        result["details"]["answers"]["scopes"],
        json!({"values": ["repo", "org"], "labels": ["Repo", "Read org"], "indices": [1, 3]})
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
fn ask_user_unknown_editor_tokens_become_the_custom_text() {
    let mut fake = Scripted::new(&[Some("Rust"), Some(" 1, billing \n")]);
    let result = run_ask_user(&stack_and_scopes(), ParseOptions::default(), &mut fake);
    assert_eq!(
        result["details"]["answers"]["scopes"],
        json!({"values": ["1, billing"], "labels": ["1, billing"], "indices": [], "customText": "1, billing"})
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
        json!(["rust", "go"])
    );
    assert_eq!(
        result["content"][0]["text"],
        "Stack: Rust, Go\nScopes: Read org\nNote: Some questions were presented as multi-select by user preference.\nRequest ID: req-1"
    );
}

#[test]
fn a_select_reply_that_is_no_option_warns_and_asks_again() {
    let mut fake = Scripted::new(&[Some("Python"), Some("Rust"), Some("1")]);
    let result = run_ask_user(&stack_and_scopes(), ParseOptions::default(), &mut fake);
    assert_eq!(
        fake.shown[1],
        Shown::Notify(
            "\"Python\" is not one of the options; please choose again".into(),
            Level::Warning
        )
    );
    assert_eq!(fake.shown[0], fake.shown[2]);
    assert_eq!(
        result["details"]["answers"]["stack"]["values"],
        json!(["rust"])
    );
}

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
        "Auth: user selected: 1. OAuth\nScope: user selected: 2. repo, 4. read:org\nFormat: user wrote: json for logs"
    );
    assert_eq!(result["isError"], false);
    assert!(result.get("structuredContent").is_none());
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
