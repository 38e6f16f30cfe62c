//! Running one unit test in a process of its own, for a test whose effects reach the whole
//! process (a raised signal is recorded for good, and ends every later wait in it).

use std::process::Command;

/// Set in the process a test reruns itself in.
const ALONE: &str = "PI_AGENT_ASK_TEST_ALONE";

/// Whether the test at `path` (its full name, as `cargo test` lists it) goes on in this
/// process: in the process it was started in, it runs itself again alone, checks that run
/// passed, and answers false.
pub fn alone(path: &str) -> bool {
    if std::env::var_os(ALONE).is_some() {
        return true;
    }
    let run = Command::new(std::env::current_exe().expect("the test program"))
        .arg(path)
        .args(["--exact", "--nocapture", "--test-threads=1"])
        .env(ALONE, "1")
        .output()
        .expect("the test program runs");
    let report = String::from_utf8_lossy(&run.stdout);
    assert!(
        run.status.success() && report.contains("1 passed"),
        "{report}\n{}",
        String::from_utf8_lossy(&run.stderr)
    );
    false
}
