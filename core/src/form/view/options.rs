//! A question tab: the prompt, the question note, and the option list with its scrolling.

use std::collections::HashMap;

use super::super::Form;
use super::super::editor::{EditorTarget, NoteTarget};
use super::editor::{EditorBlock, editor_block};
use super::{
    ACCENT, Line, MUTED, SELECTED, SUCCESS, Span, TEXT, WARNING, cap_lines, put_line, put_lines,
    wrap_spans, wrap_text,
};
use crate::contract::ask_user::QuestionType;
use crate::draw::{Canvas, Pos, Rect};

/// Below this width, the lines under a label are indented less.
const COMPACT_BELOW: usize = 32;

/// The tallest an open editor gets inside the list.
const EDITOR_ROWS: usize = 6;

/// One row of the list laid out: its lines and, with an editor open in it, the cursor.
struct Item {
    lines: Vec<Line>,
    cursor: Option<(usize, usize)>,
}

fn spaces(count: usize) -> Span {
    Span {
        text: " ".repeat(count),
        style: super::TEXT,
    }
}

/// Prefixes every line with `indent` spaces.
fn indented(lines: Vec<Line>, indent: usize) -> Vec<Line> {
    lines
        .into_iter()
        .map(|mut line| {
            line.insert(0, spaces(indent));
            line
        })
        .collect()
}

/// Number of decimal digits of `n`.
fn digits(n: usize) -> usize {
    n.max(1).ilog10() as usize + 1
}

impl Form {
    /// Draws the active question tab.
    pub(super) fn draw_question(&self, canvas: &mut Canvas, area: Rect, index: usize) {
        if area.is_empty() {
            return;
        }
        let question = &self.request.questions[index];
        let columns = usize::from(area.width);
        let height = usize::from(area.height);
        let prompt_rows = (height / 3).max(1);
        let prompt = cap_lines(
            wrap_text(&question.prompt, TEXT.bold(), columns),
            prompt_rows,
            columns,
        );
        let mut rest = area;
        let used = put_lines(canvas, rest, 0, &prompt);
        (_, rest) = rest.split_top(used);
        let used = self.draw_question_note(canvas, rest, index);
        (_, rest) = rest.split_top(used);
        if rest.height >= 6 {
            (_, rest) = rest.split_top(1);
        }
        if !Self::has_custom_row(question) {
            self.draw_free_form(canvas, rest);
            return;
        }
        if question.presented == QuestionType::Preview {
            self.draw_list_with_preview(canvas, rest, index);
        } else {
            self.draw_list(canvas, rest, index);
        }
    }

    /// The question note (or its open editor) under the prompt; returns the rows used.
    fn draw_question_note(&self, canvas: &mut Canvas, area: Rect, index: usize) -> u16 {
        let columns = usize::from(area.width);
        if let Some(editor) = self.state.editor()
            && editor.target == EditorTarget::Note(NoteTarget::Question)
        {
            let label = vec![Span::new("✎ Question note", ACCENT)];
            put_line(canvas, area.pos(), &label);
            let (_, below) = area.split_top(1);
            let rows = EDITOR_ROWS.min(usize::from(below.height));
            let block = editor_block(editor, columns, rows, "Write a note on this question");
            return 1 + put_block(canvas, below, 0, &block);
        }
        let note = self.state.drafts[index].committed_note();
        let Some(note) = note else {
            return 0;
        };
        let spans = [
            Span::new("✎ Note: ", MUTED.italic()),
            Span::new(note, MUTED.italic()),
        ];
        let lines = cap_lines(wrap_spans(&spans, columns), 2, columns);
        put_lines(canvas, area, 0, &lines)
    }

    /// A free-form question: its editor fills the body.
    fn draw_free_form(&self, canvas: &mut Canvas, area: Rect) {
        let Some(editor) = self.state.editor() else {
            let draft = &self.state.drafts[self.state.tab];
            if let Some(text) = draft.committed_custom_text() {
                let lines = wrap_text(text, TEXT, usize::from(area.width));
                put_lines(canvas, area, 0, &lines);
            }
            return;
        };
        let block = editor_block(
            editor,
            usize::from(area.width),
            usize::from(area.height),
            "Type your answer",
        );
        put_block(canvas, area, 0, &block);
    }

    /// Lays out row `row` of question `index` in `columns` cells, no item part taller than
    /// `max_rows`.
    fn item(&self, index: usize, row: usize, columns: usize, max_rows: usize) -> Item {
        let question = &self.request.questions[index];
        let draft = &self.state.drafts[index];
        let rows = Self::row_count(question);
        let number_width = digits(rows) + 1;
        let label_indent = 2 + number_width + 1 + 4;
        let label_columns = columns.saturating_sub(label_indent).max(1);
        let indent = if columns < COMPACT_BELOW {
            4
        } else {
            label_indent
        };
        let text_columns = columns.saturating_sub(indent).max(1);
        let highlighted = self.state.cursors[index] == row;
        let custom = row >= question.options.len();
        let editor = self.state.editor();
        let selected = if custom {
            draft.committed_custom_text().is_some()
        } else {
            draft.is_selected(row)
        };
        let marker = match (question.is_multi(), selected) {
            (true, true) => "[x] ",
            (true, false) => "[ ] ",
            (false, true) => "(•) ",
            (false, false) => "( ) ",
        };
        let label = if custom {
            self.rules.custom_label
        } else {
            question.options[row].label.as_str()
        };
        let label_style = if highlighted { SELECTED.bold() } else { TEXT };
        let mut label_spans = vec![Span::new(label, label_style)];
        if !custom
            && draft
                .option_notes
                .get(&row)
                .is_some_and(|n| !n.trim().is_empty())
        {
            label_spans.push(Span::new(" ✎", MUTED));
        }
        let mut label_lines = cap_lines(
            wrap_spans(&label_spans, label_columns),
            (max_rows / 2).max(1),
            label_columns,
        );
        let editing_here = editor.is_some_and(|editor| match editor.target {
            EditorTarget::Custom => custom,
            EditorTarget::Note(NoteTarget::Option(option)) => option == row,
            EditorTarget::Note(NoteTarget::Question) => false,
        });
        let subtitle_rows = if editing_here {
            1
        } else {
            (max_rows / 4).max(1)
        };
        let mut first = vec![
            Span::new(if highlighted { "› " } else { "  " }, ACCENT.bold()),
            Span::new(
                &format!("{:>number_width$} ", format!("{}.", row + 1)),
                if highlighted { ACCENT } else { MUTED },
            ),
            Span::new(marker, if selected { SUCCESS } else { MUTED }),
        ];
        let mut lines = Vec::new();
        if label_lines.is_empty() {
            label_lines.push(Vec::new());
        }
        let mut label_lines = label_lines.into_iter();
        if let Some(head) = label_lines.next() {
            first.extend(head);
            lines.push(first);
        }
        lines.extend(indented(label_lines.collect(), label_indent));
        let mut cursor = None;
        if custom {
            match editor {
                Some(editor) if editor.target == EditorTarget::Custom => {
                    let block = editor_block(
                        editor,
                        columns.saturating_sub(indent).max(3),
                        EDITOR_ROWS.min(max_rows),
                        "Type your answer",
                    );
                    cursor = block.cursor.map(|(r, c)| (lines.len() + r, indent + c));
                    lines.extend(indented(block.lines, indent));
                }
                _ if !draft.custom_text.trim().is_empty() => {
                    let style = if selected { TEXT } else { MUTED };
                    let text = cap_lines(
                        wrap_text(&draft.custom_text, style, text_columns),
                        3.min(max_rows),
                        text_columns,
                    );
                    lines.extend(indented(text, indent));
                }
                _ => {}
            }
            return Item { lines, cursor };
        }
        let option = &question.options[row];
        let subtitle = match (option.recommended == Some(true), &option.description) {
            (true, Some(description)) => vec![
                Span::new("(recommended)", WARNING),
                Span::new(&format!(" | {description}"), MUTED),
            ],
            (true, None) => vec![Span::new("(recommended)", WARNING)],
            (false, Some(description)) => vec![Span::new(description, MUTED)],
            (false, None) => Vec::new(),
        };
        if !subtitle.is_empty() {
            let sub = cap_lines(
                wrap_spans(&subtitle, text_columns),
                subtitle_rows,
                text_columns,
            );
            lines.extend(indented(sub, indent));
        }
        match editor {
            Some(editor) if editor.target == EditorTarget::Note(NoteTarget::Option(row)) => {
                let block = editor_block(
                    editor,
                    columns.saturating_sub(indent).max(3),
                    EDITOR_ROWS.min(max_rows),
                    "Write a note on this option",
                );
                cursor = block.cursor.map(|(r, c)| (lines.len() + r, indent + c));
                lines.extend(indented(block.lines, indent));
            }
            _ => {
                if let Some(note) = draft
                    .option_notes
                    .get(&row)
                    .filter(|n| !n.trim().is_empty())
                {
                    let spans = [
                        Span::new("✎ ", MUTED.italic()),
                        Span::new(note, MUTED.italic()),
                    ];
                    let note = cap_lines(wrap_spans(&spans, text_columns), 2, text_columns);
                    lines.extend(indented(note, indent));
                }
            }
        }
        Item { lines, cursor }
    }

    /// The rows item `row` of question `index` takes in `columns` cells.
    pub(super) fn item_height_for(
        &self,
        index: usize,
        row: usize,
        columns: usize,
        max_rows: usize,
    ) -> usize {
        self.item(index, row, columns, max_rows).lines.len()
    }

    /// Draws the option list of question `index` in `area`, scrolled to keep the highlighted
    /// row in view, with a position line when it does not fit.
    pub(super) fn draw_list(&self, canvas: &mut Canvas, area: Rect, index: usize) {
        self.memory.list_area.set(area);
        if area.is_empty() {
            return;
        }
        let question = &self.request.questions[index];
        let rows = Self::row_count(question);
        let columns = usize::from(area.width);
        let height = usize::from(area.height);
        let cursor_row = self.state.cursors[index].min(rows.saturating_sub(1));
        let mut items: HashMap<usize, Item> = HashMap::new();
        let item_height = |row: usize, items: &mut HashMap<usize, Item>| {
            items
                .entry(row)
                .or_insert_with(|| self.item(index, row, columns, height))
                .lines
                .len()
        };
        let fits = rows <= height
            && (0..rows)
                .map(|row| item_height(row, &mut items))
                .sum::<usize>()
                <= height;
        let list_height = if fits {
            height
        } else {
            height.saturating_sub(1).max(1)
        };
        let (tab, remembered) = self.memory.list_top.get();
        let mut top = if fits || tab != index { 0 } else { remembered };
        top = top.min(cursor_row);
        top = top.max(cursor_row.saturating_sub(list_height));
        let mut used: usize = (top..=cursor_row)
            .map(|row| item_height(row, &mut items))
            .sum();
        while used > list_height && top < cursor_row {
            used -= item_height(top, &mut items);
            top += 1;
        }
        let mut below: usize = (top..rows)
            .map(|row| item_height(row, &mut items))
            .scan(0usize, |total, rows| {
                let before = *total;
                *total += rows;
                (before <= list_height).then_some(rows)
            })
            .sum();
        while top > 0 && below + item_height(top - 1, &mut items) <= list_height {
            top -= 1;
            below += item_height(top, &mut items);
        }
        self.memory.list_top.set((index, top));
        let mut y = 0;
        let mut last_started = top;
        for row in top..rows {
            if y >= list_height {
                break;
            }
            item_height(row, &mut items);
            let item = &items[&row];
            let room = Rect::new(
                area.x,
                area.y + y as u16,
                area.width,
                (list_height - y) as u16,
            );
            let drawn = put_lines(canvas, room, 0, &item.lines);
            if let Some((r, c)) = item.cursor
                && r < usize::from(drawn)
            {
                canvas.set_cursor(Pos::new(area.x + c as u16, room.y + r as u16));
            }
            y += usize::from(drawn);
            last_started = row;
        }
        if !fits {
            let above = top;
            let below = rows - 1 - last_started;
            let mut spans = Vec::new();
            if above > 0 {
                spans.push(Span::new(&format!("↑ {above} more  ·  "), MUTED));
            }
            spans.push(Span::new(&format!("{}/{rows}", cursor_row + 1), MUTED));
            if below > 0 {
                spans.push(Span::new(&format!("  ·  ↓ {below} more"), MUTED));
            }
            let line = Rect::new(area.x, area.bottom() - 1, area.width, 1);
            put_line(canvas, Pos::new(line.x + 2, line.y), &spans);
        }
    }
}

/// Draws an editor block in `area` at `indent`, placing the cursor; returns the rows used.
fn put_block(canvas: &mut Canvas, area: Rect, indent: u16, block: &EditorBlock) -> u16 {
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
