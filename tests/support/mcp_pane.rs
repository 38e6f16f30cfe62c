//! `pi-agent-ask mcp` in a tmux pane, spoken to as a client without form elicitation would:
//! the requests are lines of `requests.jsonl`, which `tail -f` keeps feeding (so the input stays
//! open while a popup waits, and requests appended later arrive), and the replies are lines of
//! `replies.jsonl`. The server's runtime folder is the private `run/`, so it meets no real inbox.

use std::io::Write as _;
use std::time::{Duration, Instant};

use serde_json::{Value, json};

use super::asking::Asking;

/// Messages as JSON lines.
pub fn lines(messages: &[Value]) -> String {
    messages.iter().fold(String::new(), |mut lines, line| {
        lines.push_str(&line.to_string());
        lines.push('\n');
        lines
    })
}

/// The handshake of a client that declared no form elicitation, then `tools/call` of `ask_user`
/// with `arguments` as request 2.
pub fn handshake_and_call(arguments: &Value) -> String {
    lines(&[
        json!({"jsonrpc": "2.0", "id": 1, "method": "initialize", "params": {
            "protocolVersion": "2025-06-18", "capabilities": {},
            "clientInfo": {"name": "raw", "version": "1"}}}),
        json!({"jsonrpc": "2.0", "method": "notifications/initialized"}),
        json!({"jsonrpc": "2.0", "id": 2, "method": "tools/call",
            "params": {"name": "ask_user", "arguments": arguments}}),
    ])
}

/// Starts the server in the pane of `term` on the request lines `requests`.
pub fn serve(term: &Asking, requests: &str) {
    serve_with(term, requests, "");
}

/// [`serve`] with more arguments for the server, as the shell reads them.
pub fn serve_with(term: &Asking, requests: &str, arguments: &str) {
    std::fs::create_dir_all(term.tmux.path("run")).expect("a runtime folder");
    std::fs::write(term.tmux.path("requests.jsonl"), requests).expect("the requests");
    let _ = std::fs::remove_file(term.tmux.path("replies.jsonl"));
    term.tmux.type_line(&format!(
        "clear; tail -n +1 -f requests.jsonl | HOME=\"$PWD\" XDG_RUNTIME_DIR=\"$PWD/run\" {} \
         mcp --config \"$PWD/settings.json\" {arguments} > replies.jsonl 2> stderr.txt",
        env!("CARGO_BIN_EXE_pi-agent-ask"),
    ));
}

/// Ends the server's input, as a client that goes away does: the `tail` that feeds it stops.
pub fn end_input(term: &Asking) {
    let shell = term.tmux.pane_var("pane_pid");
    std::process::Command::new("pkill")
        .args(["-s", &shell, "-x", "tail"])
        .status()
        .expect("pkill runs");
}

/// Sends one more request to the running server.
pub fn send(term: &Asking, request: &Value) {
    std::fs::OpenOptions::new()
        .append(true)
        .open(term.tmux.path("requests.jsonl"))
        .and_then(|mut file| file.write_all(lines(std::slice::from_ref(request)).as_bytes()))
        .expect("the request is appended");
}

/// Waits (at most twenty seconds) for the server's reply to request `id`.
pub fn reply(term: &Asking, id: u64) -> Value {
    let path = term.tmux.path("replies.jsonl");
    let deadline = Instant::now() + Duration::from_secs(20);
    loop {
        let text = std::fs::read_to_string(&path).unwrap_or_default();
        let found = text
            .lines()
            .filter_map(|line| serde_json::from_str::<Value>(line).ok())
            .find(|message| message["id"] == json!(id));
        if let Some(found) = found {
            return found;
        }
        assert!(
            Instant::now() < deadline,
            "no reply to request {id}:\n{text}\nstderr:\n{}",
            std::fs::read_to_string(term.tmux.path("stderr.txt")).unwrap_or_default()
        );
        std::thread::sleep(Duration::from_millis(20));
    }
}
