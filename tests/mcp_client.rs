//! Runs `tests/mcp_client.py`, a client written with the official Python MCP SDK, against the
//! real `pi-agent-ask mcp`: the tool list and schemas, elicitation accepted, declined, cancelled
//! and written, invalid arguments, a client without elicitation, a cancelled wait, progress,
//! preview files outside the workspace, the sealed state of 2026-07-28, the end of input, calls
//! the protocol cannot read, and controls escaped on the wire.
//!
//! The SDK lives in the repository's virtual environment, `.venv/`, made on first use (see
//! `tests/support/python_sdk.rs`). Only a machine without `python3` skips the test.

mod support;

use std::path::Path;
use std::process::Command;

use support::python_sdk::sdk_python;

#[test]
fn the_python_sdk_gets_the_answers_its_forms_gave_in_both_protocol_eras() {
    let Some(python) = sdk_python() else {
        eprintln!("skipped: python3 is not installed, so tests/mcp_client.py cannot run");
        return;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new(&python)
        .arg(root.join("tests/mcp_client.py"))
        .env(
            "CARGO_BIN_EXE_pi-agent-ask",
            env!("CARGO_BIN_EXE_pi-agent-ask"),
        )
        .output()
        .expect("the virtual environment's python runs the client");
    assert!(
        output.status.success(),
        "tests/mcp_client.py failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
