//! Actions that may need a second press: cancelling or dismissing a dirty form, and a type
//! change that would drop selections.

use super::Form;
use super::state::{Dismissal, Focus, Pending};
use crate::contract::answers::Draft;
use crate::contract::request::QuestionType;
use crate::contract::rules::DirtyDismiss;
use crate::effect::Effect;

impl Form {
    /// Whether cancelling now would lose anything: an answer, a draft, a note, or text in the
    /// open editor.
    pub(super) fn is_dirty(&self) -> bool {
        self.state.drafts.iter().any(Draft::is_dirty)
            || self.state.editor().is_some_and(|editor| !editor.is_blank())
    }

    /// `main.cancel` or `global.dismiss`: ends the flow as cancelled, or, when the rules follow
    /// `confirmDismissWhenDirty` and it is on, on a dirty form first arms a warning that stays
    /// until the same key comes again or the tab changes. The open editor's text is not saved.
    /// (The final tab's Cancel action is a choice made on purpose and never asks again.)
    pub(super) fn request_dismiss(&mut self, dismissal: Dismissal) -> Vec<Effect> {
        if self.confirms_dirty_dismiss() && self.state.armed != Some(dismissal) && self.is_dirty() {
            self.state.armed = Some(dismissal);
            return Vec::new();
        }
        self.finish_cancelled()
    }

    /// Whether ending a dirty form needs the key twice: the rules follow the setting, and it
    /// is on.
    fn confirms_dirty_dismiss(&self) -> bool {
        self.rules().dirty_dismiss == DirtyDismiss::AsSettingSays
            && self.config.behaviour.confirm_dismiss_when_dirty
    }

    /// `main.changeQuestionType`: single <-> multi, preview <-> multi. Leaving multi-select with
    /// more than one selection needs the key twice in a row; the first press only arms it, and
    /// the confirmed change clears every selection (no option is the one the user meant to
    /// keep), while the written text and the notes stay as drafts.
    pub(super) fn change_type(&mut self, pending: Pending) {
        if !self.rules().type_change || !matches!(self.state.focus, Focus::Options) {
            return;
        }
        let Some((index, question)) = self.active_question() else {
            return;
        };
        let target = question.toggled_presentation();
        let leaving_multi = question.is_multi() && target != QuestionType::Multi;
        let destructive = leaving_multi && self.selection_count(index) > 1;
        if destructive && pending != Pending::TypeChange {
            self.state.pending = Pending::TypeChange;
            return;
        }
        self.call.present(index, target);
        let draft = self.state.drafts.get_mut(index);
        if destructive {
            draft.clear_selection();
            draft.custom_selected = false;
        } else if leaving_multi && !draft.selected().is_empty() {
            draft.custom_selected = false;
        }
        self.state.preview = super::state::PreviewScroll::default();
    }

    /// How many selections a question has: picked options plus a selected free-form answer.
    pub(super) fn selection_count(&self, index: usize) -> usize {
        let draft = &self.state.drafts[index];
        draft.selected().len() + usize::from(draft.committed_custom_text().is_some())
    }
}
