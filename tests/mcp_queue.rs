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

use support::inbox::Terminal;
use support::python_sdk::run_inbox_client;

#[test]
fn background_forms_are_asked_in_turn_in_the_inbox_and_their_answers_outlive_a_restart() {
    let Some(term) = Terminal::start() else {
        return;
    };
    term.open_inbox();
    run_inbox_client("tests/mcp_queue.py", &term);
}
