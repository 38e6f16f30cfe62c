use rstest::rstest;
use serde_json::json;

use super::{
    Action, Context, EditorAction, FixedKey, GlobalAction, Key, KeymapProblem, Keymaps, MainAction,
    SettingsModalAction,
};

fn key(id: &str) -> Key {
    id.parse().unwrap()
}

#[test]
fn defaults_are_the_documented_section() {
    let expected = json!({
        "global": {"dismiss": ["ctrl+c"], "settings": ["?"]},
        "main": {
            "confirm": ["enter"], "cancel": ["esc"], "changeQuestionType": ["t"],
            "toggle": ["space"], "nextTab": ["tab", "right"],
            "previousTab": ["shift+tab", "left"], "nextOption": ["down"],
            "previousOption": ["up"], "optionNote": ["n"], "questionNote": ["shift+n"]
        },
        "editor": {
            "submit": ["enter"], "close": ["esc"], "nextTabWhenEmpty": ["tab", "right"],
            "previousTabWhenEmpty": ["shift+tab", "left"], "nextOptionWhenEmpty": ["down"],
            "previousOptionWhenEmpty": ["up"], "pasteImage": ["ctrl+v"],
            "removeImage": ["ctrl+alt+d"]
        },
        "noteEditor": {
            "save": ["enter"], "close": ["esc"], "nextTabWhenEmpty": ["tab", "right"],
            "previousTabWhenEmpty": ["shift+tab", "left"], "nextOptionWhenEmpty": ["down"],
            "previousOptionWhenEmpty": ["up"], "pasteImage": ["ctrl+v"],
            "removeImage": ["ctrl+alt+d"]
        },
        "settingsModal": {
            "close": ["esc", "ctrl+c", "?"], "nextOption": ["down"],
            "previousOption": ["up"], "toggle": ["enter", "space"]
        }
    });
    similar_asserts::assert_eq!(Keymaps::default().to_json(), expected);
}

#[rstest]
#[case("ctrl+c", Some(GlobalAction::Dismiss))]
#[case("?", Some(GlobalAction::Settings))]
#[case("enter", None)]
fn global_lookup(#[case] id: &str, #[case] action: Option<GlobalAction>) {
    assert_eq!(Keymaps::default().global_action(&key(id)), action);
}

#[rstest]
#[case("enter", Some(MainAction::Confirm))]
#[case("escape", Some(MainAction::Cancel))]
#[case("right", Some(MainAction::NextTab))]
#[case("shift+tab", Some(MainAction::PreviousTab))]
#[case("n", Some(MainAction::OptionNote))]
#[case("N", Some(MainAction::QuestionNote))]
#[case("1", None)]
fn main_lookup(#[case] id: &str, #[case] action: Option<MainAction>) {
    assert_eq!(Keymaps::default().main_action(&key(id)), action);
}

#[test]
fn lookup_normalizes_a_key_built_by_hand() {
    let typed = Key {
        code: super::KeyCode::Char('N'),
        mods: super::Modifiers::NONE,
    };
    assert_eq!(
        Keymaps::default().main_action(&typed),
        Some(MainAction::QuestionNote)
    );
}

#[test]
fn other_contexts_look_up_their_own_actions() {
    let keymaps = Keymaps::default();
    assert_eq!(
        keymaps.editor_action(&key("tab")),
        Some(EditorAction::NextTabWhenEmpty)
    );
    assert_eq!(
        keymaps.note_editor_action(&key("enter")),
        Some(EditorAction::Submit)
    );
    assert_eq!(
        keymaps.settings_modal_action(&key("?")),
        Some(SettingsModalAction::Close)
    );
    assert_eq!(
        keymaps.main.keys(MainAction::NextTab),
        [key("tab"), key("right")]
    );
}

#[rstest]
#[case("1", Some(FixedKey::Digit(1)))]
#[case("9", Some(FixedKey::Digit(9)))]
#[case("@", Some(FixedKey::FileReference))]
#[case("0", None)]
#[case("ctrl+1", None)]
#[case("a", None)]
fn fixed_keys(#[case] id: &str, #[case] fixed: Option<FixedKey>) {
    assert_eq!(FixedKey::of(&key(id)), fixed);
}

fn round_trips<A: Action>(context: Context) {
    for &action in A::ALL {
        assert_eq!(A::named(context, action.name_in(context)), Ok(action));
    }
}

/// Every default key id of `A`'s actions is printed back as written, so a default binding's
/// hint (its first id) is the hint the key itself gives.
fn default_ids_print_as_written<A: Action>(keymap: &super::ContextKeymap<A>) {
    for &action in A::ALL {
        for id in action.default_key_ids() {
            assert_eq!(key(id).to_string(), *id);
        }
        let parsed: Vec<Key> = action.default_key_ids().iter().map(|id| key(id)).collect();
        assert_eq!(action.default_keys(), parsed, "{action:?}");
        assert_eq!(keymap.keys(action), parsed, "{action:?}");
        let printed = keymap.keys(action).first().map(ToString::to_string);
        assert_eq!(keymap.hint(action), printed.as_deref(), "{action:?}");
    }
}

#[test]
fn a_default_hint_is_the_first_default_key_as_printed() {
    let keymaps = Keymaps::default();
    default_ids_print_as_written(&keymaps.global);
    default_ids_print_as_written(&keymaps.main);
    default_ids_print_as_written(&keymaps.editor);
    default_ids_print_as_written(&keymaps.note_editor);
    default_ids_print_as_written(&keymaps.settings_modal);
}

#[test]
fn action_names_round_trip() {
    round_trips::<GlobalAction>(Context::Global);
    round_trips::<MainAction>(Context::Main);
    round_trips::<EditorAction>(Context::Editor);
    round_trips::<EditorAction>(Context::NoteEditor);
    round_trips::<SettingsModalAction>(Context::SettingsModal);
    for context in Context::ALL {
        assert_eq!(context.to_string().parse::<Context>().unwrap(), *context);
    }
    assert!(EditorAction::named(Context::Editor, "confirm").is_err());
}

#[test]
fn both_editors_share_one_action_list_with_the_same_default_keys() {
    let keymaps = Keymaps::default();
    assert_eq!(keymaps.editor, keymaps.note_editor);
    assert_eq!(
        EditorAction::CONTEXTS,
        [Context::Editor, Context::NoteEditor]
    );
    let names = |context| -> Vec<&str> {
        EditorAction::ALL
            .iter()
            .map(|action| action.name_in(context))
            .collect()
    };
    let (editor, note) = (names(Context::Editor), names(Context::NoteEditor));
    assert_eq!((editor[0], note[0]), ("submit", "save"));
    assert_eq!(editor[1..], note[1..]);
}

#[test]
fn a_note_editor_override_uses_the_save_name() {
    let (keymaps, problems) = Keymaps::from_overrides(&json!({
        "noteEditor": {"save": ["ctrl+s"]},
        "editor": {"submit": ["ctrl+d"]}
    }));
    assert_eq!(problems, []);
    assert_eq!(
        keymaps.note_editor_action(&key("ctrl+s")),
        Some(EditorAction::Submit)
    );
    assert_eq!(keymaps.note_editor_action(&key("enter")), None);
    assert_eq!(
        keymaps.editor_action(&key("ctrl+d")),
        Some(EditorAction::Submit)
    );
    assert_eq!(keymaps.to_json()["noteEditor"]["save"], json!(["ctrl+s"]));
    assert_eq!(keymaps.to_json()["editor"]["submit"], json!(["ctrl+d"]));
}

#[test]
fn an_unknown_action_is_named_with_its_context() {
    let error = EditorAction::named(Context::NoteEditor, "submit").unwrap_err();
    assert_eq!(
        error.to_string(),
        r#"unknown action "submit" in keymap context noteEditor"#
    );
    assert!(EditorAction::named(Context::Editor, "save").is_err());
}

#[test]
fn overrides_replace_only_the_written_actions() {
    let (keymaps, problems) = Keymaps::from_overrides(&json!({
        "main": {"toggle": ["x", "space"], "optionNote": []},
        "global": {"settings": ["f1"]}
    }));
    assert_eq!(problems, []);
    assert_eq!(keymaps.main_action(&key("x")), Some(MainAction::Toggle));
    assert_eq!(keymaps.main_action(&key("space")), Some(MainAction::Toggle));
    assert_eq!(keymaps.main_action(&key("n")), None);
    assert_eq!(
        keymaps.main_action(&key("enter")),
        Some(MainAction::Confirm)
    );
    assert_eq!(keymaps.global_action(&key("?")), None);
    assert_eq!(
        keymaps.global_action(&key("f1")),
        Some(GlobalAction::Settings)
    );
}

#[test]
fn null_section_means_defaults() {
    assert_eq!(
        Keymaps::from_overrides(&serde_json::Value::Null),
        (Keymaps::default(), vec![])
    );
}

#[rstest]
#[case(json!([]), "keymaps must be an object of action names to key lists")]
#[case(json!({"main": 3}), "keymaps.main must be an object of action names to key lists")]
#[case(
    json!({"footer": {}}),
    "keymaps.footer: unknown context; expected global, main, editor, noteEditor or settingsModal"
)]
#[case(json!({"main": {"submit": ["enter"]}}), "keymaps.main.submit: unknown action")]
#[case(
    json!({"main": {"confrm": ["enter"]}}),
    "keymaps.main.confrm: unknown action (did you mean confirm?)"
)]
#[case(json!({"noteEditor": {"submit": ["x"]}}), "keymaps.noteEditor.submit: unknown action")]
#[case(json!({"editor": {"save": ["x"]}}), "keymaps.editor.save: unknown action")]
#[case(
    json!({"noteEditor": {"close": ["enter"]}}),
    r#"keymaps.noteEditor: "enter" is bound to both save and close"#
)]
#[case(json!({"main": {"toggle": "x"}}), "keymaps.main.toggle must be a list of key ids")]
#[case(json!({"main": {"toggle": [1]}}), "keymaps.main.toggle must be a list of key ids")]
#[case(
    json!({"main": {"toggle": ["ctrl+foo"]}}),
    r#"keymaps.main.toggle: invalid key "ctrl+foo": unknown key name "foo""#
)]
#[case(
    json!({"editor": {"close": ["@"]}}),
    r#"keymaps.editor.close: "@" is fixed (digits 1-9 and @) and cannot be bound"#
)]
#[case(
    json!({"main": {"changeQuestionType": ["ctrl+z"]}}),
    r#"keymaps.main.changeQuestionType: "ctrl+z" is fixed (ctrl+z stops the program, as in any terminal program) and cannot be bound"#
)]
#[case(
    json!({"editor": {"submit": ["shift+enter"]}}),
    r#"keymaps.editor.submit: "shift+enter" arrives as "enter" (a terminal sends both alike); write "enter""#
)]
#[case(
    json!({"main": {"questionNote": ["ctrl+8"]}}),
    r#"keymaps.main.questionNote: "ctrl+8" arrives as "backspace" (a terminal sends both alike); write "backspace""#
)]
#[case(
    json!({"editor": {"submit": [], "close": []}}),
    "keymaps.editor: submit and close both have no key; one needs a key, or the answer editor could be left only by dismissing the whole form"
)]
#[case(
    json!({"noteEditor": {"save": [], "close": []}}),
    "keymaps.noteEditor: save and close both have no key; one needs a key, or the note editor could be left only by dismissing the whole form"
)]
#[case(
    json!({"main": {"toggle": ["enter"]}}),
    r#"keymaps.main: "enter" is bound to both confirm and toggle"#
)]
#[case(
    json!({"main": {"toggle": ["N"]}}),
    r#"keymaps.main: "shift+n" is bound to both toggle and questionNote"#
)]
#[case(
    json!({"main": {"cancel": ["?"]}}),
    r#"keymaps.main.cancel: "?" is bound to global.settings, which takes it first"#
)]
#[case(
    json!({"main": {"confirm": ["ctrl+m"]}}),
    r#"keymaps.main.confirm: "ctrl+m" arrives as "enter" (a terminal sends both alike); write "enter""#
)]
#[case(
    json!({"main": {"confirm": ["CTRL+M"]}}),
    r#"keymaps.main.confirm: "CTRL+M" arrives as "enter" (a terminal sends both alike); write "enter""#
)]
#[case(
    json!({"editor": {"submit": ["ctrl+shift+s"]}}),
    r#"keymaps.editor.submit: "ctrl+shift+s" arrives as "ctrl+s" (a terminal sends both alike); write "ctrl+s""#
)]
#[case(
    json!({"editor": {"close": ["q", "esc"]}}),
    r#"keymaps.editor.close: "q" types a character in the editor; bind a key with ctrl or alt, or a named key"#
)]
#[case(
    json!({"noteEditor": {"save": ["space"]}}),
    r#"keymaps.noteEditor.save: "space" types a character in the editor; bind a key with ctrl or alt, or a named key"#
)]
#[case(
    json!({"settingsModal": {"close": []}}),
    "keymaps.settingsModal.close: needs a key; without one the settings could not be left"
)]
fn a_problem_is_reported_and_defaults_are_kept(
    #[case] section: serde_json::Value,
    #[case] message: &str,
) {
    let (keymaps, problems) = Keymaps::from_overrides(&section);
    let messages: Vec<String> = problems.iter().map(ToString::to_string).collect();
    assert_eq!(messages, [message]);
    assert_eq!(keymaps, Keymaps::default());
}

#[test]
fn one_bad_context_discards_every_override() {
    let (keymaps, problems) = Keymaps::from_overrides(&json!({
        "global": {"settings": ["f1"]},
        "main": {"toggle": ["nope"]}
    }));
    assert_eq!(problems.len(), 1);
    assert!(matches!(
        problems[0],
        KeymapProblem::InvalidKey {
            context: Context::Main,
            action: "toggle",
            ..
        }
    ));
    assert_eq!(
        keymaps.global_action(&key("?")),
        Some(GlobalAction::Settings)
    );
}

#[test]
fn same_key_in_different_contexts_is_no_conflict() {
    let (_, problems) = Keymaps::from_overrides(&json!({
        "main": {"toggle": ["x"]},
        "settingsModal": {"toggle": ["x"]}
    }));
    assert_eq!(problems, []);
}

#[test]
fn repeated_key_in_one_action_counts_once() {
    let (keymaps, problems) = Keymaps::from_overrides(&json!({
        "main": {"toggle": ["x", "x"]}
    }));
    assert_eq!(problems, []);
    assert_eq!(keymaps.main.keys(MainAction::Toggle), [key("x")]);
}

#[test]
fn a_hint_shows_the_first_key_and_a_pair_joins_two_with_a_slash() {
    let main = Keymaps::default().main;
    assert_eq!(main.hint(MainAction::NextTab), Some("tab"));
    assert_eq!(
        main.hint_pair(MainAction::PreviousOption, MainAction::NextOption)
            .as_deref(),
        Some("up/down")
    );
    let (keymaps, problems) = Keymaps::from_overrides(&json!({"main": {"nextOption": []}}));
    assert_eq!(problems, []);
    assert_eq!(keymaps.main.hint(MainAction::NextOption), None);
    assert_eq!(
        keymaps
            .main
            .hint_pair(MainAction::PreviousOption, MainAction::NextOption)
            .as_deref(),
        Some("up")
    );
}

#[test]
fn a_configured_action_takes_an_image_action_default_key_without_a_conflict() {
    let (keymaps, problems) = Keymaps::from_overrides(&json!({"editor": {"submit": ["ctrl+v"]}}));
    assert_eq!(problems, []);
    assert_eq!(
        keymaps.editor_action(&key("ctrl+v")),
        Some(EditorAction::Submit)
    );
    assert_eq!(
        keymaps.note_editor_action(&key("ctrl+v")),
        Some(EditorAction::PasteImage)
    );
}

#[test]
fn an_image_action_written_in_the_file_still_conflicts() {
    let section = json!({"editor": {"submit": ["ctrl+v"], "pasteImage": ["ctrl+v"]}});
    let (_, problems) = Keymaps::from_overrides(&section);
    assert_eq!(problems.len(), 1, "{problems:?}");
}

#[test]
fn a_rebound_action_hints_its_new_first_key() {
    let (keymaps, problems) = Keymaps::from_overrides(&json!({
        "main": {"toggle": ["ctrl+t", "x"], "nextTab": ["ctrl+n"]}
    }));
    assert_eq!(problems, []);
    assert_eq!(keymaps.main.hint(MainAction::Toggle), Some("ctrl+t"));
    assert_eq!(keymaps.main.hint(MainAction::NextTab), Some("ctrl+n"));
}

#[test]
fn an_override_writes_its_action_and_leaves_every_other_on_its_defaults() {
    let (keymaps, problems) = Keymaps::from_overrides(&json!({"main": {"confirm": ["ctrl+s"]}}));
    assert_eq!(problems, []);
    let defaults = Keymaps::default();
    assert_eq!(keymaps.main.keys(MainAction::Confirm), [key("ctrl+s")]);
    assert_eq!(keymaps.main.hint(MainAction::Confirm), Some("ctrl+s"));
    assert_eq!(
        keymaps.main.action(&key("ctrl+s")),
        Some(MainAction::Confirm)
    );
    assert_eq!(keymaps.main.action(&key("enter")), None);
    for &action in &MainAction::ALL[1..] {
        assert_eq!(keymaps.main.keys(action), defaults.main.keys(action));
        assert_eq!(keymaps.main.hint(action), defaults.main.hint(action));
    }
    assert_ne!(keymaps.main, defaults.main);
    assert_eq!(keymaps.global, defaults.global);
}

#[test]
fn a_key_that_types_may_move_out_of_an_empty_editor() {
    let (keymaps, problems) = Keymaps::from_overrides(&json!({
        "editor": {"nextTabWhenEmpty": ["l", "tab"]},
        "global": {"dismiss": ["q"]}
    }));
    assert_eq!(problems, []);
    assert_eq!(
        keymaps.editor_action(&key("l")),
        Some(EditorAction::NextTabWhenEmpty)
    );
}
