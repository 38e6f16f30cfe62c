//! One `rpc` process on pipes, driven line by line as a host such as Pi drives it.

use std::ffi::OsStr;
use std::io::{BufRead as _, BufReader, Write as _};
use std::path::Path;
use std::process::{Child, ChildStdin, ChildStdout, Stdio};
use std::time::{Duration, Instant};

use serde_json::Value;

/// How long a test waits for the program to exit.
const WAIT: Duration = Duration::from_secs(20);

/// One `rpc` process and its pipes; killed when dropped if still running.
pub struct Rpc {
    child: Child,
    input: Option<ChildStdin>,
    output: BufReader<ChildStdout>,
}

impl Rpc {
    /// `rpc` with no session file, its standard error dropped.
    pub fn start() -> Self {
        Self::spawn(&["rpc".as_ref()], Stdio::null())
    }

    /// `rpc --session session`, its standard error dropped.
    pub fn on_session(session: &Path) -> Self {
        Self::on_session_with(session, Stdio::null())
    }

    /// `rpc --session session`, its standard error going to `stderr`.
    pub fn on_session_with(session: &Path, stderr: Stdio) -> Self {
        Self::spawn(
            &["rpc".as_ref(), "--session".as_ref(), session.as_os_str()],
            stderr,
        )
    }

    fn spawn(args: &[&OsStr], stderr: Stdio) -> Self {
        let mut child = super::program()
            .args(args)
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

    /// The process's id, for signals.
    pub fn id(&self) -> u32 {
        self.child.id()
    }

    /// Writes `message` as one line.
    pub fn send(&mut self, message: &Value) {
        let input = self.input.as_mut().expect("standard input is open");
        writeln!(input, "{message}").expect("the line is written");
        input.flush().expect("the line is flushed");
    }

    /// The next line the program writes, as it was written and as JSON.
    pub fn receive_line(&mut self) -> (String, Value) {
        let mut line = String::new();
        let read = self.output.read_line(&mut line).expect("a line is read");
        assert!(read > 0, "the program closed its output early");
        let value = serde_json::from_str(&line)
            .unwrap_or_else(|error| panic!("not one JSON line ({error}): {line}"));
        (line, value)
    }

    /// The next line the program writes, as JSON.
    pub fn receive(&mut self) -> Value {
        self.receive_line().1
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

    /// The program's standard input, for a writer of its own (a line too long to write
    /// while reading); [`Rpc::give_input`] hands it back.
    pub fn take_input(&mut self) -> ChildStdin {
        self.input.take().expect("standard input is open")
    }

    /// Hands back the input [`Rpc::take_input`] took.
    pub fn give_input(&mut self, input: ChildStdin) {
        self.input = Some(input);
    }

    /// Closes the program's standard input: its end of input.
    pub fn close_input(&mut self) {
        self.input = None;
    }

    /// Waits for the program to exit and gives its exit code (-1 for one a signal killed).
    pub fn exit_code(&mut self) -> i32 {
        let deadline = Instant::now() + WAIT;
        loop {
            if let Some(status) = self.child.try_wait().expect("the program is waited for") {
                return status.code().unwrap_or(-1);
            }
            assert!(Instant::now() < deadline, "the program did not exit");
            std::thread::sleep(Duration::from_millis(20));
        }
    }

    /// Closes the program's input, or finds it ended, and gives its exit code.
    pub fn close(&mut self) -> i32 {
        self.close_input();
        self.exit_code()
    }

    /// The most memory the program has held so far, from `/proc/<pid>/status` (`VmHWM`).
    pub fn peak_memory_bytes(&self) -> u64 {
        super::status_kib(self.id(), "VmHWM") * 1024
    }
}

impl Drop for Rpc {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// Sends SIGTERM to the program.
pub fn signal_term(rpc: &Rpc) {
    super::send_signal(rpc.id(), "TERM");
}
