//! Golden tool results: every folder under `fixtures/cases/` is one call of the program.
//!
//! A case folder holds `arguments.json`, optionally `response.json` (passed as `--answer`),
//! `settings.json` (passed as `--config`), `command` (the command line after the program name,
//! default `ask --ui none`), and `expected.json`, the document printed on stdout. The case
//! folder is the working directory for preview files. Request ids are random, so they are
//! replaced by `<request-id>` after checking they are UUIDs, and the case folder's absolute path
//! by `<case>`. Set `UPDATE_GOLDEN=1` to rewrite `expected.json` from the program's output.

mod support;

use std::path::{Path, PathBuf};

use rstest::rstest;
use serde_json::Value;

use support::{golden, normalize_request_ids, output_schema_validator, run_program};

fn command_line(dir: &Path) -> Vec<String> {
    let text =
        std::fs::read_to_string(dir.join("command")).unwrap_or_else(|_| "ask --ui none".into());
    let mut args: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
    args.push(dir.join("arguments.json").display().to_string());
    args.push("--cwd".into());
    args.push(dir.display().to_string());
    if dir.join("response.json").exists() {
        args.push("--answer".into());
        args.push(dir.join("response.json").display().to_string());
    }
    let settings = dir.join("settings.json");
    args.push("--config".into());
    args.push(if settings.exists() {
        settings.display().to_string()
    } else {
        dir.join("no-settings.json").display().to_string()
    });
    args
}

#[rstest]
fn golden_case(#[files("fixtures/cases/*/arguments.json")] arguments: PathBuf) {
    let dir = arguments.parent().expect("a case folder").to_path_buf();
    let args = command_line(&dir);
    let output = run_program(&args, None);
    assert!(
        output.stderr.is_empty(),
        "stderr for {}: {}",
        dir.display(),
        output.stderr
    );
    let mut document: Value = serde_json::from_str(&output.stdout)
        .unwrap_or_else(|error| panic!("stdout of {} is not JSON: {error}", dir.display()));
    let is_check = args.first().is_some_and(|command| command == "check");
    let expected_exit = i32::from(is_check && document["ok"] == Value::Bool(false));
    assert_eq!(
        output.exit,
        expected_exit,
        "exit code for {}",
        dir.display()
    );
    let is_ask_user = !args.iter().any(|arg| arg == "ask_user_question");
    if is_ask_user && !is_check {
        let validator = output_schema_validator();
        let problems: Vec<String> = validator
            .iter_errors(&document)
            .map(|error| format!("{} at {}", error, error.instance_path()))
            .collect();
        assert!(
            problems.is_empty(),
            "{} breaks the output schema: {problems:#?}",
            dir.display()
        );
    }
    normalize_request_ids(&mut document);
    let text = serde_json::to_string_pretty(&document)
        .unwrap_or_default()
        .replace(&dir.display().to_string(), "<case>");
    golden(&dir.join("expected.json"), &text);
}
