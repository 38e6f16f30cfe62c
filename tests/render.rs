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

#[test]
fn a_size_without_cells_is_a_usage_error() {
    for size in ["0x0", "0x24", "80x0"] {
        let output = run_program(
            &[
                "render".into(),
                "fixtures/demo.json".into(),
                "--size".into(),
                size.into(),
            ],
            None,
        );
        assert_eq!(output.exit, 2, "{size}");
        assert!(output.stdout.is_empty(), "{size}");
        assert!(output.stderr.contains("at least 1x1"), "{}", output.stderr);
    }
}

/// The screen `render` prints for `keys` over the demo, with the settings file at `config`.
fn render_demo(keys: &str, config: &str) -> String {
    let render = vec![
        "render".into(),
        "fixtures/demo.json".into(),
        "--keys".into(),
        keys.into(),
        "--config".into(),
        config.into(),
    ];
    let output = run_program(&render, None);
    assert_eq!(output.exit, 0, "{}", output.stderr);
    output.stdout
}

#[test]
fn render_opens_the_settings_overlay_on_question_mark_and_names_the_file_as_given() {
    let closed = render_demo("", "fixtures/screens/no-settings.json");
    assert!(!closed.contains("Ask settings"), "{closed}");
    let open = render_demo("?", "fixtures/screens/no-settings.json");
    assert!(open.contains("Ask settings"), "{open}");
    assert!(
        open.contains("│ fixtures/screens/no-settings.json "),
        "{open}"
    );
    let closed_again = render_demo("? escape", "fixtures/screens/no-settings.json");
    assert_eq!(closed_again, closed);
}

#[test]
fn render_shows_a_toggle_saved_but_never_writes_or_creates_the_settings_file() {
    let dir = TempDir::new().expect("a temp dir");
    let written = json!({"schemaVersion": 5, "behaviour": {"showFooterHints": true}});
    let existing = write(&dir, "settings.json", &written);
    let screen = render_demo("? enter", &existing);
    assert!(
        screen.contains("[x] Auto-submit when answered without notes"),
        "{screen}"
    );
    assert_eq!(
        std::fs::read_to_string(&existing).expect("the file is still there"),
        written.to_string()
    );
    let missing = dir.path().join("missing.json");
    let _ = render_demo("? enter down*6 enter enter", &missing.display().to_string());
    assert!(!missing.exists());
}

#[test]
fn render_refuses_a_toggle_on_an_invalid_settings_file_as_the_terminal_does() {
    let dir = TempDir::new().expect("a temp dir");
    let path = dir.path().join("settings.json");
    std::fs::write(&path, "{not json").expect("a writable temp dir");
    let screen = render_demo("? enter", &path.display().to_string());
    assert!(
        screen.contains("[ ] Auto-submit when answered without notes"),
        "{screen}"
    );
    assert_eq!(std::fs::read_to_string(&path).unwrap(), "{not json");
}

#[test]
fn an_image_file_past_the_limit_is_refused_by_the_form_as_one_pasted_is() {
    let dir = TempDir::new().expect("a temp dir");
    let questions = write(
        &dir,
        "one.json",
        &json!({"questions": [{"id": "q", "prompt": "Which?", "options": [{"value": "a"}]}]}),
    );
    let image = dir.path().join("huge.png");
    // A sparse file far past the 10 MiB limit: only its first bytes past the limit are read.
    std::fs::File::create(&image)
        .and_then(|file| file.set_len(1024 * 1024 * 1024))
        .expect("the file is made");
    let mut args = vec![
        "render".into(),
        questions,
        "--keys".into(),
        format!("down enter image {:?}", image.display().to_string()),
    ];
    args.extend(common(&dir, "ask_user"));
    let output = run_program(&args, None);
    assert_eq!(output.exit, 0, "{}", output.stderr);
    assert!(
        output.stdout.contains("Images are limited to 10 MiB each."),
        "{}",
        output.stdout
    );
}
