//! Runs `tests/mcp_inbox.py`, a client written with the official Python MCP SDK without form
//! elicitation, against the real `pi-agent-ask mcp --ui auto` while a real `pi-agent-ask
//! inbox` listens in a tmux pane: a call is asked in the inbox and answered by keys sent to the
//! pane, in both protocol eras; a cancelled call's form leaves the inbox and the call gets no
//! result; progress is reported while the form waits; the end of the input and SIGTERM close
//! the form with the cancelled result, which keeps the answer picked in the inbox so far. Both
//! programs share a private `XDG_RUNTIME_DIR`, so no real inbox is met.
//!
//! The SDK lives in the repository's virtual environment, `.venv/` (see `tests/mcp_client.rs`).
//! A machine without `python3` or without tmux skips the test.

mod support;

use support::inbox::Terminal;
use support::python_sdk::run_inbox_client;

#[test]
fn a_client_without_forms_is_asked_in_the_listening_inbox_and_gets_its_answer() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    run_inbox_client("tests/mcp_inbox.py", &term);
}
