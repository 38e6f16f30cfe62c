//! The notice line and the key hints.
//!
//! Hints name the keys the keymaps bind now (the first key of each action, printed in key-id
//! syntax), for the part that has focus; they wrap to at most two lines.

use super::super::Form;
use super::super::editor::EditorTarget;
use super::super::state::{Dismissal, Focus, Pending};
use super::{ACCENT, ERROR, MUTED, WARNING};
use crate::contract::request::{Question, QuestionType};
use crate::draw::{Canvas, Line, Rect, Span, put_lines, wrap_spans};
use crate::keys::{EditorAction, GlobalAction, MainAction};
use crate::text::width;

/// Between two hints.
const SEPARATOR: &str = "  ·  ";

impl Form {
    /// The hints for the focused part: (keys, what they do).
    fn hints(&self) -> Vec<(String, &'static str)> {
        let keymaps = &self.config.keymaps;
        let main = &keymaps.main;
        let mut hints: Vec<(Option<String>, &'static str)> = Vec::new();
        match &self.state.focus {
            Focus::Options => {
                let question = self.active_question().map(|(_, question)| question);
                let multi = question.is_some_and(Question::is_multi);
                hints.push((
                    main.hint_pair(MainAction::PreviousOption, MainAction::NextOption),
                    "move",
                ));
                if multi {
                    hints.push((main.hint(MainAction::Toggle), "toggle"));
                    hints.push((main.hint(MainAction::Confirm), "confirm"));
                } else {
                    hints.push((main.hint(MainAction::Confirm), "select"));
                }
                if self.tab_count() > 1 {
                    let tabs = main.hint_pair(MainAction::NextTab, MainAction::PreviousTab);
                    hints.push((tabs, "tabs"));
                }
                if question.is_some_and(|question| question.presented == QuestionType::Preview) {
                    hints.push((Some("pageUp/pageDown".to_owned()), "scroll preview"));
                }
                if self.rules().notes {
                    hints.push((main.hint(MainAction::OptionNote), "note"));
                    hints.push((main.hint(MainAction::QuestionNote), "question note"));
                }
                if self.rules().type_change
                    && let Some(question) = question
                {
                    let label = match question.toggled_presentation() {
                        QuestionType::Multi => "multi-select",
                        QuestionType::Single => "single-select",
                        QuestionType::Preview => "preview",
                    };
                    hints.push((main.hint(MainAction::ChangeQuestionType), label));
                }
                hints.push((main.hint(MainAction::Cancel), "cancel"));
            }
            Focus::Editor(editor) => {
                let free_form = !self.has_rows_on_tab();
                match editor.target {
                    EditorTarget::Custom => {
                        hints.push((keymaps.editor.hint(EditorAction::Submit), "submit"));
                        hints.push((Some("alt+enter".to_owned()), "new line"));
                        let close = if free_form { "cancel" } else { "back" };
                        hints.push((keymaps.editor.hint(EditorAction::Close), close));
                    }
                    EditorTarget::Note(_) => {
                        let note = &keymaps.note_editor;
                        hints.push((note.hint(EditorAction::Submit), "save note"));
                        hints.push((Some("alt+enter".to_owned()), "new line"));
                        hints.push((note.hint(EditorAction::Close), "back"));
                    }
                }
                if free_form && editor.is_empty() && self.tab_count() > 1 {
                    let tabs = keymaps.editor.hint_pair(
                        EditorAction::NextTabWhenEmpty,
                        EditorAction::PreviousTabWhenEmpty,
                    );
                    hints.push((tabs, "tabs"));
                }
                hints.push((keymaps.global.hint(GlobalAction::Dismiss), "dismiss"));
            }
            Focus::Review => {
                hints.push((
                    main.hint_pair(MainAction::PreviousOption, MainAction::NextOption),
                    "move",
                ));
                hints.push((main.hint(MainAction::Confirm), "choose"));
                let last = self.rules().actions.len();
                hints.push((Some(format!("1-{last}")), "shortcut"));
                hints.push((
                    main.hint_pair(MainAction::NextTab, MainAction::PreviousTab),
                    "tabs",
                ));
                hints.push((main.hint(MainAction::Cancel), "cancel"));
            }
        }
        hints
            .into_iter()
            .filter_map(|(keys, label)| keys.map(|keys| (keys, label)))
            .collect()
    }

    fn has_rows_on_tab(&self) -> bool {
        self.active_question()
            .is_some_and(|(_, question)| Self::has_custom_row(question))
    }

    /// The key hints laid out in lines of at most `columns` cells.
    pub(super) fn footer_lines(&self, columns: usize) -> Vec<Line> {
        let mut lines: Vec<Line> = Vec::new();
        let mut current: Line = Vec::new();
        let mut used = 0;
        for (keys, label) in self.hints() {
            let cells = width(&keys) + 1 + width(label);
            let gap = if current.is_empty() {
                0
            } else {
                SEPARATOR.len()
            };
            if !current.is_empty() && used + gap + cells > columns {
                lines.push(std::mem::take(&mut current));
                used = 0;
            }
            if !current.is_empty() {
                current.push(Span::new(SEPARATOR, MUTED));
                used += SEPARATOR.len();
            }
            current.push(Span::new(&keys, ACCENT));
            current.push(Span::new(&format!(" {label}"), MUTED));
            used += cells;
        }
        if !current.is_empty() {
            lines.push(current);
        }
        lines
    }

    pub(super) fn draw_footer(&self, canvas: &mut Canvas, area: Rect) {
        if area.is_empty() {
            return;
        }
        let lines = self.footer_lines(usize::from(area.width));
        put_lines(canvas, area, 0, &lines);
    }

    /// The notice for the last key, the dirty-dismiss warning or the type-change prompt.
    fn notice_spans(&self) -> Option<Span> {
        if let Some(notice) = self.state.notice {
            return Some(Span::new(notice.message(), ERROR));
        }
        if let Some(dismissal) = self.state.armed {
            let keymaps = &self.config.keymaps;
            let keys = match dismissal {
                Dismissal::Cancel => keymaps.main.hint(MainAction::Cancel),
                Dismissal::Dismiss => keymaps.global.hint(GlobalAction::Dismiss),
            };
            let text = format!(
                "Press {} again to discard your answers",
                keys.unwrap_or_default()
            );
            return Some(Span::new(&text, WARNING));
        }
        if self.state.pending == Pending::TypeChange
            && let Some((index, question)) = self.active_question()
        {
            let target = match question.toggled_presentation() {
                QuestionType::Preview => "preview",
                QuestionType::Single | QuestionType::Multi => "single-select",
            };
            let keys = self
                .config
                .keymaps
                .main
                .hint(MainAction::ChangeQuestionType)
                .unwrap_or_default();
            let text = format!(
                "Switch to {target}? Press {keys} again to clear the {} selections",
                self.selection_count(index)
            );
            return Some(Span::new(&text, WARNING));
        }
        if !self.state.opening_notices.is_empty() {
            return Some(Span::new(&self.state.opening_notices.join(" "), WARNING));
        }
        None
    }

    /// The notice wrapped to `columns`.
    pub(super) fn notice_lines(&self, columns: usize) -> Vec<Line> {
        self.notice_spans()
            .map(|span| wrap_spans(&[span], columns))
            .unwrap_or_default()
    }

    pub(super) fn draw_notice(&self, canvas: &mut Canvas, area: Rect) {
        if area.is_empty() {
            return;
        }
        let lines = self.notice_lines(usize::from(area.width));
        put_lines(canvas, area, 0, &lines);
    }
}
