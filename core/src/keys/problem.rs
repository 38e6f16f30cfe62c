//! What can be wrong in the `keymaps` section of the settings file, each with the message the
//! settings' notice and `check` give.

use thiserror::Error;

use crate::json;

use super::action::Context;
use super::key::KeyParseError;

/// Something wrong in the `keymaps` section of the settings file.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum KeymapProblem {
    /// The section, or one context in it, is not a JSON object.
    #[error("{path} must be an object of action names to key lists")]
    NotAnObject {
        /// `keymaps` or `keymaps.<context>`.
        path: String,
    },
    /// A context name that does not exist.
    #[error(
        "keymaps.{0}: unknown context; expected global, main, editor, noteEditor or settingsModal"
    )]
    UnknownContext(String),
    /// An action name the context does not have.
    #[error("keymaps.{context}.{name}: unknown action{}", meant(*.closest))]
    UnknownAction {
        /// The context it was written in.
        context: Context,
        /// The name as written.
        name: String,
        /// The context's action a typo likely meant.
        closest: Option<&'static str>,
    },
    /// An action whose value is not a list of strings.
    #[error("keymaps.{context}.{action} must be a list of key ids")]
    NotAKeyList {
        /// The context.
        context: Context,
        /// The action's name.
        action: &'static str,
    },
    /// A key id that does not parse.
    #[error("keymaps.{context}.{action}: {error}")]
    InvalidKey {
        /// The context.
        context: Context,
        /// The action's name.
        action: &'static str,
        /// Why the id does not parse.
        error: KeyParseError,
    },
    /// A digit 1–9, `@` or `ctrl+z`, which are fixed.
    #[error(
        "keymaps.{context}.{action}: {} is fixed ({meaning}) and cannot be bound",
        json::to_string(.key)
    )]
    FixedKey {
        /// The context.
        context: Context,
        /// The action's name.
        action: &'static str,
        /// The key as printed.
        key: String,
        /// What it is fixed for.
        meaning: &'static str,
    },
    /// A key a terminal sends as another (`ctrl+m` as enter), which the program could never
    /// read as itself.
    #[error(
        "keymaps.{context}.{action}: {} arrives as {} (a terminal sends both alike); write {}",
        json::to_string(.key),
        json::to_string(.read),
        json::to_string(.read)
    )]
    SentAsAnother {
        /// The context.
        context: Context,
        /// The action's name.
        action: &'static str,
        /// The key id as the file writes it.
        key: String,
        /// The key the program reads when it is pressed.
        read: String,
    },
    /// A key that types a character bound to an editor action that would take it from the
    /// text: the editors type such a key instead.
    #[error(
        "keymaps.{context}.{action}: {} types a character in the editor; bind a key with ctrl or alt, or a named key",
        json::to_string(.key)
    )]
    TypedInEditor {
        /// The editor's context.
        context: Context,
        /// The action's name.
        action: &'static str,
        /// The key as printed.
        key: String,
    },
    /// A key of the questionnaire's keymap that a global action takes first, so it would never
    /// reach the action it is written for.
    #[error(
        "keymaps.main.{action}: {} is bound to global.{global}, which takes it first",
        json::to_string(.key)
    )]
    Shadowed {
        /// The key as printed.
        key: String,
        /// The questionnaire's action.
        action: &'static str,
        /// The global action that takes the key.
        global: &'static str,
    },
    /// No key for an action that alone leaves a screen, which could then not
    /// be left.
    #[error("keymaps.{context}.{action}: needs a key; without one {screen} could not be left")]
    NoWayOut {
        /// The context.
        context: Context,
        /// The action's name.
        action: &'static str,
        /// What could not be left.
        screen: &'static str,
    },
    /// No key for either of the two actions that leave an editor with its text kept, which
    /// could then be left only by dismissing the whole form.
    #[error(
        "keymaps.{context}: {first} and {second} both have no key; one needs a key, or {screen} could be left only by dismissing the whole form"
    )]
    NoWayOutOfEditor {
        /// The editor's context.
        context: Context,
        /// The action that keeps the text as the answer or note.
        first: &'static str,
        /// The action that closes the editor.
        second: &'static str,
        /// The editor.
        screen: &'static str,
    },
    /// One key bound to two actions of the same context.
    #[error(
        "keymaps.{context}: {} is bound to both {first} and {second}",
        json::to_string(.key)
    )]
    Conflict {
        /// The context.
        context: Context,
        /// The key as printed.
        key: String,
        /// The action listed first in the settings order.
        first: &'static str,
        /// The other action.
        second: &'static str,
    },
}

/// ` (did you mean NAME?)` for a name a typo likely meant, else nothing.
fn meant(closest: Option<&str>) -> String {
    closest.map_or_else(String::new, |name| format!(" (did you mean {name}?)"))
}
