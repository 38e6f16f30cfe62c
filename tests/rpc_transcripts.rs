//! Golden RPC transcripts: every folder under `fixtures/rpc/` is one session of `rpc`.
//!
//! `input.jsonl` holds the host's lines, split on `\n` only as the program splits them, and
//! `expected.jsonl` the program's lines, including those the end of input causes. The session
//! runs in-process with deterministic ids (`00000000-0000-4000-8000-<n>`, counted from 1 in the
//! order they are generated: an `ask_user` call's request id, then every dialog request id) and
//! a clock that starts at 1735689600000 (2025-01-01T00:00:00Z in milliseconds since the Unix
//! epoch, as events carry time) and ticks one second per reading, so the host lines can name
//! dialog ids. An optional `settings.json` is the settings file, and
//! preview files resolve against the folder. Every `ask_user` result is checked against the
//! output schema. `journal.jsonl` holds what the session journaled, one custom entry's
//! `customType` and `data` a line, in order (times in the entries fixed at the clock's start;
//! the payloads name no source entry, as there is no session file). Set `UPDATE_GOLDEN=1` to
//! rewrite `expected.jsonl` and `journal.jsonl`.

mod support;

use std::path::{Path, PathBuf};

use pi_agent_ask_core::contract::ask_user::{
    FileProblem, ParseOptions, PreviewFile, PreviewSource,
};
use pi_agent_ask_core::contract::{Call, InvalidCall, Tool};
use pi_agent_ask_core::journal::Moment;
use pi_agent_ask_dialogs::rpc::{Environment, Outgoing, Session};
use rstest::rstest;
use serde_json::Value;

use support::{golden, output_schema_validator};

/// 2025-01-01T00:00:00Z in milliseconds since the Unix epoch: where the transcripts' clock starts.
const START_MILLIS: u64 = 1_735_689_600_000;

/// The journal entries' time in RFC 3339: the clock's start.
const START_RFC3339: &str = "2025-01-01T00:00:00.000Z";

/// Ids and times in a fixed order, files from the fixture folder, and the journal kept.
struct Deterministic {
    dir: PathBuf,
    ids: u64,
    ticks: u64,
    journal: Vec<String>,
}

impl Environment for Deterministic {
    fn new_id(&mut self) -> String {
        self.ids += 1;
        format!("00000000-0000-4000-8000-{:012}", self.ids)
    }

    fn now(&mut self) -> u64 {
        let seconds = self.ticks;
        self.ticks += 1;
        START_MILLIS + seconds * 1000
    }

    fn parse_call(&mut self, tool: Tool, arguments: &Value) -> Result<Call, InvalidCall> {
        let settings = std::fs::read_to_string(self.dir.join("settings.json")).ok();
        let behaviour = pi_agent_ask_core::settings::load(settings.as_deref())
            .settings
            .behaviour;
        let options = ParseOptions {
            present_single_as_multi: behaviour.present_single_as_multi,
        };
        let dir = self.dir.clone();
        Call::parse(tool, arguments, options, &mut FolderFiles(&dir), || {
            self.new_id()
        })
    }

    fn journal(&mut self, entry: Moment<'_>) {
        for record in entry.records(None, START_MILLIS, START_RFC3339) {
            let line = serde_json::json!({"customType": record.custom_type, "data": record.data});
            self.journal.push(pi_agent_ask_core::json::to_string(&line));
        }
    }
}

struct FolderFiles<'a>(&'a Path);

impl PreviewSource for FolderFiles<'_> {
    fn load(&mut self, path: &str, _room: u64) -> PreviewFile {
        let resolved = self.0.join(path);
        PreviewFile {
            resolved_path: resolved.display().to_string(),
            content: std::fs::read(&resolved).map_err(|error| FileProblem::Io(error.to_string())),
        }
    }
}

/// The host's lines: split on `\n` only; a final `\n` ends the last line rather than starting
/// an empty one.
fn host_lines(bytes: &[u8]) -> Vec<&[u8]> {
    let bytes = bytes.strip_suffix(b"\n").unwrap_or(bytes);
    bytes.split(|byte| *byte == b'\n').collect()
}

fn check_ask_user_results(dir: &Path, lines: &[Value]) {
    let validator = output_schema_validator();
    for line in lines {
        let result = &line["result"];
        if line["type"] != "result" || result.get("structuredContent").is_none() {
            continue;
        }
        let problems: Vec<String> = validator
            .iter_errors(result)
            .map(|error| format!("{} at {}", error, error.instance_path()))
            .collect();
        assert!(
            problems.is_empty(),
            "{}: a result breaks the output schema: {problems:#?}",
            dir.display()
        );
    }
}

#[rstest]
fn rpc_transcript(#[files("fixtures/rpc/*/input.jsonl")] input: PathBuf) {
    let dir = input.parent().expect("a transcript folder").to_path_buf();
    let bytes = std::fs::read(&input).expect("the host lines are readable");
    let mut session = Session::new(Deterministic {
        dir: dir.clone(),
        ids: 0,
        ticks: 0,
        journal: Vec::new(),
    });
    let mut written: Vec<Outgoing> = Vec::new();
    for line in host_lines(&bytes) {
        written.extend(session.handle_line(line));
        session.lines_written();
    }
    written.extend(session.end_of_input());
    session.lines_written();
    assert!(session.is_idle(), "{}: calls left open", dir.display());
    let values: Vec<Value> = written.iter().map(Outgoing::to_json).collect();
    check_ask_user_results(&dir, &values);
    let text: Vec<String> = written.iter().map(Outgoing::to_line).collect();
    golden(&dir.join("expected.jsonl"), &text.join("\n"));
    let journal = session.into_environment().journal;
    golden(&dir.join("journal.jsonl"), &journal.join("\n"));
}
