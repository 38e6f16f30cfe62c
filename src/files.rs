//! Everything the program reads from disk for the core: arguments, preview files, settings.

use std::fs::{File, OpenOptions};
use std::io::Read;
use std::path::{Component, Path, PathBuf};

use pi_agent_ask_core::contract::ask_user::{
    FileProblem, MAX_PREVIEW_FILE_BYTES, PreviewFile, PreviewSource,
};
use pi_agent_ask_core::surrogates::mended;
use serde_json::Value;
use serde_json::de::StrRead;

use crate::outcome::UsageError;

/// Reads a JSON document from a file, or from standard input for `-`.
pub fn read_json(source: &str, what: &str) -> Result<Value, UsageError> {
    parse_json(&read_text(source, what)?, what)
}

/// Reads the JSON document in `source` (a file, or standard input for `-`) and hands it to
/// `read`, which takes it apart as it is parsed, so no tree of it is built (tool arguments).
/// The text is read whole: `serde_json` parses text in memory several times faster than from
/// a stream. Failures read as [`read_json`]'s do.
pub fn read_json_with<T>(
    source: &str,
    what: &str,
    read: impl FnOnce(&mut serde_json::Deserializer<StrRead<'_>>) -> Result<T, serde_json::Error>,
) -> Result<T, UsageError> {
    let text = read_text(source, what)?;
    let mut deserializer = serde_json::Deserializer::from_str(without_bom(&text));
    read(&mut deserializer)
        .and_then(|value| {
            deserializer.end()?;
            Ok(value)
        })
        .map_err(|error| json_error(&error, what))
}

/// The longest document read as tool arguments, a result or an answer: what one RPC or MCP
/// line may hold. Reading stops one byte past it, so `/dev/zero` is refused, not read forever.
pub const MAX_DOCUMENT_BYTES: u64 = pi_agent_ask_dialogs::rpc::lines::MAX_LINE_BYTES as u64;

/// The whole text of a file, or of standard input for `-`, with its lone surrogate escapes
/// mended as a host's are ([`mended`]); a read error, a document longer than
/// [`MAX_DOCUMENT_BYTES`] or text that is not UTF-8 says which `what` could not be read.
fn read_text(source: &str, what: &str) -> Result<String, UsageError> {
    let cannot = |reason: &str| {
        let whence = if source == "-" {
            "from standard input".to_owned()
        } else {
            format!("{source:?}")
        };
        UsageError::new(format!("cannot read {what} {whence}: {reason}"))
    };
    let read = if source == "-" {
        read_at_most(std::io::stdin().lock(), MAX_DOCUMENT_BYTES, 0)
    } else {
        File::open(source).and_then(|file| {
            let size = file.metadata().map_or(0, |found| found.len());
            read_at_most(file, MAX_DOCUMENT_BYTES, size)
        })
    };
    let Some(bytes) = read.map_err(|error| cannot(&io_text(&error)))? else {
        return Err(cannot(&format!(
            "longer than {} MiB",
            MAX_DOCUMENT_BYTES / (1024 * 1024)
        )));
    };
    let bytes = mended(&bytes).unwrap_or(bytes);
    String::from_utf8(bytes).map_err(|error| {
        cannot(&format!(
            "not UTF-8 text (byte {} is not)",
            error.utf8_error().valid_up_to() + 1
        ))
    })
}

/// The working directory relative preview paths resolve against, made absolute; a `--cwd`
/// that is no directory is a usage error (its `@` references would find nothing).
pub fn working_directory(cwd: Option<&Path>) -> Result<PathBuf, UsageError> {
    let current = std::env::current_dir()
        .map_err(|error| UsageError::new(format!("cannot read the current directory: {error}")))?;
    let Some(dir) = cwd else {
        return Ok(current);
    };
    let dir = current.join(dir);
    match std::fs::metadata(&dir) {
        Ok(found) if found.is_dir() => Ok(dir),
        Ok(_) => Err(UsageError::new(format!(
            "--cwd {}: not a directory",
            dir.display()
        ))),
        Err(error) => Err(UsageError::new(format!(
            "--cwd {}: {}",
            dir.display(),
            io_text(&error)
        ))),
    }
}

/// Preview files read from the file system, relative to a working directory.
pub struct FsPreviewSource {
    cwd: PathBuf,
}

impl FsPreviewSource {
    /// Reads files relative to `cwd` (absolute paths stay as they are).
    pub const fn new(cwd: PathBuf) -> Self {
        Self { cwd }
    }
}

impl PreviewSource for FsPreviewSource {
    fn load(&mut self, path: &str, room: u64) -> PreviewFile {
        let resolved = resolve(&self.cwd, path);
        PreviewFile {
            resolved_path: resolved.display().to_string(),
            content: read_preview(&resolved, room),
        }
    }
}

/// `path` made absolute against `cwd` without touching the file system: `.` segments drop and
/// `..` removes the segment before it, so `sub/../a.txt` means `a.txt` whether or not `sub`
/// exists, and messages name the path a person would write.
pub fn resolve(cwd: &Path, path: &str) -> PathBuf {
    let mut resolved = PathBuf::new();
    for component in cwd.join(path).components() {
        match component {
            Component::CurDir => {}
            Component::ParentDir => {
                resolved.pop();
            }
            other => resolved.push(other),
        }
    }
    resolved
}

/// Why a bounded read of a file gave no bytes.
#[derive(Debug)]
pub enum ReadProblem {
    /// A FIFO, a device, a folder: never read, since reading could block or never end.
    NotRegularFile,
    /// Longer than the cap.
    TooLarge,
    /// The operating system refused (missing, no permission, ...).
    Io(std::io::Error),
}

/// Reads a regular file of at most `cap` bytes; a FIFO or device is never opened for reading
/// in a way that could block, and a file that grows while it is read is cut at the cap.
pub fn read_regular_file(path: &Path, cap: u64) -> Result<Vec<u8>, ReadProblem> {
    let metadata = std::fs::metadata(path).map_err(ReadProblem::Io)?;
    if !metadata.is_file() {
        return Err(ReadProblem::NotRegularFile);
    }
    if metadata.len() > cap {
        return Err(ReadProblem::TooLarge);
    }
    let file = open_without_blocking(path).map_err(ReadProblem::Io)?;
    let opened = file.metadata().map_err(ReadProblem::Io)?;
    if !opened.is_file() {
        return Err(ReadProblem::NotRegularFile);
    }
    read_at_most(file, cap, opened.len())
        .map_err(ReadProblem::Io)?
        .ok_or(ReadProblem::TooLarge)
}

/// Everything `reader` gives, or `None` once it gives more than `cap` bytes: reading stops one
/// byte past the cap, so an endless source (`/dev/zero`) is refused, not read for ever.
/// `expected` is the size the source says it has (0 when it cannot say): room for it and the
/// byte that finds the end is taken at once, so one read fills it, where an empty buffer would
/// grow from 32 bytes a read at a time.
pub fn read_at_most(
    reader: impl Read,
    cap: u64,
    expected: u64,
) -> std::io::Result<Option<Vec<u8>>> {
    let room = usize::try_from(expected.min(cap)).unwrap_or(0);
    let mut bytes = Vec::with_capacity(room.saturating_add(1));
    reader.take(cap.saturating_add(1)).read_to_end(&mut bytes)?;
    Ok((bytes.len() as u64 <= cap).then_some(bytes))
}

/// Reads a preview file of at most [`MAX_PREVIEW_FILE_BYTES`], and of at most `room`, what the
/// call's preview files may still take.
pub fn read_preview(path: &Path, room: u64) -> Result<Vec<u8>, FileProblem> {
    let cap = MAX_PREVIEW_FILE_BYTES.min(room);
    read_regular_file(path, cap).map_err(|problem| match problem {
        ReadProblem::NotRegularFile => FileProblem::NotRegularFile,
        // Past the room the call has left, but within a file's own limit.
        ReadProblem::TooLarge
            if cap < MAX_PREVIEW_FILE_BYTES
                && std::fs::metadata(path)
                    .is_ok_and(|metadata| metadata.len() <= MAX_PREVIEW_FILE_BYTES) =>
        {
            FileProblem::OverTotal
        }
        ReadProblem::TooLarge => FileProblem::TooLarge,
        ReadProblem::Io(error) => io_problem(error),
    })
}

/// The text without a leading byte-order mark, which some editors write and JSON forbids.
pub fn without_bom(text: &str) -> &str {
    text.strip_prefix('\u{feff}').unwrap_or(text)
}

/// Reads JSON text as a document; a byte-order mark is skipped, and a document nested deeper
/// than the parser's limit says what the limit is.
pub fn parse_json(text: &str, what: &str) -> Result<Value, UsageError> {
    serde_json::from_str(without_bom(text)).map_err(|error| json_error(&error, what))
}

/// What the program says of `what` when its text is not a JSON document it takes.
pub fn json_error(error: &serde_json::Error, what: &str) -> UsageError {
    if error.to_string().starts_with("recursion limit exceeded") {
        UsageError::new(format!(
            "{what} is nested too deeply: at most {MAX_JSON_DEPTH} levels of arrays and objects"
        ))
    } else {
        UsageError::new(format!("{what} is not JSON: {error}"))
    }
}

/// How deeply arrays and objects may nest in a document the program reads: `serde_json` refuses
/// a 128th level.
pub const MAX_JSON_DEPTH: usize = 127;

/// Opens `path` for reading without waiting on it: a FIFO named where a file should be is
/// opened at once (and then refused as no regular file) rather than hanging for a writer.
#[cfg(unix)]
pub fn open_without_blocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt as _;
    OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

/// Opens `path` for reading.
#[cfg(not(unix))]
pub fn open_without_blocking(path: &Path) -> std::io::Result<File> {
    OpenOptions::new().read(true).open(path)
}

/// The operating system's error text as a file problem.
#[allow(clippy::needless_pass_by_value)] // used as a `map_err` callback
fn io_problem(error: std::io::Error) -> FileProblem {
    FileProblem::Io(io_text(&error))
}

/// The operating system's error text, without Rust's `(os error N)` suffix.
pub fn io_text(error: &std::io::Error) -> String {
    let text = error.to_string();
    text.find(" (os error ")
        .map_or(text.as_str(), |cut| &text[..cut])
        .to_owned()
}

/// The settings file: `--config`, else `<agent dir>/extensions/pi-agent-ask.json` with the agent
/// dir from `PI_CODING_AGENT_DIR` or `~/.pi/agent`.
pub fn settings_path(config: Option<&Path>) -> Option<PathBuf> {
    if let Some(path) = config {
        return Some(path.to_path_buf());
    }
    let agent_dir = match std::env::var_os("PI_CODING_AGENT_DIR") {
        Some(dir) if !dir.is_empty() => PathBuf::from(dir),
        _ => PathBuf::from(std::env::var_os("HOME")?)
            .join(".pi")
            .join("agent"),
    };
    Some(agent_dir.join("extensions").join("pi-agent-ask.json"))
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;

    #[test]
    fn preview_paths_resolve_lexically_against_the_working_directory() {
        let cwd = Path::new("/srv/project");
        assert_eq!(resolve(cwd, "a.txt"), Path::new("/srv/project/a.txt"));
        assert_eq!(
            resolve(cwd, "./sub/../a.txt"),
            Path::new("/srv/project/a.txt")
        );
        assert_eq!(
            resolve(cwd, "../other/a.txt"),
            Path::new("/srv/other/a.txt")
        );
        assert_eq!(resolve(cwd, "/etc/./a.txt"), Path::new("/etc/a.txt"));
        assert_eq!(resolve(cwd, "/../a.txt"), Path::new("/a.txt"));
    }
}
