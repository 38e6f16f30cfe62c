//! `ask --ui dialogs`: plain numbered prompts on the terminal, the JSON result on stdout.
//!
//! The program prompts on `/dev/tty` when it opens. These tests run it under `setsid`, which
//! detaches it from any terminal, so it falls back to prompts on standard error and answers
//! from standard input, which the test controls.

mod support;

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

use serde_json::{Value, json};

struct Run {
    document: Value,
    prompts: String,
}

fn setsid_available() -> bool {
    Command::new("setsid")
        .arg("--version")
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .status()
        .is_ok_and(|status| status.success())
}

/// Runs `ask` detached from any terminal, answering the prompts with `answers`; it exits 0.
fn ask(args: &[&str], arguments: &Value, answers: &str, term: &str) -> Option<Run> {
    let output = run_detached(args, arguments, answers, term)?;
    assert_eq!(output.status.code(), Some(0), "exit code");
    Some(Run {
        document: serde_json::from_slice(&output.stdout).expect("stdout is one JSON document"),
        prompts: String::from_utf8(output.stderr).expect("the prompts are UTF-8"),
    })
}

/// Runs `ask` detached from any terminal, `answers` on its standard input; how it ended.
fn run_detached(
    args: &[&str],
    arguments: &Value,
    answers: &str,
    term: &str,
) -> Option<std::process::Output> {
    if !setsid_available() {
        eprintln!("skipped: `setsid` is not available to detach the program from the terminal");
        return None;
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let file = dir.path().join("arguments.json");
    std::fs::write(&file, arguments.to_string()).expect("the arguments are written");
    let mut setsid = Command::new("setsid");
    let mut child = support::without_surfaces(&mut setsid)
        .arg("-w")
        .arg(env!("CARGO_BIN_EXE_pi-agent-ask"))
        .arg("ask")
        .args(args)
        .arg(&file)
        .arg("--config")
        .arg(dir.path().join(Path::new("no-settings.json")))
        .env("TERM", term)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let mut stdin = child.stdin.take().expect("stdin is piped");
    // A program that asks nothing may exit before reading its input; the pipe then breaks.
    let _ = stdin.write_all(answers.as_bytes());
    drop(stdin);
    Some(child.wait_with_output().expect("the program finishes"))
}

fn deploy() -> Value {
    json!({"questions": [
        {"id": "env", "label": "Env", "prompt": "Where to deploy?", "options": [
            {"value": "staging", "label": "Staging"}, {"value": "prod", "label": "Production"}]},
        {"id": "checks", "label": "Checks", "prompt": "Which checks?", "type": "multi", "options": [
            {"value": "unit", "label": "Unit"}, {"value": "e2e", "label": "End to end"}]}
    ]})
}

#[test]
fn ask_user_prompts_line_by_line_and_prints_the_result_on_stdout() {
    let Some(run) = ask(
        &["--ui", "dialogs"],
        &deploy(),
        "9\n2\nend to end, 1\n\n1\n",
        "xterm",
    ) else {
        return;
    };
    assert_eq!(
        run.prompts,
        "\nQuestion 1 of 2\n\nWhere to deploy?\n1. Staging\n2. Production\n3. Type your own\n\
         Enter a number from 1 to 3 (Ctrl-D cancels): \"9\" is not one of the 3 options.\n\
         Enter a number from 1 to 3 (Ctrl-D cancels): \n\
         Question 2 of 2\n\n\
         Which checks?\n\n1. Unit\n2. End to end\n\n\
         Enter one or more option numbers or labels, separated by commas.\n\
         Type option numbers or labels, then an empty line (Ctrl-D cancels):\n\
         \nReview your answers:\nEnv: Production\nChecks: End to end, Unit\n\
         1. Submit\n2. Change an answer\n3. Cancel\n\
         Enter a number from 1 to 3 (Ctrl-D cancels): "
    );
    let text = run.document["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(text.starts_with("Env: Production\nChecks: End to end, Unit\nRequest ID: "));
    assert_eq!(
        run.document["details"]["answers"]["checks"]["values"],
        json!(["e2e", "unit"])
    );
    assert_eq!(run.document["structuredContent"], run.document["details"]);
}

#[test]
fn the_end_of_input_cancels_with_the_answers_so_far() {
    let Some(run) = ask(&["--ui", "dialogs"], &deploy(), "1\n", "xterm") else {
        return;
    };
    let text = run.document["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(text.starts_with("User cancelled the ask flow\nRequest ID: "));
    assert_eq!(
        run.document["details"]["answers"]["env"]["values"],
        json!(["staging"])
    );
}

#[test]
fn the_last_line_of_piped_answers_is_an_answer_without_a_line_break_after_it() {
    let Some(run) = ask(&["--ui", "dialogs"], &deploy(), "2\n1\n\n1", "xterm") else {
        return;
    };
    assert_eq!(run.document["details"]["cancelled"], json!(false));
    assert_eq!(
        run.document["details"]["answers"]["checks"]["values"],
        json!(["unit"])
    );
}

#[test]
fn an_input_that_ends_before_any_answer_is_a_usage_error_not_a_cancel_nobody_made() {
    let Some(output) = run_detached(&["--ui", "dialogs"], &deploy(), "", "xterm") else {
        return;
    };
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty(), "nothing is printed as a result");
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("standard input ended before any answer"),
        "{stderr}"
    );
}

#[test]
fn ask_user_question_asks_other_as_an_input() {
    let arguments = json!({"questions": [{"question": "Which auth?", "header": "Auth",
        "options": [{"label": "OAuth"}, {"label": "Cookies"}]}]});
    let Some(run) = ask(
        &["--ui", "dialogs", "--tool", "ask_user_question"],
        &arguments,
        "3\n  mTLS  \n1\n",
        "xterm",
    ) else {
        return;
    };
    assert!(
        run.prompts
            .contains("\nWhich auth?\nType your answer and press Enter")
    );
    assert_eq!(run.document["content"][0]["text"], "Auth: user wrote: mTLS");
}

#[test]
fn auto_on_a_dumb_terminal_without_a_terminal_device_asks_nobody() {
    let Some(run) = ask(&["--ui", "auto"], &deploy(), "1\n", "dumb") else {
        return;
    };
    assert!(run.prompts.is_empty());
    let text = run.document["content"][0]["text"]
        .as_str()
        .unwrap_or_default();
    assert!(text.starts_with("Needs user input: ask_user requires interactive TUI mode."));
}

/// What `--ui auto` does, word for word as `ask --help` and the README say it.
const UI_AUTO: &str = "`dialogs` when `TERM` is `dumb`, else `tui`, when run from a shell in \
                       the terminal's foreground; otherwise `inbox` when an inbox is listening, \
                       else `popup` where one can open, else `none`";

#[test]
fn ui_auto_reads_the_same_in_ask_help_and_in_the_readme() {
    let help = support::run_program(&["ask".into(), "--help".into()], None);
    assert_eq!(help.exit, 0);
    assert!(
        help.stdout.contains(&format!("- auto:    {UI_AUTO}\n")),
        "ask --help says otherwise:\n{}",
        help.stdout
    );
    let readme = std::fs::read_to_string(Path::new(env!("CARGO_MANIFEST_DIR")).join("README.md"))
        .expect("the README is readable");
    assert!(
        readme.contains(&format!("`auto` (the default) uses {UI_AUTO};")),
        "the README says otherwise"
    );
}

#[test]
fn ui_auto_on_a_dumb_terminal_asks_with_plain_prompts() {
    let Some(term) = support::asking::Asking::start(100, 30) else {
        return;
    };
    term.write_arguments("arguments.json", &deploy());
    term.tmux.type_line(&format!(
        "clear; TERM=dumb HOME=\"$PWD\" {} ask arguments.json --ui auto \
         --config \"$PWD/settings.json\" > result.json; echo \"exit=$?\"",
        env!("CARGO_BIN_EXE_pi-agent-ask"),
    ));
    term.tmux.wait_for_text("Enter a number from 1 to 3");
    assert_eq!(term.tmux.pane_var("alternate_on"), "0", "alternate screen");
    term.tmux.keys(&["C-d"]);
    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    assert_eq!(document["details"]["cancelled"], json!(true));
}

#[test]
fn ui_auto_on_another_terminal_opens_the_form() {
    let Some(term) = support::asking::Asking::start(100, 30) else {
        return;
    };
    term.write_arguments("arguments.json", &deploy());
    term.launch("ask arguments.json --ui auto");
    term.tmux.wait_for_text("Where to deploy?");
    assert_eq!(term.tmux.pane_var("alternate_on"), "1", "alternate screen");
    term.tmux.keys(&["Escape"]);
    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    assert_eq!(document["details"]["cancelled"], json!(true));
}

#[test]
fn after_ctrl_d_the_shell_prompt_starts_on_its_own_line() {
    let Some(term) = support::asking::Asking::start(100, 30) else {
        return;
    };
    term.write_arguments("arguments.json", &deploy());
    term.launch("ask arguments.json --ui dialogs");
    term.tmux.wait_for_text("Enter a number from 1 to 3");
    term.tmux.keys(&["C-d"]);
    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    assert_eq!(document["details"]["cancelled"], json!(true));
    let screen = term.tmux.screen();
    let lines: Vec<&str> = screen.lines().collect();
    let prompt = lines
        .iter()
        .position(|line| line.starts_with("Enter a number from 1 to 3 (Ctrl-D cancels):"))
        .expect("the prompt stays on screen");
    assert_eq!(
        lines[prompt].trim_end(),
        "Enter a number from 1 to 3 (Ctrl-D cancels):"
    );
    assert_eq!(lines.get(prompt + 1).copied(), Some("exit=0"), "{screen}");
}
