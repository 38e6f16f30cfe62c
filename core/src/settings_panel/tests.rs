use rstest::rstest;

use super::*;
use crate::draw::DrawCmd;
use crate::keys::Keymaps;

fn panel() -> SettingsPanel {
    SettingsPanel::new(
        Settings::default(),
        Vec::new(),
        "/home/me/.pi/agent/extensions/pi-agent-ask.json",
    )
}

fn press(panel: &mut SettingsPanel, id: &str) -> Vec<Effect> {
    panel.handle(Input::Key(id.parse().expect("a key id")))
}

fn text_of(frame: &Frame) -> String {
    frame
        .cmds
        .iter()
        .map(|DrawCmd::Text { text, .. }| text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn opens_on_the_first_toggle_with_nothing_pending() {
    let panel = panel();
    assert_eq!(
        panel.selected(),
        Row::Toggle(Toggle::AutoSubmitWhenAnsweredWithoutNotes)
    );
    assert_eq!(panel.reset_state(), ResetState::Idle);
    assert_eq!(panel.status(), None);
}

#[test]
fn every_behaviour_switch_has_one_row_in_the_panel_in_table_order() {
    let toggles: Vec<Row> = Toggle::ALL.into_iter().map(Row::Toggle).collect();
    let (last, rows) = Row::ALL.split_last().expect("the panel has rows");
    assert_eq!(rows, toggles.as_slice());
    assert_eq!(*last, Row::Reset);
    let labels: Vec<&str> = Toggle::ALL.into_iter().map(Toggle::label).collect();
    assert_eq!(
        labels,
        [
            "Auto-submit when answered without notes",
            "Confirm dismiss when dirty",
            "Double-press review shortcuts",
            "Notifications",
            "Show footer hints",
            "Present single-select as multi-select",
        ]
    );
}

#[test]
fn a_row_says_new_flows_for_each_switch_that_waits_for_them() {
    let text = text_of(&panel().draw(Size::new(80, 24)));
    let waiting = Toggle::ALL
        .into_iter()
        .filter(|toggle| !toggle.applies_to_open_flows())
        .count();
    assert_eq!(text.matches(" (new flows)").count(), waiting, "{text}");
}

#[rstest]
#[case("up", Row::Reset)]
#[case("down", Row::Toggle(Toggle::ConfirmDismissWhenDirty))]
fn navigation_wraps_around(#[case] key: &str, #[case] expected: Row) {
    let mut panel = panel();
    assert!(press(&mut panel, key).is_empty());
    assert_eq!(panel.selected(), expected);
}

#[rstest]
#[case("enter")]
#[case("space")]
fn toggle_flips_at_once_and_asks_to_save(#[case] key: &str) {
    let mut panel = panel();
    let effects = press(&mut panel, key);
    let change = Change::Set(Toggle::AutoSubmitWhenAnsweredWithoutNotes, true);
    assert_eq!(effects, vec![Effect::SaveSettings(change)]);
    assert!(
        panel
            .shown()
            .toggle(Toggle::AutoSubmitWhenAnsweredWithoutNotes)
    );
    assert!(
        !panel
            .settings()
            .toggle(Toggle::AutoSubmitWhenAnsweredWithoutNotes),
        "the settings in effect wait for the save"
    );
}

#[test]
fn a_successful_save_puts_the_change_in_effect() {
    let mut panel = panel();
    press(&mut panel, "down");
    press(&mut panel, "enter");
    panel.handle(Input::SettingsSaved(Ok(())));
    assert!(!panel.settings().toggle(Toggle::ConfirmDismissWhenDirty));
    assert!(!panel.shown().toggle(Toggle::ConfirmDismissWhenDirty));
    assert_eq!(panel.status(), None);
}

#[test]
fn a_failed_save_reverts_and_shows_the_message() {
    let mut panel = panel();
    press(&mut panel, "enter");
    panel.handle(Input::SettingsSaved(Err("disk full".into())));
    assert_eq!(panel.shown(), &Settings::default());
    assert_eq!(panel.settings(), &Settings::default());
    assert_eq!(
        panel.status(),
        Some(&Status::SaveFailed("disk full".into()))
    );
    assert!(text_of(&panel.draw(Size::new(80, 24))).contains("disk full"));
}

#[test]
fn a_failed_save_keeps_later_changes_still_being_saved() {
    let mut panel = panel();
    press(&mut panel, "enter");
    press(&mut panel, "down");
    press(&mut panel, "enter");
    panel.handle(Input::SettingsSaved(Err("nope".into())));
    assert!(
        !panel
            .shown()
            .toggle(Toggle::AutoSubmitWhenAnsweredWithoutNotes)
    );
    assert!(!panel.shown().toggle(Toggle::ConfirmDismissWhenDirty));
    panel.handle(Input::SettingsSaved(Ok(())));
    assert!(!panel.settings().toggle(Toggle::ConfirmDismissWhenDirty));
}

#[test]
fn an_unexpected_save_answer_changes_nothing() {
    let mut panel = panel();
    assert!(panel.handle(Input::SettingsSaved(Ok(()))).is_empty());
    assert_eq!(panel.settings(), &Settings::default());
    assert_eq!(panel.status(), None);
}

#[rstest]
#[case("esc")]
#[case("ctrl+c")]
#[case("?")]
fn close_keys_ask_to_close(#[case] key: &str) {
    assert_eq!(press(&mut panel(), key), vec![Effect::Close]);
}

fn on_reset() -> SettingsPanel {
    let mut panel = panel();
    press(&mut panel, "up");
    panel
}

#[test]
fn reset_needs_a_second_press_within_the_window() {
    let mut panel = on_reset();
    assert_eq!(
        press(&mut panel, "enter"),
        vec![Effect::StartTimer(Timer::ResetConfirmation)]
    );
    assert_eq!(panel.reset_state(), ResetState::Armed);
    assert!(text_of(&panel.draw(Size::new(80, 24))).contains("press enter again to confirm"));
    assert_eq!(
        press(&mut panel, "space"),
        vec![Effect::SaveSettings(Change::ResetToDefaults)]
    );
    assert_eq!(panel.reset_state(), ResetState::Idle);
}

#[test]
fn the_timer_firing_disarms_the_reset() {
    let mut panel = on_reset();
    press(&mut panel, "enter");
    panel.handle(Input::TimerFired(Timer::ResetConfirmation));
    assert_eq!(panel.reset_state(), ResetState::Idle);
    assert_eq!(
        press(&mut panel, "enter"),
        vec![Effect::StartTimer(Timer::ResetConfirmation)]
    );
}

#[test]
fn moving_away_disarms_the_reset() {
    let mut panel = on_reset();
    press(&mut panel, "enter");
    press(&mut panel, "up");
    press(&mut panel, "down");
    assert_eq!(panel.reset_state(), ResetState::Idle);
}

#[test]
fn a_saved_reset_restores_defaults_and_clears_the_notices() {
    let mut settings = Settings::default();
    settings.set_toggle(Toggle::Notifications, false);
    settings.keymaps.settings_modal = Keymaps::default().settings_modal;
    let mut panel = SettingsPanel::new(settings, vec!["Invalid keymaps".into()], "/tmp/s.json");
    press(&mut panel, "up");
    press(&mut panel, "enter");
    press(&mut panel, "enter");
    panel.handle(Input::SettingsSaved(Ok(())));
    assert_eq!(panel.settings(), &Settings::default());
    assert!(panel.notices().is_empty());
    assert_eq!(panel.status(), Some(&Status::ResetDone));
}

#[test]
fn keys_follow_the_settings_modal_keymap() {
    let overrides = serde_json::json!({"settingsModal": {"nextOption": ["j"], "close": ["q"]}});
    let (keymaps, problems) = Keymaps::from_overrides(&overrides);
    assert!(problems.is_empty());
    let settings = Settings {
        keymaps,
        ..Settings::default()
    };
    let mut panel = SettingsPanel::new(settings, Vec::new(), "/tmp/s.json");
    press(&mut panel, "j");
    assert_eq!(
        panel.selected(),
        Row::Toggle(Toggle::ConfirmDismissWhenDirty)
    );
    assert_eq!(press(&mut panel, "q"), vec![Effect::Close]);
    assert!(press(&mut panel, "esc").is_empty());
    let hints = text_of(&panel.draw(Size::new(80, 24)));
    assert!(
        hints.contains("up/j move · enter toggle · q close"),
        "{hints}"
    );
}

#[test]
fn reloaded_settings_replace_the_ones_in_effect() {
    let mut panel = panel();
    let mut reloaded = Settings::default();
    reloaded.set_toggle(Toggle::ShowFooterHints, false);
    panel.handle(Input::Settings(Box::new(reloaded.clone())));
    assert_eq!(panel.settings(), &reloaded);
    assert_eq!(panel.shown(), &reloaded);
}

#[test]
fn draws_title_rows_and_path() {
    let frame = panel().draw(Size::new(80, 24));
    let text = text_of(&frame);
    for expected in [
        TITLE_TEXT,
        "[ ] Auto-submit when answered without notes",
        "[x] Confirm dismiss when dirty",
        "Reset to defaults",
        "/home/me/.pi/agent/extensions/pi-agent-ask.json",
    ] {
        assert!(text.contains(expected), "{expected:?} missing in {text}");
    }
}

const TITLE_TEXT: &str = "Ask settings";

#[test]
fn draws_at_every_small_size_without_panicking() {
    let mut panel = SettingsPanel::new(
        Settings::default(),
        vec![crate::settings::INVALID_FILE_NOTICE.into()],
        "/a/very/long/path/that/needs/wrapping/over/several/lines/pi-agent-ask.json",
    );
    press(&mut panel, "up");
    press(&mut panel, "enter");
    for width in 0..=30 {
        for height in 0..=14 {
            let frame = panel.draw(Size::new(width, height));
            for DrawCmd::Text { pos, text, .. } in &frame.cmds {
                assert!(pos.y < height && pos.x < width, "{width}x{height}");
                assert!(
                    usize::from(pos.x) + crate::text::width(text) <= usize::from(width),
                    "{width}x{height}: {text:?}"
                );
            }
        }
    }
}

#[test]
fn a_short_screen_keeps_the_highlighted_row_visible() {
    let mut panel = on_reset();
    press(&mut panel, "enter");
    let text = text_of(&panel.draw(Size::new(40, 3)));
    assert!(text.contains("Press enter again to reset"), "{text}");
}
