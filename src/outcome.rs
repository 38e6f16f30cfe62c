//! What a command hands back: what to print on stdout and the exit status, or a usage error.

use std::io::Write;

use crate::exit::Exit;

/// A failure the user must fix in how they called the program (exit 2).
#[derive(Debug, thiserror::Error)]
#[error("{0}")]
pub struct UsageError(String);

impl UsageError {
    /// A usage error with this message.
    pub fn new(message: impl Into<String>) -> Self {
        Self(message.into())
    }
}

/// What a command prints on stdout.
pub enum Output {
    /// One JSON document (the tool result, `check`'s verdict, a schema).
    Json(serde_json::Value),
    /// One JSON document on one compact line, for a host that reads a line (a hook's decision).
    Line(serde_json::Value),
    /// Text as it is (`render`'s screen, then its result).
    Text(String),
    /// A document written as it is serialized (`check`'s verdict), never held whole.
    Stream(Box<WriteDocument>),
}

/// Writes a document to the writer it is given.
pub type WriteDocument = dyn FnOnce(&mut dyn Write) -> std::io::Result<()>;

/// What a command hands back: what to print and the exit code.
pub struct Outcome {
    /// What to print.
    pub output: Output,
    /// 0 unless the command's own contract says otherwise (`check` on invalid input: 1).
    pub exit: u8,
}

impl Outcome {
    /// A JSON document and its exit code.
    pub const fn json(document: serde_json::Value, exit: u8) -> Self {
        Self {
            output: Output::Json(document),
            exit,
        }
    }

    /// A document `write` serializes straight to stdout, as [`Outcome::json`] would print it.
    pub fn stream(
        write: impl FnOnce(&mut dyn Write) -> std::io::Result<()> + 'static,
        exit: u8,
    ) -> Self {
        Self {
            output: Output::Stream(Box::new(write)),
            exit,
        }
    }

    /// Text, exit 0.
    pub const fn text(text: String) -> Self {
        Self {
            output: Output::Text(text),
            exit: 0,
        }
    }
}

impl Outcome {
    /// Prints the output on stdout and turns the exit code into the process's status; a failed
    /// write exits 1, and one whose reader went away exits as SIGPIPE would end it (141). A
    /// regular file a failed write cut short is taken back to its length before it, so a host
    /// reading it finds no document rather than a broken one.
    pub fn print(self) -> Exit {
        let exit = self.exit;
        let file = StdoutFile::find();
        let (written, text) = match self.output {
            Output::Json(document) => {
                let mut text = pi_agent_ask_core::json::to_string_pretty(&document);
                text.push('\n');
                (write_text(&text), Some(text))
            }
            Output::Line(document) => {
                let mut text = pi_agent_ask_core::json::to_string(&document);
                text.push('\n');
                (write_text(&text), Some(text))
            }
            Output::Text(text) => (write_text(&text), Some(text)),
            Output::Stream(write) => {
                let mut stdout = std::io::BufWriter::new(std::io::stdout().lock());
                let written = write(&mut stdout)
                    .and_then(|()| stdout.write_all(b"\n"))
                    .and_then(|()| stdout.flush());
                (written, None)
            }
        };
        match written {
            Ok(()) => Exit::from(exit),
            Err(error) => {
                if let Some(file) = file {
                    file.take_back();
                }
                Exit::from(failed_write(&error, text.as_deref()))
            }
        }
    }
}

/// Writes `text` on stdout, flushed.
fn write_text(text: &str) -> std::io::Result<()> {
    let mut stdout = std::io::stdout().lock();
    stdout
        .write_all(text.as_bytes())
        .and_then(|()| stdout.flush())
}

/// Standard output when it is a regular file, and its length before the output.
struct StdoutFile {
    file: std::fs::File,
    length: u64,
}

impl StdoutFile {
    fn find() -> Option<Self> {
        use std::os::fd::AsFd as _;
        let fd = std::io::stdout().as_fd().try_clone_to_owned().ok()?;
        let file = std::fs::File::from(fd);
        let metadata = file.metadata().ok()?;
        metadata.is_file().then(|| Self {
            length: metadata.len(),
            file,
        })
    }

    /// Cuts the file back to its length before the output.
    fn take_back(&self) {
        let _ = self.file.set_len(self.length);
    }
}

/// The exit status after the output could not be written: 128 + SIGPIPE when nobody reads it
/// any more, as the signal would have ended the program, else 1, saying why on stderr and
/// writing `text` (the result a person may have just answered) there instead, so it is not
/// lost with a full disk or a broken file.
fn failed_write(error: &std::io::Error, text: Option<&str>) -> u8 {
    if error.kind() == std::io::ErrorKind::BrokenPipe {
        return 128 + u8::try_from(libc::SIGPIPE).unwrap_or(13);
    }
    match text {
        Some(text) => {
            report(&format!(
                "cannot write the output to standard output: {error}; here it is instead:"
            ));
            let mut stderr = std::io::stderr().lock();
            let _ = stderr
                .write_all(text.as_bytes())
                .and_then(|()| stderr.flush());
        }
        None => report(&format!(
            "cannot write the output to standard output: {error}"
        )),
    }
    1
}

/// Reports a usage error on stderr; its exit status is 2.
pub fn usage_failure(error: &UsageError) -> Exit {
    report(&error.to_string());
    Exit::from(2)
}

/// Writes `pi-agent-ask: <message>` on stderr, one line: a message quotes what it was given (a
/// settings file's field, a path, a name), which reaches the terminal with no escape sequence,
/// bidi control or line break of its own. A closed or broken stderr loses the message but never
/// the exit status: the write's failure is ignored rather than a panic.
pub fn report(message: &str) {
    let message = pi_agent_ask_core::text::sanitize_line(message);
    let _ = writeln!(std::io::stderr().lock(), "pi-agent-ask: {message}");
}
