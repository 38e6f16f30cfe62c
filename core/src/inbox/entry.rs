//! One ask waiting in the inbox: its form under its settings overlay and its settling, where
//! it came from, and what the inbox keeps of it.

use crate::contract::answers::Draft;
use crate::effect::{Effect, ReplyReason};
use crate::form::{Form, FormConfig};
use crate::input::{Arrival, AskId, AskOrigin};
use crate::settings_panel::WithSettings;
use crate::settling::{Opening, Settling};

/// One ask waiting in the inbox, with its form.
#[derive(Debug)]
pub(super) struct Entry {
    pub(super) ask: AskId,
    pub(super) origin: AskOrigin,
    pub(super) host: Settling<WithSettings<Form>>,
    /// Whether the person has done anything on the form yet (keys, pastes, the mouse).
    pub(super) touched: bool,
    /// Whether the form has been shown (and so announced itself).
    pub(super) opened: bool,
    /// How many more forms its asker holds back behind it.
    pub(super) behind: usize,
    /// Its asker's process, when it said.
    pub(super) process: Option<u32>,
    /// The drafts it opened with (its asker's journal's, then): a copy set aside is taken up
    /// again by an asker bringing none or the same, not other drafts, which were journaled
    /// after it and are newer than the copy.
    pub(super) opened_with: Option<Vec<Draft>>,
    /// Whether its asker keeps what the form holds as it changes.
    pub(super) holds: bool,
    /// What its asker was last handed of the form ([`Effect::Hold`]).
    pub(super) held: Option<Vec<Draft>>,
}

impl Entry {
    /// The form for `arrival`, under the settings overlay naming the settings file as
    /// `config_path`: the questionnaire as the terminal composes it.
    pub(super) fn new(arrival: Arrival, config_path: &str) -> Self {
        let drafts = arrival.drafts.clone();
        Self::opening(arrival, config_path, drafts)
    }

    /// The form for `arrival` as [`Entry::new`] makes it, opening with `opening` where the
    /// asker brought its drafts (which it still notes as those it opened with, as the
    /// asker's journal holds them).
    pub(super) fn opening(
        arrival: Arrival,
        config_path: &str,
        opening: impl Into<Option<Vec<Draft>>>,
    ) -> Self {
        let opening = opening.into();
        let Arrival {
            ask,
            origin,
            call,
            settings,
            notices,
            drafts,
            behind,
            process,
            holds,
        } = arrival;
        let config = FormConfig {
            behaviour: settings.behaviour,
            keymaps: settings.keymaps.clone(),
        };
        let started = opening.is_some();
        let mut form = Form::new(call, &config).with_opening_notices(notices.clone());
        if let Some(opening) = opening {
            form = form.with_drafts(opening);
        }
        let mut entry = Self {
            ask,
            origin,
            host: Settling::new(
                WithSettings::new(form, settings, notices, config_path),
                Opening::Unbidden,
            ),
            touched: started,
            opened: false,
            behind,
            process,
            opened_with: drafts,
            holds,
            held: None,
        };
        // What the form opens with is what its asker holds already.
        if entry.holds {
            entry.held = Some(entry.form().kept_drafts());
        }
        entry
    }

    /// The form, under its settings overlay and its settling.
    pub(super) fn form(&self) -> &Form {
        self.host.inner().inner()
    }

    /// The reply this ask gets when the inbox closes: cancelled, with the answers so far, an
    /// open editor's text included, as any form ended from outside keeps them.
    pub(super) fn cancelled_reply(&self) -> Effect {
        Effect::Reply {
            ask: self.ask.clone(),
            result: Box::new(self.form().interrupted_result()),
            reason: ReplyReason::InboxClosing,
        }
    }
}
