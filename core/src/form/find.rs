//! Finding an option by typing: `/` on an option list starts a find, and what is typed then
//! moves the highlight to the next option whose label holds it (case does not matter).
//!
//! While finding, letters are text, so `t`, `n` and the other single-letter keys do not act;
//! `down`/`up` (the keymap's option keys) go to the next and previous match, `backspace`
//! deletes, `enter` ends the find and picks the highlighted row (as `enter` does on a
//! single-choice question; with no match it does nothing, since the highlight is none). On a
//! multiple-choice question `enter` toggles the match as `space` does and the find goes on,
//! emptied, so that what is typed next finds the next option to tick rather than acting as a
//! key (`n` opening a note); `enter` on an emptied find, or `esc`, ends it and keeps the
//! highlight. The tab keys end it and change tabs, and the navigation keys and `ctrl+c` work as
//! always.

use super::Form;
use super::state::{Dismissal, Focus};
use crate::effect::Effect;
use crate::keys::{GlobalAction, Key, KeyCode, MainAction, Navigation};

/// The key that starts a find on an option list.
pub const FIND_KEY: char = '/';

/// Which way a search for the next match goes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Direction {
    /// Down the list, from the first row again after the last.
    Down,
    /// Up the list, from the last row again before the first.
    Up,
}

impl Form {
    /// Starts a find when `key` is `/` on an option list; returns whether it did.
    pub(super) fn start_find(&mut self, key: Key) -> bool {
        let on_list = matches!(self.state.focus, Focus::Options)
            && self
                .active_question()
                .is_some_and(|(_, question)| Self::has_custom_row(question));
        if !on_list || key.normalized() != Key::from_char(FIND_KEY) {
            return false;
        }
        self.state.find = Some(String::new());
        true
    }

    /// A key while finding.
    pub(super) fn find_key(&mut self, key: Key) -> Vec<Effect> {
        let keymaps = &self.config.keymaps;
        // A dismiss key that types a character is text here, as in the editors.
        if keymaps.global_action(&key) == Some(GlobalAction::Dismiss) && key.typed_char().is_none()
        {
            return self.request_dismiss(Dismissal::Dismiss);
        }
        match keymaps.main_action(&key) {
            // Nothing found: there is no match to pick, and the highlight is not one.
            Some(MainAction::Confirm) if !self.highlight_matches() => return Vec::new(),
            Some(MainAction::Confirm) => {
                let multi = self
                    .active_question()
                    .is_some_and(|(_, question)| question.is_multi());
                let typed = self.state.find.take().unwrap_or_default();
                return match (multi, typed.is_empty()) {
                    (false, _) => self.confirm_row(),
                    (true, true) => Vec::new(),
                    (true, false) => {
                        let effects = self.toggle_row();
                        // The find goes on emptied, unless an editor opened (the written
                        // answer's row): then the typing is the editor's.
                        if !matches!(self.state.focus, Focus::Editor(_)) {
                            self.state.find = Some(String::new());
                        }
                        effects
                    }
                };
            }
            Some(MainAction::Cancel) => {
                self.state.find = None;
                return Vec::new();
            }
            Some(MainAction::NextTab) => {
                self.next_tab();
                return Vec::new();
            }
            Some(MainAction::PreviousTab) => {
                self.previous_tab();
                return Vec::new();
            }
            Some(MainAction::NextOption) => return self.go_to_match(Direction::Down, 1),
            Some(MainAction::PreviousOption) => return self.go_to_match(Direction::Up, 1),
            _ => {}
        }
        if let Some(navigation) = Navigation::of(&key) {
            self.navigate(navigation);
            return Vec::new();
        }
        let Some(text) = self.state.find.as_mut() else {
            return Vec::new();
        };
        if key.normalized().code == KeyCode::Backspace {
            text.pop();
        } else if text.is_empty() && key.normalized() == Key::from_char(FIND_KEY) {
            // The find key again on a find emptied by a toggle: the find is open already.
            return Vec::new();
        } else if let Some(c) = key.typed_char().filter(|c| !c.is_control()) {
            text.push(c);
        } else {
            return Vec::new();
        }
        self.go_to_match(Direction::Down, 0)
    }

    /// Text pasted while finding: its first line is found, as if typed.
    pub(super) fn paste_into_find(&mut self, text: &str) -> Vec<Effect> {
        let Some(find) = self.state.find.as_mut() else {
            return Vec::new();
        };
        let text = crate::text::pasted(text);
        let line = text.split('\n').next().unwrap_or_default();
        find.extend(line.chars().filter(|&c| c != '\t'));
        self.go_to_match(Direction::Down, 0)
    }

    /// Whether the highlighted row holds what is being found (also when nothing is typed yet).
    pub(super) fn highlight_matches(&self) -> bool {
        match (&self.state.find, self.active_question()) {
            (Some(text), Some((index, _))) => {
                self.row_matches(index, self.state.cursors[index], text)
            }
            _ => true,
        }
    }

    /// Highlights the first match `skip` rows or more from the highlight going `direction`,
    /// wrapping around; leaves the highlight where it is when no row matches.
    fn go_to_match(&mut self, direction: Direction, skip: usize) -> Vec<Effect> {
        let (Some(text), Some((index, question))) = (&self.state.find, self.active_question())
        else {
            return Vec::new();
        };
        let rows = Self::row_count(question);
        let cursor = self.state.cursors[index];
        let found = (skip..rows + skip)
            .map(|step| match direction {
                Direction::Down => (cursor + step) % rows,
                Direction::Up => (cursor + rows - step % rows) % rows,
            })
            .find(|&row| self.row_matches(index, row, text));
        if let Some(row) = found {
            self.highlight_row(row);
        }
        Vec::new()
    }

    /// Whether row `row` of question `index` has `text` in its label, case aside.
    fn row_matches(&self, index: usize, row: usize, text: &str) -> bool {
        let question = &self.call.request().questions[index];
        let label = question
            .options
            .get(row)
            .map_or_else(|| self.rules().custom_label, |option| &*option.label);
        label.to_lowercase().contains(&text.to_lowercase())
    }
}
