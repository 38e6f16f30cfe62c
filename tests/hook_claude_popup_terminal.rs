//! `hook claude` asking in a tmux popup: no inbox listens, the hook runs in a tmux pane with a
//! client attached on a pseudo-terminal the test types into, its standard input the documented
//! hook input (`fixtures/hook/claude-input.json`) and its output a file; the form opens in a
//! popup over the pane, never in the pane itself. Skipped, with a message, where tmux or
//! python3 is not installed.

#![cfg(unix)]

mod support;

use std::path::PathBuf;
use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::asking::{Asking, exit_status};
use support::client::Client;

const AUTH: &str = "Which authentication should we use?";

/// A 100×30 terminal with a client attached and the hook input (its first question, asked in
/// the terminal's folder) written to `input.json`; `None` without tmux or python3.
fn start() -> Option<(Asking, Client)> {
    let (term, client) = support::client::attached(100, 30)?;
    let path = PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("fixtures/hook/claude-input.json");
    let mut input: Value =
        serde_json::from_str(&std::fs::read_to_string(path).expect("the fixture reads"))
            .expect("the fixture is JSON");
    input["tool_input"]["questions"] = json!([input["tool_input"]["questions"][0].clone()]);
    input["cwd"] = json!(term.tmux.dir.path().display().to_string());
    std::fs::write(term.tmux.path("input.json"), input.to_string()).expect("the input is written");
    Some((term, client))
}

/// Types the hook's command line into the pane, in an empty private runtime folder (so no
/// inbox listens), its process id into `hook.pid`, its `tmux` runs noted.
fn launch(term: &Asking) {
    std::fs::create_dir_all(term.tmux.path("run")).expect("a runtime folder");
    term.note_tmux_runs();
    term.tmux.type_line(&format!(
        "clear; PATH=\"$PWD/bin:$PATH\" HOME=\"$PWD\" XDG_RUNTIME_DIR=\"$PWD/run\" \
         sh -c 'echo $$ > hook.pid; exec \"$@\"' sh {} hook claude \
         --config \"$PWD/settings.json\" < input.json > result.json 2> stderr.txt; \
         echo \"exit=$?\"",
        env!("CARGO_BIN_EXE_pi-agent-ask"),
    ));
}

/// Waits for the popup to show the question, checking the pane itself does not.
fn wait_for_the_popup(term: &Asking, client: &Client) {
    let screen = client.wait_for_form("the popup's question", |screen| screen.contains(AUTH));
    assert!(screen.contains("┌─ pi-agent-ask ─"), "no popup:\n{screen}");
    assert!(
        !term.tmux.screen().contains(AUTH),
        "the form was drawn in the pane:\n{}",
        term.tmux.screen()
    );
}

/// Waits for the hook to end; what it printed and its exit status.
fn finish(term: &Asking) -> (String, i32) {
    let screen = term
        .tmux
        .wait_for("the exit status", |screen| exit_status(screen).is_some());
    let stdout = std::fs::read_to_string(term.result_path()).expect("result.json reads");
    (stdout, exit_status(&screen).expect("an exit status"))
}

fn stderr(term: &Asking) -> String {
    std::fs::read_to_string(term.tmux.path("stderr.txt")).unwrap_or_default()
}

#[test]
fn without_an_inbox_the_hook_asks_in_a_popup_and_prints_the_answer() {
    let Some((term, mut client)) = start() else {
        return;
    };
    launch(&term);
    wait_for_the_popup(&term, &client);
    client.type_bytes(b"\x1b[B");
    client.wait_for("Session cookies highlighted", |screen| {
        screen.contains("› 2. ( ) Session cookies")
    });
    client.type_bytes(b"\r");
    client.submit_from_the_review();
    let (stdout, exit) = finish(&term);
    assert_eq!(exit, 0, "stderr: {}", stderr(&term));
    let document: Value = serde_json::from_str(&stdout).expect("one JSON document");
    let specific = &document["hookSpecificOutput"];
    assert_eq!(specific["permissionDecision"], json!("allow"));
    assert_eq!(
        specific["updatedInput"]["answers"],
        json!({AUTH: "Session cookies"})
    );
    client.wait_for("the popup to close", |screen| !screen.contains(AUTH));
    assert_eq!(stderr(&term), "");
    assert_eq!(
        term.tmux_commands(),
        ["list-clients", "display-popup"],
        "the server is asked once, and the popup opened"
    );
}

#[test]
fn sigterm_to_the_hook_closes_the_popup_and_prints_nothing() {
    let Some((term, client)) = start() else {
        return;
    };
    launch(&term);
    wait_for_the_popup(&term, &client);
    let path = term.tmux.path("hook.pid");
    let deadline = Instant::now() + Duration::from_secs(10);
    let pid = loop {
        if let Some(pid) = std::fs::read_to_string(&path)
            .ok()
            .and_then(|text| text.trim().parse::<u32>().ok())
        {
            break pid;
        }
        assert!(Instant::now() < deadline, "the hook never started");
        std::thread::sleep(Duration::from_millis(20));
    };
    let sent = Command::new("kill")
        .args(["-s", "TERM", &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    client.wait_for("the popup to close", |screen| !screen.contains(AUTH));
    let (stdout, exit) = finish(&term);
    assert_eq!(exit, 143, "stderr: {}", stderr(&term));
    assert_eq!(stdout, "");
}
