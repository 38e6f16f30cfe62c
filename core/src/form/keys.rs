//! Which key does what: the global keymap first, then the fixed digits, then the keymap of
//! the focused part (options and final tab, answer editor, note editor), then the navigation
//! keys and `/` (find); while finding, keys go to the find.

use super::Form;
use super::editor::EditorTarget;
use super::state::{Dismissal, Focus, Pending};
use crate::effect::Effect;
use crate::keys::{EditorAction, FixedKey, GlobalAction, Key, KeyCode, MainAction, Navigation};

impl Form {
    /// Applies one key press.
    pub(super) fn handle_key(&mut self, key: Key) -> Vec<Effect> {
        self.state.notice = None;
        self.state.opening_notices.clear();
        let pending = std::mem::take(&mut self.state.pending);
        if matches!(self.state.focus, Focus::Editor(_)) {
            return self.editor_key(key);
        }
        if self.state.find.is_some() {
            return self.find_key(key);
        }
        match self.config.keymaps.global_action(&key) {
            Some(GlobalAction::Dismiss) => return self.request_dismiss(Dismissal::Dismiss),
            Some(GlobalAction::Settings) => return vec![Effect::OpenSettings],
            None => {}
        }
        if let Some(FixedKey::Digit(digit)) = FixedKey::of(&key) {
            return match self.state.focus {
                Focus::Review => self.review_shortcut(digit, pending),
                Focus::Options | Focus::Editor(_) => self.quick_select(digit),
            };
        }
        if let Some(action) = self.config.keymaps.main_action(&key) {
            return self.main_action(action, pending);
        }
        if let Some(navigation) = Navigation::of(&key) {
            self.navigate(navigation);
        } else if !self.start_find(key) {
            return self.type_on_list(key);
        }
        Vec::new()
    }

    /// A character no key of the list takes, typed on the `Type your own` row: it begins the
    /// written answer, its editor opening with the character typed, so text typed straight onto
    /// the row is not dropped unseen. Elsewhere it does nothing.
    fn type_on_list(&mut self, key: Key) -> Vec<Effect> {
        let on_custom_row = matches!(self.state.focus, Focus::Options)
            && self.active_question().is_some_and(|(index, question)| {
                Self::has_custom_row(question)
                    && self.state.cursors[index] >= question.options.len()
            });
        if key.typed_char().is_none() || !on_custom_row {
            return Vec::new();
        }
        self.open_custom_editor();
        let Some(editor) = self.state.editor_mut() else {
            return Vec::new();
        };
        editor.key(key);
        self.follow_references()
    }

    fn main_action(&mut self, action: MainAction, pending: Pending) -> Vec<Effect> {
        let on_review = matches!(self.state.focus, Focus::Review);
        match action {
            MainAction::Confirm if on_review => return self.confirm_review(),
            MainAction::Confirm => return self.confirm_row(),
            MainAction::Toggle if on_review => {}
            MainAction::Toggle => return self.toggle_row(),
            // A confirmation waiting for its key again is a question: `esc` answers no to it,
            // and ends nothing else.
            MainAction::Cancel if pending != Pending::None => {}
            MainAction::Cancel => return self.request_dismiss(Dismissal::Cancel),
            MainAction::ChangeQuestionType => self.change_type(pending),
            MainAction::NextTab => self.next_tab(),
            MainAction::PreviousTab => self.previous_tab(),
            MainAction::NextOption => self.move_cursor(true),
            MainAction::PreviousOption => self.move_cursor(false),
            MainAction::OptionNote => self.open_option_note(),
            MainAction::QuestionNote => self.open_question_note(),
        }
        Vec::new()
    }

    /// A key while an editor is open. `global.dismiss` ends the flow without saving the text,
    /// unless it types a character, which is typed; `global.settings` opens the settings while
    /// the editor is empty and is typed otherwise;
    /// the navigation keys page the editor and the prompt (`home`/`end` are the editor's); the
    /// `*WhenEmpty` actions navigate only while it is empty; everything else edits.
    pub(super) fn editor_key(&mut self, key: Key) -> Vec<Effect> {
        let Some(editor) = self.state.editor() else {
            return Vec::new();
        };
        let target = editor.target;
        let empty = editor.is_empty();
        match self.config.keymaps.global_action(&key) {
            Some(GlobalAction::Dismiss) if key.typed_char().is_none() => {
                return self.request_dismiss(Dismissal::Dismiss);
            }
            Some(GlobalAction::Settings) if empty => return vec![Effect::OpenSettings],
            _ => {}
        }
        if let Some(effects) = self.reference_key(&key) {
            return effects;
        }
        if let Some(navigation) = Navigation::of(&key)
            && self.navigate(navigation)
        {
            return self.follow_references();
        }
        let keymaps = &self.config.keymaps;
        let action = match target {
            EditorTarget::Custom => keymaps.editor_action(&key),
            EditorTarget::Note(_) => keymaps.note_editor_action(&key),
        };
        let image = match action {
            Some(EditorAction::PasteImage) => self.paste_image(),
            Some(EditorAction::RemoveImage) => self.remove_image(),
            _ => None,
        };
        if let Some(effects) = image {
            return effects;
        }
        match action {
            Some(EditorAction::Submit) => self.submit_editor(target),
            Some(EditorAction::Close) => self.close_editor_with_draft(target),
            Some(EditorAction::NextTabWhenEmpty) if empty => {
                self.keep_editor_draft(target);
                self.next_tab();
                Vec::new()
            }
            Some(EditorAction::PreviousTabWhenEmpty) if empty => {
                self.keep_editor_draft(target);
                self.previous_tab();
                Vec::new()
            }
            Some(EditorAction::NextOptionWhenEmpty) if empty && self.has_rows() => {
                self.keep_editor_draft(target);
                self.move_cursor(true);
                Vec::new()
            }
            Some(EditorAction::PreviousOptionWhenEmpty) if empty && self.has_rows() => {
                self.keep_editor_draft(target);
                self.move_cursor(false);
                Vec::new()
            }
            _ => {
                // `up` and `down` move by the rows a line wraps to, as they show.
                let row_key =
                    key.mods.is_empty() && matches!(key.code, KeyCode::Up | KeyCode::Down);
                if row_key && self.move_editor_row(key.code == KeyCode::Down) {
                    return self.follow_references();
                }
                let Some(editor) = self.state.editor_mut() else {
                    return Vec::new();
                };
                editor.key(key);
                self.follow_references()
            }
        }
    }

    /// Whether the active tab has an option list to move in.
    fn has_rows(&self) -> bool {
        self.active_question()
            .is_some_and(|(_, question)| Self::has_custom_row(question))
    }

    /// The open editor's text as it is saved.
    fn editor_text(&self) -> String {
        self.state
            .editor()
            .map(super::editor::Editor::saved_text)
            .unwrap_or_default()
    }

    fn submit_editor(&mut self, target: EditorTarget) -> Vec<Effect> {
        let text = self.editor_text();
        match target {
            EditorTarget::Custom => self.submit_custom(text),
            EditorTarget::Note(note) => {
                self.save_note(note, text);
                Vec::new()
            }
        }
    }

    /// `editor.close` / `noteEditor.close`: save the text (as the answer, or the note) and
    /// close. A free-form question has nothing behind its editor, so there it cancels the flow
    /// instead (after keeping the text as a draft).
    fn close_editor_with_draft(&mut self, target: EditorTarget) -> Vec<Effect> {
        let text = self.editor_text();
        match target {
            EditorTarget::Custom if !self.has_rows() => {
                if let Some((index, _)) = self.active_question() {
                    self.state.drafts.get_mut(index).custom_text = text;
                }
                self.request_dismiss(Dismissal::Cancel)
            }
            EditorTarget::Custom | EditorTarget::Note(_) => {
                self.keep_editor_draft(target);
                Vec::new()
            }
        }
    }

    /// Saves the open editor's text (as the answer, or the note) and closes it.
    pub(super) fn keep_editor_draft(&mut self, target: EditorTarget) {
        let text = self.editor_text();
        match target {
            EditorTarget::Custom => self.close_custom_editor(text),
            EditorTarget::Note(note) => self.save_note(note, text),
        }
    }
}
