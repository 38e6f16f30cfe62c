//! `hook claude` without a terminal: Claude Code's documented `PreToolUse` input on stdin
//! (`fixtures/hook/claude-input.json`), the form answered by a remote response (`--answer`),
//! and the hook's output read field by field; and every case the hook leaves to Claude Code:
//! silent, exit 0, one line on stderr.

mod support;

use std::path::PathBuf;

use serde_json::{Value, json};
use support::{ProgramOutput, run_program};

/// The documented hook input.
fn hook_input() -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/hook/claude-input.json");
    serde_json::from_str(&std::fs::read_to_string(path).expect("the fixture reads"))
        .expect("the fixture is JSON")
}

/// Runs `hook claude` on `input`, answering with `response` when given; no settings file.
fn hook(input: &str, response: Option<&Value>) -> ProgramOutput {
    hook_with_settings(input, response, None)
}

/// [`hook`] with `settings` in the settings file when given.
fn hook_with_settings(
    input: &str,
    response: Option<&Value>,
    settings: Option<&Value>,
) -> ProgramOutput {
    let folder = tempfile::tempdir().expect("a folder");
    let config = folder.path().join("settings.json");
    if let Some(settings) = settings {
        std::fs::write(&config, settings.to_string()).expect("the settings are written");
    }
    let mut args = vec![
        "hook".to_owned(),
        "claude".to_owned(),
        "--config".to_owned(),
        config.display().to_string(),
    ];
    if let Some(response) = response {
        let path = folder.path().join("answer.json");
        std::fs::write(&path, response.to_string()).expect("the answer is written");
        args.extend(["--answer".to_owned(), path.display().to_string()]);
    }
    run_program(&args, Some(input))
}

/// The one line the hook printed, as JSON, after checking it is one compact line.
fn decision(output: &ProgramOutput) -> Value {
    assert_eq!(output.exit, 0, "stderr: {}", output.stderr);
    assert_eq!(output.stdout.lines().count(), 1, "{}", output.stdout);
    assert!(output.stdout.ends_with('\n'));
    let document: Value = serde_json::from_str(&output.stdout).expect("the output is JSON");
    assert_eq!(
        output.stdout.trim_end(),
        pi_agent_ask_core::json::to_string(&document),
        "the output is compact, written as the program writes JSON"
    );
    document
}

fn answered(response: &Value) -> Value {
    let output = hook(&hook_input().to_string(), Some(response));
    let document = decision(&output);
    let specific = &document["hookSpecificOutput"];
    assert_eq!(specific["hookEventName"], json!("PreToolUse"));
    assert_eq!(specific["permissionDecision"], json!("allow"));
    assert_eq!(
        specific["updatedInput"]["questions"],
        hook_input()["tool_input"]["questions"],
        "the questions go back exactly as given"
    );
    assert_eq!(
        document.as_object().map(serde_json::Map::len),
        Some(1),
        "{document}"
    );
    specific.clone()
}

/// Asserts the hook printed nothing, exited 0 and said why on one line of stderr.
fn left_to_claude_code(output: &ProgramOutput, why: &str) {
    assert_eq!(output.exit, 0, "stderr: {}", output.stderr);
    assert_eq!(output.stdout, "");
    assert_eq!(output.stderr.lines().count(), 1, "{}", output.stderr);
    assert!(output.stderr.contains(why), "{}", output.stderr);
    assert!(output.stderr.contains("the call is left to Claude Code"));
}

#[test]
fn a_single_choice_is_the_option_label_under_the_question_text() {
    let specific = answered(&json!({"kind": "answer", "answers": {
        "q1": {"values": ["Session cookies"]},
        "q2": {"values": ["repo"]}
    }}));
    assert_eq!(
        specific["updatedInput"]["answers"],
        json!({
            "Which authentication should we use?": "Session cookies",
            "Which scopes does the token need?": "repo"
        })
    );
    assert_eq!(specific.get("additionalContext"), None);
    assert_eq!(specific.get("permissionDecisionReason"), None);
}

#[test]
fn a_multi_choice_joins_the_labels_in_the_order_they_were_picked() {
    let specific = answered(&json!({"kind": "answer", "answers": {
        "q1": {"values": ["OAuth"]},
        "q2": {"values": ["read:org", "admin", "repo"]}
    }}));
    assert_eq!(
        specific["updatedInput"]["answers"]["Which scopes does the token need?"],
        json!("read:org, admin, repo")
    );
}

#[test]
fn written_text_is_the_answer_as_typed() {
    let specific = answered(&json!({"kind": "answer", "answers": {
        "q1": {"customText": "Passkeys, then OAuth"},
        "q2": {"values": ["repo"], "customText": "gist"}
    }}));
    assert_eq!(
        specific["updatedInput"]["answers"],
        json!({
            "Which authentication should we use?": "Passkeys, then OAuth",
            "Which scopes does the token need?": "repo, gist"
        })
    );
}

#[test]
fn notes_and_an_unanswered_question_reach_the_model_as_additional_context() {
    let specific = answered(&json!({"kind": "answer", "answers": {
        "q1": {
            "values": ["OAuth"],
            "note": "only until SSO lands",
            "optionNotes": {"OAuth": "GitHub's app, not a token"}
        }
    }}));
    assert_eq!(
        specific["updatedInput"]["answers"],
        json!({"Which authentication should we use?": "OAuth"}),
        "the unanswered question is left out"
    );
    assert_eq!(
        specific["additionalContext"],
        json!(
            "Note on question \"Which authentication should we use?\": only until SSO lands\n\
             Note on option \"OAuth\" of question \"Which authentication should we use?\": \
             GitHub's app, not a token\n\
             Question \"Which scopes does the token need?\" was left unanswered."
        )
    );
}

#[test]
fn a_cancelled_form_denies_the_call_with_the_cancel_text() {
    let output = hook(&hook_input().to_string(), Some(&json!({"kind": "cancel"})));
    assert_eq!(
        decision(&output),
        json!({"hookSpecificOutput": {
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "User cancelled the question."
        }})
    );
}

#[test]
fn controls_in_the_questions_leave_escaped() {
    let mut input = hook_input();
    input["tool_input"]["questions"][0]["question"] = json!("Which\u{1b}[2J auth\u{2028}now?");
    let output = hook(
        &input.to_string(),
        Some(&json!({"kind": "answer", "answers": {"q1": {"values": ["OAuth"]}}})),
    );
    assert!(!output.stdout.contains('\u{1b}') && !output.stdout.contains('\u{2028}'));
    assert!(output.stdout.contains("\\u001b[2J") && output.stdout.contains("\\u2028"));
    let document = decision(&output);
    assert_eq!(
        document["hookSpecificOutput"]["updatedInput"]["answers"],
        json!({"Which\u{1b}[2J auth\u{2028}now?": "OAuth"})
    );
}

#[test]
fn another_tool_is_left_to_claude_code() {
    let mut input = hook_input();
    input["tool_name"] = json!("Bash");
    input["tool_input"] = json!({"command": "ls"});
    left_to_claude_code(&hook(&input.to_string(), None), "\"Bash\"");
}

#[test]
fn another_hook_event_is_left_to_claude_code() {
    let mut input = hook_input();
    input["hook_event_name"] = json!("PostToolUse");
    left_to_claude_code(&hook(&input.to_string(), None), "\"PostToolUse\"");
}

#[test]
fn input_that_is_not_a_hook_input_is_left_to_claude_code() {
    left_to_claude_code(
        &hook("{\"hook_event_name\":", None),
        "not a Claude Code hook input",
    );
    left_to_claude_code(&hook("", None), "not a Claude Code hook input");
    let mut input = hook_input();
    input["tool_input"] = json!({"questions": "Which?"});
    left_to_claude_code(&hook(&input.to_string(), None), "AskUserQuestion input");
}

#[test]
fn questions_the_form_cannot_ask_are_left_to_claude_code() {
    let mut input = hook_input();
    input["tool_input"]["questions"][0]["options"] = json!([]);
    left_to_claude_code(
        &hook(&input.to_string(), None),
        "Question 1: at least one option is required",
    );
}

#[test]
fn with_no_inbox_and_no_popup_host_the_hook_prints_nothing() {
    left_to_claude_code(
        &hook(&hook_input().to_string(), None),
        "no inbox named \"default\" is listening and no popup can open",
    );
}

#[test]
fn an_answer_file_that_cannot_be_read_fails_without_output() {
    let output = run_program(
        &[
            "hook".to_owned(),
            "claude".to_owned(),
            "--answer".to_owned(),
            "/nonexistent/answer.json".to_owned(),
        ],
        Some(&hook_input().to_string()),
    );
    assert_eq!(output.exit, 1, "stderr: {}", output.stderr);
    assert_eq!(output.stdout, "");
    assert!(
        output.stderr.contains("cannot read answer response"),
        "{}",
        output.stderr
    );
}

#[test]
fn a_note_of_several_lines_is_quoted_so_each_context_line_says_whose_note_it_is() {
    let specific = answered(&json!({"kind": "answer", "answers": {
        "q1": {"values": ["OAuth"], "optionNotes": {"OAuth": "with google\nand github"}},
        "q2": {"values": ["repo"], "note": "one line"}
    }}));
    assert_eq!(
        specific["additionalContext"],
        json!(
            "Note on option \"OAuth\" of question \"Which authentication should we use?\": \
             \"with google\\nand github\"\n\
             Note on question \"Which scopes does the token need?\": one line"
        )
    );
}

/// The `hookSpecificOutput` for `response`, with single-choice questions presented as multiple
/// choice by the settings.
fn single_as_multi(response: &Value) -> Value {
    let settings = json!({"schemaVersion": 5, "behaviour": {"presentSingleAsMulti": true}});
    let output = hook_with_settings(&hook_input().to_string(), Some(response), Some(&settings));
    decision(&output)["hookSpecificOutput"].clone()
}

#[test]
fn a_single_choice_answered_as_multiple_choice_says_so_in_the_context() {
    let response = json!({"kind": "answer", "answers": {
        "q1": {"values": ["Session cookies", "OAuth"]},
        "q2": {"values": ["repo"]}
    }});
    let specific = &single_as_multi(&response);
    assert_eq!(
        specific["updatedInput"]["answers"]["Which authentication should we use?"],
        json!("Session cookies, OAuth")
    );
    assert_eq!(
        specific["additionalContext"],
        json!(
            "Question \"Which authentication should we use?\" was answered as multiple choice \
             by the user's preference, so its answer may name several options."
        )
    );
}

#[test]
fn asking_for_clarification_says_too_that_a_single_choice_was_answered_as_multiple_choice() {
    let response = json!({"kind": "answer", "mode": "elaborate", "answers": {
        "q1": {"values": ["Session cookies", "OAuth"]},
        "q2": {"values": ["repo"]}
    }});
    let reason = single_as_multi(&response)["permissionDecisionReason"]
        .as_str()
        .unwrap_or_default()
        .to_owned();
    assert!(
        reason.contains(
            "\nQuestion \"Which authentication should we use?\" was answered as multiple choice \
             by the user's preference, so its answer may name several options.\n"
        ),
        "{reason}"
    );
}

#[test]
fn a_single_choice_answered_as_multiple_choice_with_one_pick_needs_no_word_in_the_context() {
    let response = json!({"kind": "answer", "answers": {
        "q1": {"values": ["OAuth"]},
        "q2": {"values": ["repo"]}
    }});
    let specific = &single_as_multi(&response);
    assert_eq!(
        specific["updatedInput"]["answers"]["Which authentication should we use?"],
        json!("OAuth")
    );
    assert_eq!(specific.get("additionalContext"), None, "{specific}");
}

#[test]
fn what_came_with_the_questions_goes_back_with_the_answers_as_updated_input_replaces_the_input() {
    let mut input = hook_input();
    input["tool_input"]["metadata"] = json!({"source": "remember"});
    let response = json!({"kind": "answer", "answers": {"q1": {"values": ["OAuth"]}}});
    let specific = &decision(&hook(&input.to_string(), Some(&response)))["hookSpecificOutput"];
    let updated = &specific["updatedInput"];
    assert_eq!(
        updated["metadata"],
        json!({"source": "remember"}),
        "{updated}"
    );
    assert_eq!(updated["questions"], input["tool_input"]["questions"]);
    assert_eq!(
        updated["answers"],
        json!({"Which authentication should we use?": "OAuth"})
    );
}

#[test]
fn a_mistake_in_the_hooks_own_command_line_exits_1_which_leaves_the_call_to_claude_code() {
    // Exit 2 from a `PreToolUse` hook blocks the tool call.
    for (args, says) in [
        (&["--bogus"][..], "unexpected argument '--bogus'"),
        (
            &["--inbox", "bad name!"][..],
            "\"bad name!\" is not an inbox name",
        ),
        (
            &["--answer", "-"][..],
            "--answer - would read standard input, which carries the hook's input",
        ),
    ] {
        let mut line = vec!["hook".to_owned(), "claude".to_owned()];
        line.extend(args.iter().map(|arg| (*arg).to_owned()));
        // Refused before the input is read.
        let output = run_program(&line, None);
        assert_eq!(output.exit, 1, "{args:?}: {}", output.stderr);
        assert_eq!(output.stdout, "", "{args:?}");
        assert!(output.stderr.contains(says), "{args:?}: {}", output.stderr);
    }
}
