//! The settings file on disk: loaded once per command (only a regular file, read without
//! blocking and capped), created with defaults on first use, and saved under a lock, atomically
//! (a temporary file in the same folder, then a rename), applying only the change asked for.

use std::io::Write as _;
use std::path::{Path, PathBuf};

use pi_agent_ask_core::settings::{self, Change, FileState, Loaded, Settings};

use crate::files::{ReadProblem, io_text, read_regular_file, settings_path, without_bom};

/// What the settings overlay shows when no settings location is known.
const NO_LOCATION: &str =
    "(no settings location: set HOME or PI_CODING_AGENT_DIR, or pass --config)";

/// The settings file and what was loaded from it.
pub struct SettingsFile {
    /// Where the file is, when a location is known.
    pub path: Option<PathBuf>,
    /// What was loaded.
    pub loaded: Loaded,
}

impl SettingsFile {
    /// Loads the file at `--config` or the default location without creating it. A file that
    /// exists but cannot be read as text counts as invalid, so it is never saved over.
    pub fn read(config: Option<&Path>) -> Self {
        let path = settings_path(config);
        let loaded = path
            .as_deref()
            .map_or_else(|| settings::load(None), load_from);
        Self { path, loaded }
    }

    /// Loads the file like [`Self::read`] for an interactive surface; a missing file is written
    /// with the defaults, and when that fails the defaults hold for this session only.
    pub fn open(config: Option<&Path>) -> Self {
        Self::read(config).created_if_missing()
    }

    /// The same file, written with the defaults if it was missing (when that fails the
    /// defaults hold for this session only, and a notice says why): an interactive surface
    /// opens what it read once.
    #[must_use]
    pub fn created_if_missing(mut self) -> Self {
        if self.loaded.file == FileState::Missing && self.path.is_some() {
            match self.write(&settings::default_document()) {
                Ok(()) => self.loaded.file = FileState::Default,
                Err(error) => self.loaded.notices.push(format!(
                    "Could not create the config file with the defaults ({}). The \
                     defaults hold for this session only.",
                    io_text(&error)
                )),
            }
        }
        self
    }

    /// The file's path made absolute, as the settings overlay shows it, or how to give one
    /// when no location is known.
    pub fn display_path(&self) -> String {
        let Some(path) = self.path.as_deref() else {
            return NO_LOCATION.to_owned();
        };
        let absolute = std::path::absolute(path).unwrap_or_else(|_| path.to_path_buf());
        absolute.display().to_string()
    }

    /// The file's path as `--config` gave it (or the default location), not made absolute:
    /// `render` shows this one, so its screens read the same on every machine.
    pub fn given_path(&self) -> String {
        self.path
            .as_deref()
            .map_or_else(|| NO_LOCATION.to_owned(), |path| path.display().to_string())
    }

    /// Says on standard error what was wrong with the file (an invalid file, keymaps left at
    /// their defaults), for a command that shows no form, where the form would show it.
    pub fn report_notices(&self) {
        for notice in self.notices() {
            crate::outcome::report(&notice);
        }
    }

    /// What is wrong with the file, each notice after the file's path.
    pub fn notices(&self) -> Vec<String> {
        let path = self.display_path();
        self.loaded
            .notices
            .iter()
            .map(|notice| format!("{path}: {notice}"))
            .collect()
    }

    /// The settings in effect.
    pub const fn settings(&self) -> &Settings {
        &self.loaded.settings
    }

    /// Applies a change and saves it; on failure the file is unchanged and the error says why.
    ///
    /// The save holds a lock on the settings folder, reads the file again under it and applies
    /// only this change, so saves made at the same time by other programs are all kept.
    pub fn save(&mut self, change: Change) -> Result<(), String> {
        let Some(path) = self.path.clone() else {
            return Err(could_not_save(&std::io::Error::other(
                "no settings location is known",
            )));
        };
        let target = write_target(&path);
        let folder = folder_of(&target).to_path_buf();
        std::fs::create_dir_all(&folder)
            .map_err(|error| could_not_save(&folder_problem(&folder, error)))?;
        let _lock = FolderLock::take(&folder).map_err(|error| could_not_save(&error))?;
        let current = load_from(&path);
        let document =
            settings::apply_change(&current.file, change).map_err(|error| error.to_string())?;
        self.loaded = current;
        self.write(&document)
            .map_err(|error| could_not_save(&error))?;
        self.loaded = settings::load(Some(&document.to_string()));
        Ok(())
    }

    /// A dry run of [`Self::save`]: the change is applied in memory with the same refusals (an
    /// invalid file is never saved over), and the file is left alone.
    pub fn save_in_memory(&mut self, change: Change) -> Result<(), String> {
        let document =
            settings::apply_change(&self.loaded.file, change).map_err(|error| error.to_string())?;
        self.loaded = settings::load(Some(&document.to_string()));
        Ok(())
    }

    /// Writes a document, pretty-printed and ended with a line break, as [`Self::write_text`]
    /// writes text.
    fn write(&self, document: &serde_json::Value) -> std::io::Result<()> {
        let mut text = pi_agent_ask_core::json::to_string_pretty(document);
        text.push('\n');
        self.write_text(&text)
    }

    /// Writes the file's text atomically: a sibling temporary file, then a rename over the
    /// target. A symbolic link is written through to the file it names (created if it is
    /// missing); an existing file's permissions are kept, and a read-only file is refused, never
    /// replaced. Temporary files a killed save left behind are removed first.
    fn write_text(&self, text: &str) -> std::io::Result<()> {
        let Some(path) = &self.path else {
            return Err(std::io::Error::other("no settings location is known"));
        };
        let target = write_target(path);
        let folder = folder_of(&target);
        std::fs::create_dir_all(folder).map_err(|error| folder_problem(folder, error))?;
        let existing = std::fs::metadata(&target).ok();
        if existing
            .as_ref()
            .is_some_and(|metadata| metadata.permissions().readonly())
        {
            return Err(std::io::Error::new(
                std::io::ErrorKind::PermissionDenied,
                "the file is read-only",
            ));
        }
        let prefix = temporary_prefix(&target);
        remove_stale_temporaries(folder, &prefix);
        let mut temporary = tempfile::Builder::new()
            .prefix(&prefix)
            .suffix(TEMPORARY_SUFFIX)
            .tempfile_in(folder)?;
        if let Some(metadata) = existing {
            temporary
                .as_file()
                .set_permissions(metadata.permissions())?;
        }
        temporary.write_all(text.as_bytes())?;
        temporary.as_file().sync_all()?;
        temporary.persist(&target).map_err(|error| error.error)?;
        Ok(())
    }
}

/// The longest settings file read; a longer one loads as invalid.
const MAX_SETTINGS_FILE_BYTES: u64 = 1024 * 1024;

/// How the temporary files of a save end, after `.<file name>.` and random letters.
const TEMPORARY_SUFFIX: &str = ".tmp";

/// The most symbolic links followed to the file a save writes.
const MAX_LINKS: usize = 40;

/// Loads the file at `path` as a preview file is read: only a regular file of at most 1 MiB,
/// without blocking. A missing file is missing; anything else that cannot be read as text
/// loads the defaults with the invalid-file notice and is never saved over.
fn load_from(path: &Path) -> Loaded {
    match read_regular_file(path, MAX_SETTINGS_FILE_BYTES) {
        Err(ReadProblem::Io(error))
            if matches!(
                error.kind(),
                std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
            ) =>
        {
            settings::load(None)
        }
        Ok(bytes) => match String::from_utf8(bytes) {
            Ok(text) => settings::load(Some(without_bom(&text))),
            Err(error) => unreadable(&format!(
                "the file is not UTF-8 text (byte {} is not)",
                error.utf8_error().valid_up_to() + 1
            )),
        },
        Err(ReadProblem::TooLarge) => unreadable("the file is larger than 1 MiB"),
        Err(ReadProblem::NotRegularFile) => unreadable("it is not a regular file"),
        Err(ReadProblem::Io(error)) => {
            unreadable(&format!("it cannot be read ({})", io_text(&error)))
        }
    }
}

/// Why the folder of the settings file could not be made: the nearest of its folders that
/// exists when that is a file (the system's own word, "File exists", names neither), else the
/// system's error.
fn folder_problem(folder: &Path, error: std::io::Error) -> std::io::Error {
    let not_a_folder = folder
        .ancestors()
        .find(|ancestor| ancestor.exists())
        .filter(|existing| !existing.is_dir());
    match not_a_folder {
        Some(file) => std::io::Error::new(
            std::io::ErrorKind::NotADirectory,
            format!("{} is a file, not a folder", file.display()),
        ),
        None => error,
    }
}

/// The failure message of a save, which tells the user to edit the file by hand.
fn could_not_save(error: &std::io::Error) -> String {
    format!(
        "Could not save the config file ({}). Edit it by hand to change settings.",
        io_text(error)
    )
}

/// The file a save writes: `path`, or the file its symbolic links lead to, even when that file
/// does not exist yet.
fn write_target(path: &Path) -> PathBuf {
    let mut target = path.to_path_buf();
    for _ in 0..MAX_LINKS {
        let Ok(link) = std::fs::read_link(&target) else {
            break;
        };
        target = if link.is_absolute() {
            link
        } else {
            folder_of(&target).join(link)
        };
    }
    target
}

/// The folder a file is in (`.` for a bare name).
fn folder_of(file: &Path) -> &Path {
    file.parent()
        .filter(|folder| !folder.as_os_str().is_empty())
        .unwrap_or_else(|| Path::new("."))
}

/// The start of the names of a save's temporary files for `target`.
fn temporary_prefix(target: &Path) -> String {
    let name = target
        .file_name()
        .map_or_else(|| "settings".into(), |name| name.to_string_lossy());
    format!(".{name}.")
}

/// Removes the temporary files of earlier saves that never finished (a killed process); called
/// under the folder lock, so no save still running owns one.
fn remove_stale_temporaries(folder: &Path, prefix: &str) {
    let Ok(entries) = std::fs::read_dir(folder) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name();
        let name = name.to_string_lossy();
        if name.starts_with(prefix) && name.ends_with(TEMPORARY_SUFFIX) {
            let _ = std::fs::remove_file(entry.path());
        }
    }
}

/// An exclusive lock on the settings folder for the length of one save, released when dropped.
struct FolderLock {
    _folder: std::fs::File,
}

impl FolderLock {
    /// Waits for the lock on `folder`.
    fn take(folder: &Path) -> std::io::Result<Self> {
        let handle = std::fs::File::open(folder)?;
        handle.lock()?;
        Ok(Self { _folder: handle })
    }
}

/// What a file that exists but cannot be read as text loads as: defaults, with the
/// invalid-file notice and `why`, never saved over.
fn unreadable(why: &str) -> Loaded {
    Loaded {
        settings: Settings::default(),
        notices: vec![
            settings::INVALID_FILE_NOTICE.to_owned(),
            format!("Why: {why}."),
        ],
        file: FileState::Invalid,
    }
}

#[cfg(all(test, unix))]
#[path = "settings_file_tests.rs"]
mod tests;
