//! `check` on many options stays within a bounded peak RSS beyond the program's own: the
//! arguments are read as they arrive, each option is kept as its normalized option (no tree,
//! no map per option), and the verdict is written as it is serialized.

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

/// The least peak RSS in KiB of three runs of `check` on `file`: one run's peak moves with how
/// much of the executable the kernel maps around the pages it touches.
fn least_peak_kib(file: &Path) -> u64 {
    (0..3).map(|_| peak_kib(file)).min().unwrap()
}

/// Whether peak RSS can be measured here.
fn measurable() -> bool {
    Path::new("/usr/bin/time").exists() && cfg!(target_os = "linux")
}

#[test]
fn check_on_ten_thousand_options_stays_under_its_memory_bound() {
    if !measurable() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let small = dir.path().join("small.json");
    let large = dir.path().join("large.json");
    std::fs::write(&small, arguments(2)).unwrap();
    std::fs::write(&large, arguments(10_000)).unwrap();
    // What the payload costs beyond the program itself (its code pages grow with every
    // feature, and a debug build's far more than a release one's): the peak on 10,000
    // options less the peak on 2.
    let (baseline, kib) = (least_peak_kib(&small), least_peak_kib(&large));
    let payload = kib.saturating_sub(baseline);
    // Measured: about 2.5 MiB for the 1.3 MB of arguments, in a debug build.
    assert!(
        payload < 4 * 1024,
        "check took {kib} KiB at its peak, {payload} KiB more than on two options"
    );
}

#[test]
fn parsing_and_validating_keep_a_small_constant_per_option_beyond_its_text() {
    if !measurable() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let fewer = dir.path().join("fewer.json");
    let more = dir.path().join("more.json");
    std::fs::write(&fewer, arguments(1_000)).unwrap();
    std::fs::write(&more, arguments(10_000)).unwrap();
    // The slope of the peak between 1,000 and 10,000 options of about 135 bytes: what each
    // option costs, its texts and its text in the file included. Measured: about 340 bytes; a
    // tree or a map per option costs over 1,000.
    let added = least_peak_kib(&more).saturating_sub(least_peak_kib(&fewer));
    let per_option = added * 1024 / 9_000;
    assert!(
        per_option < 400,
        "each option added {per_option} bytes to check's peak ({added} KiB for 9,000 options)"
    );
}
