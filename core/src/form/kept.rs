//! The work a form keeps when it is ended from outside (a signal) and when it is reopened: the
//! text of an open editor counts as saved, and a reopened form starts from the drafts it had.

use super::Form;
use super::answer::write_custom;
use super::editor::{EditorTarget, NoteTarget};
use crate::contract::ToolResult;
use crate::contract::answers::Draft;

impl Form {
    /// The drafts with the open editor's text saved where it goes, as closing the editor would
    /// save it: what an interrupted form keeps, so nothing typed is lost.
    pub fn kept_drafts(&self) -> Vec<Draft> {
        let mut drafts = self.state.drafts.to_vec();
        let (Some(editor), Some((index, question))) = (self.state.editor(), self.active_question())
        else {
            return drafts;
        };
        let text = editor.saved_text();
        let draft = &mut drafts[index];
        match editor.target {
            EditorTarget::Custom => {
                write_custom(draft, text, self.rules().custom_is_exclusive(question));
            }
            EditorTarget::Note(_) if text.trim().is_empty() => {}
            EditorTarget::Note(NoteTarget::Question) => draft.note = text,
            EditorTarget::Note(NoteTarget::Option(option)) => {
                draft.option_notes.insert(option, text);
            }
        }
        drafts
    }

    /// The cancelled result of a form ended from outside, with [`Form::kept_drafts`].
    pub fn interrupted_result(&self) -> ToolResult {
        self.call().cancelled(Some(&self.kept_drafts()))
    }

    /// The same form starting from `drafts`, one per question (a recovered form reopening as
    /// it was left); drafts of another count are ignored. It reopens on its first tab, each
    /// question's highlight on its answer (the written one, else the option chosen first), so
    /// confirming keeps what was there.
    #[must_use]
    pub fn with_drafts(mut self, drafts: Vec<Draft>) -> Self {
        if drafts.len() != self.state.drafts.len() {
            return self;
        }
        for ((cursor, draft), question) in self
            .state
            .cursors
            .iter_mut()
            .zip(&drafts)
            .zip(&self.call.request().questions)
        {
            *cursor = if draft.custom_selected && Self::has_custom_row(question) {
                question.options.len()
            } else {
                draft.selected().first().copied().unwrap_or(0)
            };
        }
        self.state.drafts.replace(drafts);
        self.enter_tab(0);
        self
    }
}

#[cfg(test)]
mod tests {
    use serde_json::json;

    use crate::contract::ask_user::{NoPreviewFiles, ParseOptions};
    use crate::contract::{Call, Tool};
    use crate::effect::Surface;
    use crate::form::{Form, FormConfig};
    use crate::input::Input;
    use crate::keys::{Key, KeyCode};

    fn form() -> Form {
        let arguments = json!({"questions": [
            {"id": "why", "prompt": "Why?", "options": [{"value": "fast"}]},
            {"id": "db", "prompt": "Which database?", "options": [{"value": "pg"}, {"value": "sqlite"}]},
        ]});
        let call = Call::parse(
            Tool::AskUser,
            &arguments,
            ParseOptions::default(),
            &mut NoPreviewFiles,
            || "r1".into(),
        )
        .expect("valid arguments");
        Form::new(call, &FormConfig::default())
    }

    #[test]
    fn text_typed_in_an_open_editor_is_kept_when_the_form_is_ended_from_outside() {
        let mut form = form();
        form.handle(Input::Key(Key::plain(KeyCode::Char('2'))));
        for letter in "speed".chars() {
            form.handle(Input::Key(Key::plain(KeyCode::Char(letter))));
        }
        assert_eq!(form.drafts()[0].custom_text, "");
        let kept = form.kept_drafts();
        assert_eq!(kept[0].custom_text, "speed");
        assert!(kept[0].custom_selected);
        let result = form.interrupted_result().to_json();
        assert_eq!(result["details"]["answers"]["why"]["customText"], "speed");
    }

    #[test]
    fn a_form_reopened_with_drafts_starts_from_them() {
        let mut drafts = form().kept_drafts();
        drafts[0].custom_text = "speed".into();
        drafts[0].custom_selected = true;
        drafts[1].select(1);
        let form = form().with_drafts(drafts.clone());
        assert_eq!(form.drafts(), drafts.as_slice());
        assert_eq!(
            form.state.cursors,
            [1, 1],
            "each highlight is on its answer"
        );
        let result = form.cancelled_result().to_json();
        assert_eq!(result["details"]["answers"]["why"]["customText"], "speed");
        assert_eq!(
            result["details"]["answers"]["db"]["values"],
            json!(["sqlite"])
        );
    }

    #[test]
    fn drafts_of_another_question_count_are_ignored() {
        let form = form().with_drafts(vec![crate::contract::answers::Draft::default()]);
        assert_eq!(form.drafts().len(), 2);
    }
}
