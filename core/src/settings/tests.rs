use serde_json::json;

use super::*;

#[test]
fn missing_file_loads_defaults_without_notice() {
    let loaded = load(None);
    assert_eq!(loaded.settings, Settings::default());
    assert!(loaded.notices.is_empty());
    assert_eq!(loaded.file, FileState::Missing);
}

#[test]
fn default_document_matches_the_documented_defaults() {
    let document = default_document();
    assert_eq!(document["schemaVersion"], json!(5));
    assert_eq!(
        document["behaviour"],
        json!({
            "autoSubmitWhenAnsweredWithoutNotes": false,
            "confirmDismissWhenDirty": true,
            "doublePressReviewShortcuts": true,
            "presentSingleAsMulti": false,
            "showFooterHints": true,
        })
    );
    assert_eq!(
        document["notifications"],
        json!({"enabled": true, "channels": ["bell"]})
    );
    assert_eq!(document["keymaps"]["global"]["dismiss"], json!(["ctrl+c"]));
    assert_eq!(
        load(Some(&document.to_string())).settings,
        Settings::default()
    );
}

#[test]
fn the_default_file_text_is_the_default_document_as_the_program_writes_it() {
    let written = crate::json::to_string_pretty(&default_document()) + "\n";
    similar_asserts::assert_eq!(DEFAULT_FILE_TEXT, written);
}

#[test]
fn the_default_file_loads_unparsed_as_it_would_parsed() {
    let unparsed = load(Some(DEFAULT_FILE_TEXT));
    let parsed = parse(DEFAULT_FILE_TEXT);
    assert_eq!(unparsed.file, FileState::Default);
    assert_eq!(parsed.file, FileState::Valid(default_document()));
    assert_eq!(unparsed.settings, parsed.settings);
    assert_eq!(unparsed.notices, parsed.notices);
    assert_eq!(unparsed.file.document(), parsed.file.document());
}

#[test]
fn a_default_document_written_otherwise_is_parsed() {
    let compact = default_document().to_string();
    let loaded = load(Some(&compact));
    assert_eq!(loaded.file, FileState::Valid(default_document()));
    assert_eq!(loaded.settings, Settings::default());
}

#[test]
fn invalid_json_gives_defaults_the_invalid_file_notice_and_where_the_json_breaks() {
    let loaded = load(Some("{ nope"));
    assert_eq!(loaded.settings, Settings::default());
    assert_eq!(
        loaded.notices,
        vec![
            INVALID_FILE_NOTICE.to_owned(),
            "Why: the file is not JSON (key must be a string at line 1 column 3).".to_owned()
        ]
    );
    assert_eq!(loaded.file, FileState::Invalid);
}

#[test]
fn wrong_behaviour_type_makes_the_whole_file_invalid_and_the_notice_names_the_field() {
    let loaded = load(Some(
        r#"{"schemaVersion":5,"behaviour":{"showFooterHints":"no"}}"#,
    ));
    assert_eq!(loaded.file, FileState::Invalid);
    assert!(loaded.settings.behaviour.show_footer_hints);
    assert_eq!(
        loaded.notices[1],
        r#"Why: behaviour.showFooterHints is "no", not true or false."#
    );
    let section = load(Some(r#"{"notifications":["bell"]}"#));
    assert_eq!(section.notices[1], "Why: notifications is not an object.");
    let list = load(Some("[]"));
    assert_eq!(list.notices[1], "Why: the file is not a JSON object.");
}

#[test]
fn newer_schema_version_is_unsupported_and_the_notice_says_which_versions_are_read() {
    let loaded = load(Some(r#"{"schemaVersion":6}"#));
    assert_eq!(loaded.file, FileState::Invalid);
    assert_eq!(
        loaded.notices[1],
        "Why: schemaVersion is 6; this version reads the whole numbers 1 to 5."
    );
    assert_eq!(
        load(Some(r#"{"schemaVersion":5.0}"#)).notices[1],
        "Why: schemaVersion is 5.0 (not a whole number); this version reads the whole numbers 1 \
         to 5.",
        "a version written as a fraction is no version"
    );
}

#[test]
fn unknown_fields_are_named_with_the_field_a_typo_meant_and_change_nothing() {
    let text = r#"{"$schema":"x","schemaVersion":5,"behavior":{},
        "behaviour":{"showFooterHint":false,"confirmDismissWhenDirty":false},
        "notifications":{"enabled":true,"chanels":["osc9"],"sound":"ding"}}"#;
    let loaded = load(Some(text));
    assert!(matches!(loaded.file, FileState::Valid(_)));
    assert!(
        loaded.settings.behaviour.show_footer_hints,
        "an unknown field sets nothing"
    );
    assert!(!loaded.settings.behaviour.confirm_dismiss_when_dirty);
    assert_eq!(
        loaded.notices,
        vec![
            "Unknown settings ignored: behavior (did you mean behaviour?), \
             behaviour.showFooterHint (did you mean behaviour.showFooterHints?), \
             notifications.chanels (did you mean notifications.channels?), notifications.sound."
                .to_owned()
        ]
    );
    let long = format!(
        r#"{{"{}":1,"a":2,"b":3,"c":4,"d":5,"e":6}}"#,
        "x".repeat(5000)
    );
    let notice = &load(Some(&long)).notices[0];
    assert!(notice.ends_with("and 1 more."), "{notice}");
    assert!(notice.len() < 200, "a long name is cut: {notice}");
}

#[test]
fn older_schema_version_migrates_in_memory() {
    let text = r#"{"schemaVersion":3,"behaviour":{"presentSingleAsMulti":true}}"#;
    let loaded = load(Some(text));
    assert!(loaded.settings.behaviour.present_single_as_multi);
    assert!(loaded.settings.behaviour.confirm_dismiss_when_dirty);
    assert!(matches!(loaded.file, FileState::Valid(_)));
}

#[test]
fn invalid_keymaps_alone_keep_the_rest_and_name_the_problem() {
    let text = r#"{"schemaVersion":5,"behaviour":{"showFooterHints":false},"keymaps":{"main":{"confirm":["ctrl+nope"]}}}"#;
    let loaded = load(Some(text));
    assert!(!loaded.settings.behaviour.show_footer_hints);
    assert_eq!(loaded.settings.keymaps, Keymaps::default());
    assert_eq!(loaded.notices.len(), 1);
    assert!(loaded.notices[0].contains("Using default ask keymaps for this session"));
    assert!(loaded.notices[0].contains("keymaps.main.confirm"));
}

#[test]
fn channels_that_are_none_are_named_as_skipped_and_a_list_that_is_none_means_the_bell() {
    let some = load(Some(r#"{"notifications":{"channels":["osc9","bel",5]}}"#));
    assert_eq!(
        some.notices,
        vec![
            "Notification channels skipped: \"bel\", 5 (a channel is \"bell\", \"osc9\", \
             \"osc777\", \"desktop\" or {\"type\": \"command\", \"command\": …})."
                .to_owned()
        ]
    );
    let none_left = load(Some(r#"{"notifications":{"channels":["bel"]}}"#));
    assert!(
        none_left.notices[0].ends_with("The bell is used."),
        "{:?}",
        none_left.notices
    );
    let no_list = load(Some(r#"{"notifications":{"channels":"bell"}}"#));
    assert_eq!(
        no_list.notices,
        vec!["notifications.channels is \"bell\", not a list of channels; the bell is used."]
    );
    assert!(
        load(Some(r#"{"notifications":{"channels":["bell"]}}"#))
            .notices
            .is_empty()
    );
}

#[test]
fn invalid_channels_are_skipped_and_none_valid_means_bell() {
    let text = r#"{"notifications":{"channels":["osc9",{"type":"command"},"beep",{"type":"command","command":"say hi"}]}}"#;
    let loaded = load(Some(text));
    assert_eq!(
        loaded.settings.notifications.channels,
        vec![
            Channel::Osc9,
            Channel::Command {
                command: "say hi".into()
            }
        ]
    );
    let loaded = load(Some(r#"{"notifications":{"channels":["beep"]}}"#));
    assert_eq!(loaded.settings.notifications.channels, vec![Channel::Bell]);
}

#[test]
fn a_change_keeps_every_field_the_user_wrote() {
    let text =
        r#"{"schemaVersion":4,"mine":{"x":1},"behaviour":{"showFooterHints":true,"futureFlag":7}}"#;
    let loaded = load(Some(text));
    let saved = apply_change(&loaded.file, Change::Set(Toggle::ShowFooterHints, false)).unwrap();
    assert_eq!(
        saved,
        json!({"schemaVersion":5,"mine":{"x":1},"behaviour":{"showFooterHints":false,"futureFlag":7}})
    );
}

#[test]
fn an_invalid_file_is_never_saved_over() {
    let loaded = load(Some("[1,2]"));
    assert_eq!(
        apply_change(&loaded.file, Change::Set(Toggle::Notifications, false)),
        Err(DocumentError::InvalidFile)
    );
}

#[test]
fn reset_restores_known_sections_and_keeps_unknown_fields() {
    let text = r#"{"schemaVersion":5,"mine":true,"behaviour":{"showFooterHints":false},"notifications":{"enabled":false}}"#;
    let saved = apply_change(&load(Some(text)).file, Change::ResetToDefaults).unwrap();
    assert_eq!(saved["mine"], json!(true));
    assert_eq!(load(Some(&saved.to_string())).settings, Settings::default());
}

#[test]
fn the_behaviour_section_is_written_with_its_fields_in_name_order() {
    let document = default_document();
    assert_eq!(
        document["behaviour"].to_string(),
        r#"{"autoSubmitWhenAnsweredWithoutNotes":false,"confirmDismissWhenDirty":true,"doublePressReviewShortcuts":true,"presentSingleAsMulti":false,"showFooterHints":true}"#
    );
    assert_eq!(
        document["notifications"].to_string(),
        r#"{"enabled":true,"channels":["bell"]}"#
    );
}

#[test]
fn every_toggle_reads_and_writes_only_its_own_field() {
    for toggle in Toggle::ALL {
        let (section, field) = toggle.path();
        assert_eq!(
            default_document()[section][field],
            json!(toggle.default_on())
        );
        assert_eq!(Settings::default().toggle(toggle), toggle.default_on());
        let flipped = !toggle.default_on();
        let saved = apply_change(&FileState::Missing, Change::Set(toggle, flipped)).unwrap();
        assert_eq!(saved[section][field], json!(flipped));
        let mut expected = Settings::default();
        expected.set_toggle(toggle, flipped);
        assert_eq!(load(Some(&saved.to_string())).settings, expected);
        for other in Toggle::ALL.into_iter().filter(|other| *other != toggle) {
            assert_eq!(expected.toggle(other), other.default_on(), "{other:?}");
        }
    }
}

#[test]
fn a_behaviour_switch_is_a_field_of_the_behaviour_section_only() {
    let mut behaviour = Behaviour::default();
    for toggle in Toggle::ALL {
        let in_section = toggle.path().0 == "behaviour";
        assert_eq!(behaviour.get(toggle).is_some(), in_section, "{toggle:?}");
        behaviour.set(toggle, !toggle.default_on());
    }
    let mut expected = Settings::default();
    for toggle in Toggle::ALL
        .into_iter()
        .filter(|t| t.path().0 == "behaviour")
    {
        expected.set_toggle(toggle, !toggle.default_on());
    }
    assert_eq!(behaviour, expected.behaviour);
}
