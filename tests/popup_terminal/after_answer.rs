//! A popup and the popups beside it: one waits for another the client shows to close, and once
//! its form is answered it stays while the typing goes on, so keys meant for the form never
//! reach the pane under it.

use std::process::{Child, Command};
use std::time::{Duration, Instant};

use serde_json::json;

use super::{
    Asking, Client, PROMPT, popup_asked, read_result, sqlite_to_the_review, start, stderr,
    submit_sqlite, wait_for_the_popup,
};

#[test]
fn keys_typed_or_held_after_the_answer_never_reach_the_pane_under_the_popup() {
    let Some((term, mut client)) = popup_asked() else {
        return;
    };
    sqlite_to_the_review(&mut client);
    // The enter that submits, held down for two and a half seconds, then what a quick hand
    // types on, meant for the form.
    for _ in 0..50 {
        client.type_bytes(b"\r");
        std::thread::sleep(Duration::from_millis(50));
    }
    client.type_bytes(b"echo LEAKED-INTO-THE-PANE\r");
    client.wait_for("the popup saying the answer went", |screen| {
        screen.contains("Sent to the agent.")
    });
    let (document, exit) = term.finish();
    assert_eq!(exit, 0, "stderr: {}", stderr(&term));
    assert_eq!(
        read_result(document).1["answers"]["db"]["values"],
        json!(["sqlite"])
    );
    client.wait_for("the popup to close", |screen| !screen.contains(PROMPT));
    std::thread::sleep(Duration::from_millis(500));
    let pane = term.tmux.screen();
    assert!(
        !pane.contains("LEAKED-INTO-THE-PANE"),
        "the keys reached the pane:\n{pane}"
    );
}

/// Another program's popup on the attached client, showing `another` for `seconds`; the
/// `display-popup` command runs until it closes.
fn another_popup(term: &Asking, seconds: u32) -> Child {
    popup_running(term, &format!("echo another; sleep {seconds}"))
}

/// Submits the second option in the popup and checks the asker printed it and exited 0.
fn sqlite_submitted(term: &Asking, client: &mut Client) {
    submit_sqlite(client);
    let (document, exit) = term.finish();
    assert_eq!(exit, 0, "stderr: {}", stderr(term));
    assert_eq!(
        read_result(document).1["answers"]["db"]["values"],
        json!(["sqlite"])
    );
}

/// A popup on the attached client running the shell command `command`.
fn popup_running(term: &Asking, command: &str) -> Child {
    let name = term.tmux.run(&["list-clients", "-F", "#{client_name}"]);
    let socket = term.tmux.run(&["display-message", "-p", "#{socket_path}"]);
    Command::new("tmux")
        .args(["-S", socket.trim(), "display-popup", "-c", name.trim()])
        .args(["-w", "40", "-h", "8", "-E"])
        .arg(command)
        .spawn()
        .expect("tmux runs")
}

#[test]
fn a_popup_waits_for_another_the_client_shows_and_opens_once_it_closes() {
    let Some((term, Some(mut client))) = start(true) else {
        return;
    };
    let mut other = another_popup(&term, 3);
    client.wait_for("the other popup", |screen| screen.contains("another"));
    term.launch_recorded("", "ask arguments.json --ui popup");
    client.wait_for("the other popup to close", |screen| {
        !screen.contains("another")
    });
    wait_for_the_popup(&term, &client);
    sqlite_submitted(&term, &mut client);
    assert!(
        stderr(&term).contains("tmux shows another popup; this one opens once it closes"),
        "{}",
        stderr(&term)
    );
    let _ = other.wait();
}

#[test]
fn a_popup_waiting_for_another_tries_seldom_and_opens_as_soon_as_one_of_ours_closes() {
    let Some((term, Some(mut client))) = start(true) else {
        return;
    };
    // The other popup stands for one of this program's: as it closes, its hand-off folder
    // leaves the runtime folder.
    let run = term.tmux.path("run");
    let handed_off = run.join("pi-agent-ask-popup-other");
    let stop = term.tmux.path("stop-the-other");
    std::fs::create_dir_all(&handed_off).expect("a hand-off folder");
    let mut other = popup_running(
        &term,
        &format!(
            "echo another; while [ ! -e '{stop}' ]; do sleep 0.05; done; rmdir '{}'",
            handed_off.display(),
            stop = stop.display()
        ),
    );
    client.wait_for("the other popup", |screen| screen.contains("another"));
    term.note_tmux_runs();
    term.launch_recorded(
        "PATH=\"$PWD/bin:$PATH\"",
        "ask arguments.json --ui popup < /dev/null",
    );
    term.tmux.wait_for("the asker waiting", |_| {
        stderr(&term).contains("this one opens once it closes")
    });
    std::thread::sleep(Duration::from_secs(4));
    let before = term.tmux_commands().len();
    std::thread::sleep(Duration::from_secs(5));
    let tried = term.tmux_commands().len() - before;
    assert!(
        tried <= 2,
        "tmux ran {tried} times in 5 s while the other popup showed"
    );
    // Closed about 9 s into the wait, midway between two tries (the pauses double from a
    // quarter of a second to 5 s): only the hand-off folder's leaving opens this one at once.
    std::fs::write(&stop, "").expect("the stop file");
    client.wait_for("the other popup to close", |screen| {
        !screen.contains("another")
    });
    let closed = Instant::now();
    wait_for_the_popup(&term, &client);
    assert!(
        closed.elapsed() < Duration::from_secs(2),
        "the popup opened {:?} after the other closed",
        closed.elapsed()
    );
    sqlite_submitted(&term, &mut client);
    let _ = other.wait();
}

#[test]
fn a_form_ended_from_outside_closes_its_popup_at_once_while_the_typing_goes_on() {
    let Some((term, mut client)) = popup_asked() else {
        return;
    };
    let sent = Command::new("kill")
        .args(["-s", "TERM", &term.recorded_pid().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    // The person types on (spaces: one the pane echoes leaves its `exit=` line readable); the
    // popup does not wait for them.
    let mut closed_while_typing = false;
    for _ in 0..40 {
        client.type_bytes(b" ");
        std::thread::sleep(Duration::from_millis(50));
        let screen = client.screen();
        assert!(!screen.contains("Sent to the agent."), "{screen}");
        if !screen.contains(PROMPT) {
            closed_while_typing = true;
            break;
        }
    }
    assert!(
        closed_while_typing,
        "the popup stayed while the typing went on"
    );
    let (_, exit) = term.finish();
    assert_eq!(exit, 143, "stderr: {}", stderr(&term));
}

#[test]
fn a_popup_waiting_for_another_ends_its_wait_when_the_client_goes_away() {
    let Some((term, Some(client))) = start(true) else {
        return;
    };
    let mut other = another_popup(&term, 30);
    client.wait_for("the other popup", |screen| screen.contains("another"));
    term.launch_recorded("", "ask arguments.json --ui popup");
    term.tmux.wait_for("the asker waiting", |_| {
        stderr(&term).contains("this one opens once it closes")
    });
    term.tmux.run(&["detach-client", "-a"]);
    term.tmux.run(&["detach-client", "-s", "main"]);
    let (document, exit) = term.finish();
    assert_eq!(exit, 0, "stderr: {}", stderr(&term));
    let (text, _) = read_result(document);
    assert!(text.starts_with("Needs user input"), "{text}");
    let _ = other.kill();
    let _ = other.wait();
}

#[test]
fn a_signal_after_the_answer_changes_neither_the_result_nor_the_status() {
    let Some((term, mut client)) = popup_asked() else {
        return;
    };
    submit_sqlite(&mut client);
    client.wait_for("the popup saying the answer went", |screen| {
        screen.contains("Sent to the agent.")
    });
    // A key keeps the popup for half a second more, for the signal to come while it shows.
    client.type_bytes(b" ");
    let sent = Command::new("kill")
        .args(["-s", "TERM", &term.recorded_pid().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
    let (document, exit) = term.finish();
    assert_eq!(exit, 0, "stderr: {}", stderr(&term));
    let (_, details) = read_result(document);
    assert_eq!(details["cancelled"], json!(false));
    assert_eq!(details["answers"]["db"]["values"], json!(["sqlite"]));
}

#[test]
fn a_popup_whose_client_detaches_keeps_what_was_typed_and_says_nobody_cancelled() {
    let Some((term, mut client)) = popup_asked() else {
        return;
    };
    client.type_bytes(b"\x1b[A");
    client.type_bytes(b"\r");
    client.wait_for("the written answer's editor", |screen| screen.contains("│"));
    client.type_bytes(b"half typed");
    client.wait_for("the text typed", |screen| screen.contains("half typed"));
    std::thread::sleep(Duration::from_millis(200));
    term.tmux.run(&["detach-client", "-s", "main"]);
    let (document, exit) = term.finish();
    // tmux closes a detached client's popup by ending its job (SIGTERM) and closing its
    // terminal (SIGHUP): the program ends on whichever comes first, and says so as 128 + n.
    assert!(
        [129, 143].contains(&exit),
        "exit {exit}, stderr: {}",
        stderr(&term)
    );
    let (text, details) = read_result(document);
    assert!(text.starts_with("User cancelled the ask flow"), "{text}");
    assert_eq!(
        details["answers"]["db"]["customText"],
        json!("half typed"),
        "{details}"
    );
    assert!(
        stderr(&term).contains("nobody cancelled it"),
        "the person reading the run learns nobody cancelled: {}",
        stderr(&term)
    );
}
