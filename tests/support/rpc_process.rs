//! One `rpc --session FILE` process on pipes, driven line by line as Pi drives it.

use std::io::{BufRead as _, BufReader, Write as _};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Command, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// One `rpc --session` process on pipes; killed when dropped if still running.
pub struct Rpc {
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl Rpc {
    /// The process's id, for signals.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Starts the program on `session`, its standard error dropped.
    pub fn start(session: &Path) -> Self {
        Self::start_with(session, Stdio::null())
    }

    /// Starts the program on `session`, its standard error going to `stderr`.
    pub fn start_with(session: &Path, stderr: Stdio) -> Self {
        let mut child = super::program()
            .args(["rpc", "--session"])
            .arg(session)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(stderr)
            .spawn()
            .expect("the program starts");
        let input = child.stdin.take();
        let output = BufReader::new(child.stdout.take().expect("stdout is piped"));
        Self {
            child,
            input,
            output,
        }
    }

    /// Writes `message` as one line.
    pub fn send(&mut self, message: &Value) {
        let input = self.input.as_mut().expect("standard input is open");
        writeln!(input, "{message}").expect("the line is written");
        input.flush().expect("the line is flushed");
    }

    /// The next line the program writes, as JSON.
    pub fn receive(&mut self) -> Value {
        let mut line = String::new();
        let read = self.output.read_line(&mut line).expect("a line is read");
        assert!(read > 0, "the program closed its output early");
        serde_json::from_str(&line).unwrap_or_else(|error| panic!("not JSON ({error}): {line}"))
    }

    /// Lines until one of type `kind` (or an event on channel `kind`), which is returned.
    pub fn until(&mut self, kind: &str) -> Value {
        loop {
            let line = self.receive();
            if line["type"] == kind || line["channel"] == kind {
                return line;
            }
        }
    }

    /// Closes the program's input, or finds it ended, and gives its exit code.
    pub fn close(&mut self) -> i32 {
        drop(self.input.take());
        let deadline = Instant::now() + Duration::from_secs(20);
        loop {
            if let Some(status) = self.child.try_wait().expect("the program is waited for") {
                return status.code().unwrap_or(-1);
            }
            assert!(Instant::now() < deadline, "the program did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }
}

impl Drop for Rpc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sends SIGTERM to the session.
pub fn signal_term(rpc: &Rpc) {
    let sent = Command::new("kill")
        .args(["-s", "TERM", &rpc.id().to_string()])
        .status()
        .expect("kill runs");
    assert!(sent.success());
}
