//! The mouse: clicks and wheel turns hit-tested against the regions of the last frame (the
//! rules are listed in the form's documentation).

use super::Form;
use super::state::Pending;
use super::view::Hit;
use crate::draw::Pos;
use crate::effect::Effect;
use crate::input::Mouse;

/// The rows one wheel step scrolls the prompt, the preview or the summary.
const WHEEL_ROWS: usize = 3;

impl Form {
    /// Applies one mouse action.
    pub(super) fn handle_mouse(&mut self, mouse: Mouse) -> Vec<Effect> {
        match mouse {
            Mouse::Click(pos) => self.click(pos),
            Mouse::ScrollUp(pos) => {
                self.wheel(pos, false);
                Vec::new()
            }
            Mouse::ScrollDown(pos) => {
                self.wheel(pos, true);
                Vec::new()
            }
        }
    }

    /// A click: on another tab, an option row or a final-tab action it acts, after closing an
    /// open editor with its text kept; anywhere else it does nothing.
    fn click(&mut self, pos: Pos) -> Vec<Effect> {
        let hit = match self.hit_at(pos) {
            Some(Hit::Tab(tab)) if tab != self.state.tab => Hit::Tab(tab),
            Some(hit @ (Hit::Row(_) | Hit::Action(_))) => hit,
            _ => return Vec::new(),
        };
        let pending = self.begin_mouse_action();
        if let Some(target) = self.state.editor().map(|editor| editor.target) {
            self.keep_editor_draft(target);
        }
        match hit {
            Hit::Tab(tab) => self.enter_tab(tab),
            Hit::Row(row) if self.highlight_row(row) => return self.toggle_row(),
            Hit::Action(position) => return self.click_action(position, pending),
            _ => {}
        }
        Vec::new()
    }

    /// A wheel step `down` or up: over the list (no editor open) or the actions it moves the
    /// highlight (up from the first row, it scrolls a cut prompt back), over a cut prompt, the
    /// preview or the summary it scrolls.
    fn wheel(&mut self, pos: Pos, down: bool) {
        let editing = self.state.editor().is_some();
        match self.hit_at(pos) {
            Some(Hit::Prompt) => {
                self.begin_mouse_action();
                self.scroll_prompt(down, WHEEL_ROWS);
            }
            Some(Hit::List | Hit::Row(_))
                if !editing && !down && self.at_first_row() && self.state.prompt_scroll > 0 =>
            {
                self.begin_mouse_action();
                self.scroll_prompt(false, WHEEL_ROWS);
            }
            Some(Hit::Preview) => {
                self.begin_mouse_action();
                self.scroll_preview(down, WHEEL_ROWS);
            }
            Some(Hit::Summary) => {
                self.begin_mouse_action();
                self.scroll_review(down, WHEEL_ROWS);
            }
            Some(Hit::List | Hit::Row(_)) if !editing => {
                self.begin_mouse_action();
                self.step_highlight(down);
            }
            Some(Hit::Action(_)) => {
                self.begin_mouse_action();
                self.step_highlight(down);
            }
            _ => {}
        }
    }

    /// Whether the first row of the active question's list is highlighted.
    fn at_first_row(&self) -> bool {
        self.active_question()
            .is_some_and(|(index, _)| self.state.cursors[index] == 0)
    }

    /// What a key does first, for a mouse action that acts: clears the notice and takes the
    /// pending confirmation.
    fn begin_mouse_action(&mut self) -> Pending {
        self.state.notice = None;
        std::mem::take(&mut self.state.pending)
    }

    /// Moves the highlight one row `down` or up on the list or among the final tab's actions,
    /// stopping at both ends.
    fn step_highlight(&mut self, down: bool) {
        let step = |current: usize, count: usize| {
            if down {
                (current + 1).min(count.saturating_sub(1))
            } else {
                current.saturating_sub(1)
            }
        };
        match self.active_question() {
            Some((index, question)) => {
                let row = step(self.state.cursors[index], Self::row_count(question));
                self.highlight_row(row);
            }
            None => {
                self.state.review_cursor =
                    step(self.state.review_cursor, self.rules().actions.len());
            }
        }
    }
}
