//! The rows of the option list laid out (the list itself is drawn in `list`).

use smallvec::SmallVec;

use super::super::Form;
use super::super::editor::{EditorTarget, NoteTarget};
use super::{ACCENT, MUTED, SELECTED, SUCCESS, TEXT, WARNING};
use crate::contract::answers::with_markers;
use crate::draw::{
    Line, Span, cap_lines, indented, owned_lines, push_wrapped, wrap_each, wrap_first, wrap_text,
};

/// Below this width, the lines under a label are indented less.
const COMPACT_BELOW: usize = 32;

/// The tallest an open editor gets under the prompt, and inside a list of up to
/// [`TALL_EDITOR_SHARE`] times as many rows.
pub(super) const EDITOR_ROWS: usize = 6;

/// A list taller than [`EDITOR_ROWS`] times this gives an open editor this share of its rows,
/// so a long answer on a tall screen shows more of itself.
const TALL_EDITOR_SHARE: usize = 3;

/// The rows a saved written answer shows at most under its row, fewer where descriptions take
/// fewer.
const WRITTEN_ROWS: usize = 3;

/// The lines of a row of the list, the label's first. Most rows are a label's line and a
/// description's, kept in place: a frame lays out every row it shows, and none allocates for
/// its lines.
pub(super) type ItemLines<'a> = SmallVec<[Line<'a>; 2]>;

/// One row of the list laid out: its lines and, with an editor open in it, the cursor and the
/// first line of the editor (which runs to the end of the item).
pub(super) struct Item<'a> {
    /// The lines, the label's first.
    pub lines: ItemLines<'a>,
    /// The text cursor: a line of the item and a column.
    pub cursor: Option<(usize, usize)>,
    /// The first line of an open editor.
    pub editor_from: Option<usize>,
}

impl Item<'_> {
    /// The same item owning its text, to keep beyond what it borrows from.
    pub fn into_owned(self) -> Item<'static> {
        Item {
            lines: owned_lines(self.lines),
            cursor: self.cursor,
            editor_from: self.editor_from,
        }
    }
}

/// Number of decimal digits of `n`.
fn digits(n: usize) -> usize {
    n.max(1).ilog10() as usize + 1
}

/// `<number>.` right-aligned in `cells` cells, then a space and `then`: a row's number column
/// (and its marker, when both are in one style), written without the formatting machinery
/// (`itoa`), as every shown row needs one every frame.
fn row_number(number: usize, cells: usize, then: &str) -> String {
    let mut buffer = itoa::Buffer::new();
    let digits = buffer.format(number);
    let padding = cells.saturating_sub(digits.len() + 1);
    let mut text = String::with_capacity(padding + digits.len() + 2 + then.len());
    for _ in 0..padding {
        text.push(' ');
    }
    text.push_str(digits);
    text.push_str(". ");
    text.push_str(then);
    text
}

/// Appends a line of a row's label to `lines`: the first after the row's cursor, number and
/// marker (`before`, taken), any other indented by `indent` cells under the label.
fn push_label_line<'a>(
    lines: &mut ItemLines<'a>,
    before: &mut Option<[Span<'a>; 3]>,
    indent: usize,
    mut line: Line<'a>,
) {
    match before.take() {
        // In the room a wrapped line keeps before its spans.
        Some(before) => {
            let count = before.len();
            line.extend(before);
            line.rotate_right(count);
        }
        None => line.insert(0, Span::spaces(indent)),
    }
    lines.push(line);
}

/// Whether a row is laid out as the highlighted one.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord)]
pub(super) enum Emphasis {
    /// The highlighted row: its label wraps whole (as far as the list has rows), unless an
    /// editor is open in it, which needs the rows.
    Highlighted,
    /// Any other row: its label takes at most half the list's rows.
    Plain,
}

impl Form {
    /// Whether row `row` of question `index` is selected: its option, or the custom answer on
    /// its row once committed.
    pub(super) fn row_selected(&self, index: usize, row: usize) -> bool {
        let draft = &self.state.drafts[index];
        if row >= self.call.request().questions[index].options.len() {
            draft.committed_custom_text().is_some()
        } else {
            draft.is_selected(row)
        }
    }

    /// Whether question `index` has a custom answer written (text or images), which its row
    /// shows.
    pub(super) fn custom_written(&self, index: usize) -> bool {
        let draft = &self.state.drafts[index];
        !draft.custom_text.trim().is_empty() || !draft.custom_images.is_empty()
    }

    /// Whether option `row` of question `index` has a note (text or images) to show.
    pub(super) fn option_noted(&self, index: usize, row: usize) -> bool {
        let draft = &self.state.drafts[index];
        !draft.option_note_images(row).is_empty()
            || draft
                .option_notes
                .get(&row)
                .is_some_and(|n| !n.trim().is_empty())
    }

    /// Whether an editor is open on option `row`'s note, or on the custom answer when `row`
    /// is its row (`custom`).
    pub(super) fn editing_row(&self, row: usize, custom: bool) -> bool {
        self.state
            .editor()
            .is_some_and(|editor| match editor.target {
                EditorTarget::Custom => custom,
                EditorTarget::Note(NoteTarget::Option(option)) => option == row,
                EditorTarget::Note(NoteTarget::Question) => false,
            })
    }

    /// Lays out row `row` of question `index` in `columns` cells for a list of `max_rows` rows,
    /// its description in at most `description_rows` rows.
    pub(super) fn item(
        &self,
        index: usize,
        row: usize,
        columns: usize,
        max_rows: usize,
        description_rows: usize,
    ) -> Item<'_> {
        let emphasis = if self.state.cursors[index] == row {
            Emphasis::Highlighted
        } else {
            Emphasis::Plain
        };
        self.item_as(index, row, (columns, max_rows), description_rows, emphasis)
    }

    /// Lays out row `row` of question `index` as [`Form::item`] does, in a list of `size`
    /// (columns, rows), with `emphasis` whether or not it is highlighted.
    pub(super) fn item_as(
        &self,
        index: usize,
        row: usize,
        size: (usize, usize),
        description_rows: usize,
        emphasis: Emphasis,
    ) -> Item<'_> {
        let (columns, max_rows) = size;
        let question = &self.call.request().questions[index];
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
        let highlighted = emphasis == Emphasis::Highlighted;
        let custom = row >= question.options.len();
        let editor = self.state.editor();
        let selected = self.row_selected(index, row);
        let marker = match (question.is_multi(), selected) {
            (true, true) => "[x] ",
            (true, false) => "[ ] ",
            (false, true) => "(•) ",
            (false, false) => "( ) ",
        };
        let label = if custom {
            self.rules().custom_label
        } else {
            &*question.options[row].label
        };
        let label_style = if highlighted { SELECTED.bold() } else { TEXT };
        let note_images = if custom {
            0
        } else {
            draft.option_note_images(row).len()
        };
        let noted = !custom && self.option_noted(index, row);
        let (with_note_mark, alone);
        let label_spans: &[Span] = if noted {
            with_note_mark = [Span::new(label, label_style), Span::constant(" ✎", MUTED)];
            &with_note_mark
        } else {
            alone = [Span::new(label, label_style)];
            &alone
        };
        let editing_here = self.editing_row(row, custom);
        // A row with an open editor fits beside the list's position line, its label and
        // description giving way to the editor, so that the line being typed always shows.
        let editing_room = max_rows.saturating_sub(1).max(1);
        let label_rows = match emphasis {
            Emphasis::Highlighted if !editing_here => max_rows.saturating_sub(1),
            Emphasis::Highlighted => (max_rows / 2).min(editing_room.saturating_sub(1)),
            Emphasis::Plain => max_rows / 2,
        };
        let subtitle_rows = description_rows.max(1);
        let editor_rows = |lines: &ItemLines| {
            EDITOR_ROWS
                .max(max_rows / TALL_EDITOR_SHARE)
                .min(editing_room.saturating_sub(lines.len()))
                .max(1)
        };
        let mut lines = ItemLines::new();
        let number_style = if highlighted { ACCENT } else { MUTED };
        let marker_style = if selected { SUCCESS } else { MUTED };
        // A number and a marker in one style, as most rows have, are one run.
        let (joined, marker) = if number_style == marker_style {
            (marker, "")
        } else {
            ("", marker)
        };
        let mut before = Some([
            Span::constant(if highlighted { "› " } else { "  " }, ACCENT.bold()),
            Span::new(row_number(row + 1, number_width, joined), number_style),
            Span::constant(marker, marker_style),
        ]);
        wrap_each(label_spans, label_columns, label_rows.max(1), |line| {
            push_label_line(&mut lines, &mut before, label_indent, line);
        });
        if lines.is_empty() {
            push_label_line(&mut lines, &mut before, label_indent, Line::new());
        }
        let mut cursor = None;
        let mut editor_from = None;
        if custom {
            match editor {
                Some(editor) if editor.target == EditorTarget::Custom => {
                    let block = self.editor_block(
                        editor,
                        columns.saturating_sub(indent).max(3),
                        editor_rows(&lines),
                        "Type your answer",
                    );
                    cursor = block.cursor.map(|(r, c)| (lines.len() + r, indent + c));
                    editor_from = Some(lines.len());
                    lines.extend(indented(block.lines, indent));
                    if let Some(warning) = self.custom_save_warning(index) {
                        let warning = wrap_text(warning, WARNING, text_columns);
                        lines.extend(indented(cap_lines(warning, 2, text_columns), indent));
                    }
                }
                _ if self.custom_written(index) => {
                    let style = if selected { TEXT } else { MUTED };
                    let shown = with_markers(&draft.custom_text, draft.custom_images.len());
                    let rows = WRITTEN_ROWS.min(max_rows).min(subtitle_rows);
                    let first = self.memory.first_lines.answer_row.borrow_mut().lines(
                        &[],
                        &shown,
                        style,
                        text_columns,
                        rows + 1,
                    );
                    let text = cap_lines(first, rows, text_columns);
                    lines.extend(indented(text, indent));
                }
                _ => {}
            }
            return Item {
                lines,
                cursor,
                editor_from,
            };
        }
        let option = &question.options[row];
        let recommended = option.recommended == Some(true);
        let description = option.description.as_deref().map(|description| {
            if recommended {
                Span::multiline([" | ", description].concat(), MUTED)
            } else {
                Span::multiline(description, MUTED)
            }
        });
        let (both, one);
        let subtitle: &[Span] = match (recommended, description) {
            (true, Some(description)) => {
                both = [Span::new("(recommended)", WARNING), description];
                &both
            }
            (true, None) => {
                one = [Span::new("(recommended)", WARNING)];
                &one
            }
            (false, Some(description)) => {
                one = [description];
                &one
            }
            (false, None) => &[],
        };
        // The note's editor is laid out first: the description shows only where it leaves the
        // editor every row the editor wants, so it gives way before the editor is cut.
        let note_block = editor
            .filter(|editor| editor.target == EditorTarget::Note(NoteTarget::Option(row)))
            .map(|editor| {
                self.editor_block(
                    editor,
                    columns.saturating_sub(indent).max(3),
                    editor_rows(&lines),
                    "Write a note on this option",
                )
            });
        // The highlighted option's description shows whole where a third of the list holds
        // it, as its label does: nothing else shows a description cut short. More would leave
        // a page too few options to move by.
        let subtitle_rows = if highlighted && !editing_here {
            subtitle_rows.max(max_rows / 3)
        } else {
            subtitle_rows
        };
        let subtitle_room = note_block.as_ref().map_or(subtitle_rows, |block| {
            editing_room
                .saturating_sub(lines.len() + block.lines.len())
                .min(subtitle_rows)
        });
        if !subtitle.is_empty() && subtitle_room > 0 {
            push_wrapped(&mut lines, subtitle, text_columns, subtitle_room, indent);
        }
        if let Some(block) = note_block {
            cursor = block.cursor.map(|(r, c)| (lines.len() + r, indent + c));
            editor_from = Some(lines.len());
            lines.extend(indented(block.lines, indent));
        } else {
            let note = draft
                .option_notes
                .get(&row)
                .map(String::as_str)
                .filter(|n| !n.trim().is_empty());
            if note.is_some() || note_images > 0 {
                let note = with_markers(note.unwrap_or_default(), note_images);
                let lead = [Span::new("✎ ", MUTED.italic())];
                let note_lines = wrap_first(&lead, note, MUTED.italic(), text_columns, 3);
                lines.extend(indented(cap_lines(note_lines, 2, text_columns), indent));
            }
        }
        Item {
            lines,
            cursor,
            editor_from,
        }
    }

    /// The rows item `row` of question `index` takes in `columns` cells in a list of
    /// `max_rows` rows that does not show every description whole, highlighted or not as it
    /// is now.
    pub(super) fn item_height_for(
        &self,
        index: usize,
        row: usize,
        columns: usize,
        max_rows: usize,
    ) -> usize {
        self.item(index, row, columns, max_rows, short_description(max_rows))
            .lines
            .len()
    }

    /// The rows item `row` takes as [`Form::item_height_for`] counts them, with `emphasis`.
    pub(super) fn item_height_as(
        &self,
        index: usize,
        row: usize,
        size: (usize, usize),
        emphasis: Emphasis,
    ) -> usize {
        let description = short_description(size.1);
        self.item_as(index, row, size, description, emphasis)
            .lines
            .len()
    }
}

/// The rows a description takes at most in a list of `max_rows` rows that does not show every
/// description whole: a quarter of the list.
pub(super) fn short_description(max_rows: usize) -> usize {
    (max_rows / 4).max(1)
}

#[cfg(test)]
#[path = "options_tests.rs"]
mod tests;
