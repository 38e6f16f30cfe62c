//! Runs `tests/rpc_client.py`, a Pi RPC host written with Python's standard library only,
//! against the real program: asks, dialog answers, a remote submit, an abort, queued calls,
//! background asks with `wait_for_answers`, and the end of input.

use std::process::Command;

#[test]
fn a_python_rpc_host_gets_back_the_answers_it_gave() {
    let python = Command::new("python3").arg("--version").output();
    if !python.is_ok_and(|output| output.status.success()) {
        eprintln!("skipped: python3 is not installed, so tests/rpc_client.py cannot run");
        return;
    }
    let script = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/rpc_client.py");
    let output = Command::new("python3")
        .arg(script)
        .env(
            "CARGO_BIN_EXE_pi-agent-ask",
            env!("CARGO_BIN_EXE_pi-agent-ask"),
        )
        .output()
        .expect("python3 runs the client");
    assert!(
        output.status.success(),
        "tests/rpc_client.py failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}
