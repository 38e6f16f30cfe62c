//! The final tab: Submit, Elaborate, Cancel (`ask_user`) or Submit, Cancel
//! (`ask_user_question`).

use super::Form;
use super::state::Pending;
use crate::contract::rules::ReviewAction;
use crate::effect::Effect;

impl Form {
    /// `main.confirm` on the final tab: runs the highlighted action.
    pub(super) fn confirm_review(&mut self) -> Vec<Effect> {
        match self.rules().actions.get(self.state.review_cursor) {
            Some(&action) => self.run_review_action(action),
            None => Vec::new(),
        }
    }

    /// A digit on the final tab: runs action `digit` (1-based; others are ignored). With
    /// double-press review shortcuts, the first press only highlights the action and arms it;
    /// a Submit that would be refused says so at once instead of arming.
    pub(super) fn review_shortcut(&mut self, digit: u8, pending: Pending) -> Vec<Effect> {
        let position = usize::from(digit) - 1;
        let Some(&action) = self.rules().actions.get(position) else {
            return Vec::new();
        };
        self.state.review_cursor = position;
        if action == ReviewAction::Submit && self.refuse_submit() {
            return Vec::new();
        }
        if self.config.behaviour.double_press_review_shortcuts
            && pending != Pending::ReviewShortcut(action)
        {
            self.state.pending = Pending::ReviewShortcut(action);
            return Vec::new();
        }
        self.run_review_action(action)
    }

    /// A click on final-tab action `position`: the first click highlights it, a second click
    /// on it in a row runs it, so a stray click never finishes the flow. A click on a Submit
    /// that would be refused highlights it and says so at once.
    pub(super) fn click_action(&mut self, position: usize, pending: Pending) -> Vec<Effect> {
        let Some(&action) = self.rules().actions.get(position) else {
            return Vec::new();
        };
        if action == ReviewAction::Submit && self.refuse_submit() {
            self.state.review_cursor = position;
            return Vec::new();
        }
        if pending == Pending::ClickedAction(action) {
            return self.run_review_action(action);
        }
        self.state.review_cursor = position;
        self.state.pending = Pending::ClickedAction(action);
        Vec::new()
    }

    /// Runs `action`. Cancel ends the flow at once: choosing it on the final tab (with its
    /// digit twice, when shortcuts need two presses, or two clicks) is the confirmation.
    fn run_review_action(&mut self, action: ReviewAction) -> Vec<Effect> {
        match action {
            ReviewAction::Submit => self.try_submit(),
            ReviewAction::Elaborate => self.finish_elaborate(),
            ReviewAction::Cancel => self.finish_cancelled(),
        }
    }
}
