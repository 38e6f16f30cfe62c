//! Settings changed while the flow is open: saved in the settings overlay, reset, or reloaded.
//!
//! Every toggle that applies to open flows ([`Toggle::applies_to_open_flows`]) applies at once,
//! and so do keymaps; the others (`presentSingleAsMulti`) shaped the questions when the flow
//! was created and stay as they were.
//!
//! Which toggles a form reads at all follows from its rules: a tool without the dirty-dismiss
//! confirmation, a final tab or type changes never reads the setting about it, so the overlay
//! over that form does not offer it.

use super::{Form, FormConfig};
use crate::contract::rules::DirtyDismiss;
use crate::effect::Effect;
use crate::settings::{Settings, Toggle};
use crate::settings_panel::LiveSettings;

impl LiveSettings for Form {
    fn apply_settings(&mut self, settings: &Settings) -> Vec<Effect> {
        let mut behaviour = settings.behaviour;
        for toggle in Toggle::ALL {
            if !toggle.applies_to_open_flows()
                && let Some(on) = self.config().behaviour.get(toggle)
            {
                behaviour.set(toggle, on);
            }
        }
        self.apply_config(&FormConfig {
            behaviour,
            keymaps: settings.keymaps.clone(),
        })
    }

    /// `confirmDismissWhenDirty` where the rules follow it, `doublePressReviewShortcuts` where
    /// there is a final tab with shortcuts, `presentSingleAsMulti` where questions change
    /// presentation (the type change); the others act on every form.
    fn applies(&self, toggle: Toggle) -> bool {
        let rules = self.rules();
        match toggle {
            Toggle::ConfirmDismissWhenDirty => rules.dirty_dismiss == DirtyDismiss::AsSettingSays,
            Toggle::DoublePressReviewShortcuts => rules.final_tab.is_some(),
            Toggle::PresentSingleAsMulti => rules.type_change,
            Toggle::AutoSubmitWhenAnsweredWithoutNotes
            | Toggle::Notifications
            | Toggle::ShowFooterHints => true,
        }
    }
}

#[cfg(test)]
#[path = "settings_tests.rs"]
mod tests;
