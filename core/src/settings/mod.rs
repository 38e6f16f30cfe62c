//! Ask settings: the settings file's model, how its text loads, and how a change is written.
//!
//! The program reads and writes the file; this module decides what its text means and what the
//! new text is. Loading never asks for the file to be rewritten: older schema versions migrate
//! in memory, and an invalid file gives defaults with a notice. A change is applied to the
//! document as the user wrote it, so every field they wrote, known or not, survives a save.

mod behaviour;
mod document;
mod notifications;
mod problems;

pub use behaviour::{Behaviour, Toggle};
pub use document::{Change, DocumentError, apply_change, default_document};
pub use notifications::{Channel, Notification, Notifications};

use std::borrow::Cow;

use serde_json::Value;

use crate::keys::Keymaps;
use problems::Invalid;

/// The schema version this program writes.
pub const SCHEMA_VERSION: u64 = 5;

/// The notice for a file that is not valid settings.
pub const INVALID_FILE_NOTICE: &str = "Config was invalid or unsupported. Loaded defaults for this session and left the config file unchanged. Edit the config file or run /reload after fixing it.";

/// Everything the settings file configures.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Settings {
    /// Behaviour switches.
    pub behaviour: Behaviour,
    /// Key bindings per context.
    pub keymaps: Keymaps,
    /// Question-waiting notifications.
    pub notifications: Notifications,
}

/// The settings file the program writes when there is none: the default document, as
/// [`crate::json::to_string_pretty`] writes it, and a line break. A file that still holds
/// exactly this text, as most do, loads without being parsed.
pub const DEFAULT_FILE_TEXT: &str = include_str!("default.json");

/// What the settings file was found to be.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileState {
    /// There is no file: the program writes the defaults on first use.
    Missing,
    /// The file holds [`DEFAULT_FILE_TEXT`], as the program wrote it.
    Default,
    /// Another valid document (possibly of an older schema version), as written.
    Valid(Value),
    /// Not valid settings: left unchanged, never saved over.
    Invalid,
}

impl FileState {
    /// The document the file holds, when it is valid.
    pub fn document(&self) -> Option<Cow<'_, Value>> {
        match self {
            Self::Default => Some(Cow::Owned(default_document())),
            Self::Valid(document) => Some(Cow::Borrowed(document)),
            Self::Missing | Self::Invalid => None,
        }
    }
}

/// Settings as loaded, with the notices to show and what the file was.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Loaded {
    /// The settings in effect for this session.
    pub settings: Settings,
    /// Messages for the user (an invalid file, invalid keymaps).
    pub notices: Vec<String>,
    /// What the file was.
    pub file: FileState,
}

/// Loads the settings file's text (`None` when there is no file).
pub fn load(text: Option<&str>) -> Loaded {
    let Some(text) = text else {
        return Loaded {
            settings: Settings::default(),
            notices: Vec::new(),
            file: FileState::Missing,
        };
    };
    if text == DEFAULT_FILE_TEXT {
        return Loaded {
            settings: Settings::default(),
            notices: Vec::new(),
            file: FileState::Default,
        };
    }
    parse(text)
}

/// Loads a settings file's text by parsing it.
fn parse(text: &str) -> Loaded {
    // The fixed notice, then what is wrong, so the file can be mended without guessing.
    let invalid = |why: &Invalid| Loaded {
        settings: Settings::default(),
        notices: vec![INVALID_FILE_NOTICE.to_owned(), why.notice()],
        file: FileState::Invalid,
    };
    let document = match serde_json::from_str::<Value>(text) {
        Ok(document) => document,
        Err(error) => return invalid(&Invalid::NotJson(error.to_string())),
    };
    let (keymaps, problems) = Keymaps::from_overrides(&document::keymaps_section(&document));
    let settings = match document::read(&document, keymaps) {
        Ok(settings) => settings,
        Err(why) => return invalid(&why),
    };
    let mut notices = Vec::new();
    // The keymaps' notice first: a screen that shows only the first rows of the notices shows
    // that the keys are the defaults before what is merely ignored.
    if !problems.is_empty() {
        let listed: Vec<String> = problems.iter().map(ToString::to_string).collect();
        notices.push(format!(
            "Invalid keymaps ({}). Using default ask keymaps for this session.",
            listed.join("; ")
        ));
    }
    if let Some(root) = document.as_object() {
        notices.extend(problems::unknown_fields_notice(root));
        notices.extend(problems::skipped_channels_notice(root));
    }
    Loaded {
        settings,
        notices,
        file: FileState::Valid(document),
    }
}

#[cfg(test)]
mod tests;
