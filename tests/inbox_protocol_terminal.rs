//! The inbox's wire protocol against a real inbox in a tmux pane: a client speaking the JSON
//! lines itself, as an MCP server or any other asker may. Skipped, with a message, where tmux
//! is not installed.

mod support;

use std::io::{BufRead as _, BufReader, Write as _};
use std::os::unix::net::UnixStream;

use serde_json::{Value, json};
use support::inbox::{IDLE, Terminal, connect_and_ask, values};

#[test]
fn an_asker_reconnecting_with_the_same_id_finds_the_form_as_it_was_left() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    let stream = connect_and_ask(&term, "retry-1", "Retried");
    term.wait_for_form("the form", |screen| screen.contains("· Retried"));
    assert!(term.label().starts_with("retrying-agent in /work/retry"));
    term.keys(&["Down", "Space"]);
    term.wait_for("SQLite chosen", |screen| screen.contains("(•) SQLite"));
    drop(stream);
    term.wait_for("the idle screen", |screen| screen.contains(IDLE));

    let stream = connect_and_ask(&term, "retry-1", "Retried");
    term.wait_for_form("the form again, as it was", |screen| {
        screen.contains("· Retried") && screen.contains("(•) SQLite")
    });
    term.keys(&["Tab", "Enter"]);
    let mut reply = String::new();
    BufReader::new(stream)
        .read_line(&mut reply)
        .expect("the reply is read");
    let reply: Value = serde_json::from_str(&reply).expect("one JSON line");
    assert_eq!(reply["v"], json!(1));
    assert_eq!(reply["type"], json!("result"));
    assert_eq!(reply["id"], json!("retry-1"));
    assert_eq!(reply["result"]["details"]["requestId"], json!("retry-1"));
    assert_eq!(values(&reply["result"]["details"]), &json!(["sqlite"]));
}

#[test]
fn a_line_the_inbox_cannot_take_gets_a_structured_error() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    let socket = term.runtime.join("pi-agent-ask").join("inbox-default.sock");
    let mut stream = UnixStream::connect(socket).expect("the inbox listens");
    stream
        .write_all(b"{\"v\":2,\"type\":\"ask\"}\nnot json\n")
        .expect("sent");
    let mut reader = BufReader::new(stream);
    for expected in [
        "protocol version 2 is not supported; this program speaks version 1",
        "the line is not a JSON object",
    ] {
        let mut line = String::new();
        reader.read_line(&mut line).expect("a reply");
        let reply: Value = serde_json::from_str(&line).expect("one JSON line");
        assert_eq!(reply, json!({"v": 1, "type": "error", "message": expected}));
    }
    assert!(term.term.tmux.screen().contains(IDLE));
}

#[test]
fn an_inbox_starts_again_over_the_socket_a_killed_one_left() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    let killed = std::process::Command::new("kill")
        .args(["-KILL", &term.inbox_pid()])
        .status()
        .expect("kill runs");
    assert!(killed.success());
    term.wait_for("the killed inbox's status", |screen| {
        screen.contains("inbox-exit=137")
    });
    let socket = term.runtime.join("pi-agent-ask").join("inbox-default.sock");
    assert!(socket.exists(), "a killed inbox cannot remove its socket");
    assert!(
        UnixStream::connect(&socket).is_err(),
        "nobody listens on it"
    );

    term.term.tmux.type_line("reset");
    // The killed inbox's idle screen stays up until the reset clears it: the new inbox's
    // idle screen is waited for only after that.
    term.wait_for("the screen reset", |screen| !screen.contains(IDLE));
    term.open_inbox();
    let stream = connect_and_ask(&term, "after-restart", "Restarted");
    term.wait_for("the form", |screen| screen.contains("· Restarted"));
    drop(stream);
    term.wait_for("the idle screen", |screen| screen.contains(IDLE));
}
