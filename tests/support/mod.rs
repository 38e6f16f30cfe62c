//! Helpers shared by the program's integration tests.

#![allow(dead_code)]

pub mod asking;
pub mod client;
pub mod demo;
pub mod inbox;
pub mod inline;
pub mod mcp_pane;
pub mod pi_session;
pub mod pty;
pub mod python_sdk;
pub mod rpc_process;
pub mod tmux;

use std::io::Write as _;
use std::path::Path;
use std::process::{Command, Stdio};
use std::sync::OnceLock;
use std::time::Duration;

use pi_agent_ask_core::input::Timer;
use serde_json::Value;

/// The variables by which the program finds a terminal multiplexer or terminal to open a
/// popup in.
const SURFACE_VARIABLES: [&str; 7] = [
    "TMUX",
    "TMUX_PANE",
    "ZELLIJ",
    "ZELLIJ_SESSION_NAME",
    "KITTY_LISTEN_ON",
    "KITTY_WINDOW_ID",
    "WEZTERM_PANE",
];

/// Waits out the pause a form that opened unbidden (a popup, the inbox's next form, a form a
/// program opened on its terminal) waits for before it takes keys, counted from when the form
/// was seen: the pause started before its first frame was drawn.
pub fn let_it_settle() {
    std::thread::sleep(Duration::from_millis(Timer::Settling.duration_ms() + 50));
}

/// The program, kept away from the surfaces of the machine the tests run on: no popup in the
/// developer's tmux, no answer inbox of theirs (its runtime folder is one that does not exist).
pub fn program() -> Command {
    let mut command = Command::new(env!("CARGO_BIN_EXE_pi-agent-ask"));
    without_surfaces(&mut command);
    command
}

/// [`program`] run with its files limited to `bytes` (`RLIMIT_FSIZE`, as a full disk cuts a
/// write short; `SIGXFSZ` ignored, so the write fails instead), through python3: `None`
/// without python3.
pub fn program_with_files_limited_to(bytes: u64) -> Option<Command> {
    const LIMIT: &str = "import os, resource, signal, sys\n\
        signal.signal(signal.SIGXFSZ, signal.SIG_IGN)\n\
        n = int(sys.argv[1])\n\
        resource.setrlimit(resource.RLIMIT_FSIZE, (n, n))\n\
        os.execv(sys.argv[2], sys.argv[2:])\n";
    let python = Command::new("python3").arg("--version").output();
    if !python.is_ok_and(|output| output.status.success()) {
        eprintln!("skipped: python3 is not installed to limit the program's files");
        return None;
    }
    let mut command = Command::new("python3");
    command.args([
        "-c",
        LIMIT,
        &bytes.to_string(),
        env!("CARGO_BIN_EXE_pi-agent-ask"),
    ]);
    without_surfaces(&mut command);
    Some(command)
}

/// Keeps `command` from finding a popup host or an inbox of the machine the tests run on, and
/// its state (an MCP server's journal) in a folder of its own, apart from the user's and from
/// every other command's.
pub fn without_surfaces(command: &mut Command) -> &mut Command {
    static STATES: std::sync::atomic::AtomicU64 = std::sync::atomic::AtomicU64::new(0);
    for variable in SURFACE_VARIABLES {
        command.env_remove(variable);
    }
    let state = STATES.fetch_add(1, std::sync::atomic::Ordering::Relaxed);
    command
        .env(
            "XDG_STATE_HOME",
            Path::new(env!("CARGO_TARGET_TMPDIR"))
                .join("states")
                .join(format!("{}-{state}", std::process::id())),
        )
        .env(
            "XDG_RUNTIME_DIR",
            Path::new(env!("CARGO_TARGET_TMPDIR")).join("no-runtime-folder"),
        )
}

/// Sends `signal` (a name such as `TERM`) to process `pid` with `kill`, which must succeed.
pub fn send_signal(pid: u32, signal: &str) {
    let sent = Command::new("kill")
        .args(["-s", signal, &pid.to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success(), "kill -s {signal} {pid} failed");
}

/// What one run of the program printed.
pub struct ProgramOutput {
    /// Standard output.
    pub stdout: String,
    /// Standard error.
    pub stderr: String,
    /// The exit code.
    pub exit: i32,
}

/// Runs the program in the repository root with these arguments, feeding `stdin` when given.
pub fn run_program(args: &[String], stdin: Option<&str>) -> ProgramOutput {
    let mut child = program()
        .current_dir(env!("CARGO_MANIFEST_DIR"))
        .args(args)
        .stdin(if stdin.is_some() {
            Stdio::piped()
        } else {
            Stdio::null()
        })
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    if let Some(text) = stdin {
        let mut pipe = child.stdin.take().expect("stdin is piped");
        pipe.write_all(text.as_bytes())
            .expect("stdin accepts the input");
    }
    let output = child.wait_with_output().expect("the program finishes");
    ProgramOutput {
        stdout: String::from_utf8_lossy(&output.stdout).into_owned(),
        stderr: String::from_utf8_lossy(&output.stderr).into_owned(),
        exit: output.status.code().unwrap_or(-1),
    }
}

/// Whether `UPDATE_GOLDEN=1` asks for expectations to be rewritten.
pub fn updating() -> bool {
    std::env::var_os("UPDATE_GOLDEN").is_some_and(|value| value == "1")
}

/// Compares `actual` with the golden file, or rewrites it under `UPDATE_GOLDEN=1`.
pub fn golden(path: &Path, actual: &str) {
    let actual = format!("{}\n", actual.trim_end_matches('\n'));
    if updating() {
        std::fs::write(path, &actual).expect("the golden file is writable");
        return;
    }
    let expected = std::fs::read_to_string(path).unwrap_or_else(|_| {
        panic!(
            "{} is missing; run with UPDATE_GOLDEN=1 to create it",
            path.display()
        )
    });
    similar_asserts::assert_eq!(expected: expected, actual: actual, "golden file {}", path.display());
}

const REQUEST_ID: &str = "<request-id>";

fn is_uuid_v4(text: &str) -> bool {
    uuid::Uuid::parse_str(text).is_ok_and(|id| id.get_version_num() == 4)
}

/// Replaces the random request id (in `details`, `structuredContent` and the text's last line)
/// with a placeholder, after checking it is a UUID v4 and the same everywhere.
pub fn normalize_request_ids(document: &mut Value) {
    let mut seen: Option<String> = None;
    for key in ["details", "structuredContent"] {
        if let Some(id) = document
            .get_mut(key)
            .and_then(|details| details.get_mut("requestId"))
        {
            let text = id.as_str().unwrap_or_default().to_owned();
            assert!(is_uuid_v4(&text), "requestId {text:?} is not a UUID v4");
            assert!(
                seen.as_ref().is_none_or(|other| *other == text),
                "request ids differ"
            );
            seen = Some(text);
            *id = Value::String(REQUEST_ID.into());
        }
    }
    if let Some(text) = document.pointer_mut("/content/0/text") {
        let current = text.as_str().unwrap_or_default().to_owned();
        if let Some(id) = &seen {
            let line = format!("\nRequest ID: {id}");
            assert!(
                current.ends_with(&line),
                "the text does not end with the request id line"
            );
            *text = Value::String(current.replace(id, REQUEST_ID));
        } else {
            assert!(
                !current.contains("Request ID:"),
                "a result without request id names one"
            );
        }
    }
}

/// A validator for the `ask_user` output schema the program prints.
pub fn output_schema_validator() -> &'static jsonschema::Validator {
    static VALIDATOR: OnceLock<jsonschema::Validator> = OnceLock::new();
    VALIDATOR.get_or_init(|| {
        let output = run_program(&["schema".into(), "output".into()], None);
        let schema: Value = serde_json::from_str(&output.stdout).expect("the schema is JSON");
        jsonschema::validator_for(&schema).expect("the output schema compiles")
    })
}

/// Runs the program like [`run_program`], but kills it and returns `None` when it has not
/// finished within `limit`, so a hang fails a test instead of blocking it. Its output is read
/// while it runs, so a large document cannot fill the pipe and stall it.
pub fn run_program_within(args: &[String], limit: std::time::Duration) -> Option<ProgramOutput> {
    use std::io::Read as _;
    let mut child = program()
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the program starts");
    let reader = |mut pipe: Box<dyn std::io::Read + Send>| {
        std::thread::spawn(move || {
            let mut bytes = Vec::new();
            let _ = pipe.read_to_end(&mut bytes);
            String::from_utf8_lossy(&bytes).into_owned()
        })
    };
    let stdout = reader(Box::new(child.stdout.take().expect("stdout is piped")));
    let stderr = reader(Box::new(child.stderr.take().expect("stderr is piped")));
    let deadline = std::time::Instant::now() + limit;
    let status = loop {
        if let Some(status) = child.try_wait().expect("the program can be waited for") {
            break status;
        }
        if std::time::Instant::now() >= deadline {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        std::thread::sleep(std::time::Duration::from_millis(20));
    };
    Some(ProgramOutput {
        stdout: stdout.join().expect("stdout is read"),
        stderr: stderr.join().expect("stderr is read"),
        exit: status.code().unwrap_or(-1),
    })
}

/// A size field (`VmRSS`, `VmHWM`) of process `pid`'s `/proc/<pid>/status`, in KiB.
pub fn status_kib(pid: u32, field: &str) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status"))
        .expect("the process's status is readable");
    status
        .lines()
        .find_map(|line| line.strip_prefix(field)?.strip_prefix(':'))
        .and_then(|value| value.trim().trim_end_matches("kB").trim().parse().ok())
        .unwrap_or_else(|| panic!("a {field} line"))
}
