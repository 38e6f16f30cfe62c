use super::*;
use crate::draw::{Canvas, Pos, Style};
use crate::input::Timer;
use crate::settings::{Change, Notification, Toggle};

/// A surface that opens the settings on `?`, records the keys and settings it gets, and stops
/// the agent when auto-submit is turned on.
#[derive(Debug, Default)]
struct Flow {
    keys: Vec<String>,
    applied: Vec<Settings>,
}

impl Surface for Flow {
    fn open(&mut self) -> Vec<Effect> {
        vec![Effect::Notify(Notification::question_waiting("the flow"))]
    }

    fn handle(&mut self, input: Input) -> Vec<Effect> {
        match input {
            Input::Key(key) if key.to_string() == "?" => vec![Effect::OpenSettings],
            Input::Key(key) => {
                self.keys.push(key.to_string());
                Vec::new()
            }
            _ => Vec::new(),
        }
    }

    fn draw(&self, size: Size) -> Frame {
        let mut canvas = Canvas::new(size);
        canvas.put(Pos::new(0, 0), "the flow", Style::default());
        canvas.finish()
    }
}

impl LiveSettings for Flow {
    fn apply_settings(&mut self, settings: &Settings) -> Vec<Effect> {
        self.applied.push(settings.clone());
        if settings.behaviour.auto_submit_when_answered_without_notes {
            vec![Effect::StopAgent]
        } else {
            Vec::new()
        }
    }

    fn applies(&self, toggle: Toggle) -> bool {
        toggle != Toggle::PresentSingleAsMulti
    }
}

fn host() -> WithSettings<Flow> {
    WithSettings::new(
        Flow::default(),
        Settings::default(),
        Vec::new(),
        "/tmp/s.json",
    )
}

fn press(host: &mut WithSettings<Flow>, id: &str) -> Vec<Effect> {
    host.handle(Input::Key(id.parse().expect("a key id")))
}

fn screen(host: &WithSettings<Flow>) -> String {
    host.draw(Size::new(80, 24))
        .cmds
        .iter()
        .map(|crate::draw::DrawCmd::Text { text, .. }| text.as_str())
        .collect::<Vec<_>>()
        .join("\n")
}

#[test]
fn open_settings_from_the_surface_shows_the_overlay_over_it() {
    let mut host = host();
    assert!(press(&mut host, "?").is_empty());
    assert_eq!(host.overlay(), Overlay::Open);
    let text = screen(&host);
    assert!(text.contains("the flow") && text.contains("Reset to defaults"));
}

#[test]
fn keys_go_to_the_overlay_while_it_is_open_and_close_returns() {
    let mut host = host();
    press(&mut host, "?");
    press(&mut host, "down");
    assert!(press(&mut host, "esc").is_empty());
    assert_eq!(host.overlay(), Overlay::Closed);
    assert!(host.inner().keys.is_empty(), "the flow saw no key");
    press(&mut host, "x");
    assert_eq!(host.inner().keys, vec!["x".to_owned()]);
    assert!(!screen(&host).contains("Reset to defaults"));
}

#[test]
fn a_saved_toggle_reaches_the_surface_and_its_effects_come_back() {
    let mut host = host();
    press(&mut host, "?");
    let change = Change::Set(Toggle::AutoSubmitWhenAnsweredWithoutNotes, true);
    assert_eq!(
        press(&mut host, "enter"),
        vec![Effect::SaveSettings(change)]
    );
    assert!(host.inner().applied.is_empty(), "not before the save");
    let effects = host.handle(Input::SettingsSaved(Ok(())));
    assert_eq!(effects, vec![Effect::StopAgent]);
    assert_eq!(host.inner().applied.len(), 1);
    assert!(
        host.settings()
            .behaviour
            .auto_submit_when_answered_without_notes
    );
}

#[test]
fn a_failed_save_leaves_the_surface_alone() {
    let mut host = host();
    press(&mut host, "?");
    press(&mut host, "enter");
    assert!(
        host.handle(Input::SettingsSaved(Err("no".into())))
            .is_empty()
    );
    assert!(host.inner().applied.is_empty());
}

#[test]
fn the_reset_timer_reaches_the_overlay() {
    let mut host = host();
    press(&mut host, "?");
    press(&mut host, "up");
    assert_eq!(
        press(&mut host, "enter"),
        vec![Effect::StartTimer(Timer::ResetConfirmation)]
    );
    host.handle(Input::TimerFired(Timer::ResetConfirmation));
    assert_eq!(
        host.panel().reset_state(),
        crate::settings_panel::ResetState::Idle
    );
}

#[test]
fn reloaded_settings_apply_to_the_surface_while_closed() {
    let mut host = host();
    let mut reloaded = Settings::default();
    reloaded.set_toggle(Toggle::ShowFooterHints, false);
    host.handle(Input::Settings(Box::new(reloaded.clone())));
    assert_eq!(host.inner().applied, vec![reloaded.clone()]);
    assert_eq!(host.settings(), &reloaded);
}

#[test]
fn reopening_starts_on_the_first_row() {
    let mut host = host();
    press(&mut host, "?");
    press(&mut host, "down");
    press(&mut host, "esc");
    press(&mut host, "?");
    assert_eq!(
        host.panel().selected(),
        crate::settings_panel::Row::Toggle(Toggle::AutoSubmitWhenAnsweredWithoutNotes)
    );
}

#[test]
fn opening_forwards_what_the_surface_underneath_asks_for() {
    let mut host = host();
    assert_eq!(
        host.open(),
        [Effect::Notify(Notification::question_waiting("the flow"))]
    );
    assert_eq!(host.overlay(), Overlay::Closed);
}

#[test]
fn the_overlay_offers_only_the_toggles_that_apply_to_the_surface() {
    let host = host();
    let rows = host.panel().rows();
    assert!(!rows.contains(&crate::settings_panel::Row::Toggle(
        Toggle::PresentSingleAsMulti
    )));
    assert_eq!(rows.len(), Toggle::ALL.len());
    assert_eq!(rows.last(), Some(&crate::settings_panel::Row::Reset));
    let mut host = host;
    press(&mut host, "?");
    assert!(!screen(&host).contains("Present single-select"));
}
