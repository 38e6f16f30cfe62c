//! Question and option notes (`ask_user` only).

use super::Form;
use super::editor::{Editor, EditorTarget, NoteTarget};
use super::state::Focus;

impl Form {
    /// `main.questionNote`: opens the active question's note.
    pub(super) fn open_question_note(&mut self) {
        if !self.rules().notes || !matches!(self.state.focus, Focus::Options) {
            return;
        }
        let Some((index, _)) = self.active_question() else {
            return;
        };
        let text = &self.state.drafts[index].note;
        let target = EditorTarget::Note(NoteTarget::Question);
        self.open_editor(Editor::new(target, text));
    }

    /// `main.optionNote`: opens the note of the highlighted declared option. On the
    /// written-answer row, which is no option and has no note of its own, it opens the
    /// question's note: a note on what was written is one on the question.
    pub(super) fn open_option_note(&mut self) {
        if !self.rules().notes || !matches!(self.state.focus, Focus::Options) {
            return;
        }
        let Some((index, question)) = self.active_question() else {
            return;
        };
        let row = self.state.cursors[index];
        if row >= question.options.len() {
            self.open_question_note();
            return;
        }
        let text = self.state.drafts[index]
            .option_notes
            .get(&row)
            .map_or("", String::as_str);
        let target = EditorTarget::Note(NoteTarget::Option(row));
        self.open_editor(Editor::new(target, text));
    }

    /// Saves a note's text (a blank one removes the note) and goes back to the options.
    pub(super) fn save_note(&mut self, target: NoteTarget, text: String) {
        let Some((index, _)) = self.active_question() else {
            return;
        };
        let draft = self.state.drafts.get_mut(index);
        match target {
            NoteTarget::Question if text.trim().is_empty() => draft.note.clear(),
            NoteTarget::Question => draft.note = text,
            NoteTarget::Option(option) if text.trim().is_empty() => {
                draft.option_notes.shift_remove(&option);
            }
            NoteTarget::Option(option) => {
                draft.option_notes.insert(option, text);
            }
        }
        self.state.focus = Focus::Options;
    }
}
