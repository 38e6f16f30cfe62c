//! A command to run as data (program, arguments, environment), so the command line each host
//! builds can be checked without running it, and a run that cannot hang.

use std::ffi::OsString;
use std::io::Read as _;
use std::process::{Child, Command, ExitStatus, Stdio};
use std::time::{Duration, Instant};

/// How long a probe of a host (tmux asked for its clients and the pane) may take before it is
/// given up.
pub const PROBE_LIMIT: Duration = Duration::from_secs(5);

/// Runs a probe of a host and gives its standard output, or the reason it failed; tests give
/// canned answers instead.
pub type Probe = dyn Fn(&CommandLine) -> Result<String, String>;

/// Runs a probe for real, within [`PROBE_LIMIT`].
pub fn run_probe(line: &CommandLine) -> Result<String, String> {
    line.output_within(PROBE_LIMIT)
}

/// A program with its arguments and the variables added to its environment.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct CommandLine {
    /// The program, looked up on `PATH` unless it is a path.
    pub program: String,
    /// Its arguments.
    pub args: Vec<OsString>,
    /// Variables set for it on top of the caller's environment.
    pub env: Vec<(String, OsString)>,
}

impl CommandLine {
    /// `program` with these arguments and no variables of its own.
    pub fn new<I, A>(program: &str, args: I) -> Self
    where
        I: IntoIterator<Item = A>,
        A: Into<OsString>,
    {
        Self {
            program: program.to_owned(),
            args: args.into_iter().map(Into::into).collect(),
            env: Vec::new(),
        }
    }

    /// The arguments as text, for tests.
    #[cfg(test)]
    pub fn arg_texts(&self) -> Vec<String> {
        self.args
            .iter()
            .map(|arg| arg.to_string_lossy().into_owned())
            .collect()
    }

    /// The command ready to spawn, with nothing on standard input.
    pub fn command(&self) -> Command {
        let mut command = Command::new(&self.program);
        command.args(&self.args).stdin(Stdio::null());
        for (name, value) in &self.env {
            command.env(name, value);
        }
        command
    }

    /// Runs the command to its end, or kills it after `limit`; its standard output when it
    /// succeeded.
    pub fn output_within(&self, limit: Duration) -> Result<String, String> {
        let mut child = self
            .command()
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .map_err(|error| format!("cannot run {}: {error}", self.program))?;
        let ended = finish_within(&mut child, Instant::now() + limit);
        let Some(ended) = ended else {
            return Err(format!("{} did not answer within {limit:?}", self.program));
        };
        if ended.success {
            Ok(ended.stdout)
        } else {
            Err(first_line(&ended.stderr).unwrap_or_else(|| format!("{} failed", self.program)))
        }
    }
}

/// What a finished child printed and whether it succeeded.
pub struct Ended {
    /// Whether it exited with status 0.
    pub success: bool,
    /// Its standard output.
    pub stdout: String,
    /// Its standard error.
    pub stderr: String,
}

/// Waits until `child` has closed its standard error (it exited), or kills it at `deadline`
/// (`None`); reads what it printed. Its output is small: a status line, an id.
pub fn finish_within(child: &mut Child, deadline: Instant) -> Option<Ended> {
    let mut stderr = child.stderr.take()?;
    let mut errors = Vec::new();
    loop {
        let left = deadline.saturating_duration_since(Instant::now());
        if left.is_zero() || !readable_within(&stderr, left) {
            let _ = child.kill();
            let _ = child.wait();
            return None;
        }
        let mut chunk = [0; 4096];
        match stderr.read(&mut chunk) {
            Ok(0) | Err(_) => break,
            Ok(read) => errors.extend_from_slice(&chunk[..read]),
        }
    }
    let status = reap_within(child, deadline)?;
    let mut stdout = String::new();
    if let Some(mut pipe) = child.stdout.take() {
        let _ = pipe.read_to_string(&mut stdout);
    }
    Some(Ended {
        success: status.success(),
        stdout,
        stderr: String::from_utf8_lossy(&errors).into_owned(),
    })
}

/// The status of a child that closed its output, so it is exiting: waited for until
/// `deadline` (checked every few milliseconds), then killed (`None`). A program that closes its
/// output and stays cannot hold the caller.
pub fn reap_within(child: &mut Child, deadline: Instant) -> Option<ExitStatus> {
    loop {
        match child.try_wait() {
            Ok(Some(status)) => return Some(status),
            Ok(None) if Instant::now() < deadline => std::thread::sleep(Duration::from_millis(5)),
            Ok(None) | Err(_) => {
                let _ = child.kill();
                let _ = child.wait();
                return None;
            }
        }
    }
}

pub use crate::cancel::readable_within;

/// The first non-blank line of a program's message, trimmed.
pub fn first_line(text: &str) -> Option<String> {
    text.lines()
        .map(str::trim)
        .find(|line| !line.is_empty())
        .map(str::to_owned)
}

/// `words` as one POSIX shell command line, each word single-quoted, for a host that runs a
/// command through a shell (tmux).
pub fn shell_line(words: &[OsString]) -> String {
    words
        .iter()
        .map(|word| {
            let text = word.to_string_lossy();
            format!("'{}'", text.replace('\'', r"'\''"))
        })
        .collect::<Vec<_>>()
        .join(" ")
}

/// The words that run the popup's program with the variables it needs: `env NAME=VALUE ...
/// PROGRAM ARGS...`, for hosts that take a command but no environment of their own.
pub fn with_env(env: &[(String, OsString)], program: &[OsString]) -> Vec<OsString> {
    let mut words = vec![OsString::from("env")];
    for (name, value) in env {
        let mut pair = OsString::from(format!("{name}="));
        pair.push(value);
        words.push(pair);
    }
    words.extend(program.iter().cloned());
    words
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_shell_line_keeps_every_word_whole_whatever_it_holds() {
        let words = [
            OsString::from("/opt/my tools/pi-agent-ask"),
            OsString::from("it's"),
            OsString::from("$HOME;rm"),
        ];
        assert_eq!(
            shell_line(&words),
            r"'/opt/my tools/pi-agent-ask' 'it'\''s' '$HOME;rm'"
        );
        let echoed = Command::new("sh")
            .arg("-c")
            .arg(format!("printf '%s\\n' {}", shell_line(&words)))
            .output()
            .expect("sh runs");
        assert_eq!(
            String::from_utf8_lossy(&echoed.stdout),
            "/opt/my tools/pi-agent-ask\nit's\n$HOME;rm\n"
        );
    }

    #[test]
    fn a_command_that_outlives_its_limit_is_killed_and_reported() {
        let sleeper = CommandLine::new("sleep", ["5"]);
        let started = Instant::now();
        let outcome = sleeper.output_within(Duration::from_millis(100));
        assert!(outcome.is_err(), "{outcome:?}");
        assert!(started.elapsed() < Duration::from_secs(2));
    }

    #[test]
    fn a_failing_command_reports_its_first_message_line() {
        let failing = CommandLine::new("sh", ["-c", "echo; echo '  no server  ' >&2; exit 1"]);
        assert_eq!(
            failing.output_within(PROBE_LIMIT),
            Err("no server".to_owned())
        );
        let echo = CommandLine::new("sh", ["-c", "echo 3.3a"]);
        assert_eq!(echo.output_within(PROBE_LIMIT), Ok("3.3a\n".to_owned()));
    }
}
