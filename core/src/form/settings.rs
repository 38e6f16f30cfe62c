//! Settings changed while the flow is open: saved in the settings overlay, reset, or reloaded.
//!
//! Every toggle that applies to open flows ([`Toggle::applies_to_open_flows`]) applies at once,
//! and so do keymaps; the others (`presentSingleAsMulti`) shaped the questions when the flow
//! was created and stay as they were.

use super::{Form, FormConfig};
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
}

#[cfg(test)]
#[path = "settings_tests.rs"]
mod tests;
