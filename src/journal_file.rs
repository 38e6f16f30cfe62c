//! A Pi session file as the journal's store: read bounded, as the settings file is, and
//! appended to under an exclusive lock on the file, each new entry following the entry that
//! was last when the lock was taken. The file is never rewritten.

use std::fs::{File, OpenOptions};
use std::io::{Read as _, Seek as _, SeekFrom, Write as _};
use std::path::{Path, PathBuf};
use std::time::SystemTime;

use pi_agent_ask_core::journal::append::{Placement, Record};
use pi_agent_ask_core::journal::from_end;
use pi_agent_ask_core::journal::{Moment, Session};

use crate::files::{ReadProblem, open_without_blocking, read_regular_file};
use crate::lines_from_end::LinesFromEnd;

/// The largest session file read: sessions hold whole conversations, images included.
pub const MAX_SESSION_FILE_BYTES: u64 = 512 * 1024 * 1024;

/// A session file that cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum JournalError {
    /// It cannot be read.
    #[error("cannot read the session file {path}: {reason}")]
    Unreadable {
        /// The file.
        path: String,
        /// Why.
        reason: String,
    },
    /// It cannot be appended to.
    #[error("cannot append to the session file {path}: {source}")]
    Unwritable {
        /// The file.
        path: String,
        /// Why.
        source: std::io::Error,
    },
}

/// One session file.
#[derive(Clone, Debug)]
pub struct JournalFile {
    path: PathBuf,
}

impl JournalFile {
    /// The session file at `path`.
    pub fn new(path: &Path) -> Self {
        Self {
            path: path.to_owned(),
        }
    }

    /// Reads the session's entries.
    pub fn read(&self) -> Result<Session, JournalError> {
        let bytes = read_regular_file(&self.path, MAX_SESSION_FILE_BYTES).map_err(|problem| {
            self.unreadable(match problem {
                ReadProblem::NotRegularFile => "not a regular file".to_owned(),
                ReadProblem::TooLarge => "larger than 512 MiB".to_owned(),
                ReadProblem::Io(error) => error.to_string(),
            })
        })?;
        // Bytes that are not UTF-8 read as U+FFFD, as Pi reads them: a line a crash cut inside
        // a character is then no JSON, skipped and named, and the rest of the session counts.
        Ok(Session::parse(&String::from_utf8_lossy(&bytes)))
    }

    /// Appends `records`, in order, each one entry with a fresh id whose parent is the entry
    /// before it; the lock on the file keeps another writer's entries from coming between.
    pub fn append(&self, records: &[Record]) -> Result<(), JournalError> {
        self.append_checked(records, None::<fn(&str) -> Option<()>>)
            .map(|_| ())
    }

    /// [`JournalFile::append`], unless `found` finds something in the session as it is once
    /// the file is locked (another writer did first what the records would do): then nothing
    /// is appended and that is returned.
    pub fn append_unless<T>(
        &self,
        records: &[Record],
        found: impl FnOnce(&Session) -> Option<T>,
    ) -> Result<Option<T>, JournalError> {
        self.append_checked(records, Some(|text: &str| found(&Session::parse(text))))
    }

    /// [`JournalFile::append_unless`] with the locked file's text; with no `found` to check,
    /// only the file's end is read, back to its last entry, so an append costs what its
    /// entries cost, however long the session has grown.
    fn append_checked<T>(
        &self,
        records: &[Record],
        found: Option<impl FnOnce(&str) -> Option<T>>,
    ) -> Result<Option<T>, JournalError> {
        if records.is_empty() {
            return Ok(None);
        }
        let unwritable = |source| JournalError::Unwritable {
            path: self.path.display().to_string(),
            source,
        };
        let mut file = OpenOptions::new()
            .read(true)
            .append(true)
            .open(&self.path)
            .map_err(unwritable)?;
        file.lock().map_err(unwritable)?;
        let (mut parent, ends_in_break) = match found {
            Some(found) => {
                let (text, parent, ends_in_break) = tail(&mut file).map_err(unwritable)?;
                if let Some(found) = found(&text) {
                    return Ok(Some(found));
                }
                (parent, ends_in_break)
            }
            None => last_entry(&mut file).map_err(unwritable)?,
        };
        let mut text = String::new();
        if !ends_in_break {
            text.push('\n');
        }
        for record in records {
            let id = fresh_id();
            let placement = Placement {
                id: id.clone(),
                parent_id: parent,
                timestamp: humantime::format_rfc3339_millis(SystemTime::now()).to_string(),
            };
            text.push_str(&record.line(&placement));
            text.push('\n');
            parent = Some(id);
        }
        let before = file.metadata().map_err(unwritable)?.len();
        if let Err(error) = file.write_all(text.as_bytes()).and_then(|()| file.flush()) {
            // A write cut short (a full disk) would leave half an entry for good, which every
            // reader, Pi's included, trips over: the file goes back to its last whole entry.
            let _ = file.set_len(before);
            return Err(unwritable(error));
        }
        Ok(None)
    }

    /// Appends what `moment` records, stamped now; the payload of a call names the session
    /// entry holding its tool call when the active branch has one, found by reading back from
    /// the file's end (see [`from_end::entry_of_tool_call`]). A call the journal does not keep
    /// (no request id) appends nothing and reads nothing. `false` when the moment names a tool
    /// call the active branch does not hold.
    pub fn keep(&self, moment: Moment<'_>) -> Result<bool, JournalError> {
        let now = SystemTime::now();
        let created_at = humantime::format_rfc3339_millis(now).to_string();
        let millis = crate::clock::now_millis();
        let mut records = moment.records(None, millis, &created_at);
        if records.is_empty() {
            return Ok(true);
        }
        let mut found = true;
        if let Some(tool_call_id) = moment.tool_call_id() {
            let source_entry_id = self.entry_of_tool_call(tool_call_id)?;
            found = source_entry_id.is_some();
            if found {
                records = moment.records(source_entry_id, millis, &created_at);
            }
        }
        self.append(&records).map(|()| found)
    }

    /// The id of the entry holding the tool call `tool_call_id` on the active branch, read
    /// back from the file's end only as far as that entry.
    pub fn entry_of_tool_call(&self, tool_call_id: &str) -> Result<Option<String>, JournalError> {
        let unreadable = |error: std::io::Error| self.unreadable(error.to_string());
        let mut file = open_without_blocking(&self.path).map_err(unreadable)?;
        if !file.metadata().map_err(unreadable)?.is_file() {
            return Err(self.unreadable("not a regular file".to_owned()));
        }
        let mut failed = None;
        let lines = LinesFromEnd::new(&mut file)
            .map_err(unreadable)?
            .map_while(|line| line.map_err(|error| failed = Some(error)).ok());
        let found = from_end::entry_of_tool_call(lines, tool_call_id);
        match failed {
            Some(error) => Err(unreadable(error)),
            None => Ok(found),
        }
    }

    /// Appends what `moment` records, stamped now, in a journal no host writes tool calls to
    /// (the MCP server's own): nothing is read but the entry the records follow.
    pub fn keep_apart(&self, moment: Moment<'_>) -> Result<(), JournalError> {
        let created_at = humantime::format_rfc3339_millis(SystemTime::now()).to_string();
        self.append(&moment.records(None, crate::clock::now_millis(), &created_at))
    }

    fn unreadable(&self, reason: String) -> JournalError {
        JournalError::Unreadable {
            path: self.path.display().to_string(),
            reason,
        }
    }
}

/// The text of the locked file, its last entry's id and whether it ends in a line break (an
/// empty file counts as one).
fn tail(file: &mut File) -> std::io::Result<(String, Option<String>, bool)> {
    file.seek(SeekFrom::Start(0))?;
    let mut bytes = Vec::new();
    file.take(MAX_SESSION_FILE_BYTES).read_to_end(&mut bytes)?;
    let text = String::from_utf8_lossy(&bytes).into_owned();
    let ends_in_break = text.is_empty() || text.ends_with('\n');
    let last = from_end::last_entry_id(text.lines().rev());
    Ok((text, last, ends_in_break))
}

/// The locked file's last entry's id and whether it ends in a line break (an empty file counts
/// as one), read back from its end only as far as that entry, as [`tail`] finds them in the
/// whole text.
fn last_entry(file: &mut File) -> std::io::Result<(Option<String>, bool)> {
    let mut failed = None;
    let mut lines =
        LinesFromEnd::new(file)?.map_while(|line| line.map_err(|error| failed = Some(error)).ok());
    let last_line = lines.next();
    let ends_in_break = last_line.as_ref().is_none_or(String::is_empty);
    let last = from_end::last_entry_id(last_line.into_iter().chain(lines));
    match failed {
        Some(error) => Err(error),
        None => Ok((last, ends_in_break)),
    }
}

/// What is said of an ask journaled for tool call `tool_call_id` that the active branch of its
/// session does not hold.
pub fn not_on_the_branch(tool_call_id: &str) -> String {
    format!(
        "no tool call {tool_call_id:?} is on the active branch of the session; the ask is \
         journaled, but `resume` looks for an ask by its tool call, so it will not find this one"
    )
}

/// A fresh entry id: 8 hex digits, as Pi's own ids are.
fn fresh_id() -> String {
    uuid::Uuid::new_v4().simple().to_string()[..8].to_owned()
}

#[cfg(test)]
mod tests {
    use pi_agent_ask_core::journal::append::Record;
    use serde_json::{Value, json};

    use std::fs::File;

    use super::{JournalFile, last_entry, tail};

    fn record(n: u64) -> Record {
        Record {
            custom_type: "ask:drafts",
            data: json!({"n": n}),
        }
    }

    #[test]
    fn appended_entries_follow_the_last_entry_and_each_other_without_rewriting_the_file() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("session.jsonl");
        let before = "{\"type\":\"session\",\"id\":\"s\"}\n{\"type\":\"message\",\"id\":\"m1\",\"parentId\":null}";
        std::fs::write(&path, before).expect("the session is written");
        let file = JournalFile::new(&path);
        file.append(&[record(1), record(2)]).expect("appended");
        let text = std::fs::read_to_string(&path).expect("read back");
        assert!(text.starts_with(before), "the file was rewritten:\n{text}");
        let lines: Vec<Value> = text
            .lines()
            .skip(2)
            .map(|line| serde_json::from_str(line).expect("a JSON line"))
            .collect();
        assert_eq!(lines.len(), 2);
        assert_eq!(lines[0]["parentId"], "m1");
        assert_eq!(lines[1]["parentId"], lines[0]["id"]);
        assert_eq!(lines[0]["id"].as_str().map(str::len), Some(8));
        assert_eq!(lines[1]["data"], json!({"n": 2}));
        assert!(
            lines[0]["timestamp"]
                .as_str()
                .is_some_and(|time| time.ends_with('Z'))
        );
        assert_eq!(file.read().expect("readable").entries.len(), 3);
    }

    #[test]
    fn writers_appending_at_once_leave_one_chain_of_entries() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("session.jsonl");
        std::fs::write(&path, "{\"type\":\"session\",\"id\":\"s\"}\n").expect("written");
        std::thread::scope(|scope| {
            for writer in 0..4 {
                let file = JournalFile::new(&path);
                scope.spawn(move || {
                    for n in 0..25 {
                        file.append(&[record(writer * 100 + n)]).expect("appended");
                    }
                });
            }
        });
        let text = std::fs::read_to_string(&path).expect("read back");
        let entries: Vec<Value> = text
            .lines()
            .skip(1)
            .map(|line| serde_json::from_str(line).expect("a whole JSON line"))
            .collect();
        assert_eq!(entries.len(), 100);
        assert_eq!(entries[0]["parentId"], Value::Null);
        for pair in entries.windows(2) {
            assert_eq!(pair[1]["parentId"], pair[0]["id"]);
        }
    }

    #[test]
    fn the_end_read_alone_finds_the_last_entry_the_whole_text_does() {
        let dir = tempfile::tempdir().expect("a folder");
        let path = dir.path().join("session.jsonl");
        let long = "x".repeat(300 * 1024);
        let cases = [
            String::new(),
            "{\"type\":\"session\",\"id\":\"s\"}\n".to_owned(),
            format!(
                "{{\"type\":\"session\",\"id\":\"s\"}}\n{{\"type\":\"custom\",\"id\":\"a1\",\"pad\":\"{long}\"}}\nnot json\n{{\"broken"
            ),
            format!("{{\"type\":\"custom\",\"id\":\"b2\"}}\n{long}\n"),
        ];
        for text in cases {
            std::fs::write(&path, &text).expect("written");
            let mut file = File::open(&path).expect("opened");
            let (_, whole_id, whole_break) = tail(&mut file).expect("read whole");
            assert_eq!(
                last_entry(&mut file).expect("read back from the end"),
                (whole_id, whole_break),
                "{}",
                text.len()
            );
        }
    }

    #[test]
    fn a_missing_session_file_is_refused_rather_than_created() {
        let dir = tempfile::tempdir().expect("a folder");
        let file = JournalFile::new(&dir.path().join("none.jsonl"));
        assert!(file.read().is_err());
        assert!(file.append(&[record(1)]).is_err());
        assert!(!dir.path().join("none.jsonl").exists());
    }
}
