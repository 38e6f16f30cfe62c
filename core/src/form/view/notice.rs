//! The notice line above the key hints: the last key's notice, the dirty-dismiss warning, the
//! type-change prompt or the notices the form opened with, wrapped to its rows.

use super::super::Form;
use super::super::state::{Dismissal, Pending};
use super::{ERROR, WARNING};
use crate::contract::request::QuestionType;
use crate::draw::{Canvas, Line, Rect, Span, line_width, put_lines, wrap_spans};
use crate::keys::{GlobalAction, MainAction};

impl Form {
    /// The notice for the last key, the type-change prompt or the dirty-dismiss warning.
    fn notice_spans(&self) -> Option<Span<'_>> {
        if let Some(notice) = self.state.notice {
            return Some(Span::new(notice.message(), ERROR));
        }
        // The type change waits for its key now: its question shows over the dismiss
        // warning, which shows again once it is answered.
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
            return Some(Span::new(text, WARNING));
        }
        if let Some(dismissal) = self.state.armed {
            let keymaps = &self.config.keymaps;
            let keys = match dismissal {
                Dismissal::Cancel => keymaps.main.hint(MainAction::Cancel),
                Dismissal::Dismiss => keymaps.global.hint(GlobalAction::Dismiss),
            };
            let text = format!(
                "Press {} again to cancel the form",
                keys.unwrap_or_default()
            );
            return Some(Span::new(text, WARNING));
        }
        if !self.state.opening_notices.is_empty() {
            return Some(Span::new(self.state.opening_notices.join(" "), WARNING));
        }
        None
    }

    /// The notice wrapped to `columns`.
    pub(super) fn notice_lines(&self, columns: usize) -> Vec<Line<'_>> {
        self.notice_spans()
            .map(|span| wrap_spans(&[span], columns))
            .unwrap_or_default()
    }

    pub(super) fn draw_notice(&self, canvas: &mut Canvas, area: Rect) {
        if area.is_empty() {
            return;
        }
        let columns = usize::from(area.width);
        let mut lines = self.notice_lines(columns);
        let rows = usize::from(area.height);
        if lines.len() > rows {
            // The notice goes on past its rows (the settings overlay shows it whole): its
            // last row ends in `…`.
            lines.truncate(rows);
            if let Some(last) = lines.last_mut() {
                end_with_ellipsis(last, columns);
            }
        }
        put_lines(canvas, area, 0, &lines);
    }
}

/// Ends `line` with `…` within `columns` cells: after it when there is room, else in place of
/// the end of its last span.
fn end_with_ellipsis(line: &mut Line<'_>, columns: usize) {
    let Some(last) = line.pop() else {
        return;
    };
    let before = line_width(line);
    let style = last.style;
    if before + last.cells() < columns {
        line.push(last);
        line.push(Span::new("…", style));
    } else {
        // Cut a cell short of the room: a cut span ends in `…` itself, one that fits gets it.
        let cut = last.truncated(columns.saturating_sub(before).saturating_sub(1));
        let cut_itself = cut.text().ends_with('…');
        line.push(cut);
        if !cut_itself {
            line.push(Span::new("…", style));
        }
    }
}
