//! The final tab: Submit, Elaborate, Cancel (`ask_user`) or Submit, Cancel
//! (`ask_user_question`).

use super::Form;
use super::state::{Activation, Dismissal, Pending};
use crate::contract::rules::ReviewAction;
use crate::effect::Effect;

impl Form {
    /// `main.confirm` on the final tab: runs the highlighted action.
    pub(super) fn confirm_review(&mut self) -> Vec<Effect> {
        match self.rules().actions.get(self.state.review_cursor) {
            Some(&action) => self.run_review_action(action, Activation::Confirm),
            None => Vec::new(),
        }
    }

    /// A digit on the final tab: runs action `digit` (1-based; others are ignored). With
    /// double-press review shortcuts, the first press only highlights the action and arms it,
    /// except for Cancel confirming an armed dirty-dismiss warning; a Submit that would be
    /// refused says so at once instead of arming.
    pub(super) fn review_shortcut(&mut self, digit: u8, pending: Pending) -> Vec<Effect> {
        let position = usize::from(digit) - 1;
        let Some(&action) = self.rules().actions.get(position) else {
            return Vec::new();
        };
        self.state.review_cursor = position;
        if action == ReviewAction::Submit && self.refuse_submit() {
            return Vec::new();
        }
        let activation = Activation::Digit(digit);
        if self.config.behaviour.double_press_review_shortcuts
            && pending != Pending::ReviewShortcut(action)
            && !self.confirms_cancel(action, activation)
        {
            self.state.pending = Pending::ReviewShortcut(action);
            return Vec::new();
        }
        self.run_review_action(action, activation)
    }

    /// A click on final-tab action `position`: the first click highlights it, a second click
    /// on it in a row runs it, so a stray click never finishes the flow. A click on Cancel
    /// confirming an armed dirty-dismiss warning runs it at once; a click on a Submit that
    /// would be refused highlights it and says so at once.
    pub(super) fn click_action(&mut self, position: usize, pending: Pending) -> Vec<Effect> {
        let Some(&action) = self.rules().actions.get(position) else {
            return Vec::new();
        };
        if action == ReviewAction::Submit && self.refuse_submit() {
            self.state.review_cursor = position;
            return Vec::new();
        }
        if pending == Pending::ClickedAction(action)
            || self.confirms_cancel(action, Activation::Click)
        {
            return self.run_review_action(action, Activation::Click);
        }
        self.state.review_cursor = position;
        self.state.pending = Pending::ClickedAction(action);
        Vec::new()
    }

    /// Whether running `action` this way confirms an armed dirty-dismiss warning.
    fn confirms_cancel(&self, action: ReviewAction, activation: Activation) -> bool {
        action == ReviewAction::Cancel && self.cancel_confirmed(Dismissal::ReviewCancel(activation))
    }

    /// Runs `action`; Cancel follows the dirty-dismiss confirmation as `main.cancel` does.
    fn run_review_action(&mut self, action: ReviewAction, activation: Activation) -> Vec<Effect> {
        match action {
            ReviewAction::Submit => self.try_submit(),
            ReviewAction::Elaborate => self.finish_elaborate(),
            ReviewAction::Cancel => self.request_dismiss(Dismissal::ReviewCancel(activation)),
        }
    }
}
