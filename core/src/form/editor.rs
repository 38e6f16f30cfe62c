//! The text editors of the form (the free-form answer and the notes): the `tui-textarea`
//! editing engine, fed with core [`Key`]s and read back as lines and a cursor.

use std::cell::Cell;

use tui_textarea::{CursorMove, Input as EditorInput, Key as EditorKey, TextArea};

use super::references::{References, Token};
use crate::effect::Effect;
use crate::keys::{Key, KeyCode, Modifiers};
use crate::text::{chars_of_cluster_after, chars_of_cluster_before};

/// What an open editor writes to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum EditorTarget {
    /// The question's free-form answer.
    Custom,
    /// A note.
    Note(NoteTarget),
}

/// What a note is attached to.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum NoteTarget {
    /// The question as a whole.
    Question,
    /// One declared option, by 0-based index.
    Option(usize),
}

/// An open editor: its target and its text.
#[derive(Clone, Debug)]
pub struct Editor {
    /// What the text is saved to.
    pub target: EditorTarget,
    area: TextArea<'static>,
    /// The `@` file reference list of this editor; it closes with the editor.
    pub references: References,
    /// The clipboard image read this editor waits for, if any.
    pub image_read: Option<u64>,
    /// The column `up` and `down` keep while they move through shorter rows; any other key
    /// forgets it.
    pub row_column: Option<usize>,
    /// How the edits are undone and redone, a path put in whole.
    steps: Steps,
    /// Whether anything was changed since the editor opened: its text or its images.
    pub changed: bool,
    /// Where the last frame began showing the text: a line and a row of it as wrapped. The
    /// view keeps it while the cursor stays in sight and scrolls only to follow the cursor,
    /// so moving up shows what follows the cursor too.
    pub shown_from: Cell<(usize, usize)>,
}

/// The edits an editor can undo and redo, each as the engine's edits it took: a path put in
/// place of its query is two (a deletion and an insertion), which one `ctrl+_` undoes and one
/// `ctrl+r` redoes, and a word typed is one edit a character.
#[derive(Clone, Debug, Default)]
struct Steps {
    /// The edits to undo, the last one last.
    done: Vec<usize>,
    /// The edits undone, to redo, the last undone last.
    undone: Vec<usize>,
    /// Whether the last edit is a word being typed, which the next character typed joins.
    typing: bool,
}

/// How many of its edits the engine keeps to undo.
const KEPT_EDITS: usize = 1000;

impl Steps {
    /// An edit of `engine_edits` made: nothing undone is to be redone after it.
    fn made(&mut self, engine_edits: usize) {
        if engine_edits == 0 {
            return;
        }
        self.typing = false;
        self.undone.clear();
        self.done.push(engine_edits);
        self.forget_beyond_kept();
    }

    /// A character typed: it joins the word being typed; white space starts the next one.
    fn typed(&mut self, white_space: bool) {
        match self.done.last_mut() {
            Some(last) if self.typing && !white_space => {
                *last += 1;
                self.undone.clear();
                self.forget_beyond_kept();
            }
            _ => self.made(1),
        }
        self.typing = true;
    }

    /// Forgets the oldest edits as the engine does beyond [`KEPT_EDITS`].
    fn forget_beyond_kept(&mut self) {
        let total: usize = self.done.iter().sum();
        let mut excess = total.saturating_sub(KEPT_EDITS);
        while excess > 0 && !self.done.is_empty() {
            if self.done[0] > excess {
                self.done[0] -= excess;
                excess = 0;
            } else {
                excess -= self.done.remove(0);
            }
        }
    }
}

impl Editor {
    /// An editor for `target` holding `text`, with the cursor at its end.
    pub fn new(target: EditorTarget, text: &str) -> Self {
        let lines = text.split('\n').map(str::to_owned).collect();
        let mut area = TextArea::new(lines);
        area.set_max_histories(KEPT_EDITS);
        area.move_cursor(CursorMove::Bottom);
        area.move_cursor(CursorMove::End);
        Self {
            target,
            area,
            references: References::default(),
            image_read: None,
            row_column: None,
            steps: Steps::default(),
            changed: false,
            shown_from: Cell::new((0, 0)),
        }
    }

    /// The text as it is saved: without trailing blank lines, so a line break typed last
    /// (with `enter`, when another key submits) is not part of the answer or the note. Line
    /// breaks between lines of text stay.
    pub fn saved_text(&self) -> String {
        let lines = self.area.lines();
        let kept = lines
            .iter()
            .rposition(|line| !line.trim().is_empty())
            .map_or(0, |last| last + 1);
        lines[..kept].join("\n")
    }

    /// Whether nothing is written at all.
    pub fn is_empty(&self) -> bool {
        self.area.is_empty()
    }

    /// Whether the text is empty or only white space.
    pub fn is_blank(&self) -> bool {
        self.area.lines().iter().all(|line| line.trim().is_empty())
    }

    /// The lines of text.
    pub fn lines(&self) -> &[String] {
        self.area.lines()
    }

    /// The cursor as (line, character index within the line).
    pub fn cursor(&self) -> (usize, usize) {
        let cursor = self.area.cursor();
        (cursor.0, cursor.1)
    }

    /// Puts the cursor on `line` before its character `index`; `false`, with the cursor left,
    /// where the editing engine cannot address the place (past 65,535 lines or characters).
    pub fn jump(&mut self, line: usize, index: usize) -> bool {
        let (Ok(line), Ok(index)) = (u16::try_from(line), u16::try_from(index)) else {
            return false;
        };
        self.area.move_cursor(CursorMove::Jump(line, index));
        true
    }

    /// Opens, updates or closes the `@` reference list for the text and cursor as they are now
    /// ([`References::follow`]), reading the lines in place: a long text is not copied for
    /// each key.
    pub fn follow_references(&mut self, generation: impl FnOnce() -> u64) -> Vec<Effect> {
        let cursor = self.cursor();
        self.references
            .follow(self.area.lines(), cursor, generation)
    }

    /// Applies one key the form did not claim: typing, deleting, moving, undo. `shift+enter`,
    /// `alt+enter` and `ctrl+j` insert a line break; `ctrl+u` deletes back to the line's start and
    /// `ctrl+_` undoes, as in a shell and in the agents' own prompts (the engine would undo on
    /// `ctrl+u`); `ctrl+home` and `ctrl+end` go to the text's start and end. Returns whether
    /// the text changed.
    pub fn key(&mut self, key: Key) -> bool {
        self.row_column = None;
        // `ctrl+j` is a line feed, and a new line in the agents' own prompts (the engine
        // would delete the text before the cursor).
        let line_feed = key.code == KeyCode::Char('j') && key.mods == Modifiers::CTRL;
        if line_feed || key.code == KeyCode::Enter && (key.mods.shift || key.mods.alt) {
            self.area.insert_newline();
            self.made(1);
            return true;
        }
        // `ctrl+_`, `ctrl+/` and `ctrl+7` are one key as a terminal sends them, whichever a
        // keyboard protocol reports.
        let sent = key.as_a_terminal_sends_it();
        if sent.mods == Modifiers::CTRL {
            match sent.code {
                // At the line's start there is nothing before it on the line: the line above
                // is not joined to it.
                KeyCode::Char('u') => {
                    let deleted = self.cursor().1 > 0 && self.area.delete_line_by_head();
                    self.made(usize::from(deleted));
                    return deleted;
                }
                // ctrl+_ is ctrl+7 here: a terminal sends one byte for both (and ctrl+/).
                KeyCode::Char('7') => return self.undo(),
                KeyCode::Char('r') => return self.redo(),
                // The text's start and end, as in every editor (the engine takes them for
                // the line's).
                KeyCode::Home => return self.move_to([CursorMove::Top, CursorMove::Head]),
                KeyCode::End => return self.move_to([CursorMove::Bottom, CursorMove::End]),
                _ => {}
            }
        }
        if key.mods.is_empty()
            && let Some(changed) = self.cluster_key(key.code)
        {
            return changed;
        }
        let Some(input) = editor_input(key) else {
            return false;
        };
        let typed = match input.key {
            EditorKey::Char(c) if !input.ctrl && !input.alt => Some(c.is_whitespace()),
            _ => None,
        };
        let changed = self.area.input(input);
        match typed {
            Some(white_space) if changed => {
                self.changed = true;
                self.steps.typed(white_space);
            }
            _ if changed => self.made(1),
            // A move ends the word being typed: what is typed next is another step.
            _ => self.steps.typing = false,
        }
        changed
    }

    /// `backspace`, `delete`, `left` and `right` beside a grapheme cluster of several
    /// characters (a joined emoji, a letter with its accent), which they delete or pass whole;
    /// `None` beside a single character, which the engine's own key handles. Returns whether
    /// the text changed.
    fn cluster_key(&mut self, code: KeyCode) -> Option<bool> {
        let (line, column) = self.cursor();
        let text = self.area.lines().get(line)?;
        let (before, after) = (
            chars_of_cluster_before(text, column),
            chars_of_cluster_after(text, column),
        );
        let back = |area: &mut TextArea<'static>, chars: usize| {
            for _ in 0..chars {
                area.move_cursor(CursorMove::Back);
            }
        };
        match code {
            KeyCode::Backspace if before > 1 => {
                back(&mut self.area, before);
                let deleted = self.area.delete_str(before);
                self.made(usize::from(deleted));
                Some(deleted)
            }
            KeyCode::Delete if after > 1 => {
                let deleted = self.area.delete_str(after);
                self.made(usize::from(deleted));
                Some(deleted)
            }
            KeyCode::Left if before > 1 => {
                back(&mut self.area, before);
                self.steps.typing = false;
                Some(false)
            }
            KeyCode::Right if after > 1 => {
                for _ in 0..after {
                    self.area.move_cursor(CursorMove::Forward);
                }
                self.steps.typing = false;
                Some(false)
            }
            _ => None,
        }
    }

    /// Moves the cursor by `moves`, which changes no text and ends the word being typed.
    fn move_to(&mut self, moves: [CursorMove; 2]) -> bool {
        for step in moves {
            self.area.move_cursor(step);
        }
        self.steps.typing = false;
        false
    }

    /// Notes an edit that took the engine `engine_edits` of its own.
    fn made(&mut self, engine_edits: usize) {
        self.changed |= engine_edits > 0;
        self.steps.made(engine_edits);
    }

    /// Undoes the last edit, a path put in whole.
    fn undo(&mut self) -> bool {
        self.steps.typing = false;
        let steps = self.steps.done.pop().unwrap_or(1);
        let undone = (0..steps).fold(false, |undone, _| self.area.undo() || undone);
        self.changed |= undone;
        if undone {
            self.steps.undone.push(steps);
        }
        undone
    }

    /// Redoes the last edit undone, a path put in whole.
    fn redo(&mut self) -> bool {
        self.steps.typing = false;
        let steps = self.steps.undone.pop().unwrap_or(1);
        let redone = (0..steps).fold(false, |redone, _| self.area.redo() || redone);
        self.changed |= redone;
        if redone {
            self.steps.done.push(steps);
        }
        redone
    }

    /// Puts `path` in place of the open reference's text after its `@` (its query, and the
    /// rest of the word after the cursor), as one edit. A path with white space in it, or one
    /// for a token already quoted, goes in quoted (`@"my docs/a.md"`); a directory's quote is
    /// left open, so that its list stays open on what is inside it.
    pub fn insert_reference(&mut self, path: &str) {
        self.row_column = None;
        let Some(list) = &self.references.list else {
            return;
        };
        let typed = list.token.typed_chars();
        let text = list.token.written(path);
        let rest = self.rest_of_reference(&list.token);
        for _ in 0..typed {
            self.area.move_cursor(CursorMove::Back);
        }
        let deleted = self.area.delete_str(typed + rest);
        let inserted = self.area.insert_str(text);
        self.made(usize::from(deleted) + usize::from(inserted));
    }

    /// Closes the open reference's quote at the cursor, when the token is quoted and nothing of
    /// its word follows the cursor: the reference ends there. Returns whether it did.
    pub fn close_reference_quote(&mut self) -> bool {
        let Some(list) = &self.references.list else {
            return false;
        };
        if !list.token.quoted || self.rest_of_reference(&list.token) > 0 {
            return false;
        }
        self.row_column = None;
        self.area.insert_char('"');
        self.made(1);
        true
    }

    /// How many characters after the cursor still belong to `token`'s word.
    fn rest_of_reference(&self, token: &Token) -> usize {
        let (line, column) = self.cursor();
        self.area
            .lines()
            .get(line)
            .map_or(0, |text| token.rest_of_word(text.chars().skip(column)))
    }

    /// Inserts pasted text at the cursor as one edit (one undo step), as
    /// [`pasted`](crate::text::pasted) leaves it.
    pub fn paste(&mut self, text: &str) -> bool {
        self.row_column = None;
        let changed = self.area.insert_str(crate::text::pasted(text));
        self.made(usize::from(changed));
        changed
    }
}

/// The editing engine's input for a core key; `None` for keys it has no use for. `tab` and
/// `shift+tab` are among those: they stay in an editor with text, but an answer has no tab
/// stops, and the spaces the engine would put there are invisible at the end of a line and
/// would reach the agent unseen (a pasted tab is kept as it is).
fn editor_input(key: Key) -> Option<EditorInput> {
    let key = key.normalized();
    let code = match key.code {
        KeyCode::Char(c) => EditorKey::Char(key.typed_char().unwrap_or(c)),
        KeyCode::Enter => EditorKey::Enter,
        KeyCode::Esc => EditorKey::Esc,
        KeyCode::Tab | KeyCode::Insert => return None,
        KeyCode::Backspace => EditorKey::Backspace,
        KeyCode::Delete => EditorKey::Delete,
        KeyCode::Left => EditorKey::Left,
        KeyCode::Right => EditorKey::Right,
        KeyCode::Up => EditorKey::Up,
        KeyCode::Down => EditorKey::Down,
        KeyCode::Home => EditorKey::Home,
        KeyCode::End => EditorKey::End,
        KeyCode::PageUp => EditorKey::PageUp,
        KeyCode::PageDown => EditorKey::PageDown,
        KeyCode::F(n) => EditorKey::F(n),
    };
    Some(EditorInput {
        key: code,
        ctrl: key.mods.ctrl,
        alt: key.mods.alt,
        shift: key.mods.shift,
    })
}

#[cfg(test)]
#[path = "editor_tests.rs"]
mod tests;
