//! The settings file on disk: loaded once per command, created with defaults on first use, and
//! saved atomically (a temporary file in the same folder, then a rename).

use std::io::Write as _;
use std::path::{Path, PathBuf};

use pi_agent_ask_core::settings::{self, Change, FileState, Loaded, Settings};

use crate::files::{io_text, settings_path};

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
        let loaded = match path.as_deref().map(std::fs::read) {
            None => settings::load(None),
            Some(Err(error))
                if matches!(
                    error.kind(),
                    std::io::ErrorKind::NotFound | std::io::ErrorKind::NotADirectory
                ) =>
            {
                settings::load(None)
            }
            Some(Ok(bytes)) => match String::from_utf8(bytes) {
                Ok(text) => settings::load(Some(&text)),
                Err(_) => unreadable(),
            },
            Some(Err(_)) => unreadable(),
        };
        Self { path, loaded }
    }

    /// Loads the file like [`Self::read`] for an interactive surface; a missing file is written
    /// with the defaults, and when that fails the defaults hold for this session only.
    pub fn open(config: Option<&Path>) -> Self {
        let mut file = Self::read(config);
        if file.loaded.file == FileState::Missing && file.path.is_some() {
            let document = settings::default_document();
            if file.write(&document).is_ok() {
                file.loaded.file = FileState::Valid(document);
            }
        }
        file
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

    /// The settings in effect.
    pub const fn settings(&self) -> &Settings {
        &self.loaded.settings
    }

    /// Applies a change and saves it; on failure the file is unchanged and the error says why.
    pub fn save(&mut self, change: Change) -> Result<(), String> {
        let document =
            settings::apply_change(&self.loaded.file, change).map_err(|error| error.to_string())?;
        self.write(&document).map_err(|error| {
            format!(
                "Could not save the config file ({}). Edit it by hand to change settings.",
                io_text(&error)
            )
        })?;
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

    /// Writes a document atomically: a sibling temporary file, then a rename over the target.
    /// A symbolic link is followed, so the file it points to is replaced, and an existing
    /// file's permissions are kept.
    fn write(&self, document: &serde_json::Value) -> std::io::Result<()> {
        let Some(path) = &self.path else {
            return Err(std::io::Error::other("no settings location is known"));
        };
        let target = std::fs::canonicalize(path).unwrap_or_else(|_| path.clone());
        let folder = target
            .parent()
            .filter(|folder| !folder.as_os_str().is_empty())
            .unwrap_or_else(|| Path::new("."));
        std::fs::create_dir_all(folder)?;
        let mut temporary = tempfile::NamedTempFile::new_in(folder)?;
        if let Ok(metadata) = std::fs::metadata(&target) {
            temporary
                .as_file()
                .set_permissions(metadata.permissions())?;
        }
        let text = serde_json::to_string_pretty(document).map_err(std::io::Error::other)?;
        temporary.write_all(text.as_bytes())?;
        temporary.write_all(b"\n")?;
        temporary.as_file().sync_all()?;
        temporary.persist(&target).map_err(|error| error.error)?;
        Ok(())
    }
}

/// What a file that exists but cannot be read as text loads as: defaults, with the
/// invalid-file notice, never saved over.
fn unreadable() -> Loaded {
    Loaded {
        settings: Settings::default(),
        notices: vec![settings::INVALID_FILE_NOTICE.to_owned()],
        file: FileState::Invalid,
    }
}

#[cfg(all(test, unix))]
#[path = "settings_file_tests.rs"]
mod tests;
