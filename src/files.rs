//! Everything the program reads from disk for the core: arguments, preview files, settings.

use std::fs::{File, OpenOptions};
use std::io::Read as _;
use std::path::{Component, Path, PathBuf};

use pi_agent_ask_core::contract::ask_user::{
    FileProblem, MAX_PREVIEW_FILE_BYTES, PreviewFile, PreviewSource,
};
use serde_json::Value;

use crate::outcome::UsageError;

/// Reads a JSON document from a file, or from standard input for `-`.
pub fn read_json(source: &str, what: &str) -> Result<Value, UsageError> {
    let text = if source == "-" {
        let mut text = String::new();
        std::io::stdin()
            .read_to_string(&mut text)
            .map_err(|error| {
                UsageError::new(format!("cannot read {what} from standard input: {error}"))
            })?;
        text
    } else {
        std::fs::read_to_string(source)
            .map_err(|error| UsageError::new(format!("cannot read {what} {source:?}: {error}")))?
    };
    serde_json::from_str(&text)
        .map_err(|error| UsageError::new(format!("{what} is not JSON: {error}")))
}

/// The working directory relative preview paths resolve against, made absolute.
pub fn working_directory(cwd: Option<&Path>) -> Result<PathBuf, UsageError> {
    let current = std::env::current_dir()
        .map_err(|error| UsageError::new(format!("cannot read the current directory: {error}")))?;
    Ok(match cwd {
        Some(dir) => current.join(dir),
        None => current,
    })
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
    fn load(&mut self, path: &str) -> PreviewFile {
        let resolved = resolve(&self.cwd, path);
        PreviewFile {
            resolved_path: resolved.display().to_string(),
            content: read_preview(&resolved),
        }
    }
}

/// `path` made absolute against `cwd` without touching the file system: `.` segments drop and
/// `..` removes the segment before it, so `sub/../a.txt` means `a.txt` whether or not `sub`
/// exists, and messages name the path a person would write.
fn resolve(cwd: &Path, path: &str) -> PathBuf {
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

/// Reads a regular file of at most [`MAX_PREVIEW_FILE_BYTES`]; a FIFO or device is never
/// opened for reading in a way that could block.
fn read_preview(path: &Path) -> Result<Vec<u8>, FileProblem> {
    let metadata = std::fs::metadata(path).map_err(io_problem)?;
    if !metadata.is_file() {
        return Err(FileProblem::NotRegularFile);
    }
    if metadata.len() > MAX_PREVIEW_FILE_BYTES {
        return Err(FileProblem::TooLarge);
    }
    let file = open_without_blocking(path).map_err(io_problem)?;
    if !file.metadata().map_err(io_problem)?.is_file() {
        return Err(FileProblem::NotRegularFile);
    }
    let mut bytes = Vec::new();
    file.take(MAX_PREVIEW_FILE_BYTES + 1)
        .read_to_end(&mut bytes)
        .map_err(io_problem)?;
    if bytes.len() as u64 > MAX_PREVIEW_FILE_BYTES {
        return Err(FileProblem::TooLarge);
    }
    Ok(bytes)
}

#[cfg(unix)]
fn open_without_blocking(path: &Path) -> std::io::Result<File> {
    use std::os::unix::fs::OpenOptionsExt as _;
    OpenOptions::new()
        .read(true)
        .custom_flags(libc::O_NONBLOCK)
        .open(path)
}

#[cfg(not(unix))]
fn open_without_blocking(path: &Path) -> std::io::Result<File> {
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
