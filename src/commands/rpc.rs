//! `rpc`: the JSON-lines host protocol on standard input and output.
//!
//! Lines are split on `\n` only (so U+2028 and U+2029 inside strings are ordinary characters)
//! and handed to the protocol session; every line it answers with is written and flushed at
//! once. A line over 16 MiB is answered with a failed `parse` response and skipped as it is read, never
//! held whole. The end of input cancels what is still open and exits 0; SIGTERM, SIGINT or
//! SIGHUP does the same at once, even while a read waits, and exits 128 + the signal's number.
//! With `--session FILE` the session journals to that Pi session file (see [`journal`]) and
//! takes up the background forms a session before left there; a file that cannot be read or
//! appended to is a usage error before any line is read.

mod journal;

use std::io::{BufReader, Write};
use std::path::PathBuf;

use pi_agent_ask_core::contract::{Call, InvalidCall, Tool};
use pi_agent_ask_core::journal::Moment;
use pi_agent_ask_dialogs::rpc::lines::{self, Line};
use pi_agent_ask_dialogs::rpc::{Environment, Outgoing, Session};
use serde_json::Value;

use super::{new_request_id, parse_call, parse_options};
use crate::cli::RpcArgs;
use crate::clock::now_millis;
use crate::effects::{Effects, Ending};
use crate::exit::Exit;
use crate::files::working_directory;
use crate::interrupt;
use crate::settings_file::SettingsFile;
use journal::RpcJournal;

/// How much of standard input one read takes.
const READ_CHUNK: usize = 64 * 1024;

/// The real world for a session: random UUIDs, the wall clock, files on disk, and the session
/// file when there is one.
struct ProgramEnvironment {
    cwd: PathBuf,
    config: Option<PathBuf>,
    journal: Option<RpcJournal>,
}

impl Environment for ProgramEnvironment {
    fn new_id(&mut self) -> String {
        new_request_id()
    }

    fn now(&mut self) -> u64 {
        now_millis()
    }

    fn parse_call(&mut self, tool: Tool, arguments: &Value) -> Result<Call, InvalidCall> {
        parse_call(tool, arguments, self.cwd.clone(), self.config.as_deref())
    }

    fn journal(&mut self, entry: Moment<'_>) {
        if let Some(journal) = &self.journal {
            journal.keep(entry);
        }
    }

    fn keeps_journal(&self) -> bool {
        self.journal.is_some()
    }
}

fn write_lines(out: &mut impl Write, lines: &[Outgoing]) -> std::io::Result<()> {
    if lines.is_empty() {
        return Ok(());
    }
    for line in lines {
        writeln!(out, "{}", line.to_line())?;
    }
    out.flush()
}

/// Runs the protocol until the host closes standard input or a signal ends it.
pub fn run(args: &RpcArgs) -> Exit {
    let cwd = match working_directory(args.cwd.as_deref()) {
        Ok(cwd) => cwd,
        Err(error) => {
            crate::outcome::report(&error.to_string());
            return Exit::from(2);
        }
    };
    // Each call reads the file again; what is wrong with it is said once.
    let settings = SettingsFile::read(args.config.as_deref());
    settings.report_notices();
    let opened = args
        .session
        .as_deref()
        .map(|path| RpcJournal::open(path, parse_options(&settings)))
        .transpose();
    let (journal, left) = match opened {
        Ok(Some((journal, left))) => (Some(journal), Some(left)),
        Ok(None) => (None, None),
        Err(error) => {
            crate::outcome::report(&error.to_string());
            return Exit::from(2);
        }
    };
    let mut session = Session::new(ProgramEnvironment {
        cwd,
        config: args.config.clone(),
        journal,
    });
    let mut output = std::io::stdout().lock();
    // Watched before the first line goes out: a host that signals as soon as it reads the
    // first dialog of a form asked again finds the signal taken as on any other line.
    interrupt::watch();
    // The forms a session before left: the first one asked again opens at once.
    if let Some(left) = left {
        let restored = session.restore(left);
        if write_lines(&mut output, &restored).is_err() {
            return Exit::from(1);
        }
    }
    let mut input = BufReader::with_capacity(READ_CHUNK, interrupt::reader(std::io::stdin()));
    let mut line = Vec::new();
    let mut ending = Ending::Answered;
    loop {
        let answer = match lines::read_line(&mut input, &mut line, lines::MAX_LINE_BYTES) {
            Ok(Line::End) => break,
            Ok(Line::Read) => session.handle_line(&line),
            Ok(Line::TooLong) => vec![lines::line_too_long()],
            Err(error) => {
                match interrupt::received() {
                    Some(signal) => ending = Ending::Signal(signal.number()),
                    None => crate::outcome::report(&format!("cannot read standard input: {error}")),
                }
                break;
            }
        };
        if write_lines(&mut output, &answer).is_err() {
            return Exit::from(1);
        }
        session.lines_written();
    }
    let last = match ending {
        Ending::Signal(_) => session.interrupted(),
        _ => session.end_of_input(),
    };
    if write_lines(&mut output, &last).is_err() {
        return Exit::from(1);
    }
    session.lines_written();
    Exit::from(Effects::exit_status(ending))
}
