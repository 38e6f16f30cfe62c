//! The official Python MCP SDK the MCP tests drive the server with, in the repository's virtual
//! environment `.venv/`: made on first use (the registry must be reachable then), so a fresh
//! clone tests with `cargo test --workspace` alone. One test process makes it while the others
//! wait on a lock.

use std::fs::File;
use std::path::{Path, PathBuf};
use std::process::Command;

/// The SDK version the tests are written against; `.ci/run` installs the same one.
pub const MCP_SDK_VERSION: &str = "2.3.0";

/// The virtual environment's python with the SDK installed, or `None` where `python3` itself
/// is missing (the caller skips, saying so). Panics when the environment cannot be made.
pub fn sdk_python() -> Option<PathBuf> {
    let python3 = Command::new("python3").arg("--version").output();
    if !python3.is_ok_and(|output| output.status.success()) {
        return None;
    }
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let python = root.join(".venv/bin/python");
    let lock = File::create(Path::new(env!("CARGO_TARGET_TMPDIR")).join("python-sdk.lock"))
        .expect("the lock file is made");
    lock.lock().expect("the lock is taken");
    if !has_sdk(&python) {
        let made = Command::new("python3")
            .args(["-m", "venv", ".venv"])
            .current_dir(root)
            .status()
            .expect("python3 runs");
        assert!(made.success(), "python3 -m venv .venv failed");
        let installed = Command::new(&python)
            .args(["-m", "pip", "install", "--quiet"])
            .arg(format!("mcp=={MCP_SDK_VERSION}"))
            .status()
            .expect("pip runs");
        assert!(
            installed.success() && has_sdk(&python),
            "cannot install the Python MCP SDK into {}: run `python3 -m venv .venv && \
             .venv/bin/pip install mcp=={MCP_SDK_VERSION}` in the repository root",
            python.display()
        );
    }
    Some(python)
}

/// Whether `python` runs and imports the SDK of the expected version.
fn has_sdk(python: &Path) -> bool {
    Command::new(python)
        .args([
            "-c",
            &format!(
                "import mcp, importlib.metadata as m; assert m.version('mcp') == '{MCP_SDK_VERSION}'"
            ),
        ])
        .output()
        .is_ok_and(|output| output.status.success())
}

/// Runs the Python MCP SDK client `script` (a path under the repository) against the real
/// program while the inbox of `term` listens, passing it the binary, the tmux socket, the
/// shared runtime folder and the terminal's folder; prints its report and fails the test if
/// any of its checks failed. `None` (after a message) where python3 is missing.
pub fn run_inbox_client(script: &str, term: &super::inbox::Terminal) -> Option<()> {
    let Some(python) = sdk_python() else {
        eprintln!("skipped: python3 is not installed, so {script} cannot run");
        return None;
    };
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let output = Command::new(&python)
        .arg(root.join(script))
        .env(
            "CARGO_BIN_EXE_pi-agent-ask",
            env!("CARGO_BIN_EXE_pi-agent-ask"),
        )
        .env("MCP_INBOX_TMUX", term.term.tmux.socket())
        .env("MCP_INBOX_RUNTIME", &term.runtime)
        .env("MCP_INBOX_DIR", term.term.tmux.dir.path())
        .env(
            "MCP_INBOX_SETTLING_MS",
            pi_agent_ask_core::input::Timer::Settling
                .duration_ms()
                .to_string(),
        )
        .output()
        .expect("the virtual environment's python runs the client");
    print!("{}", String::from_utf8_lossy(&output.stdout));
    assert!(
        output.status.success(),
        "{script} failed:\n{}{}",
        String::from_utf8_lossy(&output.stdout),
        String::from_utf8_lossy(&output.stderr)
    );
    Some(())
}
