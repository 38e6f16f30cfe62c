//! The settings overlay over a flow, settings applied live, and remapped keys.

use serde_json::json;

use crate::draw::Size;
use crate::effect::{Effect, Surface};
use crate::form::state::Focus;
use crate::form::tests::{ask_user, one_single, screen_text, script_inputs, three_questions};
use crate::form::{Form, FormConfig};
use crate::input::Input;
use crate::keys::Keymaps;
use crate::settings::{Change, Settings, Toggle};
use crate::settings_panel::{Overlay, WithSettings};

/// A flow under the (closed) settings overlay, with default settings.
fn host(form: Form) -> WithSettings<Form> {
    WithSettings::new(
        form,
        Settings::default(),
        Vec::new(),
        "/tmp/pi-agent-ask.json",
    )
}

/// Applies a test key script; every save succeeds. Returns the effects, saves included.
fn keys(host: &mut WithSettings<Form>, script: &str) -> Vec<Effect> {
    let mut effects = Vec::new();
    for input in script_inputs(script) {
        for effect in host.handle(input) {
            let saved = matches!(effect, Effect::SaveSettings(_));
            effects.push(effect);
            if saved {
                effects.extend(host.handle(Input::SettingsSaved(Ok(()))));
            }
        }
    }
    effects
}

fn screen(host: &WithSettings<Form>) -> String {
    screen_text(&host.draw(Size::new(80, 24)))
}

fn finished(effects: &[Effect]) -> bool {
    effects
        .iter()
        .any(|effect| matches!(effect, Effect::Finish(_)))
}

#[test]
fn question_mark_opens_the_settings_over_the_flow_and_closing_returns() {
    let mut host = host(ask_user(&three_questions()));
    keys(&mut host, "down ?");
    assert_eq!(host.overlay(), Overlay::Open);
    assert!(screen(&host).contains("Ask settings"));
    let effects = keys(&mut host, "down esc");
    assert!(effects.is_empty(), "closing the settings stops nothing");
    assert_eq!(host.overlay(), Overlay::Closed);
    assert!(!screen(&host).contains("Ask settings"));
    assert_eq!(host.inner().state.tab, 0);
    assert_eq!(host.inner().state.cursors[0], 1);
}

#[test]
fn question_mark_in_an_empty_editor_opens_the_settings() {
    let mut host = host(ask_user(&three_questions()));
    keys(&mut host, "up enter");
    assert!(matches!(host.inner().state.focus, Focus::Editor(_)));
    keys(&mut host, "?");
    assert_eq!(host.overlay(), Overlay::Open);
    keys(&mut host, "?");
    assert_eq!(host.overlay(), Overlay::Closed);
    assert!(matches!(host.inner().state.focus, Focus::Editor(_)));
}

#[test]
fn question_mark_in_an_editor_with_text_is_typed() {
    let mut host = host(ask_user(&three_questions()));
    keys(&mut host, "up enter 'why' ?");
    assert_eq!(host.overlay(), Overlay::Closed);
    let editor = host.inner().state.editor().expect("the editor is open");
    assert_eq!(editor.lines().join("\n"), "why?");
}

#[test]
fn enabling_auto_submit_on_a_finished_review_submits_at_once() {
    let mut host = host(ask_user(&one_single()));
    assert!(!finished(&keys(&mut host, "enter")));
    assert!(matches!(host.inner().state.focus, Focus::Review));
    let effects = keys(&mut host, "? enter");
    assert!(finished(&effects), "{effects:?}");
    assert!(host.inner().is_finished());
}

#[test]
fn enabling_auto_submit_waits_for_a_successful_save() {
    let mut host = host(ask_user(&one_single()));
    keys(&mut host, "enter ?");
    let change = Change::Set(Toggle::AutoSubmitWhenAnsweredWithoutNotes, true);
    assert_eq!(
        host.handle(Input::Key("enter".parse().unwrap())),
        vec![Effect::SaveSettings(change)]
    );
    assert!(!host.inner().is_finished());
    let effects = host.handle(Input::SettingsSaved(Err("read-only".into())));
    assert!(!finished(&effects));
    assert!(!host.inner().is_finished());
}

#[test]
fn enabling_auto_submit_does_not_submit_a_flow_with_notes() {
    let mut host = host(ask_user(&one_single()));
    keys(&mut host, "shift+n 'because' enter enter");
    assert!(matches!(host.inner().state.focus, Focus::Review));
    assert!(!finished(&keys(&mut host, "? enter")));
}

#[test]
fn toggles_reach_the_open_flow_at_once() {
    let mut host = host(ask_user(&three_questions()));
    assert!(screen(&host).contains("cancel"), "{}", screen(&host));
    keys(&mut host, "? down enter down*3 enter");
    let behaviour = host.inner().config().behaviour;
    assert!(!behaviour.confirm_dismiss_when_dirty);
    assert!(!behaviour.show_footer_hints);
    keys(&mut host, "esc");
    assert!(!screen(&host).contains("cancel"), "{}", screen(&host));
}

#[test]
fn present_single_as_multi_is_saved_but_waits_for_new_flows() {
    let mut host = host(ask_user(&one_single()));
    keys(&mut host, "? up up enter esc");
    assert!(host.settings().behaviour.present_single_as_multi);
    assert!(!host.inner().config().behaviour.present_single_as_multi);
    assert!(!host.inner().questions()[0].is_multi());
}

#[test]
fn a_reloaded_settings_value_applies_to_the_open_form() {
    let mut form = ask_user(&three_questions());
    let mut reloaded = Settings::default();
    reloaded.set_toggle(Toggle::DoublePressReviewShortcuts, false);
    reloaded.set_toggle(Toggle::PresentSingleAsMulti, true);
    form.handle(Input::Settings(Box::new(reloaded)));
    let behaviour = form.config().behaviour;
    assert!(!behaviour.double_press_review_shortcuts);
    assert!(!behaviour.present_single_as_multi);
}

#[test]
fn a_form_is_answered_with_remapped_keys() {
    let overrides = json!({
        "main": {"confirm": ["ctrl+j"], "nextOption": ["j"], "previousOption": ["k"]},
    });
    let (keymaps, problems) = Keymaps::from_overrides(&overrides);
    assert!(problems.is_empty(), "{problems:?}");
    let call = crate::contract::Call::parse(
        crate::contract::Tool::AskUser,
        &one_single(),
        crate::contract::ask_user::ParseOptions::default(),
        &mut crate::contract::ask_user::NoPreviewFiles,
        || "11111111-2222-4333-8444-555555555555".into(),
    )
    .expect("valid arguments");
    let config = FormConfig {
        keymaps,
        ..FormConfig::default()
    };
    let mut form = Form::new(call, &config);
    let mut effects = Vec::new();
    for input in script_inputs("enter j enter ctrl+j") {
        effects.extend(form.handle(input));
    }
    assert!(matches!(form.state.focus, Focus::Review), "ctrl+j confirms");
    assert_eq!(form.drafts()[0].selected(), &[1]);
    for input in script_inputs("ctrl+j") {
        effects.extend(form.handle(input));
    }
    let result = effects
        .iter()
        .find_map(|effect| match effect {
            Effect::Finish(result) => Some(result.to_json()),
            _ => None,
        })
        .expect("the flow finished");
    assert_eq!(
        result["details"]["answers"]["db"]["values"],
        json!(["sqlite"])
    );
}

#[test]
fn the_settings_overlay_covers_its_box_and_a_blank_margin_around_it() {
    let mut host = host(ask_user(&three_questions()));
    keys(&mut host, "?");
    let screen = screen(&host);
    let lines: Vec<&str> = screen.lines().collect();
    let top = lines
        .iter()
        .position(|line| line.contains("╭─ Ask settings"))
        .expect("the box is drawn");
    let bottom = lines
        .iter()
        .position(|line| line.contains('╰'))
        .expect("the box is drawn");
    let left = lines[top].chars().position(|c| c == '╭').expect("a corner");
    for (row, line) in lines.iter().enumerate().take(bottom + 2).skip(top - 1) {
        let beside: String = line.chars().take(left).collect();
        assert!(beside.trim().is_empty(), "row {row}: {line:?}");
        if row < top || row > bottom {
            assert!(line.trim().is_empty(), "row {row} is margin: {line:?}");
        }
    }
}
