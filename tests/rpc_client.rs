//! Runs the Python RPC clients against the real program: `tests/rpc_client.py`, a Pi RPC host
//! written with Python's standard library only (asks, dialog answers, a remote submit, an
//! abort, queued calls, background asks with `wait_for_answers`, and the end of input), and
//! `tests/pi_rpc_client.py`, a strict client built from Pi's published RPC types that fails on
//! any line a Pi client would not accept.

use std::process::Command;

/// Runs `script` with python3 against the program; skipped when python3 is missing.
fn run_client(script: &str) {
    let python = Command::new("python3").arg("--version").output();
    if !python.is_ok_and(|output| output.status.success()) {
        eprintln!("skipped: python3 is not installed, so {script} cannot run");
        return;
    }
    let path = format!("{}/{script}", env!("CARGO_MANIFEST_DIR"));
    let output = Command::new("python3")
        .arg(&path)
        .env(
            "CARGO_BIN_EXE_pi-agent-ask",
            env!("CARGO_BIN_EXE_pi-agent-ask"),
        )
        .output()
        .expect("python3 runs the client");
    assert!(
        output.status.success(),
        "{script} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
}

#[test]
fn a_python_rpc_host_gets_back_the_answers_it_gave() {
    run_client("tests/rpc_client.py");
}

#[test]
fn a_strict_pi_rpc_client_accepts_every_line_the_program_writes() {
    run_client("tests/pi_rpc_client.py");
}
