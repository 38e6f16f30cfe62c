//! Ask settings: the behaviour switches of the settings file, parsed from its text.
//!
//! The program reads the file; this module decides what its text means. An unreadable or
//! invalid document means defaults, never an error that stops an ask.

use serde::{Deserialize, Serialize};
use serde_json::Value;

/// The behaviour section of the settings file.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct Behaviour {
    /// Finish the flow as soon as every question is answered and no notes exist.
    pub auto_submit_when_answered_without_notes: bool,
    /// Cancelling a flow with answers or notes needs the same key twice.
    pub confirm_dismiss_when_dirty: bool,
    /// Review-tab `1`, `2`, `3` need the same key twice.
    pub double_press_review_shortcuts: bool,
    /// New flows present single-select questions as multi-select.
    pub present_single_as_multi: bool,
    /// Show key hints under the form.
    pub show_footer_hints: bool,
}

impl Default for Behaviour {
    fn default() -> Self {
        Self {
            auto_submit_when_answered_without_notes: false,
            confirm_dismiss_when_dirty: true,
            double_press_review_shortcuts: true,
            present_single_as_multi: false,
            show_footer_hints: true,
        }
    }
}

impl Behaviour {
    /// Reads the behaviour section of a settings document; any field that is missing or not a
    /// boolean keeps its default, and a document that is not a JSON object gives defaults.
    pub fn from_settings_text(text: &str) -> Self {
        let mut behaviour = Self::default();
        let Ok(document) = serde_json::from_str::<Value>(text) else {
            return behaviour;
        };
        let Some(section) = document.get("behaviour").and_then(Value::as_object) else {
            return behaviour;
        };
        let flag = |name: &str, current: bool| {
            section
                .get(name)
                .and_then(Value::as_bool)
                .unwrap_or(current)
        };
        behaviour.auto_submit_when_answered_without_notes = flag(
            "autoSubmitWhenAnsweredWithoutNotes",
            behaviour.auto_submit_when_answered_without_notes,
        );
        behaviour.confirm_dismiss_when_dirty = flag(
            "confirmDismissWhenDirty",
            behaviour.confirm_dismiss_when_dirty,
        );
        behaviour.double_press_review_shortcuts = flag(
            "doublePressReviewShortcuts",
            behaviour.double_press_review_shortcuts,
        );
        behaviour.present_single_as_multi =
            flag("presentSingleAsMulti", behaviour.present_single_as_multi);
        behaviour.show_footer_hints = flag("showFooterHints", behaviour.show_footer_hints);
        behaviour
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn invalid_document_gives_defaults() {
        assert_eq!(
            Behaviour::from_settings_text("{not json"),
            Behaviour::default()
        );
    }

    #[test]
    fn present_single_as_multi_is_read() {
        let text = r#"{"schemaVersion":5,"behaviour":{"presentSingleAsMulti":true}}"#;
        assert!(Behaviour::from_settings_text(text).present_single_as_multi);
    }
}
