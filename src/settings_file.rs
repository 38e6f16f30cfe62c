//! The settings file on disk: loaded once per command, created with defaults on first use, and
//! saved atomically (a temporary file in the same folder, then a rename).

use std::io::Write as _;
use std::path::{Path, PathBuf};

use pi_agent_ask_core::settings::{self, Loaded};

use crate::files::settings_path;

/// The settings file and what was loaded from it.
pub struct SettingsFile {
    /// Where the file is, when a location is known.
    pub path: Option<PathBuf>,
    /// What was loaded.
    pub loaded: Loaded,
}

impl SettingsFile {
    /// Loads the file at `--config` or the default location without creating it.
    pub fn read(config: Option<&Path>) -> Self {
        let path = settings_path(config);
        let text = path
            .as_deref()
            .and_then(|path| std::fs::read_to_string(path).ok());
        let loaded = settings::load(text.as_deref());
        Self { path, loaded }
    }

    /// Loads the file like [`Self::read`] for an interactive surface; a missing file is written
    /// with the defaults, and when that fails the defaults hold for this session only.
    #[allow(dead_code)] // the interactive surfaces call it
    pub fn open(config: Option<&Path>) -> Self {
        let path = settings_path(config);
        let text = path
            .as_deref()
            .and_then(|path| std::fs::read_to_string(path).ok());
        let missing = path.as_deref().is_some_and(|path| !path.exists());
        let loaded = settings::load(text.as_deref());
        let file = Self { path, loaded };
        if missing {
            let _ = file.write(&settings::default_document());
        }
        file
    }

    /// Writes a document atomically: a sibling temporary file, then a rename over the target.
    fn write(&self, document: &serde_json::Value) -> std::io::Result<()> {
        let Some(path) = &self.path else {
            return Err(std::io::Error::other("no settings location is known"));
        };
        let folder = path
            .parent()
            .filter(|folder| !folder.as_os_str().is_empty())
            .unwrap_or_else(|| Path::new("."));
        std::fs::create_dir_all(folder)?;
        let mut temporary = tempfile::NamedTempFile::new_in(folder)?;
        let text = serde_json::to_string_pretty(document).map_err(std::io::Error::other)?;
        temporary.write_all(text.as_bytes())?;
        temporary.write_all(b"\n")?;
        temporary.as_file().sync_all()?;
        temporary.persist(path).map_err(|error| error.error)?;
        Ok(())
    }
}
