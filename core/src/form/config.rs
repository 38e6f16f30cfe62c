//! What a form runs with besides its call: the user's settings.

use crate::keys::Keymaps;
use crate::settings::Behaviour;

/// The settings a form runs with; an open form can take new ones
/// ([`super::Form::apply_config`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FormConfig {
    /// The behaviour switches of the settings file.
    pub behaviour: Behaviour,
    /// Which keys trigger which action.
    pub keymaps: Keymaps,
}
