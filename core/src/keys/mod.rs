//! Keys and keymaps: what a key is, and which key triggers which action where.
//!
//! Keys parse from and print to Pi's key-id syntax ([`Key`]); keymaps say which key triggers
//! which action in which [`Context`] ([`Keymaps`]), with defaults and settings-file overrides.
//! Keymaps are data: the settings file overrides them, and every surface looks keys up in them.
//! The keys that move through long content ([`Navigation`]) are in no keymap.

mod action;
mod default_id;
mod key;
mod keymap;
mod navigation;
mod overrides;
mod problem;

#[cfg(test)]
mod key_tests;
#[cfg(test)]
mod keymap_tests;

pub use action::{
    Action, Context, EditorAction, GlobalAction, MainAction, SettingsModalAction, UnknownAction,
    UnknownContext,
};
pub use key::{Key, KeyCode, KeyParseError, KeyParseProblem, MAX_FUNCTION_KEY, Modifiers};
pub use keymap::{ContextKeymap, FixedKey, Keymaps};
pub use navigation::Navigation;
pub use problem::KeymapProblem;
