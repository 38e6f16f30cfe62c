//! Settings changed while the flow is open: saved in the settings overlay, reset, or reloaded.
//!
//! Every toggle but `presentSingleAsMulti` applies at once (auto-submit, confirm-dismiss,
//! double-press review shortcuts, notifications, footer hints), and so do keymaps;
//! `presentSingleAsMulti` shaped the questions when the flow was created and stays as it was.

use super::{Form, FormConfig};
use crate::effect::Effect;
use crate::settings::Settings;
use crate::settings_panel::LiveSettings;

impl LiveSettings for Form {
    fn apply_settings(&mut self, settings: &Settings) -> Vec<Effect> {
        let mut behaviour = settings.behaviour;
        behaviour.present_single_as_multi = self.config().behaviour.present_single_as_multi;
        self.apply_config(&FormConfig {
            behaviour,
            keymaps: settings.keymaps.clone(),
        })
    }
}

#[cfg(test)]
#[path = "settings_tests.rs"]
mod tests;
