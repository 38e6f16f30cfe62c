//! Golden transcripts: every folder under `fixtures/transcripts/` is one call or one result as
//! `pi-agent-ask transcript` prints it.
//!
//! A case folder holds `command` (`call` or `result`, then the options, such as `--tool
//! ask_user_question`) and `arguments.json`, the tool arguments. A `call` case prints the
//! transcript of those arguments. A `result` case first asks them with the real program and
//! keeps the tool result in `result.json` (itself a golden file, its request id replaced by
//! `<request-id>`): `ask --answer response.json` when the folder has a `response.json`, the
//! key script in `keys` run by `render` when it has that (for what only the questionnaire
//! gives, such as clipboard images, read from the folder), else `ask --ui none`; then prints
//! the transcript of `result.json`. Either way `expected.txt` is the plain transcript and
//! `styled.txt` the one `--styled` prints, `runs.json` the runs `--json` prints. Set
//! `UPDATE_GOLDEN=1` to rewrite the golden files.

mod support;

use std::path::{Path, PathBuf};

use rstest::rstest;
use serde_json::Value;

use support::{ProgramOutput, golden, normalize_request_ids, run_program};

/// The screen rows `render` prints before the result (its default size is 80x24).
const SCREEN_ROWS: usize = 24;

fn path(dir: &Path, name: &str) -> String {
    dir.join(name).display().to_string()
}

fn succeeded(output: ProgramOutput, what: &str) -> String {
    assert!(
        output.stderr.is_empty(),
        "stderr of {what}: {}",
        output.stderr
    );
    assert_eq!(output.exit, 0, "exit code of {what}");
    output.stdout
}

/// The tool result the real program gives for the case's arguments.
fn asked(dir: &Path, tool: &[String]) -> Value {
    let mut args = vec![if dir.join("keys").exists() {
        "render".to_owned()
    } else {
        "ask".to_owned()
    }];
    args.push(path(dir, "arguments.json"));
    args.extend(tool.iter().cloned());
    args.extend(["--config".into(), path(dir, "no-settings.json")]);
    args.extend(["--cwd".into(), dir.display().to_string()]);
    let what = format!("{} of {}", args[0], dir.display());
    if let Ok(keys) = std::fs::read_to_string(dir.join("keys")) {
        args.extend(["--keys".into(), keys.trim().to_owned()]);
        let stdout = succeeded(run_in(dir, &args), &what);
        let result: String = stdout.split_inclusive('\n').skip(SCREEN_ROWS).collect();
        return serde_json::from_str(&result).unwrap_or_else(|error| {
            panic!("{what} gave no result after the screen: {error}\n{stdout}")
        });
    }
    if dir.join("response.json").exists() {
        args.extend(["--answer".into(), path(dir, "response.json")]);
    } else {
        args.extend(["--ui".into(), "none".into()]);
    }
    let stdout = succeeded(run_program(&args, None), &what);
    serde_json::from_str(&stdout).unwrap_or_else(|error| panic!("{what} is not JSON: {error}"))
}

/// Runs the program in `dir`, where a key script's `image "file"` steps read their files.
fn run_in(dir: &Path, args: &[String]) -> ProgramOutput {
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_pi-agent-ask"))
        .current_dir(dir)
        .args(args)
        .stdin(std::process::Stdio::null())
        .output()
        .expect("the program runs");
    ProgramOutput {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        exit: output.status.code().unwrap_or(-1),
    }
}

#[rstest]
fn transcript_case(#[files("fixtures/transcripts/*/command")] command: PathBuf) {
    let dir = command.parent().expect("a case folder");
    let text = std::fs::read_to_string(&command).expect("the command reads");
    let mut words: Vec<String> = text.split_whitespace().map(str::to_owned).collect();
    assert!(!words.is_empty(), "{} is empty", command.display());
    let options = words.split_off(1);
    let document = match words[0].as_str() {
        "call" => path(dir, "arguments.json"),
        "result" => {
            let mut result = asked(dir, &options);
            normalize_request_ids(&mut result);
            let text = serde_json::to_string_pretty(&result).expect("a result prints");
            golden(&dir.join("result.json"), &text);
            path(dir, "result.json")
        }
        other => panic!(
            "{}: {other:?} is neither call nor result",
            command.display()
        ),
    };
    for (form, expected) in [
        (None, "expected.txt"),
        (Some("--styled"), "styled.txt"),
        (Some("--json"), "runs.json"),
    ] {
        let mut args = vec!["transcript".to_owned(), words[0].clone(), document.clone()];
        args.extend(options.iter().cloned());
        args.extend(form.map(str::to_owned));
        let stdout = succeeded(run_program(&args, None), &format!("{args:?}"));
        golden(&dir.join(expected), &stdout);
    }
}

#[test]
fn a_document_that_is_not_json_is_a_usage_error() {
    for kind in ["call", "result"] {
        let args = ["transcript".to_owned(), kind.to_owned(), "-".to_owned()];
        let output = run_program(&args, Some("{\"questions\": ["));
        assert_eq!(output.exit, 2, "{kind}");
        assert!(output.stdout.is_empty(), "{kind}: {}", output.stdout);
        assert!(output.stderr.contains("JSON"), "{kind}: {}", output.stderr);
    }
}

#[test]
fn a_result_of_another_shape_is_a_usage_error_naming_the_tool() {
    let args = ["transcript", "result", "-", "--tool", "ask_user_question"].map(str::to_owned);
    let output = run_program(&args, Some(r#"{"questions": []}"#));
    assert_eq!(output.exit, 2);
    assert!(output.stdout.is_empty());
    assert!(
        output
            .stderr
            .contains("not an ask_user_question tool result"),
        "{}",
        output.stderr
    );
}

#[test]
fn a_result_of_the_other_tool_is_refused_saying_which_tool_reads_it() {
    let arguments =
        r#"{"questions": [{"question": "Which?", "options": [{"label": "A"}, {"label": "B"}]}]}"#;
    let question_tool = ["ask", "-", "--tool", "ask_user_question", "--ui", "none"];
    let asked = run_program(&question_tool.map(str::to_owned), Some(arguments));
    assert_eq!(asked.exit, 0, "{}", asked.stderr);
    let read = ["transcript", "result", "-"].map(str::to_owned);
    let output = run_program(&read, Some(&asked.stdout));
    assert_eq!(output.exit, 2);
    assert!(
        output.stderr.contains(
            "not an ask_user tool result: missing field `label`; it reads as an \
             ask_user_question result (`--tool ask_user_question`)"
        ),
        "{}",
        output.stderr
    );
}
