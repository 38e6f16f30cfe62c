//! `pi-agent-ask settings` in a real terminal: tmux runs it at a fixed size, keys are sent with
//! `send-keys` and the screen read with `capture-pane`. Skipped when tmux is not installed.

#![cfg(unix)]

use std::path::Path;
use std::process::{Command, Output};
use std::time::{Duration, Instant};

use serde_json::Value;

/// How long a screen or file may take to show what a test waits for.
const DEADLINE: Duration = Duration::from_secs(15);

/// A tmux server of its own, killed when dropped.
struct Tmux {
    socket: String,
}

impl Tmux {
    /// Starts `command` in a detached 80×24 session; `None` when tmux is not installed.
    fn start(command: &str) -> Option<Self> {
        let installed = Command::new("tmux")
            .arg("-V")
            .output()
            .is_ok_and(|output| output.status.success());
        if !installed {
            eprintln!("tmux is not installed; skipped");
            return None;
        }
        let tmux = Self {
            socket: format!("pi-agent-ask-test-{}-{}", std::process::id(), unique()),
        };
        let started = tmux.run(&[
            "new-session",
            "-d",
            "-s",
            "main",
            "-x",
            "80",
            "-y",
            "24",
            command,
        ]);
        assert!(started.status.success(), "tmux starts: {started:?}");
        Some(tmux)
    }

    fn run(&self, args: &[&str]) -> Output {
        Command::new("tmux")
            .args(["-L", &self.socket, "-f", "/dev/null"])
            .args(args)
            .env_remove("TMUX")
            .output()
            .expect("tmux runs")
    }

    fn send(&self, keys: &[&str]) {
        let mut args = vec!["send-keys", "-t", "main"];
        args.extend_from_slice(keys);
        assert!(self.run(&args).status.success(), "send-keys {keys:?}");
    }

    fn screen(&self) -> String {
        String::from_utf8_lossy(&self.run(&["capture-pane", "-p", "-t", "main"]).stdout)
            .into_owned()
    }

    /// Waits until the screen shows `text`, and returns that screen.
    fn wait_for(&self, text: &str) -> String {
        let screen = wait_until(|| {
            let screen = self.screen();
            screen.contains(text).then_some(screen)
        });
        screen.unwrap_or_else(|| panic!("{text:?} never showed; the screen:\n{}", self.screen()))
    }
}

impl Drop for Tmux {
    fn drop(&mut self) {
        let _ = self.run(&["kill-server"]);
    }
}

/// A number that differs between the tests of one run.
fn unique() -> u64 {
    use std::sync::atomic::{AtomicU64, Ordering};
    static NEXT: AtomicU64 = AtomicU64::new(0);
    NEXT.fetch_add(1, Ordering::Relaxed)
}

/// Polls `check` every 50 ms until it gives a value or [`DEADLINE`] passes.
fn wait_until<T>(mut check: impl FnMut() -> Option<T>) -> Option<T> {
    let start = Instant::now();
    loop {
        if let Some(value) = check() {
            return Some(value);
        }
        if start.elapsed() > DEADLINE {
            return None;
        }
        std::thread::sleep(Duration::from_millis(50));
    }
}

/// The shell command tmux runs: the settings overlay, then its exit code on screen.
fn settings_command(config: &Path) -> String {
    format!(
        "'{}' settings --config '{}'; echo EXIT=$?; sleep 60",
        env!("CARGO_BIN_EXE_pi-agent-ask"),
        config.display()
    )
}

fn read_json(path: &Path) -> Option<Value> {
    serde_json::from_str(&std::fs::read_to_string(path).ok()?).ok()
}

#[test]
fn toggling_a_setting_saves_valid_json_and_escape_closes() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("s.json");
    let Some(tmux) = Tmux::start(&settings_command(&config)) else {
        return;
    };
    let screen = tmux.wait_for("Ask settings");
    assert!(screen.contains("[x] Notifications"), "{screen}");
    assert!(screen.contains(&config.display().to_string()), "{screen}");
    let created = wait_until(|| read_json(&config)).expect("the file is created");
    assert_eq!(created["notifications"]["enabled"], Value::Bool(true));

    tmux.send(&["Down", "Down", "Down", "Enter"]);
    tmux.wait_for("[ ] Notifications");
    let saved = wait_until(|| read_json(&config).filter(|doc| doc != &created))
        .expect("the file changes and stays valid JSON");
    assert_eq!(saved["notifications"]["enabled"], Value::Bool(false));
    assert_eq!(saved["behaviour"], created["behaviour"]);
    assert_eq!(saved["keymaps"], created["keymaps"]);

    tmux.send(&["Escape"]);
    tmux.wait_for("EXIT=0");
}

#[test]
fn an_invalid_file_is_left_alone_and_the_toggle_reverts() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("s.json");
    let written = b"{\"schemaVersion\": 5, \"behaviour\": {\"showFooterHints\": \"yes\"}}\n";
    std::fs::write(&config, written).unwrap();
    let Some(tmux) = Tmux::start(&settings_command(&config)) else {
        return;
    };
    tmux.wait_for("Config was invalid or unsupported.");
    tmux.send(&["Space"]);
    let screen = tmux.wait_for("so the change was not saved");
    assert!(
        screen.contains("[ ] Auto-submit when answered without notes"),
        "{screen}"
    );
    assert_eq!(std::fs::read(&config).unwrap(), written);
    tmux.send(&["C-c"]);
    tmux.wait_for("EXIT=0");
    assert_eq!(std::fs::read(&config).unwrap(), written);
}

#[test]
fn without_a_terminal_settings_is_a_usage_error() {
    let dir = tempfile::tempdir().unwrap();
    let config = dir.path().join("s.json");
    let Ok(output) = Command::new("setsid")
        .arg("--wait")
        .arg(env!("CARGO_BIN_EXE_pi-agent-ask"))
        .args(["settings", "--config"])
        .arg(&config)
        .stdin(std::process::Stdio::null())
        .output()
    else {
        eprintln!("setsid is not installed; skipped");
        return;
    };
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stdout.is_empty());
    let stderr = String::from_utf8_lossy(&output.stderr);
    assert!(stderr.contains("settings needs a terminal"), "{stderr}");
    assert!(!config.exists(), "nothing is written without a terminal");
}
