//! `check` on many options stays within a bounded peak RSS beyond the program's own: the
//! arguments are read as they arrive, each option is kept as its normalized option (no tree,
//! no map per option), and the verdict is written as it is serialized. What each option costs
//! is counted exactly in the core's `tests/parse_memory.rs`: a peak RSS moves with the C
//! library's heap heuristics and the kernel's huge pages, too much to tell one option's bytes.

#[path = "../core/tests/many_options/mod.rs"]
mod many_options;

use std::path::Path;
use std::process::{Command, Stdio};

use many_options::arguments;

/// The peak RSS in KiB of `check` on `file`, its preview files beside it, as
/// `/usr/bin/time -f %M` reports it; `check` must exit `exit` (1: the arguments are invalid).
fn peak_kib(file: &Path, exit: i32) -> u64 {
    let output = Command::new("/usr/bin/time")
        .args(["-f", "%M"])
        .arg(env!("CARGO_BIN_EXE_pi-agent-ask"))
        .arg("check")
        .arg(file)
        .arg("--cwd")
        .arg(file.parent().unwrap())
        .stdout(Stdio::null())
        .output()
        .unwrap();
    assert_eq!(output.status.code(), Some(exit), "check: {output:?}");
    let stderr = String::from_utf8(output.stderr).unwrap();
    stderr.split_whitespace().last().unwrap().parse().unwrap()
}

/// The least peak RSS in KiB of three runs of `check` on `file` exiting `exit`: one run's peak moves with how
/// much of the executable the kernel maps around the pages it touches.
fn least_peak_kib(file: &Path, exit: i32) -> u64 {
    (0..3).map(|_| peak_kib(file, exit)).min().unwrap()
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
    let (baseline, kib) = (least_peak_kib(&small, 0), least_peak_kib(&large, 0));
    let payload = kib.saturating_sub(baseline);
    // Measured: about 2.5 MiB for the 1.3 MB of arguments, in a debug build.
    assert!(
        payload < 4 * 1024,
        "check took {kib} KiB at its peak, {payload} KiB more than on two options"
    );
}

#[test]
fn check_on_a_thousand_options_naming_one_large_preview_file_reads_sixteen_mib_at_most() {
    if !measurable() {
        return;
    }
    let dir = tempfile::tempdir().unwrap();
    let small = dir.path().join("small.json");
    std::fs::write(&small, arguments(2)).unwrap();
    std::fs::write(dir.path().join("big.txt"), vec![b'a'; 1024 * 1024]).unwrap();
    let options: Vec<serde_json::Value> = (0..1000)
        .map(|n| serde_json::json!({"value": format!("v{n}"), "previewFile": "big.txt"}))
        .collect();
    let large = dir.path().join("large.json");
    let arguments = serde_json::json!({"questions": [{"id": "a", "prompt": "Which?",
        "type": "preview", "options": options}]});
    std::fs::write(&large, arguments.to_string()).unwrap();
    // Sixteen files are read; the other options' files are issues, so the verdict is exit 1.
    let (baseline, kib) = (least_peak_kib(&small, 0), least_peak_kib(&large, 1));
    let payload = kib.saturating_sub(baseline);
    eprintln!("{payload} KiB for the previews");
    assert!(
        payload < 48 * 1024,
        "check took {kib} KiB at its peak, {payload} KiB more than on two options"
    );
}
