//! The settings document: reading its known fields, migrating older versions' keymaps, and
//! applying a change to it.

use std::borrow::Cow;

use serde_json::{Map, Value, json};

use super::problems::{Invalid, quoted};
use super::{Behaviour, Notifications, SCHEMA_VERSION, Settings, Toggle};
use crate::keys::{Key, Keymaps};

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

/// The last schema version whose `keymaps` section was flat: one key id per action name, with
/// no contexts.
const LAST_FLAT_KEYMAPS_VERSION: u64 = 3;

/// The action names of a flat `keymaps` section, and the context actions each one sets: a
/// confirming or cancelling key meant the same in the editors as in the questionnaire.
const FLAT_KEYMAPS: &[(&str, &[(&str, &str)])] = &[
    ("dismiss", &[("global", "dismiss")]),
    (
        "confirm",
        &[
            ("main", "confirm"),
            ("editor", "submit"),
            ("noteEditor", "save"),
        ],
    ),
    (
        "cancel",
        &[
            ("main", "cancel"),
            ("editor", "close"),
            ("noteEditor", "close"),
        ],
    ),
    ("toggle", &[("main", "toggle")]),
    ("optionNote", &[("main", "optionNote")]),
    ("questionNote", &[("main", "questionNote")]),
];

/// The contexts that type: a flat key that types a character is left out of them, or it could
/// never be typed there (`"cancel": "q"` keeps `esc` closing the editors).
const EDITORS: [&str; 2] = ["editor", "noteEditor"];

/// Whether a list of key ids holds one that types a character in an editor.
fn types_a_character(keys: &Value) -> bool {
    keys.as_array().is_some_and(|keys| {
        keys.iter()
            .filter_map(Value::as_str)
            .filter_map(|id| id.parse::<Key>().ok())
            .any(|key| key.typed_char().is_some())
    })
}

/// The document's schema version; `None` when it has none, `Err` when it is not supported.
fn schema_version(root: &Map<String, Value>) -> Result<Option<u64>, Unsupported> {
    match root.get("schemaVersion") {
        None => Ok(None),
        Some(version) => match version.as_u64() {
            Some(version) if (1..=SCHEMA_VERSION).contains(&version) => Ok(Some(version)),
            // `5.0` reads as 5 to a person: the notice says why it is none.
            None if version.is_number() => Err(Unsupported(format!(
                "{} (not a whole number)",
                quoted(version)
            ))),
            _ => Err(Unsupported(quoted(version))),
        },
    }
}

/// A schema version this program cannot read, as written.
struct Unsupported(String);

/// The `keymaps` section in the shape this version reads: the section as written, or, in a file
/// of a version up to 3, its flat action names moved into the contexts they set (a single key
/// id becoming a list of one). Context sections written next to flat names win over them;
/// anything else is left for the keymap check to report. A section already in this shape is
/// borrowed, not copied.
pub(super) fn keymaps_section(document: &Value) -> Cow<'_, Value> {
    let flat_version = document
        .as_object()
        .and_then(|root| schema_version(root).ok().flatten())
        .is_some_and(|version| version <= LAST_FLAT_KEYMAPS_VERSION);
    match document.get("keymaps") {
        Some(Value::Object(actions)) if flat_version => {
            Cow::Owned(Value::Object(contexts_from_flat(actions)))
        }
        Some(section) => Cow::Borrowed(section),
        None => Cow::Owned(Value::Null),
    }
}

/// Moves flat action names into their contexts; other entries are kept as written.
fn contexts_from_flat(section: &Map<String, Value>) -> Map<String, Value> {
    let mut contexts = Map::new();
    for (name, keys) in section {
        let Some((_, targets)) = FLAT_KEYMAPS.iter().find(|(flat, _)| flat == name) else {
            continue;
        };
        let keys = match keys {
            Value::String(key) => Value::Array(vec![Value::String(key.clone())]),
            other => other.clone(),
        };
        for (context, action) in *targets {
            if EDITORS.contains(context) && types_a_character(&keys) {
                continue;
            }
            let actions = contexts
                .entry(*context)
                .or_insert_with(|| Value::Object(Map::new()));
            if let Value::Object(actions) = actions {
                actions.insert((*action).to_owned(), keys.clone());
            }
        }
    }
    for (name, value) in section {
        if FLAT_KEYMAPS.iter().any(|(flat, _)| flat == name) {
            continue;
        }
        match (contexts.get_mut(name), value) {
            (Some(Value::Object(actions)), Value::Object(written)) => {
                actions.extend(written.clone());
            }
            _ => {
                contexts.insert(name.clone(), value.clone());
            }
        }
    }
    contexts
}

/// Reads the known fields of a document; `None` when it is not valid settings. Versions 1 to 4
/// read the same behaviour and notification fields, with defaults for the ones they lack (their
/// keymaps migrate in [`keymaps_section`]); a newer version is unsupported. The keymaps come
/// from that section, already checked, so the defaults are not built twice.
pub(super) fn read(document: &Value, keymaps: Keymaps) -> Result<Settings, Invalid> {
    let root = document.as_object().ok_or(Invalid::NotAnObject)?;
    schema_version(root).map_err(|Unsupported(version)| Invalid::Version(version))?;
    let mut settings = Settings {
        behaviour: Behaviour::default(),
        keymaps,
        notifications: Notifications::default(),
    };
    for toggle in Toggle::ALL {
        let (parent, field) = toggle.path();
        let Some(section) = section(root, parent)? else {
            continue;
        };
        match section.get(field) {
            None => {}
            Some(Value::Bool(on)) => settings.set_toggle(toggle, *on),
            Some(value) => {
                return Err(Invalid::NotASwitch {
                    section: parent,
                    field,
                    value: quoted(value),
                });
            }
        }
    }
    if let Some(section) = section(root, "notifications")? {
        settings.notifications.channels =
            Notifications::channels_from_json(section.get("channels"));
    }
    Ok(settings)
}

/// A section that must be an object when present: `Ok(None)` when absent.
fn section<'a>(
    root: &'a Map<String, Value>,
    name: &'static str,
) -> Result<Option<&'a Map<String, Value>>, Invalid> {
    match root.get(name) {
        None | Some(Value::Null) => Ok(None),
        Some(Value::Object(section)) => Ok(Some(section)),
        Some(_) => Err(Invalid::Section(name)),
    }
}

/// The document after a change: the file as written (or the defaults for a missing file) with
/// only the changed fields replaced and the schema version brought up to date, flat keymaps of
/// an older version written in their contexts so the file keeps its meaning. Every other field,
/// known or not, is kept.
pub fn apply_change(current: &super::FileState, change: Change) -> Result<Value, DocumentError> {
    let mut document = match (current, current.document()) {
        (_, Some(document)) => document.into_owned(),
        (super::FileState::Missing, None) => default_document(),
        (_, None) => return Err(DocumentError::InvalidFile),
    };
    let keymaps = keymaps_section(&document).into_owned();
    let Some(root) = document.as_object_mut() else {
        return Err(DocumentError::InvalidFile);
    };
    if root.contains_key("keymaps") {
        root.insert("keymaps".into(), keymaps);
    }
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
