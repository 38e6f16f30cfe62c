//! The ask settings overlay: a row per toggle and a guarded reset, as a pure state machine.
//!
//! The panel is built from the settings in effect, the load notices and the settings file's
//! absolute path (which the program resolves). Keys come from the `settingsModal` keymap:
//!
//! - `settingsModal.nextOption` / `previousOption` move between rows, wrapping around;
//! - `settingsModal.toggle` on a toggle row flips it at once and asks for the change to be
//!   saved ([`Effect::SaveSettings`]); a failed save ([`Input::SettingsSaved`] with `Err`)
//!   reverts it and shows the message;
//! - `settingsModal.toggle` on `Reset to defaults` arms the reset and starts
//!   [`Timer::ResetConfirmation`]; a second press before the timer fires saves
//!   [`Change::ResetToDefaults`]; the timer firing or moving to another row disarms it;
//! - `settingsModal.close` asks to close ([`Effect::Close`]).
//!
//! Over a flow, the panel offers only the toggles that change something for it
//! ([`SettingsPanel::offering`]); the reset action is always there.
//!
//! What is shown follows each press at once; [`SettingsPanel::settings`] only follows saves
//! that succeeded, so a host applies exactly the settings that are on disk.

mod host;
mod view;

#[cfg(test)]
mod tests;

use std::collections::VecDeque;

use crate::draw::{Frame, Size};
use crate::effect::{Effect, Surface};
use crate::input::{Input, Mouse, Timer};
use crate::keys::{Key, SettingsModalAction};
use crate::settings::{Change, Settings, Toggle};

pub use host::{LiveSettings, Overlay, WithSettings};

/// One row of the panel.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Row {
    /// A binary setting.
    Toggle(Toggle),
    /// The `Reset to defaults` action.
    Reset,
}

impl Row {
    /// Every row, top to bottom: a row per toggle in [`Toggle::ALL`] order, then the reset
    /// action.
    pub const ALL: [Self; Toggle::ALL.len() + 1] = {
        let mut rows = [Self::Reset; Toggle::ALL.len() + 1];
        let mut index = 0;
        while index < Toggle::ALL.len() {
            rows[index] = Self::Toggle(Toggle::ALL[index]);
            index += 1;
        }
        rows
    };
}

/// Whether the reset action waits for its confirming press.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum ResetState {
    /// Nothing pending: the next press arms it.
    #[default]
    Idle,
    /// Pressed once: a second press within the confirmation window resets.
    Armed,
}

/// What the panel reports about the last save.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Status {
    /// A save failed; the change was reverted and this is why.
    SaveFailed(String),
    /// The reset to defaults was saved.
    ResetDone,
}

/// The ask settings overlay.
#[derive(Clone, Debug)]
pub struct SettingsPanel {
    /// The settings confirmed by the file (as loaded, then after each successful save).
    saved: Settings,
    /// Saves asked for and not answered yet, oldest first.
    pending: VecDeque<Change>,
    /// `saved` with the pending changes applied: what the rows show.
    shown: Settings,
    /// The settings file's absolute path, as the program resolved it.
    config_path: String,
    /// Load notices (an invalid file, invalid keymaps).
    notices: Vec<String>,
    /// The rows offered, in [`Row::ALL`] order.
    rows: Vec<Row>,
    /// The highlighted row, an index into `rows`.
    selected: usize,
    reset: ResetState,
    status: Option<Status>,
}

impl SettingsPanel {
    /// A panel on its first row for the settings in effect, the notices to show and the
    /// settings file's absolute path.
    pub fn new(settings: Settings, notices: Vec<String>, config_path: impl Into<String>) -> Self {
        Self {
            shown: settings.clone(),
            saved: settings,
            pending: VecDeque::new(),
            config_path: config_path.into(),
            notices,
            rows: Row::ALL.to_vec(),
            selected: 0,
            reset: ResetState::Idle,
            status: None,
        }
    }

    /// The same panel offering only the toggles `applies` keeps (and the reset action), for a
    /// surface on which the others change nothing.
    #[must_use]
    pub fn offering(mut self, applies: impl Fn(Toggle) -> bool) -> Self {
        self.rows.retain(|row| match row {
            Row::Toggle(toggle) => applies(*toggle),
            Row::Reset => true,
        });
        self.selected = 0;
        self
    }

    /// The rows offered, top to bottom.
    pub fn rows(&self) -> &[Row] {
        &self.rows
    }

    /// The settings in effect: as loaded, updated by every save that succeeded (and by
    /// [`Input::Settings`]). A host applies these to an open flow.
    pub const fn settings(&self) -> &Settings {
        &self.saved
    }

    /// The settings the rows show, including changes still being saved.
    pub const fn shown(&self) -> &Settings {
        &self.shown
    }

    /// The highlighted row.
    pub fn selected(&self) -> Row {
        self.rows[self.selected]
    }

    /// Whether a reset waits for its confirming press.
    pub const fn reset_state(&self) -> ResetState {
        self.reset
    }

    /// The outcome of the last save worth reporting, if any.
    pub const fn status(&self) -> Option<&Status> {
        self.status.as_ref()
    }

    /// The notices shown under the rows.
    pub fn notices(&self) -> &[String] {
        &self.notices
    }

    /// The settings file's path, as shown.
    pub fn config_path(&self) -> &str {
        &self.config_path
    }

    /// Shows the overlay afresh: the first row highlighted, no pending reset, no save outcome.
    /// Saves still being answered stay pending.
    pub fn reopen(&mut self) {
        self.selected = 0;
        self.reset = ResetState::Idle;
        self.status = None;
    }

    fn key(&mut self, key: &Key) -> Vec<Effect> {
        let action = self.saved.keymaps.settings_modal_action(key);
        match action {
            Some(SettingsModalAction::Close) => {
                self.reset = ResetState::Idle;
                vec![Effect::Close]
            }
            Some(SettingsModalAction::NextOption) => {
                self.step(true);
                Vec::new()
            }
            Some(SettingsModalAction::PreviousOption) => {
                self.step(false);
                Vec::new()
            }
            Some(SettingsModalAction::Toggle) => self.activate(),
            None => Vec::new(),
        }
    }

    /// Moves the highlight one row down or up, wrapping around; disarms a pending reset.
    fn step(&mut self, down: bool) {
        let count = self.rows.len();
        self.selected = if down {
            (self.selected + 1) % count
        } else {
            (self.selected + count - 1) % count
        };
        self.reset = ResetState::Idle;
    }

    /// The toggle action on the highlighted row.
    fn activate(&mut self) -> Vec<Effect> {
        match self.selected() {
            Row::Toggle(toggle) => {
                self.reset = ResetState::Idle;
                let change = Change::Set(toggle, !self.shown.toggle(toggle));
                self.request(change)
            }
            Row::Reset => match self.reset {
                ResetState::Idle => {
                    self.reset = ResetState::Armed;
                    vec![Effect::StartTimer(Timer::ResetConfirmation)]
                }
                ResetState::Armed => {
                    self.reset = ResetState::Idle;
                    self.request(Change::ResetToDefaults)
                }
            },
        }
    }

    /// Shows `change` at once and asks for it to be saved.
    fn request(&mut self, change: Change) -> Vec<Effect> {
        self.status = None;
        apply(&mut self.shown, change);
        self.pending.push_back(change);
        vec![Effect::SaveSettings(change)]
    }

    /// The answer to the oldest pending save.
    fn saved(&mut self, outcome: Result<(), String>) {
        let Some(change) = self.pending.pop_front() else {
            return;
        };
        match outcome {
            Ok(()) => {
                apply(&mut self.saved, change);
                if change == Change::ResetToDefaults {
                    self.notices.clear();
                    self.status = Some(Status::ResetDone);
                }
            }
            Err(message) => {
                self.status = Some(Status::SaveFailed(message));
                self.recompute_shown();
            }
        }
    }

    fn recompute_shown(&mut self) {
        let mut shown = self.saved.clone();
        for change in &self.pending {
            apply(&mut shown, *change);
        }
        self.shown = shown;
    }
}

/// Applies a change to settings in memory, as saving it does to the file.
fn apply(settings: &mut Settings, change: Change) {
    match change {
        Change::Set(toggle, on) => settings.set_toggle(toggle, on),
        Change::ResetToDefaults => *settings = Settings::default(),
    }
}

impl Surface for SettingsPanel {
    fn handle(&mut self, input: Input) -> Vec<Effect> {
        match input {
            Input::Key(key) => return self.key(&key),
            Input::Mouse(Mouse::ScrollDown(_)) => self.step(true),
            Input::Mouse(Mouse::ScrollUp(_)) => self.step(false),
            Input::TimerFired(Timer::ResetConfirmation) => self.reset = ResetState::Idle,
            Input::SettingsSaved(outcome) => self.saved(outcome),
            Input::Settings(settings) => {
                self.saved = *settings;
                self.recompute_shown();
            }
            Input::Paste(_)
            | Input::Resize(_)
            | Input::Mouse(Mouse::Click(_))
            | Input::TimerFired(Timer::Settling | Timer::NextHeldBack | Timer::HoldDrafts)
            | Input::Inbox(_)
            | Input::FileCandidates(_)
            | Input::ClipboardImage(_) => {}
        }
        Vec::new()
    }

    fn draw(&self, size: Size) -> Frame {
        self.render(size)
    }
}
