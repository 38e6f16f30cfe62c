//! `hook claude` answered in a real inbox: the inbox runs in a tmux pane, the hook runs as
//! Claude Code runs it (no terminal on any descriptor, the documented `PreToolUse` input of
//! `fixtures/hook/claude-input.json` on stdin), keys sent to the pane answer the form, and the
//! JSON the hook prints is read field by field. Every program gets a private
//! `XDG_RUNTIME_DIR` and no multiplexer variables, so no test meets the developer's own inbox
//! or tmux. Skipped, with a message, where tmux is not installed.

mod support;

use std::io::Write as _;
use std::os::unix::fs::PermissionsExt as _;
use std::os::unix::process::CommandExt as _;
use std::path::PathBuf;
use std::process::{Child, Command, Output, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use rstest::rstest;
use serde_json::{Value, json};
use support::inbox::{IDLE, PROGRAM, Terminal};

const AUTH: &str = "Which authentication should we use?";
/// An image for the clipboard.
const SHOT: &[u8] = include_bytes!("../fixtures/files/shot.png");
const SCOPES: &str = "Which scopes does the token need?";

/// The documented hook input with only the questions at `keep`, asked in `cwd`.
fn hook_input(keep: &[usize], cwd: &std::path::Path) -> Value {
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/hook/claude-input.json");
    let mut input: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("the fixture reads"))
            .expect("the fixture is JSON");
    let questions = input["tool_input"]["questions"].clone();
    input["tool_input"]["questions"] = keep.iter().map(|&at| questions[at].clone()).collect();
    input["cwd"] = json!(cwd.display().to_string());
    input
}

/// The hook as Claude Code starts it: its own process group, no terminal, the input on stdin.
fn start_hook(term: &Terminal, input: &Value) -> Child {
    let dir = term.term.tmux.dir.path();
    let mut command = Command::new(PROGRAM);
    support::without_surfaces(&mut command);
    let mut child = command
        .args(["hook", "claude", "--config"])
        .arg(dir.join("settings.json"))
        .env("XDG_RUNTIME_DIR", &term.runtime)
        .env("HOME", dir)
        .current_dir(dir)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .process_group(0)
        .spawn()
        .expect("the hook starts");
    child
        .stdin
        .take()
        .expect("stdin is piped")
        .write_all(input.to_string().as_bytes())
        .expect("the input is written");
    child
}

/// Waits (at most twenty seconds) for the hook to end.
fn finish(child: Child) -> Output {
    let (sent, received) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sent.send(child.wait_with_output());
    });
    received
        .recv_timeout(Duration::from_secs(20))
        .expect("the hook ends in time")
        .expect("the hook's output")
}

/// The `hookSpecificOutput` the hook printed, after checking it exited 0 with one line.
fn decision(output: &Output) -> Value {
    let stdout = String::from_utf8_lossy(&output.stdout);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "stderr: {stderr}");
    assert_eq!(stdout.lines().count(), 1, "{stdout}\nstderr: {stderr}");
    let document: Value = serde_json::from_str(&stdout).expect("the output is JSON");
    assert_eq!(document.as_object().map(serde_json::Map::len), Some(1));
    let specific = document["hookSpecificOutput"].clone();
    assert_eq!(specific["hookEventName"], json!("PreToolUse"));
    specific
}

/// The inbox open in a fresh terminal, and the hook asking it `keep`'s questions; `None`
/// without tmux.
fn asking(keep: &[usize]) -> Option<(Terminal, Child, Value)> {
    let term = Terminal::start()?;
    term.open_inbox();
    let input = hook_input(keep, term.term.tmux.dir.path());
    let hook = start_hook(&term, &input);
    let first = input["tool_input"]["questions"][0]["question"]
        .as_str()
        .expect("a question")
        .to_owned();
    term.wait_for_form("the form", |screen| screen.contains(&first));
    Some((term, hook, input))
}

/// Submits the form from the review it reached; the `hookSpecificOutput` the hook printed.
fn submitted(term: &Terminal, hook: Child) -> Value {
    term.wait_for("the review", |screen| {
        screen.contains("Review your answers")
    });
    term.keys(&["Enter"]);
    decision(&finish(hook))
}

/// Checks an allowed call hands the questions back as given; its `updatedInput.answers`.
fn allowed(specific: &Value, input: &Value) -> Value {
    assert_eq!(specific["permissionDecision"], json!("allow"));
    assert_eq!(
        specific["updatedInput"]["questions"],
        input["tool_input"]["questions"]
    );
    specific["updatedInput"]["answers"].clone()
}

#[test]
fn a_single_choice_picked_in_the_inbox_is_the_answer() {
    let Some((term, hook, input)) = asking(&[0]) else {
        return;
    };
    term.keys(&["Down", "Enter"]);
    let specific = submitted(&term, hook);
    assert_eq!(allowed(&specific, &input), json!({AUTH: "Session cookies"}));
    assert_eq!(specific.get("additionalContext"), None);
    term.wait_for("the idle screen", |screen| screen.contains(IDLE));
}

#[test]
fn a_multi_choice_joins_the_picks_in_the_order_they_were_made() {
    let Some((term, hook, input)) = asking(&[1]) else {
        return;
    };
    term.keys(&["Down", "Down", "Space"]);
    term.wait_for("read:org picked", |screen| screen.contains("[x] read:org"));
    term.keys(&["Up", "Up", "Space"]);
    term.wait_for("repo picked", |screen| screen.contains("[x] repo"));
    term.keys(&["Enter"]);
    let specific = submitted(&term, hook);
    assert_eq!(
        allowed(&specific, &input),
        json!({SCOPES: "read:org, repo"})
    );
}

#[test]
fn text_written_with_type_your_own_is_the_answer() {
    let Some((term, hook, input)) = asking(&[0, 1]) else {
        return;
    };
    term.keys(&["Down", "Down", "Enter"]);
    term.term.tmux.text("Passkeys, then OAuth");
    term.wait_for("the text", |screen| screen.contains("Passkeys, then OAuth"));
    term.keys(&["Enter"]);
    term.wait_for("the second question", |screen| screen.contains(SCOPES));
    term.keys(&["Space", "Enter"]);
    let specific = submitted(&term, hook);
    assert_eq!(
        allowed(&specific, &input),
        json!({AUTH: "Passkeys, then OAuth", SCOPES: "repo"})
    );
}

#[test]
fn the_hooks_form_takes_no_images_since_claude_codes_answers_are_text() {
    let Some(term) = Terminal::start() else {
        return;
    };
    // The inbox's clipboard holds an image, served as `wl-paste` serves one.
    let dir = term.term.tmux.dir.path();
    std::fs::create_dir_all(dir.join("bin")).expect("bin/ is created");
    std::fs::write(dir.join("shot.png"), SHOT).expect("the image is written");
    let wl_paste = dir.join("bin/wl-paste");
    std::fs::write(
        &wl_paste,
        "#!/bin/sh\ncat \"$(dirname \"$0\")/../shot.png\"\n",
    )
    .expect("the stand-in is written");
    std::fs::set_permissions(&wl_paste, std::fs::Permissions::from_mode(0o755))
        .expect("the stand-in is executable");
    term.term
        .tmux
        .type_line("export PATH=\"$PWD/bin:$PATH\" WAYLAND_DISPLAY=wayland-test; unset DISPLAY");
    term.open_inbox();
    let input = hook_input(&[0], dir);
    let hook = start_hook(&term, &input);
    term.wait_for_form("the form", |screen| screen.contains(AUTH));
    term.keys(&["Down", "Down", "Enter"]);
    term.term.tmux.text("like this");
    term.wait_for("the text", |screen| screen.contains("like this"));
    term.keys(&["C-v"]);
    term.wait_for("the notice", |screen| {
        screen.contains("This form takes no images: its answers reach the agent as text.")
    });
    term.term.tmux.text(" and that");
    let screen = term.wait_for("the text typed after ctrl+v", |screen| {
        screen.contains("like this and that")
    });
    assert!(!screen.contains("[image"), "{screen}");
    assert!(!screen.contains("image"), "no image hint: {screen}");
    term.keys(&["Enter"]);
    let specific = submitted(&term, hook);
    assert_eq!(
        allowed(&specific, &input),
        json!({AUTH: "like this and that"})
    );
    assert_eq!(specific.get("additionalContext"), None);
}

#[test]
fn notes_written_in_the_inbox_reach_additional_context() {
    let Some((term, hook, input)) = asking(&[0]) else {
        return;
    };
    term.keys(&["n"]);
    term.term.tmux.text("the GitHub app");
    term.wait_for("the option note", |screen| {
        screen.contains("the GitHub app")
    });
    term.keys(&["Enter", "N"]);
    term.wait_for("the question note editor", |screen| {
        screen.contains("Write a note on this question")
    });
    term.term.tmux.text("until SSO lands");
    term.wait_for("the question note", |screen| {
        screen.contains("until SSO lands")
    });
    term.keys(&["Enter", "Enter"]);
    let specific = submitted(&term, hook);
    assert_eq!(allowed(&specific, &input), json!({AUTH: "OAuth"}));
    assert_eq!(
        specific["additionalContext"],
        json!(format!(
            "Note on question \"{AUTH}\": until SSO lands\n\
             Note on option \"OAuth\" of question \"{AUTH}\": the GitHub app"
        ))
    );
}

#[test]
fn cancelling_the_form_in_the_inbox_denies_the_call() {
    let Some((term, hook, _)) = asking(&[0]) else {
        return;
    };
    term.keys(&["Escape"]);
    let specific = decision(&finish(hook));
    assert_eq!(
        specific,
        json!({
            "hookEventName": "PreToolUse",
            "permissionDecision": "deny",
            "permissionDecisionReason": "User cancelled the question."
        })
    );
    term.wait_for("the idle screen", |screen| screen.contains(IDLE));
}

#[test]
fn a_terminated_hook_prints_nothing_and_its_form_leaves_the_inbox() {
    let Some((term, hook, _)) = asking(&[0]) else {
        return;
    };
    term.keys(&["Down", "Down", "Enter"]);
    term.term.tmux.text("half a thought");
    term.wait_for("the text", |screen| screen.contains("half a thought"));
    let killed = Command::new("kill")
        .args(["-TERM", &hook.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let output = finish(hook);
    assert_eq!(output.status.code(), Some(143));
    assert!(output.stdout.is_empty(), "{:?}", output.stdout);
    term.wait_for("the idle screen", |screen| screen.contains(IDLE));
}

#[test]
fn the_same_questions_asked_again_after_the_hook_was_ended_open_as_they_were_left() {
    let Some((term, hook, input)) = asking(&[0]) else {
        return;
    };
    term.keys(&["Down", "Down", "Enter"]);
    term.term.tmux.text("half a thought");
    term.wait_for("the text", |screen| screen.contains("half a thought"));
    // Claude Code's interrupt or its hook timeout ends the hook; the model asks again.
    support::send_signal(hook.id(), "TERM");
    assert_eq!(finish(hook).status.code(), Some(143));
    term.wait_for("the idle screen", |screen| screen.contains(IDLE));
    let mut again = input.clone();
    again["tool_use_id"] = json!("toolu_asked_again");
    let hook = start_hook(&term, &again);
    term.wait_for_form("the form as it was left", |screen| {
        screen.contains("half a thought")
    });
    term.keys(&["Enter"]);
    let specific = submitted(&term, hook);
    assert_eq!(allowed(&specific, &input), json!({AUTH: "half a thought"}));
}

/// An inbox that ends while the form waits, killed without a word or closed (its window's
/// SIGHUP, a SIGTERM), leaves the call to Claude Code's own dialog: nobody cancelled.
#[rstest]
#[case::killed("KILL", "the inbox went away without an answer")]
#[case::its_window_closed("HUP", "the inbox closed before the question was answered")]
#[case::terminated("TERM", "the inbox closed before the question was answered")]
fn an_inbox_ended_under_a_form_leaves_the_call_to_claude_code_not_cancelled(
    #[case] signal: &str,
    #[case] why: &str,
) {
    let Some((term, hook, _)) = asking(&[0, 1]) else {
        return;
    };
    term.keys(&["Enter"]);
    term.wait_for_form("the second question", |screen| screen.contains(SCOPES));
    let killed = Command::new("kill")
        .args([&format!("-{signal}"), &term.inbox_pid()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    let output = finish(hook);
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert_eq!(output.status.code(), Some(0), "{stderr}");
    assert!(
        output.stdout.is_empty(),
        "nobody cancelled: {}",
        String::from_utf8_lossy(&output.stdout)
    );
    assert!(
        stderr.contains(&format!("{why}; the call is left to Claude Code")),
        "{stderr}"
    );
    assert_eq!(stderr.lines().count(), 1, "one line says why: {stderr}");
}

#[test]
fn with_no_inbox_listening_and_no_popup_host_the_hook_prints_nothing() {
    let Some(term) = Terminal::start() else {
        return;
    };
    let input = hook_input(&[0, 1], term.term.tmux.dir.path());
    let output = finish(start_hook(&term, &input));
    assert_eq!(output.status.code(), Some(0));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(
        stderr.contains("no inbox named \"default\" is listening and no popup can open"),
        "{stderr}"
    );
}
