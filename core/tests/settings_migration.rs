//! Older settings files migrate in memory: flat keymaps of schema versions 1 to 3 move into the
//! contexts they set, and a saved change writes them there.

use pi_agent_ask_core::keys::Keymaps;
use pi_agent_ask_core::settings::{Change, FileState, Toggle, apply_change, load};
use serde_json::{Value, json};

/// The flat keymaps of an old file, one key id per action name.
fn flat_keymaps() -> Value {
    json!({
        "cancel": "q",
        "confirm": "ctrl+k",
        "dismiss": "ctrl+d",
        "optionNote": "x",
        "questionNote": "shift+x",
        "toggle": "ctrl+t"
    })
}

fn old_file(version: u64) -> Value {
    json!({"schemaVersion": version, "behaviour": {"showFooterHints": false},
           "keymaps": flat_keymaps()})
}

/// The keymaps a flat section means, written in contexts over the defaults: `cancel`'s `q`
/// types in the editors, so they keep closing with their own keys.
fn migrated_keymaps() -> Value {
    let mut keymaps = Keymaps::default().to_json();
    for (context, action, key) in [
        ("global", "dismiss", "ctrl+d"),
        ("main", "cancel", "q"),
        ("main", "confirm", "ctrl+k"),
        ("main", "toggle", "ctrl+t"),
        ("main", "optionNote", "x"),
        ("main", "questionNote", "shift+x"),
        ("editor", "submit", "ctrl+k"),
        ("noteEditor", "save", "ctrl+k"),
    ] {
        keymaps[context][action] = json!([key]);
    }
    keymaps
}

#[test]
fn version_3_flat_keymaps_migrate_in_memory_like_the_other_old_versions() {
    for version in 1..=3 {
        let text = old_file(version).to_string();
        let loaded = load(Some(&text));
        assert!(
            loaded.notices.is_empty(),
            "v{version}: {:?}",
            loaded.notices
        );
        assert_eq!(
            loaded.settings.keymaps.to_json(),
            migrated_keymaps(),
            "v{version}"
        );
        assert!(!loaded.settings.behaviour.show_footer_hints, "v{version}");
        assert_eq!(
            loaded.file,
            FileState::Valid(old_file(version)),
            "v{version}: the file is kept as written"
        );
    }
}

#[test]
fn a_flat_key_that_types_a_character_is_left_out_of_the_editors_where_it_types() {
    let keymaps_of = |cancel: Value| {
        let text = json!({"schemaVersion": 3, "keymaps": {"cancel": cancel}});
        load(Some(&text.to_string())).settings.keymaps.to_json()
    };
    let defaults = Keymaps::default().to_json();
    let typed = keymaps_of(json!("q"));
    assert_eq!(typed["main"]["cancel"], json!(["q"]));
    assert_eq!(typed["editor"]["close"], defaults["editor"]["close"]);
    assert_eq!(
        typed["noteEditor"]["close"],
        defaults["noteEditor"]["close"]
    );
    let held = keymaps_of(json!("ctrl+q"));
    assert_eq!(held["editor"]["close"], json!(["ctrl+q"]));
    assert_eq!(held["noteEditor"]["close"], json!(["ctrl+q"]));
    let mixed = keymaps_of(json!(["ctrl+q", "Q"]));
    assert_eq!(mixed["editor"]["close"], defaults["editor"]["close"]);
}

#[test]
fn flat_keymaps_leave_the_settings_modal_and_unnamed_actions_at_their_defaults() {
    let text = json!({"schemaVersion": 3, "keymaps": {"toggle": ["ctrl+t", "ctrl+y"]}});
    let keymaps = load(Some(&text.to_string())).settings.keymaps.to_json();
    let defaults = Keymaps::default().to_json();
    assert_eq!(keymaps["main"]["toggle"], json!(["ctrl+t", "ctrl+y"]));
    assert_eq!(keymaps["settingsModal"], defaults["settingsModal"]);
    assert_eq!(keymaps["editor"], defaults["editor"]);
    assert_eq!(keymaps["main"]["nextTab"], defaults["main"]["nextTab"]);
}

#[test]
fn a_context_written_next_to_flat_names_wins_over_them() {
    let text = json!({"schemaVersion": 2, "keymaps": {
        "cancel": "ctrl+w", "main": {"cancel": ["ctrl+q"]}}});
    let keymaps = load(Some(&text.to_string())).settings.keymaps.to_json();
    assert_eq!(keymaps["main"]["cancel"], json!(["ctrl+q"]));
    assert_eq!(keymaps["editor"]["close"], json!(["ctrl+w"]));
}

#[test]
fn a_bad_flat_keymap_falls_back_to_the_default_keymaps_with_a_notice() {
    let text = json!({"schemaVersion": 3, "keymaps": {"cancel": 5, "jump": "j"}});
    let loaded = load(Some(&text.to_string()));
    assert_eq!(loaded.settings.keymaps, Keymaps::default());
    assert_eq!(loaded.notices.len(), 1);
    assert!(loaded.notices[0].contains("Using default ask keymaps for this session"));
    assert!(
        loaded.notices[0].contains("keymaps.jump"),
        "{}",
        loaded.notices[0]
    );
}

#[test]
fn flat_names_in_a_current_file_are_not_migrated() {
    let text = json!({"schemaVersion": 5, "keymaps": {"cancel": "q"}});
    let loaded = load(Some(&text.to_string()));
    assert_eq!(loaded.settings.keymaps, Keymaps::default());
    assert!(loaded.notices[0].contains("keymaps.cancel"));
}

#[test]
fn saving_a_change_to_an_old_file_writes_its_flat_keymaps_in_their_contexts() {
    let before = load(Some(&old_file(3).to_string()));
    let change = Change::Set(Toggle::ShowFooterHints, true);
    let written = apply_change(&before.file, change).expect("a valid file");
    assert_eq!(written["schemaVersion"], json!(5));
    assert_eq!(written["behaviour"], json!({"showFooterHints": true}));
    let after = load(Some(&written.to_string()));
    assert!(after.notices.is_empty(), "{:?}", after.notices);
    assert_eq!(after.settings.keymaps, before.settings.keymaps);
}
