//! `ask --ui popup` in tmux with a client attached on a pseudo-terminal the test drives: the
//! form opens in a popup over the pane the program runs in, keys typed into the client answer
//! it once the typing that went on as it opened has paused, the result comes out on the caller's standard output, and the popup closes when the
//! caller is signalled; where no popup can open, the caller says why and answers without a UI
//! at once. Skipped, with a message, where tmux or python3 is not installed.

#![cfg(unix)]

#[path = "popup_terminal/after_answer.rs"]
mod after_answer;
#[path = "popup_terminal/falls_back.rs"]
mod falls_back;
#[path = "popup_terminal/queue.rs"]
mod queue;
mod support;

use std::process::Command;
use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::asking::{Asking, read_result};
use support::client::Client;

const PROMPT: &str = "Which database should the service use?";

fn arguments() -> Value {
    json!({"questions": [{
        "id": "db", "label": "Database", "prompt": PROMPT,
        "options": [
            {"value": "postgres", "label": "Postgres"},
            {"value": "sqlite", "label": "SQLite"}
        ]
    }]})
}

/// A 100×30 terminal with the arguments written and, unless `attached` is false, a client
/// attached; `None` without tmux or python3.
fn start(attached: bool) -> Option<(Asking, Option<Client>)> {
    let term = Asking::start(100, 30)?;
    term.write_arguments("arguments.json", &arguments());
    if !attached {
        return Some((term, None));
    }
    let client = Client::attach(&term.tmux, 100, 30)?;
    Some((term, Some(client)))
}

/// [`start`] with a client attached, then `ask --ui popup` launched and its popup shown.
fn popup_asked() -> Option<(Asking, Client)> {
    let (term, client) = start(true)?;
    let client = client?;
    term.launch_recorded("", "ask arguments.json --ui popup");
    wait_for_the_popup(&term, &client);
    Some((term, client))
}

/// The folders in `run/`, the asker's runtime folder.
fn private_folders(term: &Asking) -> Vec<std::path::PathBuf> {
    std::fs::read_dir(term.tmux.path("run"))
        .expect("the runtime folder reads")
        .map(|entry| entry.expect("an entry").path())
        .collect()
}

/// The permission bits of `path`.
fn mode(path: &std::path::Path) -> u32 {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::metadata(path)
        .expect("it exists")
        .permissions()
        .mode()
        & 0o777
}

fn stderr(term: &Asking) -> String {
    std::fs::read_to_string(term.tmux.path("stderr.txt")).unwrap_or_default()
}

/// Waits for the popup to show the question on the client, and checks that the pane itself
/// does not: the form is drawn over it.
fn wait_for_the_popup(term: &Asking, client: &Client) -> String {
    let screen = client.wait_for_form("the popup's question", |screen| screen.contains(PROMPT));
    let border = screen
        .lines()
        .find(|line| line.contains("┌─ pi-agent-ask ─"))
        .unwrap_or_else(|| panic!("no popup titled pi-agent-ask:\n{screen}"));
    let width = border.trim().chars().count();
    assert_eq!(
        width, 90,
        "the popup is not 90% of the client's 100 columns:\n{screen}"
    );
    assert!(
        !term.tmux.screen().contains(PROMPT),
        "the form was drawn in the pane, not a popup:\n{}",
        term.tmux.screen()
    );
    screen
}

#[test]
fn a_popup_over_the_pane_is_answered_with_keys_typed_into_the_client() {
    let Some((term, mut client)) = popup_asked() else {
        return;
    };
    let folders = private_folders(&term);
    assert_eq!(folders.len(), 1, "{folders:?}");
    assert_eq!(mode(&folders[0]), 0o700);
    assert_eq!(mode(&folders[0].join("call.json")), 0o600);
    submit_sqlite(&mut client);

    let (document, exit) = term.finish();
    assert_eq!(exit, 0, "stderr: {}", stderr(&term));
    let (text, details) = read_result(document);
    assert_eq!(text, "Database: SQLite\nRequest ID: <request-id>");
    assert_eq!(details["cancelled"], json!(false));
    assert_eq!(
        details["answers"],
        json!({"db": {"values": ["sqlite"], "labels": ["SQLite"], "indices": [2]}})
    );
    client.wait_for("the popup to close", |screen| !screen.contains(PROMPT));
    assert_eq!(stderr(&term), "");
    assert_eq!(private_folders(&term), Vec::<std::path::PathBuf>::new());
}

#[test]
fn keys_typed_on_as_the_popup_opens_do_not_answer_it() {
    let Some((term, Some(mut client))) = start(true) else {
        return;
    };
    term.launch_recorded("", "ask arguments.json --ui popup");
    client.wait_for("the popup's question", |screen| screen.contains(PROMPT));
    // A person who was typing to the agent types on for a moment: down, enter, four times.
    for _ in 0..4 {
        client.type_bytes(b"\x1b[B\r");
        std::thread::sleep(Duration::from_millis(100));
    }
    let screen = client.wait_for("why the keys do nothing", |screen| {
        screen.contains("Keys typed as this question opened are ignored until your typing pauses")
    });
    assert!(
        screen.contains("› 1. ( ) Postgres") && !screen.contains("Review your answers"),
        "the keys typed on moved the form:\n{screen}"
    );
    support::let_it_settle();
    let highlighted = submit_sqlite(&mut client);
    assert!(!highlighted.contains("Keys typed as"), "{highlighted}");
    let (document, exit) = term.finish();
    assert_eq!(exit, 0, "stderr: {}", stderr(&term));
    assert_eq!(
        read_result(document).1["answers"]["db"]["values"],
        json!(["sqlite"])
    );
}

#[test]
fn sigterm_to_the_asker_closes_the_popup_and_prints_the_cancelled_result_with_the_answers_so_far() {
    let Some((term, mut client)) = popup_asked() else {
        return;
    };
    // An option's note rides in the drafts the popup hands back, keyed by the option's index.
    client.type_bytes(b"n");
    client.wait_for("the note editor", |screen| screen.contains("save note"));
    client.type_bytes(b"if managed\r");
    client.wait_for("the note saved", |screen| !screen.contains("save note"));
    client.type_bytes(b"\r");
    client.wait_for("the summary", |screen| {
        screen.contains("Review your answers")
    });
    let sent = Command::new("kill")
        .args(["-s", "TERM", &term.recorded_pid().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    client.wait_for("the popup to close", |screen| !screen.contains(PROMPT));

    let (document, exit) = term.finish();
    assert_eq!(exit, 143, "stderr: {}", stderr(&term));
    assert_eq!(private_folders(&term), Vec::<std::path::PathBuf>::new());
    let (text, details) = read_result(document);
    assert!(text.starts_with("User cancelled the ask flow"), "{text}");
    assert_eq!(details["cancelled"], json!(true));
    assert_eq!(
        details["answers"],
        json!({"db": {"values": ["postgres"], "labels": ["Postgres"], "indices": [1],
                      "optionNotes": {"postgres": "if managed"}}})
    );
}

#[test]
fn a_popup_closed_from_outside_keeps_the_answers_so_far() {
    let Some((term, mut client)) = popup_asked() else {
        return;
    };
    client.type_bytes(b"\r");
    client.wait_for("the summary", |screen| {
        screen.contains("Review your answers")
    });
    // tmux ends the popup's program with SIGTERM, then SIGHUP as its terminal closes: the
    // second must not kill it while it writes the result the first asked for.
    let name = term.tmux.run(&["list-clients", "-F", "#{client_name}"]);
    term.tmux.run(&["display-popup", "-C", "-c", name.trim()]);
    client.wait_for("the popup to close", |screen| !screen.contains(PROMPT));

    let (document, exit) = term.finish();
    assert!(
        [129, 143].contains(&exit),
        "exit {exit}, stderr: {}",
        stderr(&term)
    );
    let (_, details) = read_result(document);
    assert_eq!(
        details["answers"],
        json!({"db": {"values": ["postgres"], "labels": ["Postgres"], "indices": [1]}})
    );
}

#[test]
fn a_killed_asker_still_closes_its_popup() {
    let Some((term, client)) = popup_asked() else {
        return;
    };
    let sent = Command::new("kill")
        .args(["-s", "KILL", &term.recorded_pid().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    client.wait_for("the popup to close", |screen| !screen.contains(PROMPT));
    let screen = term
        .tmux
        .wait_for("the exit status", |screen| screen.contains("exit=137"));
    assert!(!screen.contains(PROMPT), "{screen}");
    assert_eq!(
        private_folders_once_removed(&term),
        Vec::<std::path::PathBuf>::new()
    );
}

/// The private folders left once the popup's program, whose caller was killed, has had time to
/// remove its own: it does so after its form restored the terminal, so the popup's screen may
/// close a moment before the folder goes. Waits at most five seconds.
fn private_folders_once_removed(term: &Asking) -> Vec<std::path::PathBuf> {
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let folders = private_folders(term);
        if folders.is_empty() || Instant::now() >= deadline {
            return folders;
        }
        std::thread::sleep(Duration::from_millis(20));
    }
}

/// What a read of `/proc` gave: on Linux it must have worked; elsewhere there may be no
/// `/proc` to read, and the check it serves is skipped.
fn on_linux<T>(read: std::io::Result<T>) -> Option<T> {
    cfg!(target_os = "linux").then(|| read.expect("/proc reads on Linux"))
}

/// Picks `SQLite` and submits the form with keys typed into the client; the screen that showed
/// `SQLite` highlighted.
fn submit_sqlite(client: &mut Client) -> String {
    let highlighted = sqlite_to_the_review(client);
    client.type_bytes(b"\r");
    highlighted
}

/// Picks the second option in the popup's form and waits for the review; the screen with it
/// highlighted.
fn sqlite_to_the_review(client: &mut Client) -> String {
    client.type_bytes(b"\x1b[B");
    let highlighted = client.wait_for("SQLite highlighted", |screen| {
        screen.contains("› 2. ( ) SQLite")
    });
    client.type_bytes(b"\r");
    client.wait_for_the_review();
    highlighted
}

/// Dismisses the popup's form with `esc` and checks the asker printed the cancelled result.
fn dismiss(term: &Asking, client: &mut Client) {
    client.type_bytes(b"\x1b");
    client.wait_for("the popup to close", |screen| !screen.contains(PROMPT));
    let (document, exit) = term.finish();
    assert_eq!(exit, 0, "stderr: {}", stderr(term));
    let (text, _) = read_result(document);
    assert!(text.starts_with("User cancelled the ask flow"), "{text}");
}

#[test]
fn the_popup_program_gets_the_callers_no_color_whatever_it_ends_with() {
    let Some((term, Some(mut client))) = start(true) else {
        return;
    };
    term.launch_recorded("NO_COLOR='yes;'", "ask arguments.json --ui popup");
    wait_for_the_popup(&term, &client);
    let program = term.popup_program();
    if let Some(environ) = on_linux(std::fs::read(format!("/proc/{program}/environ"))) {
        let vars: Vec<&[u8]> = environ.split(|&byte| byte == 0).collect();
        assert!(vars.contains(&&b"NO_COLOR=yes;"[..]), "{vars:?}");
        assert!(vars.contains(&&b"PI_AGENT_ASK_POPUP=1"[..]), "{vars:?}");
    }
    dismiss(&term, &mut client);
}

#[test]
fn auto_away_from_a_person_asks_tmux_once_and_opens_the_popup() {
    let Some((term, Some(mut client))) = start(true) else {
        return;
    };
    term.note_tmux_runs();
    term.launch_recorded(
        "PATH=\"$PWD/bin:$PATH\"",
        "ask arguments.json --ui auto < /dev/null",
    );
    wait_for_the_popup(&term, &client);
    dismiss(&term, &mut client);
    assert_eq!(
        term.tmux_commands(),
        ["list-clients", "display-popup"],
        "the host auto found is the one the popup opens in"
    );
}

#[test]
fn a_popup_starts_in_the_panes_directory_whatever_its_name_holds() {
    let Some((term, Some(mut client))) = start(true) else {
        return;
    };
    let folder = term.tmux.path("a#{pane_id}b; c");
    std::fs::create_dir_all(&folder).expect("a folder");
    std::fs::create_dir_all(term.tmux.path("run")).expect("a runtime folder");
    term.tmux.type_line(&format!(
        "clear; cd 'a#{{pane_id}}b; c' && HOME=\"$PWD/..\" XDG_RUNTIME_DIR=\"$PWD/../run\" {} \
         ask ../arguments.json --ui popup --config ../settings.json > ../result.json \
         2> ../stderr.txt; echo \"exit=$?\"; cd ..",
        env!("CARGO_BIN_EXE_pi-agent-ask"),
    ));
    wait_for_the_popup(&term, &client);
    let program = term.popup_program();
    if let Some(cwd) = on_linux(std::fs::read_link(format!("/proc/{program}/cwd"))) {
        let expected = folder.canonicalize().expect("the folder");
        assert_eq!(cwd, expected, "tmux read the folder's name as a format");
    }
    dismiss(&term, &mut client);
}

#[test]
fn a_popup_starts_in_the_panes_directory_and_its_killed_program_gives_the_cancelled_result() {
    let Some((term, client)) = popup_asked() else {
        return;
    };
    let program = term.popup_program();
    if let Some(cwd) = on_linux(std::fs::read_link(format!("/proc/{program}/cwd"))) {
        let pane = term
            .tmux
            .dir
            .path()
            .canonicalize()
            .expect("the pane's folder");
        assert_eq!(cwd, pane, "the popup did not start in the pane's directory");
    }
    let sent = Command::new("kill")
        .args(["-s", "KILL", &program])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    client.wait_for("the popup to close", |screen| !screen.contains(PROMPT));

    let (document, exit) = term.finish();
    assert_eq!(exit, 1, "stderr: {}", stderr(&term));
    let (text, details) = read_result(document);
    assert!(text.starts_with("User cancelled the ask flow"), "{text}");
    assert_eq!(details["answers"], json!({}));
    assert!(
        stderr(&term).contains(
            "the popup went away before the form was answered (killed, crashed, or its \
             terminal went away): nobody cancelled it"
        ),
        "the person reading the run learns nobody cancelled: {}",
        stderr(&term)
    );
}
