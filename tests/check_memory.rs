//! `check` on many options stays within a bounded peak RSS: the arguments are parsed once,
//! kept without a copy, and the verdict is written as it is serialized.

use std::fmt::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};

/// `count` options of about 135 bytes in one question, as `benches/check_memory.py` writes.
fn arguments(count: usize) -> String {
    let mut options = String::new();
    for n in 1..=count {
        if n > 1 {
            options.push(',');
        }
        write!(
            options,
            r#"{{"value":"option-{n:05}","label":"Option {n} label text here","description":"A description of option number {n} for the check"}}"#
        )
        .unwrap();
    }
    format!(r#"{{"questions":[{{"id":"pick","prompt":"Pick one","options":[{options}]}}]}}"#)
}

/// The peak RSS in KiB of `check` on `file`, as `/usr/bin/time -f %M` reports it.
fn peak_kib(file: &Path) -> u64 {
    let output = Command::new("/usr/bin/time")
        .args(["-f", "%M"])
        .arg(env!("CARGO_BIN_EXE_pi-agent-ask"))
        .arg("check")
        .arg(file)
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert!(output.status.success(), "check failed: {output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    stderr.split_whitespace().last().unwrap().parse().unwrap()
}

#[test]
fn check_on_ten_thousand_options_stays_under_its_memory_bound() {
    if !Path::new("/usr/bin/time").exists() || !cfg!(target_os = "linux") {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let file = dir.path().join("arguments.json");
    std::fs::write(&file, arguments(10_000)).unwrap();
    let kib = peak_kib(&file);
    // Measured: 15 MiB in a release build, 19 MiB in a debug one (33 MiB in release before).
    assert!(kib < 24 * 1024, "check took {kib} KiB at its peak");
}
