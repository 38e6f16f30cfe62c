//! Moving between tabs and rows, and through long lists and text with the navigation keys.

use super::Form;
use super::editor::{Editor, EditorTarget};
use super::state::{Focus, Pending, PreviewScroll, SummaryPlace};
use crate::contract::request::QuestionType;
use crate::keys::Navigation;

impl Form {
    /// Makes `tab` active: the final tab focuses its actions, a free-form question opens its
    /// editor, any other question focuses its options. Changing tabs clears every pending
    /// confirmation, the dirty-dismiss warning included.
    pub(super) fn enter_tab(&mut self, tab: usize) {
        if tab != self.state.tab {
            self.state.armed = None;
        }
        self.state.tab = tab;
        self.state.pending = Pending::None;
        self.state.preview = PreviewScroll::default();
        self.state.review_scroll = SummaryPlace::default();
        self.state.prompt_scroll = 0;
        self.state.find = None;
        self.state.focus = match self.active_question() {
            None => Focus::Review,
            Some((index, question)) if !Self::has_custom_row(question) => Focus::Editor(Box::new(
                Editor::new(EditorTarget::Custom, &self.state.drafts[index].custom_text),
            )),
            Some(_) => Focus::Options,
        };
    }

    /// Goes to the next tab, from the last one back to the first.
    pub(super) fn next_tab(&mut self) {
        let count = self.tab_count();
        self.enter_tab((self.state.tab + 1) % count);
    }

    /// Goes to the previous tab, from the first one to the last (the final tab).
    pub(super) fn previous_tab(&mut self) {
        let count = self.tab_count();
        self.enter_tab((self.state.tab + count - 1) % count);
    }

    /// Moves the highlight `down` or up by one row, wrapping around at both ends, on the
    /// option list or among the final tab's actions.
    pub(super) fn move_cursor(&mut self, down: bool) {
        let step = |current: usize, count: usize| {
            if count == 0 {
                0
            } else if down {
                (current + 1) % count
            } else {
                (current + count - 1) % count
            }
        };
        match self.active_question() {
            None => {
                self.state.review_cursor =
                    step(self.state.review_cursor, self.rules().actions.len());
            }
            Some((index, question)) => {
                let count = Self::row_count(question);
                self.state.cursors[index] = step(self.state.cursors[index], count);
                self.state.preview = PreviewScroll::default();
            }
        }
    }

    /// The row a page `down` or up on question `index`'s list highlights. A page is measured
    /// against the last frame's list, but the row it lands on may bring longer key hints (the
    /// written answer's), and the list is then shorter: the page is measured again for that
    /// list, so that the row two pages share still shows.
    fn page_list_row(&mut self, index: usize, down: bool) -> usize {
        let row = self.page_list(index, down, 0);
        let cursor = std::mem::replace(&mut self.state.cursors[index], row);
        let gained = self.footer_lines_gained();
        self.state.cursors[index] = cursor;
        if gained == 0 {
            row
        } else {
            self.page_list(index, down, gained)
        }
    }

    /// Highlights `row` of the active question if it exists; returns whether it does.
    pub(super) fn highlight_row(&mut self, row: usize) -> bool {
        let Some((index, question)) = self.active_question() else {
            return false;
        };
        if row >= Self::row_count(question) {
            return false;
        }
        if self.state.cursors[index] != row {
            self.state.cursors[index] = row;
            self.state.preview = PreviewScroll::default();
        }
        true
    }

    /// Goes on after a question was answered: to the next question, then to the final tab;
    /// without a final tab (a one-question `ask_user_question`), the answer is submitted.
    pub(super) fn advance(&mut self) -> Vec<crate::effect::Effect> {
        let questions = self.call.request().questions.len();
        if self.state.tab + 1 < questions || self.rules().final_tab.is_some() {
            self.enter_tab(self.state.tab + 1);
            return Vec::new();
        }
        self.try_submit()
    }
}

impl Form {
    /// A navigation key on the focused part; returns whether it did anything there (an editor
    /// keeps `home` and `end` for its own lines).
    ///
    /// - option list: `home`/`end` highlight the first and last row, `pageUp`/`pageDown` move
    ///   the highlight a page (see `page_list`), stopping at the ends; on preview questions
    ///   they scroll the preview instead, a page of it at a time;
    /// - final tab: `home`/`end` highlight the first and last action, the page keys and the
    ///   text keys page the summary;
    /// - an open editor: the page keys move its cursor a page of its rows;
    /// - on question tabs, `shift+up`/`shift+down` page a prompt that does not fit, whatever
    ///   has focus.
    pub(super) fn navigate(&mut self, navigation: Navigation) -> bool {
        let down = matches!(
            navigation,
            Navigation::Last | Navigation::PageDown | Navigation::TextDown
        );
        let Some((index, question)) = self.active_question() else {
            match navigation {
                Navigation::First | Navigation::Last => {
                    let last = self.rules().actions.len().saturating_sub(1);
                    self.state.review_cursor = if down { last } else { 0 };
                }
                Navigation::PageUp
                | Navigation::PageDown
                | Navigation::TextUp
                | Navigation::TextDown => self.page_review(down),
            }
            return true;
        };
        let preview = question.presented == QuestionType::Preview;
        let rows = Self::row_count(question);
        let editing = matches!(self.state.focus, Focus::Editor(_));
        match navigation {
            Navigation::TextUp | Navigation::TextDown => self.page_prompt(down),
            Navigation::First | Navigation::Last if editing => return false,
            Navigation::PageUp | Navigation::PageDown if editing => self.page_editor(down),
            Navigation::First => {
                self.highlight_row(0);
            }
            Navigation::Last => {
                self.highlight_row(rows.saturating_sub(1));
            }
            Navigation::PageUp | Navigation::PageDown if preview => self.page_preview(down),
            Navigation::PageUp | Navigation::PageDown => {
                let row = self.page_list_row(index, down);
                self.highlight_row(row);
            }
        }
        true
    }
}
