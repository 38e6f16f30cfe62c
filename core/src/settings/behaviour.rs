//! The behaviour switches of the settings file and the toggles the settings overlay offers.

use serde::{Deserialize, Serialize};

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
    /// The behaviour a settings document gives: defaults when the text is missing or invalid.
    pub fn from_settings_text(text: &str) -> Self {
        super::load(Some(text)).settings.behaviour
    }
}

/// One binary setting of the settings overlay.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Toggle {
    /// `behaviour.autoSubmitWhenAnsweredWithoutNotes`.
    AutoSubmitWhenAnsweredWithoutNotes,
    /// `behaviour.confirmDismissWhenDirty`.
    ConfirmDismissWhenDirty,
    /// `behaviour.doublePressReviewShortcuts`.
    DoublePressReviewShortcuts,
    /// `notifications.enabled`.
    Notifications,
    /// `behaviour.showFooterHints`.
    ShowFooterHints,
    /// `behaviour.presentSingleAsMulti`; applies to new flows only.
    PresentSingleAsMulti,
}

impl Toggle {
    /// Every toggle, in the order the overlay lists them.
    pub const ALL: [Self; 6] = [
        Self::AutoSubmitWhenAnsweredWithoutNotes,
        Self::ConfirmDismissWhenDirty,
        Self::DoublePressReviewShortcuts,
        Self::Notifications,
        Self::ShowFooterHints,
        Self::PresentSingleAsMulti,
    ];

    /// What the overlay calls it.
    pub const fn label(self) -> &'static str {
        match self {
            Self::AutoSubmitWhenAnsweredWithoutNotes => "Auto-submit when answered without notes",
            Self::ConfirmDismissWhenDirty => "Confirm dismiss when dirty",
            Self::DoublePressReviewShortcuts => "Double-press review shortcuts",
            Self::Notifications => "Notifications",
            Self::ShowFooterHints => "Show footer hints",
            Self::PresentSingleAsMulti => "Present single-select as multi-select",
        }
    }

    /// The section and field of the settings file that hold it.
    pub const fn path(self) -> (&'static str, &'static str) {
        match self {
            Self::AutoSubmitWhenAnsweredWithoutNotes => {
                ("behaviour", "autoSubmitWhenAnsweredWithoutNotes")
            }
            Self::ConfirmDismissWhenDirty => ("behaviour", "confirmDismissWhenDirty"),
            Self::DoublePressReviewShortcuts => ("behaviour", "doublePressReviewShortcuts"),
            Self::Notifications => ("notifications", "enabled"),
            Self::ShowFooterHints => ("behaviour", "showFooterHints"),
            Self::PresentSingleAsMulti => ("behaviour", "presentSingleAsMulti"),
        }
    }

    /// Whether an open flow sees the change at once (all but presentSingleAsMulti).
    pub const fn applies_to_open_flows(self) -> bool {
        !matches!(self, Self::PresentSingleAsMulti)
    }
}
