//! An ask shown away from the asking process (in an inbox, later a popup or an MCP client):
//! everything the other side needs to show the same form and give the same result.

use std::borrow::Cow;
use std::path::Path;
use std::sync::Arc;

use pi_agent_ask_core::contract::answers::Draft;
use pi_agent_ask_core::contract::rules::ImagePaste;
use pi_agent_ask_core::contract::{Call, Tool};
use pi_agent_ask_core::journal::drafts::DraftRecord;
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use serde_json::value::RawValue;

use crate::proc_stat::ProcStat;
use crate::settings_file::SettingsFile;

/// Where an ask comes from, as the person answering it sees it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Asker {
    /// The asking program: the asker's parent process (an agent), by name.
    pub program: String,
    /// The working directory of the ask.
    pub cwd: String,
    /// The asking process.
    pub pid: u32,
}

/// One ask to show elsewhere: the call as validated here, and the settings shaping its form.
#[derive(Clone, Debug, PartialEq)]
pub struct AwayRequest {
    /// The ask's id: the call's request id, or a fresh one for a tool whose results carry none.
    /// An asker that sends the same id again is the same ask, reconnecting.
    pub id: String,
    /// The tool the arguments follow.
    pub tool: Tool,
    /// The arguments with preview files already loaded, so the other side reads no files.
    pub arguments: ArgumentsText,
    /// The settings document as read (`None`: no valid file, so the defaults).
    pub settings: Option<Value>,
    /// What is wrong with the asker's settings file, each notice after the file's path: the
    /// form shows them where it is asked, as it would on the asker's own terminal (an
    /// unusable file sends no document to tell it by).
    pub settings_notices: Vec<String>,
    /// Where the ask comes from.
    pub asker: Asker,
    /// What the form opens with: the drafts of an interrupted ask being resumed, one per
    /// question.
    pub drafts: Option<Vec<DraftRecord>>,
    /// Whether the form's editors take images: not for a host whose answers are text alone.
    pub images: ImagePaste,
    /// How many more forms the asker holds back behind this one as it sends it (see
    /// [`crate::inbox::behind`]).
    pub behind: usize,
    /// Whether the asker keeps what the form holds as the person works on it, handed to it
    /// while it waits, so an inbox killed without a word leaves it what was typed.
    pub holds: bool,
}

/// Tool arguments as JSON text, shared by the copies of a request: the asker writes them once,
/// as the program writes JSON, and the inbox reads its call from the text as it goes, so
/// neither side holds them as a tree (a tree of 10,000 options takes several times the text).
#[derive(Clone, Debug)]
pub struct ArgumentsText(Arc<RawValue>);

impl ArgumentsText {
    /// The arguments `value` serializes to.
    pub fn of(value: &impl Serialize) -> Self {
        let text = pi_agent_ask_core::json::to_string(value);
        // The program's own writer writes JSON, so the text always reads back.
        let raw = RawValue::from_string(text)
            .unwrap_or_else(|_| RawValue::from_string("null".to_owned()).expect("null is JSON"));
        Self(Arc::from(raw))
    }

    /// Arguments read from a line, as they came.
    pub fn from_raw(raw: Box<RawValue>) -> Self {
        Self(Arc::from(raw))
    }

    /// The JSON text.
    pub fn text(&self) -> &str {
        self.0.get()
    }
}

impl PartialEq for ArgumentsText {
    fn eq(&self, other: &Self) -> bool {
        self.text() == other.text()
    }
}

impl<'de> Deserialize<'de> for ArgumentsText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Box::<RawValue>::deserialize(deserializer).map(Self::from_raw)
    }
}

impl Serialize for ArgumentsText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        self.0.serialize(serializer)
    }
}

impl AwayRequest {
    /// The request for `call`, asked with `settings`, from `cwd`.
    pub fn new(call: &Call, settings: &SettingsFile, cwd: &Path) -> Self {
        Self {
            id: call
                .request_id()
                .map_or_else(crate::commands::new_request_id, str::to_owned),
            tool: call.tool(),
            arguments: ArgumentsText::of(&call.arguments_view()),
            settings: settings.loaded.file.document().map(Cow::into_owned),
            settings_notices: settings.notices(),
            asker: Asker {
                program: asking_program(),
                cwd: cwd.display().to_string(),
                pid: std::process::id(),
            },
            drafts: None,
            images: call.rules().images,
            behind: 0,
            holds: true,
        }
    }

    /// The same request, its form opening with `drafts`.
    #[must_use]
    pub fn with_drafts(mut self, drafts: Option<&[Draft]>) -> Self {
        self.drafts = drafts.map(|drafts| drafts.iter().map(DraftRecord::from).collect());
        self
    }
}

/// The name of the program that asked: this process's parent, or, when the parent is a shell
/// running a command line (a hook's `sh -c`), the first ancestor that is not one, so the inbox
/// names the agent (`claude`), not `sh`; `unknown` where `/proc` says nothing.
pub fn asking_program() -> String {
    let Some(parent) = rustix::process::getppid() else {
        return UNKNOWN.to_owned();
    };
    program_above(parent.as_raw_nonzero().get().unsigned_abs(), |pid| {
        let name = std::fs::read_to_string(format!("/proc/{pid}/comm")).ok()?;
        let stat = ProcStat::read(pid)?;
        let command_line = std::fs::read(format!("/proc/{pid}/cmdline")).unwrap_or_default();
        Some(Process {
            name: name.trim().to_owned(),
            parent: stat.parent(),
            runs_a_command_line: runs_a_command_line(&command_line),
        })
    })
}

/// What is said of an asking program whose name cannot be read.
const UNKNOWN: &str = "unknown";

/// The programs that run other programs' command lines, passed over to name the program that
/// ran them.
const SHELLS: [&str; 9] = [
    "sh", "bash", "dash", "zsh", "fish", "ksh", "mksh", "ash", "busybox",
];

/// How many shells in a row are passed over at most.
const MOST_SHELLS: usize = 4;

/// A process as the asking program is looked for: its name, its parent, and whether it was
/// started to run a command line (`-c`, as in `sh -c`, `bash -lc`).
struct Process {
    name: String,
    parent: Option<u32>,
    runs_a_command_line: bool,
}

impl Process {
    /// Whether it is a shell running a command line, passed over for the program that ran it;
    /// a person's own shell is not.
    fn passed_over(&self) -> bool {
        self.runs_a_command_line && SHELLS.contains(&self.name.as_str())
    }
}

/// The name of process `pid`, or of the first of its ancestors past the shells running a
/// command line, as `process` reads each; the last shell's name when no other is found.
fn program_above(pid: u32, process: impl Fn(u32) -> Option<Process>) -> String {
    let Some(mut current) = process(pid).filter(|process| !process.name.is_empty()) else {
        return UNKNOWN.to_owned();
    };
    for _ in 0..MOST_SHELLS {
        if !current.passed_over() {
            break;
        }
        match current
            .parent
            .filter(|&pid| pid > 1)
            .and_then(&process)
            .filter(|process| !process.name.is_empty())
        {
            Some(above) => current = above,
            None => break,
        }
    }
    current.name
}

/// Whether the arguments of `/proc/<pid>/cmdline` (each ended by a NUL) run a command line:
/// an option word before the first other word holding `c` (`-c`, `-lc`, `-ic`).
fn runs_a_command_line(command_line: &[u8]) -> bool {
    command_line
        .split(|&byte| byte == 0)
        .skip(1)
        .take_while(|word| word.first() == Some(&b'-'))
        .filter(|word| word.get(1).is_some_and(|&second| second != b'-'))
        .any(|word| word.contains(&b'c'))
}

#[cfg(test)]
impl AwayRequest {
    /// A request for tests: one `ask_user_question` question (`Auth?`) from `agent` in
    /// `/work`, with no settings, drafts or forms held back.
    pub fn asking_auth(id: &str) -> Self {
        Self {
            id: id.to_owned(),
            tool: Tool::AskUserQuestion,
            arguments: ArgumentsText::of(
                &serde_json::json!({"questions": [{"question": "Auth?"}]}),
            ),
            settings: None,
            settings_notices: Vec::new(),
            asker: Asker {
                program: "agent".to_owned(),
                cwd: "/work".to_owned(),
                pid: 42,
            },
            drafts: None,
            images: ImagePaste::Unsupported,
            behind: 0,
            holds: false,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{Process, program_above, runs_a_command_line};

    /// A process table: each pid's name, parent, and whether it runs a command line.
    fn table(rows: &[(u32, &str, u32, bool)]) -> impl Fn(u32) -> Option<Process> {
        let rows: Vec<(u32, String, u32, bool)> = rows
            .iter()
            .map(|&(pid, name, parent, command)| (pid, name.to_owned(), parent, command))
            .collect();
        move |pid| {
            rows.iter().find(|row| row.0 == pid).map(|row| Process {
                name: row.1.clone(),
                parent: Some(row.2),
                runs_a_command_line: row.3,
            })
        }
    }

    #[test]
    fn the_asking_program_is_the_parent_or_the_first_ancestor_past_shells_running_its_command() {
        let claude_hook = table(&[
            (30, "sh", 20, true),
            (20, "claude", 10, false),
            (10, "zsh", 1, false),
        ]);
        assert_eq!(program_above(30, &claude_hook), "claude");
        let nested = table(&[
            (40, "bash", 30, true),
            (30, "sh", 20, true),
            (20, "pi", 1, false),
        ]);
        assert_eq!(program_above(40, &nested), "pi");
        let codex = table(&[(20, "codex", 10, false), (10, "bash", 1, false)]);
        assert_eq!(program_above(20, &codex), "codex");
        let typed_in_a_shell = table(&[(10, "bash", 5, false), (5, "sshd", 1, false)]);
        assert_eq!(program_above(10, &typed_in_a_shell), "bash");
        let only_shells = table(&[(10, "sh", 1, true)]);
        assert_eq!(program_above(10, &only_shells), "sh");
        assert_eq!(program_above(99, &only_shells), "unknown");
    }

    #[test]
    fn a_command_line_is_run_with_an_option_word_holding_c() {
        assert!(runs_a_command_line(
            b"/bin/sh\0-c\0pi-agent-ask hook claude\0"
        ));
        assert!(runs_a_command_line(b"bash\0-lc\0pi-agent-ask ask q.json\0"));
        assert!(!runs_a_command_line(b"-bash\0"));
        assert!(!runs_a_command_line(b"bash\0--login\0"));
        assert!(!runs_a_command_line(b"bash\0script.sh\0-c\0"));
    }
}
