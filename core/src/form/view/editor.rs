//! An open editor drawn as wrapped lines behind a `│` bar, with the text cursor placed, and
//! paged by the rows it shows.

use super::super::Form;
use super::super::editor::Editor;
use super::editor_rows::{char_at, offset_at, place, shifted_rows};
use super::wrap_memo::WrapMemo;
use super::{ACCENT, DIM, TEXT};
use crate::contract::images::markers;
use crate::draw::{Canvas, Line, Pos, Rect, Span, put_lines};
use crate::text::{byte_at_char, cluster_start_at, sanitize_line};
use smallvec::smallvec;
use std::borrow::Cow;

/// The bar in front of every editor line and its width.
const BAR: &str = "│ ";
const BAR_WIDTH: usize = 2;

/// An editor laid out: its lines and where the cursor is (row within the lines, column).
#[derive(Clone, Debug, Default)]
pub struct EditorBlock<'a> {
    /// The lines, bar included.
    pub lines: Vec<Line<'a>>,
    /// The cursor's row among `lines` and its column from the block's left edge.
    pub cursor: Option<(usize, usize)>,
}

/// Lays `editor` out in `columns` cells and at most `max_rows` rows, scrolled so the cursor
/// shows; an empty editor shows `placeholder`. Text wraps one cell short of the edge so the
/// cursor always has a cell after the text. Only lines near the cursor are wrapped.
pub fn editor_block<'a>(
    editor: &Editor,
    columns: usize,
    max_rows: usize,
    placeholder: &'a str,
    wraps: &mut WrapMemo,
) -> EditorBlock<'a> {
    let max_rows = max_rows.max(1);
    let text_columns = columns.saturating_sub(BAR_WIDTH + 1).max(1);
    if editor.is_empty() {
        let mut line: Line = smallvec![Span::new(BAR, ACCENT)];
        line.push(Span::new(
            crate::text::truncate(placeholder, text_columns),
            DIM.italic(),
        ));
        return EditorBlock {
            lines: vec![line],
            cursor: Some((0, BAR_WIDTH)),
        };
    }
    let lines = editor.lines();
    let (cursor_line, cursor_char) = editor.cursor();
    let first = cursor_line.saturating_sub(max_rows);
    let last = (cursor_line + max_rows).min(lines.len().saturating_sub(1));
    let cleans: Vec<(usize, Cow<'_, str>)> = lines
        .iter()
        .enumerate()
        .take(last + 1)
        .skip(first)
        .map(|(number, line)| (number, sanitize_line(line)))
        .collect();
    // The rows are borrowed from the lines; only those shown are copied. Each row knows its
    // line.
    let mut rows: Vec<(&str, usize)> = Vec::new();
    let mut cursor = None;
    for (number, clean) in &cleans {
        let (number, line) = (*number, &lines[*number]);
        let pieces = wraps.rows(clean, text_columns);
        let start_row = rows.len();
        if number == cursor_line {
            let byte = byte_at_char(line, cursor_char).unwrap_or(line.len());
            let offset = sanitize_line(&line[..byte]).len();
            let (row, column) = place(clean, &pieces, offset, text_columns);
            cursor = Some((start_row + row, column));
        }
        rows.extend(pieces.into_iter().map(|piece| (piece, number)));
    }
    let (cursor_row, cursor_column) = cursor.unwrap_or((0, 0));
    let (from_line, from_row) = editor.shown_from.get();
    // The row the last frame began at, among those laid out: before them all when it was
    // above them, after them when below (the window then follows the cursor).
    let shown_before = match rows.iter().position(|&(_, line)| line == from_line) {
        Some(start) => {
            let height = rows[start..]
                .iter()
                .take_while(|&&(_, line)| line == from_line)
                .count();
            start + from_row.min(height - 1)
        }
        None if from_line < first => 0,
        None => rows.len(),
    };
    let window = Window::around(
        Sight {
            cursor: cursor_row,
            wanted_top: shown_before,
        },
        max_rows,
        rows.len(),
        first > 0,
        last + 1 < lines.len(),
    );
    if let Some(&(_, line)) = rows.get(window.top) {
        let start = rows.iter().position(|&(_, at)| at == line).unwrap_or(0);
        editor.shown_from.set((line, window.top - start));
    }
    let mut shown: Vec<Line<'a>> = Vec::with_capacity(max_rows);
    let end = (window.top + window.rows).min(rows.len());
    let text = rows.get(window.top..end).unwrap_or_default();
    // Hidden rows of the line at the edge are counted when no whole line is hidden there: all
    // the rows past the edge are then that line's.
    if let Some(&(_, line)) = text.first().filter(|_| window.above) {
        shown.push(more_lines("↑", line, window.top));
    }
    shown.extend(
        text.iter()
            .map(|(row, _)| smallvec![Span::new(BAR, ACCENT), Span::new((*row).to_owned(), TEXT)]),
    );
    if let Some(&(_, line)) = text.last().filter(|_| window.below) {
        shown.push(more_lines("↓", lines.len() - 1 - line, rows.len() - end));
    }
    EditorBlock {
        lines: shown,
        cursor: Some((
            cursor_row - window.top + usize::from(window.above),
            BAR_WIDTH + cursor_column,
        )),
    }
}

/// The rows of an editor's text shown, and whether a line of its own says that more is
/// hidden above them and below them.
struct Window {
    top: usize,
    rows: usize,
    above: bool,
    below: bool,
}

impl Window {
    /// The fewest rows of text a window of `max_rows` shows, with a line saying more is hidden
    /// above and one below: a page of the editor moves by them, so two pages share a line.
    const fn fewest_rows(max_rows: usize) -> usize {
        if max_rows >= 3 {
            max_rows - 2
        } else {
            max_rows
        }
    }

    /// The rows in at most `max_rows` that show `sight`'s cursor, beginning at its wanted top
    /// where the cursor shows from there, else as near it as shows the cursor, among `total`
    /// rows laid out, with lines not laid out before them (`before`) or after them (`after`).
    /// What is hidden takes a row to say so while a row of text is left for the cursor's (with
    /// two rows, only what is above is said). No rows are left blank below the text while
    /// some above it are hidden.
    fn around(sight: Sight, max_rows: usize, total: usize, before: bool, after: bool) -> Self {
        let mut window = Self {
            top: 0,
            rows: max_rows,
            above: false,
            below: false,
        };
        // A line said above stays said; one below may give way to it. Settled in a few passes.
        for _ in 0..4 {
            window.rows = max_rows - usize::from(window.above) - usize::from(window.below);
            let last_top = if after {
                usize::MAX
            } else {
                total.saturating_sub(window.rows)
            };
            window.top = sight
                .wanted_top
                .min(last_top)
                .clamp((sight.cursor + 1).saturating_sub(window.rows), sight.cursor);
            let above = (window.above || before || window.top > 0) && max_rows > 1;
            let below = (window.below || after || window.top + window.rows < total)
                && max_rows > 1 + usize::from(above);
            if (above, below) == (window.above, window.below) {
                break;
            }
            window.above = above;
            window.below = below;
        }
        window.rows = window.rows.min(total.saturating_sub(window.top));
        window
    }
}

/// The row of an editor's laid-out rows the cursor is on, and the row the window would
/// begin at to stay where it was.
#[derive(Clone, Copy)]
struct Sight {
    cursor: usize,
    wanted_top: usize,
}

/// The line that says more is hidden in `direction`: `whole` lines, or, with none, the
/// `rows` the line shown at that edge has past it.
fn more_lines<'a>(direction: &'static str, whole: usize, rows: usize) -> Line<'a> {
    let said = match (whole, rows) {
        (0, 0) => format!("{direction} more"),
        (0, 1) => format!("{direction} 1 more row"),
        (0, _) => format!("{direction} {rows} more rows"),
        (1, _) => format!("{direction} 1 more line"),
        _ => format!("{direction} {whole} more lines"),
    };
    smallvec![Span::new(BAR, ACCENT), Span::new(said, DIM)]
}

/// Draws an editor block in `area` at `indent`, placing the cursor; returns the rows used.
pub fn put_block(canvas: &mut Canvas, area: Rect, indent: u16, block: &EditorBlock<'_>) -> u16 {
    let used = put_lines(canvas, area, indent, &block.lines);
    if let Some((row, column)) = block.cursor
        && row < usize::from(used)
    {
        canvas.set_cursor(Pos::new(
            area.x.saturating_add(indent).saturating_add(column as u16),
            area.y + row as u16,
        ));
    }
    used
}

impl Form {
    /// Lays `editor` out as [`editor_block`] does, remembering its text columns and rows so
    /// a page of it moves by what shows, with a line of markers for its images under it.
    pub(super) fn editor_block<'a>(
        &self,
        editor: &Editor,
        columns: usize,
        max_rows: usize,
        placeholder: &'a str,
    ) -> EditorBlock<'a> {
        let text_columns = columns.saturating_sub(BAR_WIDTH + 1).max(1);
        self.memory
            .editor
            .set((text_columns, Window::fewest_rows(max_rows.max(1))));
        let mut block = editor_block(
            editor,
            columns,
            max_rows,
            placeholder,
            &mut self.memory.editor_wraps.borrow_mut(),
        );
        let images = self.editor_images().len();
        if images > 0 {
            block.lines.push(smallvec![
                Span::new(BAR, ACCENT),
                Span::new(markers(images), ACCENT),
            ]);
        }
        block
    }

    /// Moves the open editor's cursor one row `down` or up as the editor shows its lines,
    /// wrapped at the width it was last drawn at: to the row above or below at the same
    /// column (or the row's end when it is shorter, the column kept for the rows after),
    /// across the lines' ends. `false` where
    /// there is no such row, or the editing engine cannot address it: the key is then its.
    pub(in crate::form) fn move_editor_row(&mut self, down: bool) -> bool {
        let (columns, _) = self.memory.editor.get();
        // No editor drawn yet: no rows to move by.
        let Some(editor) = self.state.editor().filter(|_| columns > 0) else {
            return false;
        };
        let lines = editor.lines();
        let (line, index) = editor.cursor();
        let Some(text) = lines.get(line) else {
            return false;
        };
        let mut wraps = self.memory.editor_wraps.borrow_mut();
        let clean = sanitize_line(text);
        let pieces = wraps.rows(&clean, columns);
        let byte = byte_at_char(text, index).unwrap_or(text.len());
        let offset = sanitize_line(&text[..byte]).len();
        let (row, here) = place(&clean, &pieces, offset, columns);
        let column = editor.row_column.unwrap_or(here);
        let (target_line, target_row) = match (down, row) {
            (true, row) if row + 1 < pieces.len() => (line, row + 1),
            (true, _) if line + 1 < lines.len() => (line + 1, 0),
            (false, row) if row > 0 => (line, row - 1),
            (false, _) if line > 0 => (line - 1, usize::MAX),
            _ => return false,
        };
        let target_text = &lines[target_line];
        let target_clean = sanitize_line(target_text);
        let target_pieces = wraps.rows(&target_clean, columns);
        let target_row = target_row.min(target_pieces.len().saturating_sub(1));
        let target_offset = offset_at(&target_clean, &target_pieces, target_row, column);
        // A column inside a joined emoji or a flag is its start: the cursor never splits one.
        let target_index = cluster_start_at(target_text, char_at(target_text, target_offset));
        drop(wraps);
        let Some(editor) = self.state.editor_mut() else {
            return false;
        };
        let moved = editor.jump(target_line, target_index);
        if moved {
            editor.row_column = Some(column);
        }
        moved
    }

    /// Moves the open editor's cursor and its view a page `down` or up: as many rows as it
    /// showed less one (at least one), row by row as [`Form::move_editor_row`] moves, so the row
    /// at one edge of the editor is at the other after it, within one long line too.
    pub(in crate::form) fn page_editor(&mut self, down: bool) {
        let (columns, rows) = self.memory.editor.get();
        let budget = rows.saturating_sub(1).max(1);
        let mut moved = 0;
        while moved < budget && self.move_editor_row(down) {
            moved += 1;
        }
        // The view turns the page with the cursor, which keeps its row on screen.
        if let Some(editor) = self.state.editor().filter(|_| moved > 0) {
            let from = editor.shown_from.get();
            let wraps = &mut self.memory.editor_wraps.borrow_mut();
            let shifted = shifted_rows(editor.lines(), from, moved, down, columns.max(1), wraps);
            editor.shown_from.set(shifted);
        }
    }
}
