//! The form's side of `@` file references: the list's keys while it is open, following the
//! text after every edit, and the batches of paths the program sends.

use super::Form;
use super::state::Focus;
use crate::effect::Effect;
use crate::input::FileCandidates;
use crate::keys::{Key, KeyCode, Modifiers};

impl Form {
    /// A key while the open editor shows a reference list: `tab` and `enter` insert the
    /// highlighted path (a file closes the list; a directory keeps it open on what is inside
    /// it), `esc` closes the list and keeps the text, `up`/`down` move in it.
    /// `None` when the key is not the list's (no list, or no path to insert), so the editor
    /// has it.
    pub(super) fn reference_key(&mut self, key: &Key) -> Option<Vec<Effect>> {
        let editor = self.state.editor_mut()?;
        let list = editor.references.list.as_mut()?;
        if key.mods != Modifiers::NONE {
            return None;
        }
        match key.code {
            KeyCode::Esc => editor.references.dismiss(),
            KeyCode::Down | KeyCode::Up if !list.paths.is_empty() => {
                list.step(key.code == KeyCode::Down);
            }
            KeyCode::Tab | KeyCode::Enter => {
                let path = list.chosen()?.to_owned();
                editor.insert_reference(&path);
                if !path.ends_with('/') {
                    editor.references.dismiss();
                }
                return Some(self.follow_references());
            }
            _ => return None,
        }
        Some(Vec::new())
    }

    /// After an edit or a cursor move in the open editor: opens, updates or closes its
    /// reference list, asking for paths when the `@` query changed.
    pub(super) fn follow_references(&mut self) -> Vec<Effect> {
        let next = &mut self.state.file_queries;
        let Focus::Editor(editor) = &mut self.state.focus else {
            return Vec::new();
        };
        editor.follow_references(|| {
            *next += 1;
            *next
        })
    }

    /// A batch of paths for a reference list; dropped when no open editor asked for it.
    pub(super) fn receive_files(&mut self, batch: FileCandidates) {
        if let Some(editor) = self.state.editor_mut() {
            editor.references.receive(batch);
        }
    }
}
