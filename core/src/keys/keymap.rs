//! Keymaps as data: which keys trigger which action, per context.

use std::borrow::Cow;
use std::sync::Arc;

use serde_json::{Map, Value};

use super::action::{Action, Context, EditorAction, GlobalAction, MainAction, SettingsModalAction};
use super::key::{Key, KeyCode, Modifiers};

/// The keys bound to each action of one context.
///
/// Every action of the context has an entry (possibly with no keys, which disables it), and no
/// key is bound to two actions: both hold for the defaults and for anything
/// [`Keymaps::from_overrides`] accepts.
///
/// The defaults are the program's own data, so a keymap nobody configured costs nothing to
/// make. A configured one is shared when cloned: the settings, a form and the settings overlay
/// each hold the keymaps, and only a change of keys copies them.
#[derive(Clone, Debug)]
pub struct ContextKeymap<A: Action> {
    bindings: Bindings<A>,
}

/// Where a context's keys come from.
#[derive(Clone, Debug)]
enum Bindings<A: Action> {
    /// Each action's [`Action::default_keys`], which the compiler wrote.
    Defaults,
    /// A table written by the settings file's overrides.
    Configured(Arc<Table<A>>),
}

/// A context's configured bindings and their hints.
#[derive(Clone, Debug)]
struct Table<A: Action> {
    /// One entry per action, in the order of [`Action::ALL`].
    bindings: Vec<(A, Vec<Key>)>,
    /// Each entry's hint, its first key in key-id syntax, written when the keys are set: the
    /// footer shows hints on every frame. A default binding's is its first default key id,
    /// which is that syntax already.
    hints: Vec<Option<Cow<'static, str>>>,
}

impl<A: Action> Table<A> {
    /// The defaults written out, for overrides to change.
    fn defaults() -> Self {
        Self {
            bindings: A::ALL
                .iter()
                .map(|&action| (action, action.default_keys().to_vec()))
                .collect(),
            hints: A::ALL
                .iter()
                .map(|action| default_hint(*action).map(Cow::Borrowed))
                .collect(),
        }
    }
}

/// The hint of a default binding: its first default key id.
fn default_hint<A: Action>(action: A) -> Option<&'static str> {
    action.default_key_ids().first().copied()
}

/// The hint of an action bound to `keys`: the first key, in key-id syntax.
fn hint_of(keys: &[Key]) -> Option<Cow<'static, str>> {
    keys.first().map(|key| Cow::Owned(key.to_string()))
}

impl<A: Action> ContextKeymap<A> {
    /// The default bindings of the context, as the settings file documents them.
    pub const fn defaults() -> Self {
        Self {
            bindings: Bindings::Defaults,
        }
    }

    /// The action `key` triggers in this context, if any. The key is normalized first.
    pub fn action(&self, key: &Key) -> Option<A> {
        let key = key.normalized();
        match &self.bindings {
            Bindings::Defaults => A::ALL
                .iter()
                .copied()
                .find(|action| action.default_keys().contains(&key)),
            Bindings::Configured(table) => table
                .bindings
                .iter()
                .find(|(_, keys)| keys.contains(&key))
                .map(|(action, _)| *action),
        }
    }

    /// The keys bound to `action`, in the configured order (the first is the one to show in
    /// hints).
    pub fn keys(&self, action: A) -> &[Key] {
        match &self.bindings {
            Bindings::Defaults => action.default_keys(),
            Bindings::Configured(table) => table
                .bindings
                .iter()
                .find(|(bound, _)| *bound == action)
                .map_or(&[], |(_, keys)| keys.as_slice()),
        }
    }

    /// The key a hint shows for `action`: the first one bound, in key-id syntax; `None` when
    /// the action has no key, so the hint is left out.
    pub fn hint(&self, action: A) -> Option<&str> {
        match &self.bindings {
            Bindings::Defaults => default_hint(action),
            Bindings::Configured(table) => {
                let entry = table
                    .bindings
                    .iter()
                    .position(|(bound, _)| *bound == action)?;
                table.hints[entry].as_deref()
            }
        }
    }

    /// The hint keys of two actions joined with `/` (`up/down`), or whichever one is bound.
    pub fn hint_pair(&self, first: A, second: A) -> Option<Cow<'_, str>> {
        match (self.hint(first), self.hint(second)) {
            (Some(first), Some(second)) => Some(Cow::Owned([first, "/", second].concat())),
            (first, second) => first.or(second).map(Cow::Borrowed),
        }
    }

    /// Every action with its keys, in the order of the settings file.
    pub fn bindings(&self) -> impl Iterator<Item = (A, &[Key])> {
        A::ALL.iter().map(|&action| (action, self.keys(action)))
    }

    /// Replaces the keys of one action; the caller checks for conflicts.
    pub(super) fn set_keys(&mut self, action: A, keys: Vec<Key>) {
        let mut table = match std::mem::replace(&mut self.bindings, Bindings::Defaults) {
            Bindings::Configured(table) => table,
            Bindings::Defaults => Arc::new(Table::defaults()),
        };
        let written = Arc::make_mut(&mut table);
        if let Some(entry) = written.bindings.iter().position(|(a, _)| *a == action) {
            written.hints[entry] = hint_of(&keys);
            written.bindings[entry].1 = keys;
        }
        self.bindings = Bindings::Configured(table);
    }

    /// The bindings as `context`'s section of the settings file writes them: action name ->
    /// list of key ids.
    fn to_json(&self, context: Context) -> Value {
        debug_assert!(
            A::CONTEXTS.contains(&context),
            "{context} has other actions"
        );
        let mut object = Map::new();
        for (action, keys) in self.bindings() {
            let ids = keys.iter().map(|key| Value::String(key.to_string()));
            object.insert(
                action.name_in(context).to_owned(),
                Value::Array(ids.collect()),
            );
        }
        Value::Object(object)
    }
}

impl<A: Action> Default for ContextKeymap<A> {
    fn default() -> Self {
        Self::defaults()
    }
}

/// Two keymaps are equal when they bind the same keys to each action, however they were made.
impl<A: Action> PartialEq for ContextKeymap<A> {
    fn eq(&self, other: &Self) -> bool {
        self.bindings().eq(other.bindings())
    }
}

impl<A: Action> Eq for ContextKeymap<A> {}

/// All keymaps of the ask flow, one per context.
///
/// A form looks a key up in the context it is in, usually the global keymap first and then the
/// keymap of the focused surface. Digits 1–9, `@` and `ctrl+z` are never in any keymap: see
/// [`FixedKey`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Keymaps {
    /// Keys that work everywhere.
    pub global: ContextKeymap<GlobalAction>,
    /// The question tabs and the review tab.
    pub main: ContextKeymap<MainAction>,
    /// The free-form answer editor.
    pub editor: ContextKeymap<EditorAction>,
    /// The note editor: the same actions as the answer editor, bound on their own.
    pub note_editor: ContextKeymap<EditorAction>,
    /// The settings overlay.
    pub settings_modal: ContextKeymap<SettingsModalAction>,
}

impl Keymaps {
    /// The global action of `key`, if any.
    pub fn global_action(&self, key: &Key) -> Option<GlobalAction> {
        self.global.action(key)
    }

    /// The main-flow action of `key`, if any.
    pub fn main_action(&self, key: &Key) -> Option<MainAction> {
        self.main.action(key)
    }

    /// The answer-editor action of `key`, if any.
    pub fn editor_action(&self, key: &Key) -> Option<EditorAction> {
        self.editor.action(key)
    }

    /// The note-editor action of `key`, if any.
    pub fn note_editor_action(&self, key: &Key) -> Option<EditorAction> {
        self.note_editor.action(key)
    }

    /// The settings-overlay action of `key`, if any.
    pub fn settings_modal_action(&self, key: &Key) -> Option<SettingsModalAction> {
        self.settings_modal.action(key)
    }

    /// The `keymaps` section of the settings file for these keymaps: context name -> action
    /// name -> list of key ids, in the documented order. For the defaults this is exactly the
    /// documented default section.
    pub fn to_json(&self) -> Value {
        let sections = [
            (Context::Global, self.global.to_json(Context::Global)),
            (Context::Main, self.main.to_json(Context::Main)),
            (Context::Editor, self.editor.to_json(Context::Editor)),
            (
                Context::NoteEditor,
                self.note_editor.to_json(Context::NoteEditor),
            ),
            (
                Context::SettingsModal,
                self.settings_modal.to_json(Context::SettingsModal),
            ),
        ];
        let object = sections
            .into_iter()
            .map(|(context, section)| (context.name().to_owned(), section))
            .collect();
        Value::Object(object)
    }
}

/// A key with a fixed meaning that no keymap can bind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum FixedKey {
    /// `1`..`9` without modifiers: quick-select the matching option, or run a review action.
    Digit(u8),
    /// `@` without modifiers: the file-reference affordance in editors.
    FileReference,
    /// `ctrl+z`: stops the program, as it stops any terminal program; the terminal frontends
    /// take it before any keymap.
    Suspend,
}

impl FixedKey {
    /// The fixed meaning of `key`, if it has one. The key is normalized first.
    pub fn of(key: &Key) -> Option<Self> {
        let key = key.normalized();
        if key.code == KeyCode::Char('z') && key.mods == Modifiers::CTRL {
            return Some(Self::Suspend);
        }
        if !key.mods.is_empty() {
            return None;
        }
        match key.code {
            KeyCode::Char('@') => Some(Self::FileReference),
            KeyCode::Char(c @ '1'..='9') => Some(Self::Digit(c as u8 - b'0')),
            _ => None,
        }
    }

    /// What the key is fixed for, as a keymap problem says it.
    pub const fn meaning(self) -> &'static str {
        match self {
            Self::Digit(_) | Self::FileReference => "digits 1-9 and @",
            Self::Suspend => "ctrl+z stops the program, as in any terminal program",
        }
    }
}
