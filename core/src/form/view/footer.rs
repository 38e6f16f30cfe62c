//! The key hints.
//!
//! Hints name the keys the keymaps bind now (the first key of each action, printed in key-id
//! syntax), for the part that has focus; they wrap to the footer's rows, and when they need
//! more, the least needed go first (each hint has a [`Priority`]).

use std::borrow::Cow;

use super::super::Form;
use super::super::editor::EditorTarget;
use super::super::find::FIND_KEY;
use super::super::references::List;
use super::super::state::Focus;
use super::{ACCENT, MUTED};
use crate::contract::request::{Question, QuestionType};
use crate::contract::rules::ImagePaste;
use crate::draw::{Canvas, Line, Rect, Span, put_lines};
use crate::keys::{
    ContextKeymap, EditorAction, GlobalAction, Key, KeyCode, Keymaps, MainAction, Navigation,
};
use crate::text::width;

pub(super) use memo::{FooterMemo, FooterRoom};

mod memo;

/// Between two hints.
const SEPARATOR: &str = "  ·  ";
/// The cells [`SEPARATOR`] takes, counted once: measuring it for every hint made a frame a
/// third slower.
const SEPARATOR_CELLS: usize = 5;

/// Which hints stay when the footer has too few rows for all: the lowest go first, the last
/// of them first.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
enum Priority {
    /// Shortcuts a user finds without being told: notes, the type change, jumps.
    Extra,
    /// Going to the other tabs, which the tab bar shows and `enter` reaches too.
    Tabs,
    /// Moving about the tab: the highlight, toggling, scrolling the preview, a new line.
    Moving,
    /// How to confirm and how to leave: never dropped.
    Essential,
}

/// One hint: the keys, what they do, and how much it matters. The keys are borrowed from the
/// keymaps, so gathering a frame's hints to compare with the last ones allocates nothing.
#[derive(Clone, Debug, PartialEq, Eq)]
struct Hint<'a> {
    keys: Cow<'a, str>,
    label: &'static str,
    priority: Priority,
}

impl Hint<'_> {
    fn into_owned(self) -> Hint<'static> {
        Hint {
            keys: Cow::Owned(self.keys.into_owned()),
            label: self.label,
            priority: self.priority,
        }
    }
}

/// The most hints a part shows (the options of a question with every extra).
const MOST_HINTS: usize = 11;

/// Collects the hints of the focused part, leaving out actions without a key.
struct Hints<'a>(Vec<Hint<'a>>);

impl<'a> Hints<'a> {
    fn push(
        &mut self,
        keys: Option<impl Into<Cow<'a, str>>>,
        label: &'static str,
        priority: Priority,
    ) {
        if let Some(keys) = keys {
            self.0.push(Hint {
                keys: keys.into(),
                label,
                priority,
            });
        }
    }
}

/// The `global.dismiss` key an editor's hints show: the first one bound that types no
/// character, since the editors type those instead.
fn dismiss_while_typing(keymaps: &Keymaps) -> Option<Cow<'_, str>> {
    let hint = keymaps.global.hint(GlobalAction::Dismiss)?;
    let keys = keymaps.global.keys(GlobalAction::Dismiss);
    if keys.first().is_none_or(|key| key.typed_char().is_none()) {
        return Some(Cow::Borrowed(hint));
    }
    keys.iter()
        .find(|key| key.typed_char().is_none())
        .map(|key| Cow::Owned(key.to_string()))
}

impl Form {
    /// The hints for the focused part, in the order they show.
    fn hints(&self, screen_rows: usize) -> Vec<Hint<'_>> {
        use Priority::{Essential, Extra, Moving, Tabs};
        let keymaps = &self.config.keymaps;
        let main = &keymaps.main;
        let mut hints = Hints(Vec::with_capacity(MOST_HINTS));
        let tabs = || main.hint_pair(MainAction::NextTab, MainAction::PreviousTab);
        match &self.state.focus {
            Focus::Options if self.state.find.is_some() => {
                let multi = self
                    .active_question()
                    .is_some_and(|(_, question)| question.is_multi());
                let emptied = self.state.find.as_deref().is_some_and(str::is_empty);
                if !self.highlight_matches() {
                    hints.push(main.hint(MainAction::Cancel), "end find", Essential);
                } else if multi && emptied {
                    let keys = main.hint_pair(MainAction::Confirm, MainAction::Cancel);
                    hints.push(keys, "end find", Essential);
                } else {
                    let moves = main.hint_pair(MainAction::PreviousOption, MainAction::NextOption);
                    hints.push(moves, "next match", Moving);
                    let pick = match (multi, self.toggle_writes(), self.enter_writes()) {
                        (true, true, _) | (false, _, true) => "write",
                        (true, false, _) => "toggle",
                        (false, _, false) => "select",
                    };
                    hints.push(main.hint(MainAction::Confirm), pick, Essential);
                    hints.push(main.hint(MainAction::Cancel), "end find", Essential);
                }
            }
            Focus::Options => {
                let question = self.active_question().map(|(_, question)| question);
                let multi = question.is_some_and(Question::is_multi);
                let preview =
                    question.is_some_and(|question| question.presented == QuestionType::Preview);
                let moves = main.hint_pair(MainAction::PreviousOption, MainAction::NextOption);
                hints.push(moves, "move", Moving);
                let confirm = match (self.enter_writes(), multi) {
                    (true, _) => "write",
                    (false, true) => "confirm",
                    (false, false) => "select",
                };
                if multi {
                    let toggle = if self.toggle_writes() {
                        "write"
                    } else {
                        "toggle"
                    };
                    // Confirming before toggling leaves the question unanswered: the toggle
                    // is how to answer, and stays as confirming does.
                    hints.push(main.hint(MainAction::Toggle), toggle, Essential);
                }
                hints.push(main.hint(MainAction::Confirm), confirm, Essential);
                if self.tab_count() > 1 {
                    hints.push(tabs(), "tabs", Tabs);
                }
                if preview {
                    // The written answer's row, and an option without one, have no preview
                    // to scroll.
                    if self.highlighted_preview().is_some() {
                        hints.push(Some(Navigation::PAGE_HINT), "scroll preview", Moving);
                    }
                } else if question.is_some() && self.list_scrolls(self.state.tab, screen_rows) {
                    // Finding is how a long list is got through on a small screen: it stays
                    // as moving does, where the longer jump keys go with the extras.
                    hints.push(Some(Navigation::LIST_HINT), "jump", Extra);
                    hints.push(Some(FIND_KEY.to_string()), "find", Moving);
                }
                if self.rules().notes {
                    hints.push(main.hint(MainAction::OptionNote), "note", Extra);
                    let note = main.hint(MainAction::QuestionNote);
                    hints.push(note, "question note", Extra);
                }
                if self.rules().type_change
                    && let Some(question) = question
                {
                    let label = match question.toggled_presentation() {
                        QuestionType::Multi => "multi-select",
                        QuestionType::Single => "single-select",
                        QuestionType::Preview => "preview",
                    };
                    hints.push(main.hint(MainAction::ChangeQuestionType), label, Extra);
                }
                hints.push(main.hint(MainAction::Cancel), "cancel", Essential);
            }
            Focus::Editor(editor)
                if editor
                    .references
                    .list
                    .as_ref()
                    .is_some_and(List::takes_keys) =>
            {
                hints.push(Some("up/down"), "move", Moving);
                hints.push(Some("tab"), "insert path", Essential);
                hints.push(Some("esc"), "close list", Essential);
                hints.push(dismiss_while_typing(keymaps), "dismiss", Extra);
            }
            Focus::Editor(editor) => {
                let free_form = !self.has_rows_on_tab();
                // `enter` types a line break where no action of the editor takes it.
                let new_line = |keymap: &ContextKeymap<EditorAction>| {
                    let enter = Key::plain(KeyCode::Enter);
                    Some(if keymap.action(&enter).is_some() {
                        "alt+enter"
                    } else {
                        "enter"
                    })
                };
                match editor.target {
                    EditorTarget::Custom => {
                        let submit = keymaps.editor.hint(EditorAction::Submit);
                        hints.push(submit, "submit", Essential);
                        hints.push(new_line(&keymaps.editor), "new line", Moving);
                        let close = if free_form { "cancel" } else { "keep" };
                        hints.push(keymaps.editor.hint(EditorAction::Close), close, Essential);
                    }
                    EditorTarget::Note(_) => {
                        let note = &keymaps.note_editor;
                        hints.push(note.hint(EditorAction::Submit), "save note", Essential);
                        hints.push(new_line(note), "new line", Moving);
                        hints.push(note.hint(EditorAction::Close), "back", Essential);
                    }
                }
                if free_form && editor.is_empty() && self.tab_count() > 1 {
                    let tabs = keymaps.editor.hint_pair(
                        EditorAction::NextTabWhenEmpty,
                        EditorAction::PreviousTabWhenEmpty,
                    );
                    hints.push(tabs, "tabs", Tabs);
                }
                hints.push(dismiss_while_typing(keymaps), "dismiss", Extra);
                if self.rules().images == ImagePaste::FromClipboard {
                    let editor_keys = match editor.target {
                        EditorTarget::Custom => &keymaps.editor,
                        EditorTarget::Note(_) => &keymaps.note_editor,
                    };
                    hints.push(editor_keys.hint(EditorAction::PasteImage), "image", Extra);
                    if !self.editor_images().is_empty() {
                        let remove = editor_keys.hint(EditorAction::RemoveImage);
                        hints.push(remove, "remove image", Extra);
                    }
                }
            }
            Focus::Review => {
                let moves = main.hint_pair(MainAction::PreviousOption, MainAction::NextOption);
                hints.push(moves, "move", Moving);
                hints.push(main.hint(MainAction::Confirm), "choose", Essential);
                let last = self.rules().actions.len();
                hints.push(Some(format!("1-{last}")), "shortcut", Extra);
                hints.push(tabs(), "tabs", Tabs);
                hints.push(main.hint(MainAction::Cancel), "cancel", Essential);
            }
        }
        hints.0
    }

    fn has_rows_on_tab(&self) -> bool {
        self.active_question()
            .is_some_and(|(_, question)| Self::has_custom_row(question))
    }

    /// Runs `read` on the key hints laid out in at most `rows` lines of `columns` cells (on a
    /// screen of `screen_rows`): when all do not fit, the hints of the lowest priority go, the
    /// last of them first, until the rest fit; how to confirm and how to leave always stay.
    pub(super) fn with_footer_lines<R>(
        &self,
        columns: usize,
        rows: usize,
        screen_rows: usize,
        read: impl FnOnce(&[Line<'static>]) -> R,
    ) -> R {
        let hints = self.hints(screen_rows);
        let mut memo = self.memory.footer.borrow_mut();
        let room = FooterRoom {
            columns,
            rows,
            screen_rows,
        };
        memo.take(hints, room);
        read(&memo.current.lines)
    }

    /// How many more lines the key hints of the state as it is now take than the last
    /// frame's, laid out in the same room: a highlight moved onto the row where `enter` writes
    /// brings longer hints, and the list above them is that much shorter.
    pub(in crate::form) fn footer_lines_gained(&self) -> usize {
        let memo = self.memory.footer.borrow();
        let Some(room) = memo.room() else {
            return 0;
        };
        let shown = memo.current.lines.len().min(room.rows);
        drop(memo);
        let hints = self.hints(room.screen_rows);
        let hints: Vec<Hint<'static>> = hints.into_iter().map(Hint::into_owned).collect();
        let lines = fit_hints(&hints, room.columns, room.rows).len();
        lines.min(room.rows).saturating_sub(shown)
    }

    /// Draws in `area` the key hints that this frame's layout laid out for it: the layout gave
    /// the footer `area` after asking [`Self::with_footer_lines`] for it, from the same state,
    /// so the lines are read as they are, without the hints being worked out again.
    pub(super) fn draw_footer(&self, canvas: &mut Canvas, area: Rect) {
        if area.is_empty() {
            return;
        }
        let memo = self.memory.footer.borrow();
        debug_assert_eq!(
            memo.current.columns,
            usize::from(area.width),
            "the footer is laid out for its area in the same frame"
        );
        put_lines(canvas, area, 0, &memo.current.lines);
    }
}

/// `hints` laid out in at most `rows` lines of `columns` cells: the least needed go until the
/// rest fit (the lowest priority first, the last of them first), then those of them that fit
/// in the room left come back (the highest priority first, in their order), so that one long
/// hint (`home/end/pageUp/pageDown jump`) does not take shorter ones of its priority with it.
/// A hint is never cut.
fn fit_hints(hints: &[Hint<'static>], columns: usize, rows: usize) -> Vec<Line<'static>> {
    let mut shown = vec![true; hints.len()];
    let chosen = |shown: &[bool]| -> Vec<Line<'static>> {
        let kept = hints.iter().zip(shown).filter(|(_, shown)| **shown);
        lay_out(kept.map(|(hint, _)| hint), columns)
    };
    loop {
        let lines = chosen(&shown);
        if lines.len() <= rows {
            break;
        }
        let lowest = hints
            .iter()
            .zip(&shown)
            .filter(|(_, shown)| **shown)
            .map(|(hint, _)| hint.priority)
            .min();
        let drop = (0..hints.len()).rev().find(|&at| {
            shown[at]
                && Some(hints[at].priority) == lowest
                && hints[at].priority != Priority::Essential
        });
        match drop {
            Some(at) => shown[at] = false,
            None => return lines,
        }
    }
    let mut dropped: Vec<usize> = (0..hints.len()).filter(|&at| !shown[at]).collect();
    dropped.sort_by_key(|&at| std::cmp::Reverse(hints[at].priority));
    for at in dropped {
        shown[at] = true;
        shown[at] = chosen(&shown).len() <= rows;
    }
    chosen(&shown)
}

/// `hints` in lines of at most `columns` cells, separated by dots, a hint never cut.
fn lay_out<'h>(
    hints: impl Iterator<Item = &'h Hint<'static>>,
    columns: usize,
) -> Vec<Line<'static>> {
    let mut lines: Vec<Line> = Vec::new();
    let mut current = Line::new();
    let mut used = 0;
    for hint in hints {
        let cells = width(&hint.keys) + 1 + width(hint.label);
        let gap = if current.is_empty() {
            0
        } else {
            SEPARATOR_CELLS
        };
        if !current.is_empty() && used + gap + cells > columns {
            lines.push(std::mem::take(&mut current));
            used = 0;
        }
        if !current.is_empty() {
            current.push(Span::new(SEPARATOR, MUTED));
            used += SEPARATOR_CELLS;
        }
        current.push(Span::new(hint.keys.clone(), ACCENT));
        current.push(Span::new(format!(" {}", hint.label), MUTED));
        used += cells;
    }
    if !current.is_empty() {
        lines.push(current);
    }
    lines
}

#[cfg(test)]
#[path = "footer_tests.rs"]
mod tests;
