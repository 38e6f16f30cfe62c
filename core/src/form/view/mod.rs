//! The form's immediate-mode view: `draw(size)` lays the screen out and emits semantic draw
//! commands, doing work only for what is on screen.
//!
//! Layout decisions:
//!
//! - one column of margin left and right (from 20 columns up), then from the top: the title,
//!   the tab bar, a rule, the body, a notice line, a rule and the key hints; the optional
//!   rows disappear on short screens so the body keeps room;
//! - a question tab's body is the prompt, the question note, a blank row and the list (or the
//!   free-form editor). The prompt and the descriptions keep their line breaks. The prompt
//!   takes every row it needs, up to what leaves the list the highlighted row and two rows
//!   more, six rows at least (all of the list when it is shorter; on free-form questions,
//!   three rows of editor); it never gets less than a third of the body, nor less than a
//!   window that scrolls (a line and its position line) while the list keeps a row;
//! - a prompt that still does not fit shows as a window with a `↑ 3 more lines  ·  ↓ 9 more
//!   lines  (shift+up/down)` line under it: `shift+down`/`shift+up` scroll it by its height
//!   less one row (editors open or not), the wheel over it scrolls it, and so does the wheel
//!   turned up over the list while the first row is highlighted. On preview questions the
//!   prompt takes at most a third of the body, so the list and the preview have the rest;
//! - every scrolled view pages so that no line is on no page: a page down starts with the last
//!   line of the one before (the summary's `↑ more`/`↓ more` rows count as rows, see
//!   `paging::Window`), the list turns its page at the row shown last whole, and the preview
//!   and an editor move by their rows less one;
//! - option rows are `› 1. ( ) Label` (`[x]` boxes on multi-select questions), with the
//!   description, the `(recommended) | description` subtitle, saved free-form text and option
//!   notes wrapped under the label at its indentation. A label takes at most half the list's
//!   rows, cut with `…`, except on the highlighted row (without an open editor), where it wraps
//!   whole as far as the list has rows. A list that fits with every
//!   description whole shows so; otherwise each description takes at most a quarter of the
//!   list's rows, and when the list still fits, the highlighted row's description also takes
//!   the rows left free;
//! - a list taller than its area scrolls to keep the highlighted row visible and shows a
//!   `↑ 2 more · 3/30 · ↓ 25 more` line;
//! - preview questions put the list left of the preview from [`WIDE_PREVIEW_COLUMNS`] columns
//!   on, and above the preview on narrower screens. The preview shows its text as written
//!   from its first line with text, indentation kept, to its last character;
//! - key hints wrap to the footer's rows and drop by priority when they need more (see
//!   `footer`).
//!
//! The view keeps a little memory between frames ([`ViewMemory`]): the list's first shown row
//! (so the list scrolls only when the highlight leaves it) and the rows it showed, where the
//! prompt window, the preview pane, the summary and an open editor were (for page sizes and
//! scroll limits), and the regions the
//! mouse can hit ([`Hits`]: tabs, a cut prompt, visible option rows, open editors, the preview
//! pane, the summary and the final tab's actions).
//!
//! Work per frame follows what is shown: the prompt is wrapped whole (its window needs the line
//! count), once for its question and width; of the list, the highlighted row is laid out for
//! the prompt's share, a list no longer than its area is laid out whole to see whether it fits,
//! and a longer one only from the first row shown to the last, so a list of 500 options costs
//! about what one of 40 does. What a keystroke seldom changes is kept as drawn and copied into
//! the next frame while it shows the same (`parts`: the title, the tab bar, the prompt, the key
//! hints; `kept_rows`: the list's rows), so a move of the highlight lays out two rows.

mod editor;
mod editor_rows;
mod footer;
mod hits;
mod kept_rows;
mod kept_summary;
mod layout;
mod list;
mod notice;
mod options;
mod panes;
mod parts;
mod preview;
mod question;
mod references;
mod review;
mod summary;
mod summary_place;
mod tabs;
mod wrap_memo;

use std::cell::{Cell, RefCell};

use super::Form;
use super::paging::Window;
use super::state::{Phase, SummaryPlace};
use crate::draw::{
    Canvas, Frame, KeptFirstLines, Pos, Rect, Role, Size, Span, Style, cap_lines, put_line_within,
    put_lines, put_rule, put_rule_marked, wrap_text,
};

pub use hits::{Hit, Hits};
pub use preview::WIDE_PREVIEW_COLUMNS;

/// What the view remembers from the last frame.
#[derive(Debug, Default)]
pub struct ViewMemory {
    /// The tab and the first shown option of the list on it.
    list_top: Cell<(usize, usize)>,
    /// Where the list of the last frame was and what it showed.
    list_page: Cell<list::ListPage>,
    /// The open editor's text columns and rows in the last frame.
    editor: Cell<(usize, usize)>,
    /// The regions of the last frame that the mouse can hit.
    hits: Hits,
    /// The prompt window of the last frame: the tab, its text rows and how far the prompt
    /// can scroll (0 when it shows whole).
    prompt: Cell<(usize, usize, usize)>,
    /// Where the preview text was drawn.
    preview_area: Cell<Rect>,
    /// Where the review summary was drawn.
    review_area: Cell<Rect>,
    /// The review summary's window in the last frame.
    review_window: Cell<Window>,
    /// The place the last frame drew the summary from, and how it laid the summary out.
    review_drawn: Cell<(SummaryPlace, summary_place::SummaryLayout)>,
    /// The review summary's lines as last laid out.
    summary: RefCell<kept_summary::KeptSummary>,
    /// The footer's hints as last laid out.
    footer: RefCell<footer::FooterMemo>,
    /// The list's rows as last laid out.
    kept_rows: RefCell<kept_rows::KeptRows>,
    /// The preview panes laid out last.
    panes: RefCell<panes::KeptPanes>,
    /// The parts of the screen kept as drawn.
    parts: RefCell<parts::KeptParts>,
    /// The first lines of written texts as last laid out: the list's written answer, a
    /// free-form question's answer and the question note.
    first_lines: FirstLinesMemory,
    /// The rows the open editor's long lines wrap to, as last laid out.
    editor_wraps: RefCell<wrap_memo::WrapMemo>,
}

/// The first lines of each written text a frame shows a few lines of, as last laid out.
#[derive(Debug, Default)]
struct FirstLinesMemory {
    /// The written answer under the list's custom row.
    answer_row: RefCell<KeptFirstLines>,
    /// A free-form question's answer.
    free_form: RefCell<KeptFirstLines>,
    /// The question note under the prompt.
    question_note: RefCell<KeptFirstLines>,
}

impl FirstLinesMemory {
    /// Forgets every text's lines.
    #[cfg(test)]
    fn forget(&self) {
        for kept in [&self.answer_row, &self.free_form, &self.question_note] {
            *kept.borrow_mut() = KeptFirstLines::default();
        }
    }
}

/// Plain text.
const TEXT: Style = Style::new(Role::Text);
/// Secondary text.
const MUTED: Style = Style::new(Role::Muted);
/// Out-of-focus text.
const DIM: Style = Style::new(Role::Dim);
/// Titles and markers.
const ACCENT: Style = Style::new(Role::Accent);
/// Separators.
const BORDER: Style = Style::new(Role::Border);
/// Cautions.
const WARNING: Style = Style::new(Role::Warning);
/// Problems.
const ERROR: Style = Style::new(Role::Error);
/// Answered markers.
const SUCCESS: Style = Style::new(Role::Success);
/// The highlighted row.
const SELECTED: Style = Style::new(Role::Selected);

impl Form {
    /// Forgets the list rows, preview panes, key hints and parts kept from earlier frames, so
    /// that the next frame lays everything out afresh.
    #[cfg(test)]
    pub(crate) fn forget_kept_layout(&self) {
        self.memory.kept_rows.borrow_mut().clear();
        self.memory.footer.borrow_mut().forget();
        *self.memory.panes.borrow_mut() = panes::KeptPanes::default();
        self.memory.parts.borrow_mut().forget();
        *self.memory.summary.borrow_mut() = kept_summary::KeptSummary::default();
        self.memory.first_lines.forget();
    }

    /// The mouse regions the last frame recorded, in drawing order.
    #[cfg(test)]
    pub(crate) fn mouse_regions(&self) -> Vec<(Rect, Hit)> {
        self.memory.hits.all()
    }

    /// Draws the form for a screen of `size`: nothing once it has finished.
    pub(super) fn render(&self, size: Size) -> Frame {
        if self.state.phase == Phase::Finished {
            self.memory.hits.start(None);
            return Canvas::new(size).finish();
        }
        self.render_as_left(size, Footer::Hints)
    }

    /// Draws the form as it was left, finished or not, with `footer` under it. The key hints
    /// are laid out before the list, from whether it scrolled in the last frame; a list that
    /// turns out otherwise in this one (on a tab's first frame, after a resize) has the frame
    /// drawn again, so that the hints offer the keys that page it exactly when it scrolls.
    /// Hints for a list that scrolls take more rows, which leaves the list shorter: it still
    /// scrolls, so a second drawing always agrees with itself.
    pub(super) fn render_as_left(&self, size: Size, footer: Footer<'_>) -> Frame {
        let scrolls = |form: &Self| {
            form.active_question()
                .map(|(index, _)| form.list_scrolls(index, usize::from(size.height)))
        };
        let hinted = scrolls(self);
        let frame = self.render_once(size, footer);
        if scrolls(self) == hinted {
            return frame;
        }
        self.render_once(size, footer)
    }

    /// Draws the form as it was left once (see [`Self::render_as_left`]).
    fn render_once(&self, size: Size, footer: Footer<'_>) -> Frame {
        let mut canvas = Canvas::new(size);
        self.memory.hits.start(Some(self.state.tab));
        let regions = layout::Regions::of(self, canvas.area());
        {
            let mut parts = self.memory.parts.borrow_mut();
            let title = regions.title;
            self.draw_part(&mut canvas, &mut parts.title, title, |canvas| {
                self.draw_title(canvas, title);
            });
            let key = self.tab_bar(regions.tabs, regions.rule_top);
            self.draw_part(&mut canvas, &mut parts.tab_bar, key, |canvas| {
                self.draw_tab_bar(canvas, regions.tabs, regions.rule_top);
            });
        }
        match self.active_question() {
            Some((index, _)) => self.draw_question(&mut canvas, regions.body, index),
            None => self.draw_review(&mut canvas, regions.body),
        }
        self.draw_references(&mut canvas, regions.body);
        self.draw_notice(&mut canvas, regions.notice);
        put_rule(&mut canvas, regions.rule_bottom);
        match footer {
            Footer::Hints => {
                let footer = (regions.footer, self.memory.footer.borrow().laid_out());
                let mut parts = self.memory.parts.borrow_mut();
                self.draw_part(&mut canvas, &mut parts.footer, footer, |canvas| {
                    self.draw_footer(canvas, regions.footer);
                });
            }
            Footer::Says(line) => {
                let said = [Span::new(line, Style::new(Role::Success))];
                put_line_within(
                    &mut canvas,
                    regions.footer.pos(),
                    &said,
                    usize::from(regions.footer.width),
                );
            }
        }
        canvas.finish()
    }

    /// The tab bar in `tabs` and the rule under it in `rule`, the active tab underlined.
    fn draw_tab_bar(&self, canvas: &mut Canvas, tabs: Rect, rule: Rect) {
        match self.draw_tabs(canvas, tabs) {
            Some(active_tab) => put_rule_marked(canvas, rule, active_tab, ACCENT),
            None => put_rule(canvas, rule),
        }
    }

    fn draw_title(&self, canvas: &mut Canvas, area: Rect) {
        if let Some(title) = &self.call.request().title
            && !area.is_empty()
        {
            let columns = usize::from(area.width);
            let line = cap_lines(wrap_text(title, ACCENT.bold(), columns), 1, columns);
            put_lines(canvas, area, 0, &line);
        }
    }

    /// What the last frame showed at `pos`, if that frame showed the active tab.
    pub(super) fn hit_at(&self, pos: Pos) -> Option<Hit> {
        self.memory.hits.at(pos, self.state.tab)
    }

    /// A page of a prompt that does not fit whole, `down` or up: the window's rows less one,
    /// so the two pages share a row.
    pub(super) fn page_prompt(&mut self, down: bool) {
        let rows = self.prompt_page();
        self.scroll_prompt(down, rows);
    }

    /// A page of the preview pane, `down` or up: its rows less one, so the two pages share a
    /// row.
    pub(super) fn page_preview(&mut self, down: bool) {
        let rows = usize::from(self.memory.preview_area.get().height.max(2)) - 1;
        self.scroll_preview(down, rows);
    }
}

/// What the footer under the form shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Footer<'a> {
    /// The key hints.
    Hints,
    /// One line in their place: the form takes no keys (an answered form an inbox keeps on
    /// the screen), so no key is offered.
    Says(&'a str),
}
