//! Golden screens: every folder under `fixtures/screens/` is one key script run through the
//! program's `render` command at one or more screen sizes.
//!
//! A case folder holds `keys` (the key script, possibly empty), the tool arguments in
//! `payload.json` (or, in `payload`, the path of a shared payload relative to the folder),
//! optionally `tool` (`ask_user_question`), `sizes` (default `80x24`), `settings.json` and `cwd`
//! (the working directory `@` references search, relative to the folder). Each
//! size has its expected output in `<W>x<H>.txt`: the screen inside a frame of `│` so its size
//! shows, then the tool result when the script finished the flow (request ids replaced by
//! `<request-id>`). Set `UPDATE_GOLDEN=1` to rewrite the expectations.
//!
//! The program runs in the repository root and gets `--config` relative to it (the case's
//! `settings.json`, or [`NO_SETTINGS`], a file that does not exist), because `render` shows
//! that path as given in the settings overlay: a screen with the overlay reads the same on
//! every machine. A `wait 4s` step in `keys` moves the scripted clock, firing the timers due.

mod support;

use std::fmt::Write as _;
use std::path::{Path, PathBuf};

use pi_agent_ask_core::text::width;
use rstest::rstest;
use serde_json::Value;

use support::{golden, normalize_request_ids, run_program};

/// The settings file of every case without a `settings.json`: there is none, so the defaults
/// hold, and `render` never creates it.
const NO_SETTINGS: &str = "fixtures/screens/no-settings.json";

fn read(dir: &Path, name: &str) -> Option<String> {
    std::fs::read_to_string(dir.join(name)).ok()
}

fn payload_path(dir: &Path) -> PathBuf {
    match read(dir, "payload") {
        Some(relative) => dir.join(relative.trim()),
        None => dir.join("payload.json"),
    }
}

/// The screen lines framed by `│`, padded to the screen width.
fn framed(screen: &str, columns: usize) -> String {
    let mut out = String::new();
    let _ = writeln!(out, "┌{}┐", "─".repeat(columns));
    for line in screen.lines() {
        let padding = columns.saturating_sub(width(line));
        let _ = writeln!(out, "│{line}{}│", " ".repeat(padding));
    }
    let _ = write!(out, "└{}┘", "─".repeat(columns));
    out
}

fn render(dir: &Path, size: &str) -> String {
    let keys = read(dir, "keys").unwrap_or_default();
    let tool = read(dir, "tool").unwrap_or_else(|| "ask_user".into());
    let settings = dir.join("settings.json");
    let config = if settings.exists() {
        settings
            .strip_prefix(env!("CARGO_MANIFEST_DIR"))
            .unwrap_or(&settings)
            .to_path_buf()
    } else {
        PathBuf::from(NO_SETTINGS)
    };
    let mut args: Vec<String> = vec![
        "render".into(),
        payload_path(dir).display().to_string(),
        "--tool".into(),
        tool.trim().into(),
        "--keys".into(),
        keys.trim().into(),
        "--size".into(),
        size.into(),
        "--config".into(),
        config.display().to_string(),
    ];
    if let Some(cwd) = read(dir, "cwd") {
        args.push("--cwd".into());
        args.push(dir.join(cwd.trim()).display().to_string());
    }
    let output = run_program(&args, None);
    assert_eq!(output.exit, 0, "{}: {}", dir.display(), output.stderr);
    let (columns, rows) = size.split_once('x').expect("a size like 80x24");
    let columns: usize = columns.parse().expect("a width");
    let rows: usize = rows.parse().expect("a height");
    let mut lines = output.stdout.split_inclusive('\n');
    let screen: String = lines.by_ref().take(rows).collect();
    let rest: String = lines.collect();
    let mut text = framed(&screen, columns);
    if !rest.trim().is_empty() {
        let mut result: Value = serde_json::from_str(&rest).expect("the result is JSON");
        normalize_request_ids(&mut result);
        text.push_str("\nresult:\n");
        text.push_str(&serde_json::to_string_pretty(&result).unwrap_or_default());
    }
    text
}

#[rstest]
fn golden_screen(#[files("fixtures/screens/*/keys")] keys: PathBuf) {
    let dir = keys.parent().expect("a case folder");
    let sizes = read(dir, "sizes").unwrap_or_else(|| "80x24".into());
    for size in sizes.split_whitespace() {
        let text = render(dir, size);
        golden(&dir.join(format!("{size}.txt")), &text);
    }
}
