//! The answer inbox in a tmux pane, and askers with no terminal of their own: shared by the
//! inbox's terminal tests. Every program gets a private `XDG_RUNTIME_DIR`, so no test meets a
//! real inbox.

use std::io::Write as _;
use std::os::unix::fs::DirBuilderExt as _;
use std::os::unix::net::UnixStream;
use std::os::unix::process::CommandExt as _;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::mpsc;
use std::time::Duration;

use serde_json::{Value, json};

use super::asking::Asking;

/// The program under test.
pub const PROGRAM: &str = env!("CARGO_BIN_EXE_pi-agent-ask");
/// What the idle screen says.
pub const IDLE: &str = "Nothing is waiting";

/// One single-choice question under `title`.
pub fn arguments(title: &str) -> Value {
    json!({
        "title": title,
        "questions": [{
            "id": "db", "label": "Database", "prompt": "Which database?",
            "options": [
                {"value": "pg", "label": "Postgres"},
                {"value": "sqlite", "label": "SQLite"}
            ]
        }]
    })
}

/// A terminal with its private runtime folder.
pub struct Terminal {
    /// The terminal and its folder.
    pub term: Asking,
    /// The private runtime folder.
    pub runtime: PathBuf,
}

impl Terminal {
    /// A 100×30 terminal, or `None` (with a message) without tmux.
    pub fn start() -> Option<Self> {
        let term = Asking::start(100, 30)?;
        let runtime = term.tmux.path("run");
        std::fs::DirBuilder::new()
            .mode(0o700)
            .create(&runtime)
            .expect("the runtime folder is made");
        Some(Self { term, runtime })
    }

    /// Starts `pi-agent-ask inbox` in the pane and waits for its idle screen; the inbox's
    /// process id goes to `inbox.pid`, its exit status to the screen.
    pub fn open_inbox(&self) {
        self.term.tmux.type_line(&format!(
            "clear; rm -f inbox.pid; XDG_RUNTIME_DIR=\"$PWD/run\" HOME=\"$PWD\" bash -c \
             'echo $$ > inbox.pid; exec \"$0\" \"$@\"' {PROGRAM} inbox \
             --config \"$PWD/settings.json\"; echo \"inbox-exit=$?\"",
        ));
        self.term.tmux.wait_for_text(IDLE);
    }

    /// The running inbox's process id.
    pub fn inbox_pid(&self) -> String {
        std::fs::read_to_string(self.term.tmux.path("inbox.pid"))
            .expect("the inbox wrote its process id before its first frame")
            .trim()
            .to_owned()
    }

    /// An asker in a process group of its own with no terminal on any of its descriptors.
    pub fn asker(&self, title: &str, ui: &str) -> Child {
        self.run(&["ask", "-", "--ui", ui], Some(&arguments(title)))
    }

    /// The program run with `args` as an asker of this terminal's inbox (no terminal of its
    /// own), with `input` on its standard input when given.
    pub fn run(&self, args: &[&str], input: Option<&Value>) -> Child {
        let mut child = Command::new(PROGRAM)
            .args(args)
            .env("XDG_RUNTIME_DIR", &self.runtime)
            .env("HOME", self.term.tmux.dir.path())
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .process_group(0)
            .spawn()
            .expect("the asker starts");
        let mut stdin = child.stdin.take().expect("stdin is piped");
        if let Some(input) = input {
            stdin
                .write_all(input.to_string().as_bytes())
                .expect("the arguments are written");
        }
        child
    }

    /// Sends tmux key names to the inbox's pane.
    pub fn keys(&self, keys: &[&str]) {
        self.term.tmux.keys(keys);
    }

    /// Waits until the pane's screen satisfies `ready`.
    pub fn wait_for(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        self.term.tmux.wait_for(what, ready)
    }

    /// Waits until the pane shows a form that came to the front (`ready`), then until it
    /// takes keys: the typing pause it waits for ([`super::let_it_settle`]).
    pub fn wait_for_form(&self, what: &str, ready: impl Fn(&str) -> bool) -> String {
        let screen = self.wait_for(what, ready);
        super::let_it_settle();
        screen
    }

    /// The label line of the form shown: the screen's first line.
    pub fn label(&self) -> String {
        self.term
            .tmux
            .screen()
            .lines()
            .next()
            .unwrap_or_default()
            .trim()
            .to_owned()
    }
}

/// Waits (at most ten seconds) for an asker to end; its result document and exit status.
pub fn finish(child: Child) -> (Value, i32) {
    let (document, exit, _) = finish_saying(child);
    (document, exit)
}

/// [`finish`], with what the asker said on stderr.
pub fn finish_saying(child: Child) -> (Value, i32, String) {
    let (sent, received) = mpsc::channel();
    std::thread::spawn(move || {
        let _ = sent.send(child.wait_with_output());
    });
    let output = received
        .recv_timeout(Duration::from_secs(10))
        .expect("the asker ends in time")
        .expect("the asker's output");
    let stdout = String::from_utf8_lossy(&output.stdout);
    let document = serde_json::from_str(&stdout).unwrap_or_else(|error| {
        panic!(
            "the asker printed no JSON result ({error}):\n{stdout}\nstderr:\n{}",
            String::from_utf8_lossy(&output.stderr)
        )
    });
    let stderr = String::from_utf8_lossy(&output.stderr).into_owned();
    (document, output.status.code().unwrap_or(-1), stderr)
}

/// The values answered to the question `db`.
pub fn values(details: &Value) -> &Value {
    &details["answers"]["db"]["values"]
}

/// Sends one ask over the wire, as any client of the protocol may.
pub fn connect_and_ask(term: &Terminal, id: &str, title: &str) -> UnixStream {
    let socket = term.runtime.join("pi-agent-ask").join("inbox-default.sock");
    let mut stream = UnixStream::connect(socket).expect("the inbox listens");
    let line = json!({
        "v": 1, "type": "ask", "id": id, "tool": "ask_user",
        "arguments": arguments(title), "settings": null,
        "origin": {"program": "retrying-agent", "cwd": "/work/retry", "pid": 1}
    });
    stream
        .write_all(format!("{line}\n").as_bytes())
        .expect("the ask is sent");
    stream
}
