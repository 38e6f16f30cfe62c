//! The preview pane of preview questions: beside the list on wide screens, below it on
//! narrow ones, scrolled with `pageUp`/`pageDown` and the mouse wheel.

use std::borrow::Cow;

use super::super::Form;
use super::super::preview::{clamp_bottom, pane_rows, scroll_down, scroll_up};
use super::super::state::PreviewScroll;
use super::kept_rows::RowLook;
use super::panes::{Pane, PaneKey};
use super::{ACCENT, BORDER, DIM, Hit, MUTED, TEXT};
use crate::draw::{Canvas, Line, Pos, Rect, Span, put_line};
use crate::text::{sanitize_line, truncate, width};

/// The screen width from which the preview stands beside the list rather than below it.
pub const WIDE_PREVIEW_COLUMNS: u16 = 100;

/// What an option without preview text shows.
const NO_PREVIEW: &str = "No preview available";

/// The fewest rows a pane below the list is drawn in: its header and a line of text.
const PANE_FROM_ROWS: u16 = 2;

/// The page size used before the pane was ever drawn.
const DEFAULT_PANE: (usize, usize) = (60, 10);

impl Form {
    /// The active question and its highlighted row.
    fn highlighted_row(&self) -> Option<(usize, usize)> {
        let (index, _) = self.active_question()?;
        Some((index, self.state.cursors[index]))
    }

    /// The preview text of the highlighted row of the active question, if it has one, as it
    /// shows: the text as written without its blank first lines and trailing white space, so
    /// the first line keeps its indentation.
    pub(super) fn highlighted_preview(&self) -> Option<&str> {
        let (index, row) = self.highlighted_row()?;
        let question = &self.call.request().questions[index];
        let preview = question
            .options
            .get(row)?
            .preview
            .as_ref()
            .filter(|text| !text.is_empty())?;
        Some(shown_preview(preview.as_written()))
    }

    /// The label of the highlighted row of the active question.
    fn highlighted_label(&self) -> Option<&str> {
        let (index, row) = self.highlighted_row()?;
        let question = &self.call.request().questions[index];
        let custom_label = self.rules().custom_label;
        Some(
            question
                .options
                .get(row)
                .map_or(custom_label, |option| &*option.label),
        )
    }

    /// The pane's text size from the last frame, or a default before the first.
    fn pane_size(&self) -> (usize, usize) {
        let area = self.memory.preview_area.get();
        if area.is_empty() {
            DEFAULT_PANE
        } else {
            (usize::from(area.width), usize::from(area.height))
        }
    }

    /// Scrolls the preview `rows` rows down or up, keeping a full pane at the end.
    pub(in crate::form) fn scroll_preview(&mut self, down: bool, rows: usize) {
        let (columns, height) = self.pane_size();
        let Some(text) = self.highlighted_preview() else {
            return;
        };
        let from = self.state.preview;
        let moved = if down {
            clamp_bottom(
                text,
                scroll_down(text, from, rows, columns),
                height,
                columns,
            )
        } else {
            scroll_up(text, from, rows, columns)
        };
        self.state.preview = moved;
    }

    /// Draws the list and the preview pane in `area`.
    pub(super) fn draw_list_with_preview(&self, canvas: &mut Canvas, area: Rect, index: usize) {
        if area.width >= WIDE_PREVIEW_COLUMNS {
            let (list, rest) = area.split_left(wide_list_columns(area.width));
            let (separator, pane) = rest.split_left(3);
            self.draw_list(canvas, list, index);
            let mut parts = self.memory.parts.borrow_mut();
            self.draw_part(canvas, &mut parts.separator, separator, |canvas| {
                for row in separator.rows() {
                    canvas.put_repeated(Pos::new(row.x + 1, row.y), '│', 1, BORDER);
                }
            });
            drop(parts);
            let (header, text) = pane.split_top(1);
            self.draw_preview(canvas, header, text);
            return;
        }
        let editing = self.editing_list_height(index, area);
        let most = (area.height / 2).max(3).max(editing);
        let list_height = self.natural_list_height(index, area.width, most);
        if editing == 0 && area.height.saturating_sub(list_height) < PANE_FROM_ROWS {
            // A header over no text would only take a row from the list (an open editor
            // keeps it, to say where the preview went).
            self.memory.preview_area.set(Rect::default());
            self.draw_list(canvas, area, index);
            return;
        }
        let (list, rest) = area.split_top(list_height);
        self.draw_list(canvas, list, index);
        let (header, text) = rest.split_top(1);
        self.draw_preview(canvas, header, text);
    }

    /// The rows a list above the preview in `area` needs to show the highlighted row of
    /// question `index` whole with the editor open in it (and the list's position line),
    /// leaving the preview its title: the preview gives way while the user types. 0 with no
    /// editor open in the list.
    fn editing_list_height(&self, index: usize, area: Rect) -> u16 {
        let row = self.state.cursors[index];
        if self.row_look(index, row) != RowLook::Editing {
            return 0;
        }
        let room = area.height.saturating_sub(1);
        let item = self.item_height_for(index, row, usize::from(area.width), usize::from(room));
        u16::try_from(item + 1).map_or(room, |needed| needed.min(room))
    }

    /// The rows the whole list takes, counting at most `limit`.
    fn natural_list_height(&self, index: usize, columns: u16, limit: u16) -> u16 {
        let question = &self.call.request().questions[index];
        let mut total = 0usize;
        for row in 0..Self::row_count(question) {
            total += self.item_height_for(index, row, usize::from(columns), usize::from(limit));
            if total >= usize::from(limit) {
                return limit;
            }
        }
        u16::try_from(total).unwrap_or(limit)
    }

    /// Draws the preview's header (`Preview` rule with the scroll position) and its text; both
    /// together are the pane's mouse region.
    fn draw_preview(&self, canvas: &mut Canvas, header: Rect, area: Rect) {
        self.memory.preview_area.set(area);
        let pane = Rect::new(
            header.x,
            header.y,
            header.width,
            header.height + area.height,
        );
        self.memory.hits.add(pane, Hit::Preview);
        let label = self.highlighted_label();
        let Some(text) = self.highlighted_preview() else {
            put_header(canvas, header, label, None);
            if !area.is_empty() {
                canvas.put(area.pos(), NO_PREVIEW, DIM.italic());
            }
            return;
        };
        if area.is_empty() {
            put_header(canvas, header, label, None);
            return;
        }
        let columns = usize::from(area.width);
        let height = usize::from(area.height);
        let (question, option) = self.highlighted_row().unwrap_or_default();
        let key = PaneKey {
            question,
            option,
            scroll: self.state.preview,
            columns,
            height,
        };
        let mut panes = self.memory.panes.borrow_mut();
        let pane = panes.get_or_lay_out(key, || {
            let (from, rows, more) = pane_rows(text, self.state.preview, height, columns);
            Pane::new(key, text, from, rows, more, width)
        });
        for (row, (line, cells)) in area.rows().zip(pane.rows(text)) {
            canvas.put_measured(row.pos(), line, cells, TEXT);
        }
        let (from, more) = (pane.from, pane.more);
        drop(panes);
        let at_top = from == PreviewScroll::default();
        let position: Option<Cow<'static, str>> = match (at_top, more) {
            (true, false) => None,
            (true, true) => Some(Cow::Borrowed(" ↓ more")),
            (false, false) => Some(Cow::Borrowed(" end")),
            (false, true) => {
                // How far into the text the pane starts, by bytes, as `less` counts; a pane
                // scrolled off the top is never at 0%.
                let percent = (from.line.saturating_mul(100) / text.len().max(1)).max(1);
                Some(Cow::Owned(format!(" {percent}% ↓")))
            }
        };
        put_header(canvas, header, label, position);
    }
}

/// Preview text as the pane shows it: from the start of its first line with text (keeping
/// that line's indentation) to its last character that is not white space.
fn shown_preview(text: &str) -> &str {
    let text = text.trim_end();
    let first = text.find(|c: char| !c.is_whitespace()).unwrap_or(0);
    let start = text[..first]
        .rfind('\n')
        .map_or(0, |line_break| line_break + 1);
    &text[start..]
}

/// The width of the list beside the preview in a body `width` cells wide (from
/// [`WIDE_PREVIEW_COLUMNS`] on).
pub(super) fn wide_list_columns(width: u16) -> u16 {
    (width * 2 / 5).clamp(30, 56)
}

/// `Preview · TOML ───── 42% ↓`: the pane's title rule with the scroll position at its right.
///
/// The position, the program's own text, is given with its leading space.
fn put_header(
    canvas: &mut Canvas,
    area: Rect,
    label: Option<&str>,
    position: Option<Cow<'static, str>>,
) {
    if area.is_empty() {
        return;
    }
    let columns = usize::from(area.width);
    let end = position.map(|text| Span::clean(text, MUTED));
    // The title takes what the position and a short rule leave, so that the rule still shows
    // where the pane begins.
    let room = columns
        .saturating_sub(end.as_ref().map_or(0, Span::cells) + MIN_RULE)
        .max(columns / 2);
    let title = match label {
        Some(label) => {
            let label = sanitize_line(label);
            let mut title = String::with_capacity(TITLE.len() + label.len() + 1);
            title.push_str(TITLE);
            title.push_str(&label);
            title.push(' ');
            let cells = TITLE_CELLS + width(&label) + 1;
            if cells <= room {
                Span::measured(Cow::Owned(title), cells, ACCENT)
            } else {
                Span::clean(truncate(&title, room).into_owned().into(), ACCENT)
            }
        }
        None => Span::clean(truncate("Preview ", room), ACCENT),
    };
    let rule =
        Span::rule(columns.saturating_sub(title.cells() + end.as_ref().map_or(0, Span::cells)));
    let line: Line = [Some(title), Some(rule), end]
        .into_iter()
        .flatten()
        .collect();
    put_line(canvas, area.pos(), &line);
}

/// The fewest cells of rule a preview pane's title leaves beside it.
const MIN_RULE: usize = 3;

/// The start of a titled preview pane's title, and the cells it takes.
const TITLE: &str = "Preview · ";
const TITLE_CELLS: usize = 10;
