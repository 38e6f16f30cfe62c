//! The settings overlay over another surface (an ask flow): opened by
//! [`Effect::OpenSettings`], closed back to where the user was, its saved changes applied to
//! the surface underneath at once.

use super::SettingsPanel;
use crate::draw::{Frame, Size};
use crate::effect::{Effect, Surface};
use crate::input::Input;
use crate::settings::{Settings, Toggle};

/// A surface that takes new settings while it is open.
pub trait LiveSettings: Surface {
    /// Applies the settings now in effect (after a save, a reset or a reload) and returns the
    /// effects that causes: enabling auto-submit can finish a flow at once.
    fn apply_settings(&mut self, settings: &Settings) -> Vec<Effect>;

    /// Whether `toggle` changes anything for this surface; the overlay over it offers only
    /// those, so a setting the surface never reads is not shown as if it did.
    fn applies(&self, toggle: Toggle) -> bool;
}

/// Whether the overlay is shown.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum Overlay {
    /// The surface underneath has the keys.
    #[default]
    Closed,
    /// The settings overlay is drawn over the surface and has the keys.
    Open,
}

/// A surface with the settings overlay on top of it.
///
/// While the overlay is closed, inputs go to the surface, and its [`Effect::OpenSettings`]
/// opens the overlay instead of reaching the frontend. While it is open, keys, pastes and the
/// mouse go to the overlay, and its [`Effect::Close`] closes it again; the surface's state is
/// untouched meanwhile. Save outcomes and the reset timer always reach the overlay, resizes and
/// reloaded settings ([`Input::Settings`]) reach both. Whenever the settings in effect change,
/// the surface gets them through [`LiveSettings::apply_settings`].
#[derive(Debug)]
pub struct WithSettings<S> {
    inner: S,
    panel: SettingsPanel,
    overlay: Overlay,
}

impl<S: LiveSettings> WithSettings<S> {
    /// `inner` under a closed overlay for these settings, load notices and the settings
    /// file's absolute path; the overlay offers the toggles that apply to `inner`.
    pub fn new(
        inner: S,
        settings: Settings,
        notices: Vec<String>,
        config_path: impl Into<String>,
    ) -> Self {
        let panel = SettingsPanel::new(settings, notices, config_path)
            .offering(|toggle| inner.applies(toggle));
        Self {
            inner,
            panel,
            overlay: Overlay::Closed,
        }
    }

    /// The surface underneath.
    pub const fn inner(&self) -> &S {
        &self.inner
    }

    /// The overlay, open or not.
    pub const fn panel(&self) -> &SettingsPanel {
        &self.panel
    }

    /// Whether the overlay is shown.
    pub const fn overlay(&self) -> Overlay {
        self.overlay
    }

    /// The settings in effect.
    pub const fn settings(&self) -> &Settings {
        self.panel.settings()
    }

    /// Gives the surface back.
    pub fn into_inner(self) -> S {
        self.inner
    }

    /// Hands an input to the overlay, then the surface the settings that changed.
    fn send_to_panel(&mut self, input: Input) -> Vec<Effect> {
        let before = self.panel.settings().clone();
        let mut effects = Vec::new();
        for effect in self.panel.handle(input) {
            if effect == Effect::Close {
                self.overlay = Overlay::Closed;
            } else {
                effects.push(effect);
            }
        }
        if *self.panel.settings() != before {
            effects.extend(self.inner.apply_settings(self.panel.settings()));
        }
        effects
    }

    /// Hands an input to the surface; an [`Effect::OpenSettings`] opens the overlay.
    fn send_to_inner(&mut self, input: Input) -> Vec<Effect> {
        let effects = self.inner.handle(input);
        self.pass_on(effects)
    }

    /// The surface's effects for the frontend; an [`Effect::OpenSettings`] opens the overlay
    /// instead.
    fn pass_on(&mut self, inner: Vec<Effect>) -> Vec<Effect> {
        let mut effects = Vec::new();
        for effect in inner {
            if effect == Effect::OpenSettings {
                self.panel.reopen();
                self.overlay = Overlay::Open;
            } else {
                effects.push(effect);
            }
        }
        effects
    }
}

impl<S: LiveSettings> Surface for WithSettings<S> {
    /// What the surface underneath asks for as it opens (the overlay asks for nothing).
    fn open(&mut self) -> Vec<Effect> {
        let effects = self.inner.open();
        self.pass_on(effects)
    }

    fn handle(&mut self, input: Input) -> Vec<Effect> {
        match (self.overlay, input) {
            (_, Input::Resize(size)) => {
                let mut effects = self.panel.handle(Input::Resize(size));
                effects.extend(self.send_to_inner(Input::Resize(size)));
                effects
            }
            (Overlay::Closed, input @ (Input::Key(_) | Input::Paste(_) | Input::Mouse(_)))
            | (_, input @ (Input::FileCandidates(_) | Input::ClipboardImage(_))) => {
                self.send_to_inner(input)
            }
            (
                _,
                input @ (Input::TimerFired(_)
                | Input::SettingsSaved(_)
                | Input::Settings(_)
                | Input::Key(_)
                | Input::Paste(_)
                | Input::Mouse(_)),
            ) => self.send_to_panel(input),
            (_, input @ Input::Inbox(_)) => self.send_to_inner(input),
        }
    }

    fn draw(&self, size: Size) -> Frame {
        let mut frame = self.inner.draw(size);
        if self.overlay == Overlay::Open {
            let overlay = self.panel.draw(size);
            frame.cmds.extend(overlay.cmds);
            frame.cursor = overlay.cursor;
        }
        frame
    }
}

#[cfg(test)]
#[path = "host_tests.rs"]
mod tests;
