//! Golden screens of the settings overlay: every folder under `fixtures/settings/` is one case.
//!
//! A case folder holds `keys` (a key script, possibly empty), optionally `settings.json` (the
//! settings file's text, loaded as the program loads it; absent means no file) and
//! `save-error` (the message every save fails with; otherwise a save succeeds unless the core
//! refuses the change, as it does for an invalid file). The core runner drives the panel on the
//! script's clock, so timers fire only when a `wait` step moves it past their deadline. The
//! screens after the keys are `80x24.txt` and `40x12.txt`, rendered with styles. Set
//! `UPDATE_GOLDEN=1` to rewrite them.

mod support;

use std::path::{Path, PathBuf};
use std::time::Duration;

use pi_agent_ask_core::effect::{Effect, Surface};
use pi_agent_ask_core::input::Input;
use pi_agent_ask_core::runner::{Runner, Step};
use pi_agent_ask_core::settings::{self, apply_change, load};
use pi_agent_ask_core::settings_panel::SettingsPanel;
use pi_agent_ask_core::{Frame, Size};
use pi_agent_ask_headless::{ScriptStep, parse_keys, render_styled};
use rstest::rstest;

use support::golden;

/// The path every case shows for the settings file.
const CONFIG_PATH: &str = "/home/user/.pi/agent/extensions/pi-agent-ask.json";

/// Drives the panel of a case through its keys with the core runner, answering saves as the
/// case says.
fn run_case(dir: &Path) -> SettingsPanel {
    let text = std::fs::read_to_string(dir.join("settings.json")).ok();
    let save_error = std::fs::read_to_string(dir.join("save-error"))
        .ok()
        .map(|message| message.trim_end().to_owned());
    let mut loaded = load(text.as_deref());
    let mut panel =
        SettingsPanel::new(loaded.settings.clone(), loaded.notices.clone(), CONFIG_PATH);
    let script = std::fs::read_to_string(dir.join("keys")).expect("the case has keys");
    let steps = parse_keys(&script).expect("the key script parses");
    let mut handler = |effect: &Effect| {
        let Effect::SaveSettings(change) = effect else {
            return Step::Keep;
        };
        let outcome = match (&save_error, apply_change(&loaded.file, *change)) {
            (Some(message), _) => Err(message.clone()),
            (None, Err(refused)) => Err(refused.to_string()),
            (None, Ok(document)) => {
                loaded.file = settings::FileState::Valid(document);
                Ok(())
            }
        };
        Step::Feed(vec![Input::SettingsSaved(outcome)])
    };
    let mut runner = Runner::new();
    let mut clock = Duration::ZERO;
    for step in steps {
        match step {
            ScriptStep::Input(input) => {
                let _ = runner.dispatch(&mut panel, input, clock, &mut handler);
            }
            ScriptStep::Wait(duration) => {
                clock += duration;
                let _ = runner.advance_to(&mut panel, clock, &mut handler);
            }
            ScriptStep::Image(_) => {}
        }
    }
    panel
}

fn draw(panel: &SettingsPanel, width: u16, height: u16) -> Frame {
    panel.draw(Size::new(width, height))
}

#[rstest]
fn settings_screen(#[files("fixtures/settings/*/keys")] keys: PathBuf) {
    let dir = keys.parent().expect("a case folder");
    let panel = run_case(dir);
    for (width, height) in [(80, 24), (40, 12)] {
        let screen = render_styled(&draw(&panel, width, height));
        golden(&dir.join(format!("{width}x{height}.txt")), &screen);
    }
}
