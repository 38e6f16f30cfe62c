//! Answering: selecting and toggling options, and the free-form row and its editor.

use super::Form;
use super::editor::{Editor, EditorTarget};
use super::state::{Focus, Notice};
use crate::contract::answers::Draft;
use crate::effect::Effect;

impl Form {
    /// `main.confirm` on a question tab: select the highlighted option and go on (single,
    /// preview), confirm the set and go on (multi), or open the free-form editor. On a
    /// multi-select question whose written answer is chosen, its row confirms the set too:
    /// saving the text leaves the highlight there, and the next `enter` is meant to go on, not
    /// to open the text again under typing meant for the next question.
    pub(super) fn confirm_row(&mut self) -> Vec<Effect> {
        let Some((index, question)) = self.active_question() else {
            return Vec::new();
        };
        if self.enter_writes() {
            self.open_custom_editor();
            return Vec::new();
        }
        let row = self.state.cursors[index];
        if question.is_multi() {
            if self.rules().multi_needs_selection && !self.state.drafts[index].is_answered() {
                self.state.notice = Some(Notice::SelectAtLeastOne);
                return Vec::new();
            }
        } else {
            self.state.drafts.get_mut(index).select_only(row);
        }
        self.answered_then_advance()
    }

    /// Whether `main.confirm` opens the free-form editor: on its row, unless the question is
    /// multi-select and its written answer is chosen.
    pub(super) fn enter_writes(&self) -> bool {
        self.active_question().is_some_and(|(index, question)| {
            self.state.cursors[index] >= question.options.len()
                && !(question.is_multi() && self.state.drafts[index].custom_is_chosen())
        })
    }

    /// Whether `main.toggle` opens the free-form editor: on its row, unless a multi-select
    /// `ask_user` question has a written answer saved there, which it chooses or unchooses.
    pub(super) fn toggle_writes(&self) -> bool {
        self.active_question().is_some_and(|(index, question)| {
            self.state.cursors[index] >= question.options.len()
                && !(question.is_multi()
                    && !self.rules().custom_is_exclusive(question)
                    && self.state.drafts[index].has_custom_answer())
        })
    }

    /// `main.toggle` on a question tab: select (single, preview) or toggle (multi) the
    /// highlighted option without moving on; on a single-select or preview question, toggling
    /// the selected option deselects it, so a choice can be taken back. On the free-form row,
    /// toggling a multi-select `ask_user` question's saved text selects or deselects it; with
    /// no saved text, and on other questions, the editor opens ([`Form::toggle_writes`]).
    pub(super) fn toggle_row(&mut self) -> Vec<Effect> {
        let Some((index, question)) = self.active_question() else {
            return Vec::new();
        };
        let row = self.state.cursors[index];
        let exclusive = self.rules().custom_is_exclusive(question);
        let multi = question.is_multi();
        let custom_row = row >= question.options.len();
        if custom_row {
            if self.toggle_writes() {
                self.open_custom_editor();
            } else {
                let draft = self.state.drafts.get_mut(index);
                draft.custom_selected = !draft.custom_selected;
            }
            return Vec::new();
        }
        let draft = self.state.drafts.get_mut(index);
        if multi {
            draft.toggle(row);
            if exclusive && draft.is_selected(row) {
                draft.custom_selected = false;
            }
            return Vec::new();
        }
        if draft.is_selected(row) {
            draft.clear_selection();
            return Vec::new();
        }
        draft.select_only(row);
        self.answered()
    }

    /// A digit on a question tab: highlight that row, then act as `main.confirm` on a
    /// single-select question or as `main.toggle` on a multi-select one.
    pub(super) fn quick_select(&mut self, digit: u8) -> Vec<Effect> {
        let Some((_, question)) = self.active_question() else {
            return Vec::new();
        };
        let multi = question.is_multi();
        if !self.highlight_row(usize::from(digit) - 1) {
            return Vec::new();
        }
        if multi {
            self.toggle_row()
        } else {
            self.confirm_row()
        }
    }

    /// Opens the free-form editor of the active question with its saved text.
    pub(super) fn open_custom_editor(&mut self) {
        let text = &self.state.drafts[self.state.tab].custom_text;
        self.open_editor(Editor::new(EditorTarget::Custom, text));
    }

    /// Gives `editor` the focus. Opening one is going on with the form: a dirty-dismiss
    /// warning armed before is disarmed, and its rows go back to the editor.
    pub(super) fn open_editor(&mut self, editor: Editor) {
        self.state.armed = None;
        self.state.focus = Focus::Editor(Box::new(editor));
    }

    /// Where focus goes when an editor closes: the options, or the final tab's actions.
    fn close_editor(&mut self) {
        self.state.focus = if self.active_question().is_some() {
            Focus::Options
        } else {
            Focus::Review
        };
    }

    /// `editor.submit`: saves the text as the question's answer ([`Form::save_custom`]), then
    /// the flow goes on (or auto-submits), except on a multi-select `ask_user` question, which
    /// stays on its tab and never auto-submits: saving the text is one more toggle, and
    /// confirming the set is what moves on. Blank text clears the free-form answer and stays.
    pub(super) fn submit_custom(&mut self, text: String) -> Vec<Effect> {
        let Some((index, question)) = self.active_question() else {
            return Vec::new();
        };
        let exclusive = self.rules().custom_is_exclusive(question);
        let free_form = !Self::has_custom_row(question);
        let answered = self.save_custom(index, text);
        match (answered, free_form) {
            (false, true) => self.enter_tab(index),
            (true, true) => self.state.focus = Focus::Options,
            (_, false) => self.close_editor(),
        }
        if answered && exclusive {
            self.answered_then_advance()
        } else {
            Vec::new()
        }
    }

    /// `editor.close` (and a click elsewhere): saves the text as the question's answer, as
    /// submitting does, and closes the editor without moving on; an editor left as it opened
    /// changes nothing (a written answer unchosen stays unchosen). Where saving would untick
    /// options ([`Form::custom_save_warning`]), leaving is no choice: the text is kept beside
    /// the ticks, its row not chosen, until the person submits it or ticks its row.
    pub(super) fn close_custom_editor(&mut self, text: String) {
        let Some((index, _)) = self.active_question() else {
            return;
        };
        // Opened and left as it was (to read it): the answer stays as it was, chosen or not.
        if self.state.editor().is_some_and(|editor| !editor.changed) {
            self.close_editor();
            return;
        }
        if self.custom_save_warning(index).is_some() && !text.trim().is_empty() {
            let draft = self.state.drafts.get_mut(index);
            draft.custom_text = text;
            draft.custom_selected = false;
        } else {
            self.save_custom(index, text);
        }
        self.close_editor();
    }

    /// Saves `text` as question `index`'s free-form answer: non-blank text, or an image
    /// without text, is selected (clearing the picked options unless the question combines
    /// both); blank text without images clears the free-form answer. Returns whether the
    /// answer is there.
    fn save_custom(&mut self, index: usize, text: String) -> bool {
        let exclusive = self.rules().custom_is_exclusive(&self.questions()[index]);
        write_custom(self.state.drafts.get_mut(index), text, exclusive)
    }

    /// What saving written text on question `index` will do to its ticked options, when it
    /// unticks them: on a multi-select question whose answer is options or text, not both,
    /// with options ticked. Shown in the open editor, before it happens.
    pub(super) fn custom_save_warning(&self, index: usize) -> Option<String> {
        let question = &self.questions()[index];
        let ticked = self.state.drafts[index].selected().len();
        if !question.is_multi() || !self.rules().custom_is_exclusive(question) || ticked == 0 {
            return None;
        }
        Some(if ticked == 1 {
            "Saving text here replaces the ticked option.".to_owned()
        } else {
            format!("Saving text here replaces the {ticked} ticked options.")
        })
    }

    /// After an answering action: finish at once when auto-submit applies.
    fn answered(&mut self) -> Vec<Effect> {
        if self.should_auto_submit() {
            return self.finish_submit();
        }
        Vec::new()
    }

    /// After an answering action that moves on: auto-submit, or go to the next tab.
    fn answered_then_advance(&mut self) -> Vec<Effect> {
        let effects = self.answered();
        if !effects.is_empty() {
            return effects;
        }
        self.advance()
    }

    /// Whether auto-submit is on, every question is answered and no note exists.
    pub(super) fn should_auto_submit(&self) -> bool {
        self.config
            .behaviour
            .auto_submit_when_answered_without_notes
            && self.all_answered()
            && !self.state.drafts.iter().any(Draft::has_notes)
    }

    /// Whether every question has an answer.
    pub(super) fn all_answered(&self) -> bool {
        self.state.drafts.iter().all(Draft::is_answered)
    }
}

/// Writes `text` into `draft` as its free-form answer, as [`Form::save_custom`] describes;
/// `exclusive` when the question's answer is options or text, not both. Returns whether the
/// answer is there.
pub(super) fn write_custom(draft: &mut Draft, text: String, exclusive: bool) -> bool {
    if text.trim().is_empty() {
        draft.custom_text.clear();
        if draft.custom_images.is_empty() {
            draft.custom_selected = false;
            return false;
        }
    } else {
        draft.custom_text = text;
    }
    draft.custom_selected = true;
    if exclusive {
        draft.clear_selection();
    }
    true
}
