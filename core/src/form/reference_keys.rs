//! The form's side of `@` file references: the list's keys while it is open, following the
//! text after every edit, and the batches of paths the program sends.

use super::Form;
use super::references::{Held, List, Pick, Received};
use super::state::{Focus, Notice};
use crate::effect::Effect;
use crate::input::FileCandidates;
use crate::keys::{Key, KeyCode, Modifiers};

impl Form {
    /// A key while the open editor shows a reference list: `tab` and `enter` insert the
    /// highlighted path (a file closes the list; a directory keeps it open on what is inside
    /// it; `enter` on a file the reference names whole already is the editor's), `esc` closes
    /// the list and keeps the text, closing a quoted reference's quote, `up`/`down` move in it.
    /// A space typed right after a quoted directory's `/` closes its quote first: the reference
    /// names the directory, and the space ends it. `tab` or `enter` before the first paths came waits for them, and the keys after it wait
    /// too, to follow the path (`esc` gives up the wait and lets them follow at once). `None`
    /// when the key is not the list's (no list, or a search that found nothing, whose `esc`
    /// too is the editor's, as its footer says), so the editor has it.
    pub(super) fn reference_key(&mut self, key: &Key) -> Option<Vec<Effect>> {
        if let Some(list) = self.awaiting_list()
            && key.code != KeyCode::Esc
        {
            list.held.push(Held::Key(*key));
            return Some(Vec::new());
        }
        let editor = self.state.editor_mut()?;
        let list = editor
            .references
            .list
            .as_mut()
            .filter(|list| list.takes_keys())?;
        if key.mods != Modifiers::NONE {
            return None;
        }
        match key.code {
            KeyCode::Char(' ') if list.token.query.ends_with('/') => {
                // The space itself is the editor's.
                editor.close_reference_quote();
                return None;
            }
            KeyCode::Esc => {
                editor.close_reference_quote();
                let held = editor.references.dismiss();
                let mut effects = self.follow_references();
                effects.extend(self.replay(held));
                return Some(effects);
            }
            KeyCode::Down | KeyCode::Up if !list.paths.is_empty() => {
                list.step(key.code == KeyCode::Down);
            }
            // The reference already names the file chosen whole: `enter` has nothing to put
            // in, and is the editor's (it submits), the list closed.
            KeyCode::Enter
                if !list.token.quoted
                    && list.chosen() == Some(list.token.query.as_str())
                    && !list.token.query.ends_with('/') =>
            {
                editor.references.dismiss();
                return None;
            }
            KeyCode::Tab | KeyCode::Enter => {
                let Some(path) = list.chosen().map(str::to_owned) else {
                    // Typed before the first paths came: the best to come is inserted then,
                    // as it would have been had the walk been quicker than the typing.
                    list.pick = Pick::Awaited(*key);
                    return Some(Vec::new());
                };
                return Some(self.insert_reference(&path));
            }
            _ => return None,
        }
        Some(Vec::new())
    }

    /// The open editor's list while it awaits paths for a key, which holds what is typed.
    pub(super) fn awaiting_list(&mut self) -> Option<&mut List> {
        let list = self.state.editor_mut()?.references.list.as_mut()?;
        matches!(list.pick, Pick::Awaited(_)).then_some(list)
    }

    /// What was typed while a list awaited paths, given to the form in order, as if typed now.
    fn replay(&mut self, held: Vec<Held>) -> Vec<Effect> {
        let mut effects = Vec::new();
        for typed in held {
            effects.extend(match typed {
                Held::Key(key) => self.handle_key(key),
                Held::Paste(text) => self.paste(&text),
            });
        }
        effects
    }

    /// A paste into the open editor. One that starts with white space right after a quoted
    /// directory's `/` closes its quote first, as a typed space does. Pasted while finding, its
    /// first line is found; pasted on a question's list, it opens the written answer's editor
    /// and goes in there, so no paste is dropped unseen; on the final tab, where nothing takes
    /// text, a notice says so.
    pub(super) fn paste(&mut self, text: &str) -> Vec<Effect> {
        if self.state.find.is_some() && self.state.editor().is_none() {
            return self.paste_into_find(text);
        }
        if self.state.editor().is_none() {
            let Some((_, question)) = self.active_question() else {
                self.state.notice = Some(Notice::PasteOnQuestion);
                return Vec::new();
            };
            let custom_row = question.options.len();
            self.highlight_row(custom_row);
            self.open_custom_editor();
        }
        let Some(editor) = self.state.editor_mut() else {
            return Vec::new();
        };
        let after_directory = editor
            .references
            .list
            .as_ref()
            .is_some_and(|list| list.token.query.ends_with('/'));
        if after_directory && text.starts_with(char::is_whitespace) {
            editor.close_reference_quote();
        }
        editor.paste(text);
        self.follow_references()
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

    /// Puts `path` in the open editor for its `@word`: a file closes the list, a directory
    /// keeps it open on what is inside it.
    fn insert_reference(&mut self, path: &str) -> Vec<Effect> {
        if let Some(editor) = self.state.editor_mut() {
            editor.insert_reference(path);
            if !path.ends_with('/') {
                // The list inserting its path awaits nothing, so it holds nothing.
                editor.references.dismiss();
            }
        }
        self.follow_references()
    }

    /// A batch of paths for a reference list; dropped when no open editor asked for it. The
    /// best path is inserted at once when `tab` or `enter` came before any path, and that key
    /// is the editor's when the search ends with none, unless more was typed after it: then
    /// only that goes to the editor. What was typed after the key follows the path.
    pub(super) fn receive_files(&mut self, batch: FileCandidates) -> Vec<Effect> {
        let received = self
            .state
            .editor_mut()
            .map_or(Received::Listed, |editor| editor.references.receive(batch));
        match received {
            Received::Listed => Vec::new(),
            Received::Insert(path, held) => {
                let mut effects = self.insert_reference(&path);
                effects.extend(self.replay(held));
                effects
            }
            // Nothing found: the key is the editor's, as it would have been had the search
            // ended before it; but typing after it says the person meant to write on, not to
            // submit, so only what they typed goes in.
            Received::Key(key, held) if held.is_empty() => self.editor_key(key),
            Received::Key(_, held) => self.replay(held),
        }
    }
}
