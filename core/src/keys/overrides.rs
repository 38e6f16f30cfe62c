//! Keymaps from the settings file: user overrides on top of the defaults, checked as a whole.

use serde_json::Value;

use super::action::{Action, Context, EditorAction, GlobalAction, MainAction, SettingsModalAction};
use super::key::Key;
use super::keymap::{ContextKeymap, FixedKey, Keymaps};
use super::problem::KeymapProblem;

impl Keymaps {
    /// Applies the settings file's `keymaps` section to the defaults.
    ///
    /// Each action written in the section replaces that action's default keys (an empty list
    /// unbinds it, but for the actions that alone leave a screen); actions and contexts not
    /// written keep their defaults; a key written twice for one action counts once. `null`
    /// means no overrides.
    ///
    /// The section is accepted or rejected as a whole: if anything is wrong anywhere (a context
    /// or action that does not exist, a value that is not a list of key ids, a key id that does
    /// not parse, a fixed key, a key a terminal sends as another, a key that types a character
    /// bound to an editor action other than the `*WhenEmpty` ones, or a key bound to two actions
    /// of one context after merging; an action that yields to configured ones, the image
    /// actions, first gives up the default keys a written action takes, so that is no
    /// conflict), the result is the default keymaps for every context, with every problem
    /// found listed, so the user can be told to fix the file and that the default keymaps are
    /// in use.
    pub fn from_overrides(section: &Value) -> (Self, Vec<KeymapProblem>) {
        if writes_only_defaults(section) {
            return (Self::default(), Vec::new());
        }
        checked_overrides(section)
    }
}

/// [`Keymaps::from_overrides`] in full: every key id parsed, the merged contexts checked.
fn checked_overrides(section: &Value) -> (Keymaps, Vec<KeymapProblem>) {
    let mut keymaps = Keymaps::default();
    let mut problems = Vec::new();
    match section {
        Value::Null => {}
        Value::Object(contexts) => {
            for (name, value) in contexts {
                match name.parse::<Context>() {
                    Ok(context) => keymaps.apply(context, value, &mut problems),
                    Err(_) => problems.push(KeymapProblem::UnknownContext(name.clone())),
                }
            }
        }
        _ => problems.push(KeymapProblem::NotAnObject {
            path: "keymaps".to_owned(),
        }),
    }
    report_shadowed(&keymaps, &mut problems);
    report_typed_in_editors(&keymaps, &mut problems);
    if problems.is_empty() {
        (keymaps, problems)
    } else {
        (Keymaps::default(), problems)
    }
}

/// Whether the section only writes, in contexts that have them, actions with exactly their
/// default key ids in their order, as a file written with the defaults does: it changes
/// nothing, since the defaults bind no key twice, so no key id needs parsing.
fn writes_only_defaults(section: &Value) -> bool {
    let Value::Object(contexts) = section else {
        return section.is_null();
    };
    contexts
        .iter()
        .all(|(name, actions)| match name.parse::<Context>() {
            Ok(context @ Context::Global) => {
                context_writes_defaults::<GlobalAction>(context, actions)
            }
            Ok(context @ Context::Main) => context_writes_defaults::<MainAction>(context, actions),
            Ok(context @ (Context::Editor | Context::NoteEditor)) => {
                context_writes_defaults::<EditorAction>(context, actions)
            }
            Ok(context @ Context::SettingsModal) => {
                context_writes_defaults::<SettingsModalAction>(context, actions)
            }
            Err(_) => false,
        })
}

/// Whether one context's section only writes its actions' default key ids.
fn context_writes_defaults<A: Action>(context: Context, actions: &Value) -> bool {
    let Value::Object(actions) = actions else {
        return false;
    };
    actions.iter().all(|(name, ids)| {
        let (Ok(action), Value::Array(ids)) = (A::named(context, name), ids) else {
            return false;
        };
        let defaults = action.default_key_ids();
        ids.len() == defaults.len()
            && ids
                .iter()
                .zip(defaults)
                .all(|(id, default)| id.as_str() == Some(*default))
    })
}

impl Keymaps {
    /// Applies the overrides of one context.
    fn apply(&mut self, context: Context, value: &Value, problems: &mut Vec<KeymapProblem>) {
        match context {
            Context::Global => apply_context(&mut self.global, context, value, problems),
            Context::Main => apply_context(&mut self.main, context, value, problems),
            Context::Editor => apply_context(&mut self.editor, context, value, problems),
            Context::NoteEditor => apply_context(&mut self.note_editor, context, value, problems),
            Context::SettingsModal => {
                apply_context(&mut self.settings_modal, context, value, problems);
            }
        }
    }
}

/// The actions that alone leave a screen, by context and name, with the screen: written
/// with no key, the screen could not be left but by killing the program. (The questionnaire
/// has several ways out, and `global.dismiss` besides; the editors, see [`EDITOR_WAYS_OUT`].)
const WAYS_OUT: [(Context, &str, &str); 1] = [(Context::SettingsModal, "close", "the settings")];

/// The editors, each with the two actions that leave it with its text kept: written both with
/// no key, the editor could be left only by dismissing the whole form.
const EDITOR_WAYS_OUT: [(Context, &str, &str, &str); 2] = [
    (Context::Editor, "submit", "close", "the answer editor"),
    (Context::NoteEditor, "save", "close", "the note editor"),
];

/// Applies the overrides of `context`, whose keymap is `keymap`, then checks the merged
/// context for conflicts.
fn apply_context<A: Action>(
    keymap: &mut ContextKeymap<A>,
    context: Context,
    value: &Value,
    problems: &mut Vec<KeymapProblem>,
) {
    debug_assert!(
        A::CONTEXTS.contains(&context),
        "{context} has other actions"
    );
    let Value::Object(actions) = value else {
        problems.push(KeymapProblem::NotAnObject {
            path: format!("keymaps.{context}"),
        });
        return;
    };
    let mut written = Vec::new();
    for (name, ids) in actions {
        let Ok(action) = A::named(context, name) else {
            let names = A::ALL.iter().map(|action| action.name_in(context));
            problems.push(KeymapProblem::UnknownAction {
                context,
                name: name.clone(),
                closest: crate::text::closest(name, names),
            });
            continue;
        };
        if let Some(keys) = parse_key_list(context, action, ids, problems) {
            let name = action.name_in(context);
            if let Some((_, _, screen)) = WAYS_OUT
                .iter()
                .find(|way| keys.is_empty() && (way.0, way.1) == (context, name))
            {
                problems.push(KeymapProblem::NoWayOut {
                    context,
                    action: name,
                    screen,
                });
            }
            keymap.set_keys(action, keys);
            written.push(action);
        }
    }
    yield_to_configured(keymap, &written);
    report_conflicts(keymap, context, problems);
    report_editor_without_way_out(keymap, context, problems);
}

/// Reports an editor whose two ways out both have no key.
fn report_editor_without_way_out<A: Action>(
    keymap: &ContextKeymap<A>,
    context: Context,
    problems: &mut Vec<KeymapProblem>,
) {
    for (editor, first, second, screen) in EDITOR_WAYS_OUT {
        let keyless =
            |name: &str| A::named(context, name).is_ok_and(|action| keymap.keys(action).is_empty());
        if editor == context && keyless(first) && keyless(second) {
            problems.push(KeymapProblem::NoWayOutOfEditor {
                context,
                first,
                second,
                screen,
            });
        }
    }
}

/// Takes the keys the `written` actions now have away from the default bindings of the
/// actions that yield to configured ones.
fn yield_to_configured<A: Action>(keymap: &mut ContextKeymap<A>, written: &[A]) {
    let taken: Vec<Key> = written
        .iter()
        .flat_map(|action| keymap.keys(*action).to_vec())
        .collect();
    for action in A::ALL.iter().copied() {
        if action.yields_to_configured() && !written.contains(&action) {
            let kept = keymap
                .keys(action)
                .iter()
                .copied()
                .filter(|key| !taken.contains(key))
                .collect();
            keymap.set_keys(action, kept);
        }
    }
}

/// Parses an action's list of key ids, reporting every bad entry; `None` if any was bad.
fn parse_key_list<A: Action>(
    context: Context,
    action: A,
    ids: &Value,
    problems: &mut Vec<KeymapProblem>,
) -> Option<Vec<Key>> {
    let action = action.name_in(context);
    let Value::Array(ids) = ids else {
        problems.push(KeymapProblem::NotAKeyList { context, action });
        return None;
    };
    let problems_before = problems.len();
    let mut keys = Vec::with_capacity(ids.len());
    for id in ids {
        let Value::String(id) = id else {
            problems.push(KeymapProblem::NotAKeyList { context, action });
            return None;
        };
        match id.parse::<Key>() {
            Ok(key) => {
                if let Some(fixed) = FixedKey::of(&key) {
                    problems.push(KeymapProblem::FixedKey {
                        context,
                        action,
                        key: key.to_string(),
                        meaning: fixed.meaning(),
                    });
                } else if key.as_a_terminal_sends_it() != key {
                    problems.push(KeymapProblem::SentAsAnother {
                        context,
                        action,
                        key: id.clone(),
                        read: key.as_a_terminal_sends_it().to_string(),
                    });
                } else if !keys.contains(&key) {
                    keys.push(key);
                }
            }
            Err(error) => problems.push(KeymapProblem::InvalidKey {
                context,
                action,
                error,
            }),
        }
    }
    (problems.len() == problems_before).then_some(keys)
}

/// Reports every key of the questionnaire's keymap that a global action also binds: the
/// questionnaire hands a key to the global keymap first.
fn report_shadowed(keymaps: &Keymaps, problems: &mut Vec<KeymapProblem>) {
    for (action, keys) in keymaps.main.bindings() {
        for key in keys {
            if let Some(global) = keymaps.global_action(key) {
                problems.push(KeymapProblem::Shadowed {
                    key: key.to_string(),
                    action: action.name_in(Context::Main),
                    global: global.name_in(Context::Global),
                });
            }
        }
    }
}

/// Reports every key that types a character bound to an editor action that may not take one
/// ([`EditorAction::may_take_a_typed_key`]).
fn report_typed_in_editors(keymaps: &Keymaps, problems: &mut Vec<KeymapProblem>) {
    for (context, keymap) in [
        (Context::Editor, &keymaps.editor),
        (Context::NoteEditor, &keymaps.note_editor),
    ] {
        for (action, keys) in keymap.bindings() {
            if action.may_take_a_typed_key() {
                continue;
            }
            for key in keys.iter().filter(|key| key.typed_char().is_some()) {
                problems.push(KeymapProblem::TypedInEditor {
                    context,
                    action: action.name_in(context),
                    key: key.to_string(),
                });
            }
        }
    }
}

/// Reports every key bound to more than one action of `context`.
fn report_conflicts<A: Action>(
    keymap: &ContextKeymap<A>,
    context: Context,
    problems: &mut Vec<KeymapProblem>,
) {
    // A context binds a few dozen keys at most: a list looked through beats hashing them.
    let mut owners: Vec<(Key, A)> = Vec::new();
    for (action, keys) in keymap.bindings() {
        for key in keys {
            match owners.iter().find(|(owned, _)| owned == key) {
                Some((_, first)) => problems.push(KeymapProblem::Conflict {
                    context,
                    key: key.to_string(),
                    first: first.name_in(context),
                    second: action.name_in(context),
                }),
                None => owners.push((*key, action)),
            }
        }
    }
}

#[cfg(test)]
#[path = "overrides_tests.rs"]
mod tests;
