//! The `render` command: a key script's result equals `ask --answer` with the same answers.

mod support;

use serde_json::{Value, json};
use tempfile::TempDir;

use support::{normalize_request_ids, run_program};

/// The JSON document after the screen's `rows` lines.
fn result_after_screen(stdout: &str, rows: usize) -> Value {
    let rest: String = stdout.split_inclusive('\n').skip(rows).collect();
    serde_json::from_str(&rest).expect("a result after the screen")
}

fn write(dir: &TempDir, name: &str, value: &Value) -> String {
    let path = dir.path().join(name);
    std::fs::write(&path, value.to_string()).expect("a writable temp dir");
    path.display().to_string()
}

fn common(dir: &TempDir, tool: &str) -> Vec<String> {
    vec![
        "--tool".into(),
        tool.into(),
        "--config".into(),
        dir.path().join("no-settings.json").display().to_string(),
    ]
}

#[test]
fn render_and_ask_answer_give_the_same_result() {
    let dir = TempDir::new().expect("a temp dir");
    let demo = "fixtures/demo.json".to_owned();
    let mut render = vec![
        "render".into(),
        demo.clone(),
        "--keys".into(),
        "down enter space down space enter down enter shift+n 'why?' enter enter enter".into(),
    ];
    render.extend(common(&dir, "ask_user"));
    let rendered = run_program(&render, None);
    assert_eq!(rendered.exit, 0, "{}", rendered.stderr);
    let mut from_keys = result_after_screen(&rendered.stdout, 24);
    let response = json!({"kind": "answer", "answers": {
        "database": {"values": ["sqlite"]},
        "checks": {"values": ["fmt", "clippy"]},
        "config": {"values": ["yaml"]},
        "errors": {"values": ["problem-json"], "note": "why?"}
    }});
    let mut ask = vec![
        "ask".into(),
        demo,
        "--answer".into(),
        write(&dir, "response.json", &response),
    ];
    ask.extend(common(&dir, "ask_user"));
    let answered = run_program(&ask, None);
    let mut from_answer: Value = serde_json::from_str(&answered.stdout).expect("JSON");
    normalize_request_ids(&mut from_keys);
    normalize_request_ids(&mut from_answer);
    similar_asserts::assert_eq!(from_keys, from_answer);
}

#[test]
fn render_and_ask_answer_agree_for_ask_user_question() {
    let dir = TempDir::new().expect("a temp dir");
    let arguments = json!({"questions": [
        {"question": "Which auth?", "header": "Auth", "options": [{"label": "OAuth"}, {"label": "Cookies"}]},
        {"question": "Which format?", "header": "Format"}
    ]});
    let payload = write(&dir, "arguments.json", &arguments);
    let mut render = vec![
        "render".into(),
        payload.clone(),
        "--keys".into(),
        "down enter 'json lines' enter enter".into(),
    ];
    render.extend(common(&dir, "ask_user_question"));
    let rendered = run_program(&render, None);
    let from_keys = result_after_screen(&rendered.stdout, 24);
    let response = json!({"kind": "answer", "answers": {
        "q1": {"values": ["Cookies"]},
        "q2": {"customText": "json lines"}
    }});
    let mut ask = vec![
        "ask".into(),
        payload,
        "--answer".into(),
        write(&dir, "response.json", &response),
    ];
    ask.extend(common(&dir, "ask_user_question"));
    let answered = run_program(&ask, None);
    let from_answer: Value = serde_json::from_str(&answered.stdout).expect("JSON");
    similar_asserts::assert_eq!(from_keys, from_answer);
}

#[test]
fn an_unfinished_flow_prints_only_the_screen() {
    let dir = TempDir::new().expect("a temp dir");
    let mut render = vec![
        "render".into(),
        "fixtures/demo.json".into(),
        "--keys".into(),
        "down".into(),
        "--size".into(),
        "40x12".into(),
    ];
    render.extend(common(&dir, "ask_user"));
    let output = run_program(&render, None);
    assert_eq!(output.exit, 0);
    assert_eq!(output.stdout.lines().count(), 12);
}

#[test]
fn a_bad_key_script_is_a_usage_error() {
    let dir = TempDir::new().expect("a temp dir");
    let mut render = vec![
        "render".into(),
        "fixtures/demo.json".into(),
        "--keys".into(),
        "ctrl+".into(),
    ];
    render.extend(common(&dir, "ask_user"));
    let output = run_program(&render, None);
    assert_eq!(output.exit, 2);
    assert!(output.stdout.is_empty());
}
