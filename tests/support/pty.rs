//! The real program on a pseudo-terminal that `tests/pty_driver.py` owns: a run through the
//! driver's steps, and what it gave.

use std::process::Command;

use serde_json::{Value, json};

use super::asking::read_result;

/// What a run on the pseudo-terminal gave.
pub struct Report {
    /// A step that could not be carried out (text that never reached the terminal).
    pub failure: Option<String>,
    /// The exit status, or `None` when the program was still running and had to be killed.
    pub exit: Option<i64>,
    /// Seconds from the last `mark` step to the exit.
    pub seconds: f64,
    /// Standard output: the result.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The line modes the terminal was left in, when it was still open.
    pub modes: Option<Value>,
    /// Everything written to the terminal.
    pub output: String,
    /// The screen's text at each `snapshot` step.
    pub snapshots: Vec<String>,
}

/// Runs the program with `args` on a `size` terminal through the driver's `steps`, waiting up
/// to `timeout` seconds for it to end after the last one; `None` without python3.
pub fn drive(args: &[&str], size: (u16, u16), steps: &Value, timeout: f64) -> Option<Report> {
    drive_set_up(args, size, steps, timeout, &Setup::default())
}

/// What surrounds the program on the terminal, beyond a bare run.
#[derive(Default)]
pub struct Setup {
    /// Seconds the terminal stays after the program ends (a shell that waits before its next
    /// prompt), so the report holds what the terminal echoed of input the program left
    /// unread; the exit status stays the program's.
    pub linger: Option<f64>,
    /// Lines a shell printed on the terminal before the program started.
    pub printed: Option<String>,
    /// The screen the driver keeps of what the program writes.
    pub screen: ScreenModel,
}

/// How the driver's screen behaves (`tests/pty_driver.py`).
#[derive(Clone, Copy, Default, PartialEq, Eq)]
pub enum ScreenModel {
    /// Text read off the screen only; a cursor query is answered by a step, if at all.
    #[default]
    Bare,
    /// It answers every cursor query and cuts its lines when it narrows, keeping the cursor
    /// on its row, as xterm does.
    Cutting,
    /// As [`ScreenModel::Cutting`], but it answers no cursor query, as a serial console or a
    /// relay that swallows replies does.
    Silent,
}

/// [`drive`] with the terminal and the command around the program set up as `setup` says.
pub fn drive_set_up(
    args: &[&str],
    size: (u16, u16),
    steps: &Value,
    timeout: f64,
    setup: &Setup,
) -> Option<Report> {
    let python = Command::new("python3").arg("--version").output();
    if !python.is_ok_and(|output| output.status.success()) {
        eprintln!("skipped: python3 is not installed, so tests/pty_driver.py cannot run");
        return None;
    }
    let dir = tempfile::tempdir().expect("a temporary folder");
    let config = dir.path().join("settings.json");
    let mut command = Vec::new();
    if setup.linger.is_some() || setup.printed.is_some() {
        let print = setup
            .printed
            .as_ref()
            .map(|lines| format!("printf '%s\\n' '{lines}' > /dev/tty; "))
            .unwrap_or_default();
        let sleep = setup
            .linger
            .map(|seconds| format!("sleep {seconds}; "))
            .unwrap_or_default();
        let script = format!("{print}\"$@\"; code=$?; {sleep}exit $code");
        command.extend(["sh".to_owned(), "-c".to_owned(), script, "sh".to_owned()]);
    }
    command.push(env!("CARGO_BIN_EXE_pi-agent-ask").to_owned());
    command.extend(args.iter().map(|arg| (*arg).to_owned()));
    command.extend(["--config".to_owned(), config.display().to_string()]);
    let script = json!({
        "command": command,
        "dir": dir.path(),
        "size": [size.0, size.1],
        "timeout": timeout,
        "steps": steps,
        "cutting_terminal": setup.screen != ScreenModel::Bare,
        "silent_terminal": setup.screen == ScreenModel::Silent,
    });
    let output = Command::new("python3")
        .arg(concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pty_driver.py"))
        .arg(script.to_string())
        .env("HOME", dir.path())
        .output()
        .expect("python3 runs the driver");
    assert!(
        output.status.success(),
        "tests/pty_driver.py failed:\n{}",
        String::from_utf8_lossy(&output.stderr)
    );
    let report: Value = serde_json::from_slice(&output.stdout).expect("the driver reports JSON");
    let text = |key: &str| report[key].as_str().unwrap_or_default().to_owned();
    Some(Report {
        failure: report["failure"].as_str().map(str::to_owned),
        exit: report["exit"].as_i64(),
        seconds: report["seconds"].as_f64().unwrap_or(f64::NAN),
        stdout: text("stdout"),
        stderr: text("stderr"),
        modes: Some(report["modes"].clone()).filter(|modes| !modes.is_null()),
        output: text("output"),
        snapshots: report["snapshots"]
            .as_array()
            .into_iter()
            .flatten()
            .filter_map(|screen| screen.as_str().map(str::to_owned))
            .collect(),
    })
}

impl Report {
    /// Checks that the run got through its steps and ended with `exit`.
    pub fn assert_ended_with(&self, exit: i64) {
        assert_eq!(self.failure, None, "stderr:\n{}", self.stderr);
        assert_eq!(self.exit, Some(exit), "stderr:\n{}", self.stderr);
    }

    /// Checks that every mode the program turned on was turned off again after it, and that
    /// the line modes are back.
    pub fn assert_restored(&self) {
        for (on, off) in [
            ("\x1b[?1049h", "\x1b[?1049l"),
            ("\x1b[?25l", "\x1b[?25h"),
            ("\x1b[?1000h", "\x1b[?1000l"),
            ("\x1b[?1006h", "\x1b[?1006l"),
            ("\x1b[?2004h", "\x1b[?2004l"),
        ] {
            let last_on = self.output.rfind(on).expect("the mode was turned on");
            assert!(
                self.output[last_on..].contains(off),
                "{on:?} was left on: {:?}",
                &self.output[self.output.len().saturating_sub(300)..]
            );
        }
        if let Some(modes) = &self.modes {
            assert_eq!(
                modes,
                &json!({"icanon": true, "echo": true, "isig": true}),
                "line modes"
            );
        }
    }

    /// The result's details, after checking it against the output schema.
    pub fn details(&self) -> Value {
        let document = serde_json::from_str(&self.stdout)
            .unwrap_or_else(|error| panic!("not a JSON result ({error}):\n{}", self.stdout));
        read_result(document).1
    }
}
