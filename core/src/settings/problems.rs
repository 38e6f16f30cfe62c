//! What is wrong with a settings file, in words a person editing it can act on: why a file is
//! not valid settings (said after the fixed notice, which names nothing), and the fields this
//! version does not know, which are kept in the file and otherwise ignored.

use serde_json::{Map, Value};

use super::{Channel, SCHEMA_VERSION, Toggle};
use crate::text::closest;

/// The top-level fields a settings file has; `$schema` is what an editor's completion reads.
const TOP_LEVEL: [&str; 5] = [
    "$schema",
    "schemaVersion",
    "behaviour",
    "keymaps",
    "notifications",
];

/// The fields of `notifications` besides its toggle.
const NOTIFICATION_FIELDS: [&str; 1] = ["channels"];

/// The most unknown fields one notice names.
const MOST_NAMED: usize = 5;

/// The most characters of a wrong value or an unknown name a notice quotes.
const MOST_QUOTED: usize = 40;

/// Why a settings document is not valid settings.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Invalid {
    /// The text is not JSON; the parser's words, which name the line and column.
    #[error("the file is not JSON ({0})")]
    NotJson(String),
    /// The JSON is not an object.
    #[error("the file is not a JSON object")]
    NotAnObject,
    /// `schemaVersion` names no version this program reads.
    #[error("schemaVersion is {0}; this version reads the whole numbers 1 to {SCHEMA_VERSION}")]
    Version(String),
    /// A section is there but is no object.
    #[error("{0} is not an object")]
    Section(&'static str),
    /// A switch is there but is neither `true` nor `false`.
    #[error("{section}.{field} is {value}, not true or false")]
    NotASwitch {
        /// Its section.
        section: &'static str,
        /// Its name.
        field: &'static str,
        /// What it is, as JSON, cut short.
        value: String,
    },
}

impl Invalid {
    /// The notice said after the fixed one.
    pub fn notice(&self) -> String {
        format!("Why: {self}.")
    }
}

/// `value` as JSON for a notice, cut to [`MOST_QUOTED`] characters.
pub(super) fn quoted(value: &Value) -> String {
    cut(&value.to_string()).into_owned()
}

/// `text` cut to [`MOST_QUOTED`] characters, with `…` when it was cut.
fn cut(text: &str) -> std::borrow::Cow<'_, str> {
    match text.char_indices().nth(MOST_QUOTED) {
        Some((end, _)) => format!("{}…", &text[..end]).into(),
        None => text.into(),
    }
}

/// The notice naming the fields of `root` this version does not know, if there are any, each
/// with the known name it is closest to when one is close (a typo).
pub(super) fn unknown_fields_notice(root: &Map<String, Value>) -> Option<String> {
    let mut unknown: Vec<String> = root
        .keys()
        .filter(|name| !TOP_LEVEL.contains(&name.as_str()))
        .map(|name| named(name, None, &TOP_LEVEL))
        .collect();
    for section in ["behaviour", "notifications"] {
        let Some(Value::Object(fields)) = root.get(section) else {
            continue;
        };
        let known: Vec<&str> = Toggle::ALL
            .iter()
            .map(|toggle| toggle.path())
            .filter(|(parent, _)| *parent == section)
            .map(|(_, field)| field)
            .chain(
                NOTIFICATION_FIELDS
                    .into_iter()
                    .filter(|_| section == "notifications"),
            )
            .collect();
        unknown.extend(
            fields
                .keys()
                .filter(|name| !known.contains(&name.as_str()))
                .map(|name| named(name, Some(section), &known)),
        );
    }
    if unknown.is_empty() {
        return None;
    }
    let more = unknown.len().saturating_sub(MOST_NAMED);
    unknown.truncate(MOST_NAMED);
    let more = match more {
        0 => String::new(),
        more => format!(" and {more} more"),
    };
    Some(format!(
        "Unknown settings ignored: {}{more}.",
        unknown.join(", ")
    ))
}

/// `section.name` (or `name` at the top), with the known name closest to it when one is close.
fn named(name: &str, section: Option<&str>, known: &[&str]) -> String {
    let full = |name: &str| match section {
        Some(section) => format!("{section}.{}", cut(name)),
        None => cut(name).into_owned(),
    };
    match closest(name, known.iter().copied()) {
        Some(candidate) => format!("{} (did you mean {}?)", full(name), full(candidate)),
        None => full(name),
    }
}

/// The notice naming the notification channels of `root` that are none and are skipped (the
/// bell is used when none is left), if there are any.
pub(super) fn skipped_channels_notice(root: &Map<String, Value>) -> Option<String> {
    let channels = match root.get("notifications")? {
        Value::Object(section) => section.get("channels")?,
        _ => return None,
    };
    let Value::Array(entries) = channels else {
        return Some(format!(
            "notifications.channels is {}, not a list of channels; the bell is used.",
            quoted(channels)
        ));
    };
    let skipped: Vec<String> = entries
        .iter()
        .filter(|entry| Channel::from_json(entry).is_none())
        .map(quoted)
        .collect();
    if skipped.is_empty() {
        return None;
    }
    let none_left = skipped.len() == entries.len();
    let more = skipped.len().saturating_sub(MOST_NAMED);
    let named = skipped[..skipped.len().min(MOST_NAMED)].join(", ");
    let more = match more {
        0 => String::new(),
        more => format!(" and {more} more"),
    };
    let bell = if none_left { " The bell is used." } else { "" };
    Some(format!(
        "Notification channels skipped: {named}{more} (a channel is \"bell\", \"osc9\", \
         \"osc777\", \"desktop\" or {{\"type\": \"command\", \"command\": …}}).{bell}"
    ))
}
