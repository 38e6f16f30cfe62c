//! Preview files that cannot be committed as fixtures: a FIFO, and files at the 1 MiB limit.

#![cfg(unix)]

mod support;

use std::path::Path;
use std::time::Duration;

use serde_json::{Value, json};
use tempfile::TempDir;

use support::run_program_within;

const MIB: usize = 1024 * 1024;

/// Writes arguments with one preview option reading `file`, then runs `check` in `dir`.
fn check_preview_file(dir: &Path, file: &str) -> (i32, Value) {
    let arguments = json!({"questions": [{
        "id": "layout",
        "prompt": "Which layout?",
        "type": "preview",
        "options": [{"value": "grid", "label": "Grid", "previewFile": file}]
    }]});
    let arguments_path = dir.join("arguments.json");
    std::fs::write(&arguments_path, arguments.to_string()).expect("arguments are written");
    let args = [
        "check".to_owned(),
        arguments_path.display().to_string(),
        "--cwd".to_owned(),
        dir.display().to_string(),
        "--config".to_owned(),
        dir.join("no-settings.json").display().to_string(),
    ];
    let output = run_program_within(&args, Duration::from_secs(10))
        .expect("check finishes within 10 seconds");
    assert!(output.stderr.is_empty(), "stderr: {}", output.stderr);
    let document = serde_json::from_str(&output.stdout).expect("stdout is JSON");
    (output.exit, document)
}

fn only_issue(dir: &Path, file: &str, reason: &str) -> Value {
    json!({"ok": false, "issues": [{
        "path": "questions[0].options[0].previewFile",
        "message": format!("Cannot load preview file \"{}\": {reason}", dir.join(file).display()),
    }]})
}

#[test]
fn a_fifo_is_refused_promptly_without_being_opened() {
    let dir = TempDir::new().expect("a temporary directory");
    let status = std::process::Command::new("mkfifo")
        .arg(dir.path().join("pipe"))
        .status()
        .expect("mkfifo runs");
    assert!(status.success(), "mkfifo made the FIFO");
    let (exit, document) = check_preview_file(dir.path(), "pipe");
    assert_eq!(exit, 1);
    assert_eq!(
        document,
        only_issue(dir.path(), "pipe", "Expected a regular text file")
    );
}

#[test]
fn a_file_one_byte_over_one_mebibyte_is_too_large() {
    let dir = TempDir::new().expect("a temporary directory");
    std::fs::write(dir.path().join("big.txt"), vec![b'a'; MIB + 1]).expect("the file is written");
    let (exit, document) = check_preview_file(dir.path(), "big.txt");
    assert_eq!(exit, 1);
    assert_eq!(
        document,
        only_issue(dir.path(), "big.txt", "Preview file is larger than 1 MiB")
    );
}

#[test]
fn a_file_of_exactly_one_mebibyte_is_loaded() {
    let dir = TempDir::new().expect("a temporary directory");
    std::fs::write(dir.path().join("full.txt"), vec![b'a'; MIB]).expect("the file is written");
    let (exit, document) = check_preview_file(dir.path(), "full.txt");
    assert_eq!(exit, 0, "{document}");
    let saved = &document["arguments"]["questions"][0]["options"][0];
    assert_eq!(saved["preview"].as_str().map(str::len), Some(MIB));
    assert!(saved.get("previewFile").is_none());
    let normalized = &document["request"]["questions"][0]["options"][0]["preview"];
    assert_eq!(normalized.as_str().map(str::len), Some(MIB));
}
