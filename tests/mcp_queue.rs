//! Runs `tests/mcp_queue.py`, a client written with the official Python MCP SDK, against the
//! real `pi-agent-ask mcp --ui auto [--session FILE]` while a real `pi-agent-ask inbox` listens in
//! a tmux pane: background calls are answered with receipts, their forms open in the inbox one
//! at a time in the order queued and are answered by keys sent to the pane, `wait_for_answers`
//! returns every answer once (an aborted wait takes none), and a restarted server asks the
//! unanswered form again and delivers the answer given before the restart, even after a SIGKILL,
//! from a named session file or the state folder's journal. Without a surface a
//! background call keeps the no-UI result. Both programs share a private `XDG_RUNTIME_DIR`, so
//! no real inbox is met.
//!
//! The SDK lives in the repository's virtual environment, `.venv/` (see `tests/mcp_client.rs`).
//! A machine without `python3` or without tmux skips the test.

mod support;

use std::path::Path;
use std::process::Command;

use support::inbox::Terminal;
use support::python_sdk::sdk_python;

#[test]
fn background_forms_are_asked_in_turn_in_the_inbox_and_their_answers_outlive_a_restart() {
    let Some(python) = sdk_python() else {
        eprintln!("skipped: python3 is not installed, so tests/mcp_queue.py cannot run");
        return;
    };
    let Some(term) = Terminal::start() else {
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    term.open_inbox();
    let output = Command::new(&python)
        .arg(root.join("tests/mcp_queue.py"))
        .env(
            "CARGO_BIN_EXE_pi-agent-ask",
            env!("CARGO_BIN_EXE_pi-agent-ask"),
        )
        .env("MCP_INBOX_TMUX", term.term.tmux.socket())
        .env("MCP_INBOX_RUNTIME", &term.runtime)
        .env("MCP_INBOX_DIR", term.term.tmux.dir.path())
        .output()
        .expect("the virtual environment's python runs the client");
    print!("{}", String::from_utf8_lossy(&output.stdout));
    assert!(
        output.status.success(),
        "tests/mcp_queue.py failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
