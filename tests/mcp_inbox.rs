//! Runs `tests/mcp_inbox.py`, a client written with the official Python MCP SDK without form
//! elicitation, against the real `pi-agent-ask mcp --ui auto` while a real `pi-agent-ask
//! inbox` listens in a tmux pane: a call is asked in the inbox and answered by keys sent to the
//! pane, in both protocol eras; a cancelled call's form leaves the inbox and the call gets no
//! result; progress is reported while the form waits; the end of the input and SIGTERM close
//! the form with the cancelled result. Both programs share a private `XDG_RUNTIME_DIR`, so no
//! real inbox is met.
//!
//! The SDK lives in the repository's virtual environment, `.venv/` (see `tests/mcp_client.rs`).
//! A machine without `python3` or without tmux skips the test.

mod support;

use std::path::Path;
use std::process::Command;

use support::inbox::Terminal;
use support::python_sdk::sdk_python;

#[test]
fn a_client_without_forms_is_asked_in_the_listening_inbox_and_gets_its_answer() {
    let Some(python) = sdk_python() else {
        eprintln!("skipped: python3 is not installed, so tests/mcp_inbox.py cannot run");
        return;
    };
    let Some(term) = Terminal::start() else {
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    term.open_inbox();
    let output = Command::new(&python)
        .arg(root.join("tests/mcp_inbox.py"))
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
        "tests/mcp_inbox.py failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
