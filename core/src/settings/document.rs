//! The settings document: reading its known fields, and applying a change to it.

use serde_json::{Map, Value, json};

use super::{Notifications, SCHEMA_VERSION, Settings, Toggle};
use crate::keys::Keymaps;

/// A change the settings overlay saves.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Set one toggle.
    Set(Toggle, bool),
    /// Reset behaviour, keymaps and notifications to the defaults.
    ResetToDefaults,
}

/// Why a change cannot be saved.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum DocumentError {
    /// The file is not valid settings; it is never saved over.
    #[error(
        "The config file is invalid, so the change was not saved. Edit the config file by hand to change settings."
    )]
    InvalidFile,
}

/// The document a missing file is created with.
pub fn default_document() -> Value {
    let mut notifications = section_defaults("notifications");
    notifications.insert("channels".into(), json!(["bell"]));
    json!({
        "schemaVersion": SCHEMA_VERSION,
        "behaviour": section_defaults("behaviour"),
        "keymaps": Keymaps::default().to_json(),
        "notifications": notifications,
    })
}

/// The default of every toggle of one section of the file, its fields in name order (the
/// order the documented defaults list them in).
fn section_defaults(name: &str) -> Map<String, Value> {
    let mut fields: Vec<(&str, bool)> = Toggle::ALL
        .into_iter()
        .filter_map(|toggle| {
            let (section, field) = toggle.path();
            (section == name).then_some((field, toggle.default_on()))
        })
        .collect();
    fields.sort_unstable();
    fields
        .into_iter()
        .map(|(field, on)| (field.to_owned(), Value::Bool(on)))
        .collect()
}

/// Reads the known fields of a document; `None` when it is not valid settings. Versions 1 to 4
/// read the same fields, with defaults for the ones they lack; a newer version is unsupported.
pub(super) fn read(document: &Value) -> Option<Settings> {
    let root = document.as_object()?;
    match root.get("schemaVersion") {
        None => {}
        Some(version) => {
            let version = version.as_u64()?;
            if !(1..=SCHEMA_VERSION).contains(&version) {
                return None;
            }
        }
    }
    let mut settings = Settings::default();
    for toggle in Toggle::ALL {
        let (parent, field) = toggle.path();
        let Some(section) = section(root, parent).ok()? else {
            continue;
        };
        match section.get(field) {
            None => {}
            Some(Value::Bool(on)) => settings.set_toggle(toggle, *on),
            Some(_) => return None,
        }
    }
    if let Some(section) = section(root, "notifications").ok()? {
        settings.notifications.channels =
            Notifications::channels_from_json(section.get("channels"));
    }
    Some(settings)
}

/// A section present but not an object, which makes the document invalid.
struct NotAnObject;

/// A section that must be an object when present: `Ok(None)` when absent.
fn section<'a>(
    root: &'a Map<String, Value>,
    name: &str,
) -> Result<Option<&'a Map<String, Value>>, NotAnObject> {
    match root.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(section)) => Ok(Some(section)),
        Some(_) => Err(NotAnObject),
    }
}

/// The document after a change: the file as written (or the defaults for a missing file) with
/// only the changed fields replaced and the schema version brought up to date. Every other
/// field, known or not, is kept.
pub fn apply_change(current: &super::FileState, change: Change) -> Result<Value, DocumentError> {
    let mut document = match current {
        super::FileState::Valid(document) => document.clone(),
        super::FileState::Missing => default_document(),
        super::FileState::Invalid => return Err(DocumentError::InvalidFile),
    };
    let Some(root) = document.as_object_mut() else {
        return Err(DocumentError::InvalidFile);
    };
    root.insert("schemaVersion".into(), json!(SCHEMA_VERSION));
    match change {
        Change::Set(toggle, on) => {
            let (parent, field) = toggle.path();
            let section = root
                .entry(parent)
                .or_insert_with(|| Value::Object(Map::new()));
            if !section.is_object() {
                *section = Value::Object(Map::new());
            }
            if let Some(section) = section.as_object_mut() {
                section.insert(field.into(), Value::Bool(on));
            }
        }
        Change::ResetToDefaults => {
            let defaults = default_document();
            for name in ["behaviour", "keymaps", "notifications"] {
                root.insert(name.into(), defaults[name].clone());
            }
        }
    }
    Ok(document)
}
