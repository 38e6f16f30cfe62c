//! A question tab: the prompt, the question note, then the option list (beside or above the
//! preview on preview questions) or the free-form editor. The prompt takes the rows it needs
//! up to what leaves the list its share, and scrolls in a window when it still does not fit.

use std::borrow::Cow;

use super::super::Form;
use super::super::editor::{EditorTarget, NoteTarget};
use super::editor::put_block;
use super::options::EDITOR_ROWS;
use super::parts::{KeptParts, PromptPart, PromptShown, WrappedPrompt};
use super::{ACCENT, Hit, MUTED, TEXT};
use crate::contract::answers::with_markers;
use crate::contract::request::QuestionType;
use crate::draw::{Canvas, Line, Rect, Span, cap_lines, put_line, put_lines};
use crate::keys::Navigation;
use crate::text::width;
use smallvec::smallvec;

/// The fewest rows the list keeps under a prompt that does not fit whole.
const LIST_KEEP: usize = 6;
/// The rows the list keeps under a cut prompt besides the highlighted row's own.
const AROUND_HIGHLIGHT: usize = 2;
/// A prompt on a preview question takes at most this fraction of the body (a third), so the
/// preview gets the rest of the screen.
const PREVIEW_PROMPT_SHARE: usize = 3;
/// The rows a free-form question's editor keeps under a cut prompt.
const FREE_FORM_KEEP: usize = 3;
/// The most rows a saved question note takes.
const NOTE_ROWS: usize = 2;
/// The fewest rows of a prompt window that scrolls (its position line included).
const WINDOW_FROM: usize = 2;

impl Form {
    /// Draws the active question tab.
    pub(super) fn draw_question(&self, canvas: &mut Canvas, area: Rect, index: usize) {
        if area.is_empty() {
            return;
        }
        let question = &self.call.request().questions[index];
        let columns = usize::from(area.width);
        let note = self.question_note_rows(index, columns);
        let mut rest = area;
        {
            let mut parts = self.memory.parts.borrow_mut();
            let KeptParts {
                prompt,
                prompt_lines,
                ..
            } = &mut *parts;
            let lines = prompt_lines.get(self, index, columns);
            let room = self.prompt_room(index, area, lines.len(), note);
            let key = PromptPart {
                index,
                area,
                room,
                scroll: self.state.prompt_scroll,
            };
            let shown = self.draw_part(canvas, prompt, key, |canvas| {
                self.draw_prompt(canvas, area, index, lines, room)
            });
            self.memory.prompt.set(shown.window);
            (_, rest) = rest.split_top(shown.rows);
        }
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

    /// The rows the prompt may take in `area` ([`Self::prompt_share`]), and never fewer than
    /// a window that scrolls while the area keeps a row for the list: a prompt cut to one row
    /// could hide what the question asks, with no way to read it.
    fn prompt_room(&self, index: usize, area: Rect, lines: usize, note: usize) -> usize {
        let share = self.prompt_share(index, area, lines, note);
        if usize::from(area.height) > WINDOW_FROM {
            share.max(lines.min(WINDOW_FROM))
        } else {
            share
        }
    }

    /// The rows the prompt's share of `area`: all of its `lines` when they fit above the
    /// question note (`note` rows), a blank row and what the list keeps; otherwise what is left
    /// once those are kept, and never less than a third of the area. On preview questions, at
    /// most a third of the area, so the list and the preview have the rest.
    fn prompt_share(&self, index: usize, area: Rect, lines: usize, note: usize) -> usize {
        let height = usize::from(area.height);
        if lines <= height / 3 {
            // Every branch below leaves the prompt a third of the area at least.
            return lines;
        }
        let left = |keep: usize| height.saturating_sub(note + 1 + keep).max(height / 3);
        let question = &self.call.request().questions[index];
        if !Self::has_custom_row(question) {
            return lines.min(left(FREE_FORM_KEEP).max(1));
        }
        if question.presented == QuestionType::Preview {
            return lines.min((height / PREVIEW_PROMPT_SHARE).max(WINDOW_FROM));
        }
        let columns = usize::from(area.width);
        let cursor = self.state.cursors[index];
        let highlighted = self.item_height_for(index, cursor, columns, height);
        let most = (highlighted + AROUND_HIGHLIGHT).max(LIST_KEEP);
        if lines <= left(most) {
            return lines;
        }
        let mut list = 0;
        for row in 0..Self::row_count(question) {
            list += self.item_height_for(index, row, columns, height);
            if list >= most {
                break;
            }
        }
        lines.min(left(list.min(most)).max(1))
    }

    /// Draws the prompt's `lines` in `room` rows of `area`: whole when they fit, otherwise a
    /// window scrolled to the remembered row with a position line under it (on very short
    /// screens, only the first rows, cut with `…`). Returns the rows used and the window.
    fn draw_prompt(
        &self,
        canvas: &mut Canvas,
        area: Rect,
        index: usize,
        prompt: &WrappedPrompt,
        room: usize,
    ) -> PromptShown {
        let columns = usize::from(area.width);
        if prompt.len() <= room || room < WINDOW_FROM {
            // One row more than the room, for `cap_lines` to see that the prompt goes on.
            let shown = cap_lines(prompt.lines(0..room + 1), room, columns);
            return PromptShown {
                rows: put_lines(canvas, area, 0, &shown),
                window: (index, room, 0),
            };
        }
        let window = room - 1;
        let max = prompt.len() - window;
        let top = self.state.prompt_scroll.min(max);
        let used = put_lines(canvas, area, 0, &prompt.lines(top..top + window));
        let (shown, _) = area.split_top(used + 1);
        if let Some(row) = shown.rows().nth(usize::from(used)) {
            put_line(canvas, row.pos(), &prompt_position(top, max - top, columns));
        }
        self.memory.hits.add(shown, Hit::Prompt);
        PromptShown {
            rows: shown.height,
            window: (index, window, max),
        }
    }

    /// Scrolls the active question's prompt `rows` rows `down` or up within what the last
    /// frame showed of it; returns whether it moved.
    pub(in crate::form) fn scroll_prompt(&mut self, down: bool, rows: usize) -> bool {
        let (tab, _, max) = self.memory.prompt.get();
        let max = if tab == self.state.tab { max } else { 0 };
        let from = self.state.prompt_scroll.min(max);
        let to = if down {
            from.saturating_add(rows).min(max)
        } else {
            from.saturating_sub(rows)
        };
        self.state.prompt_scroll = to;
        to != from
    }

    /// A page of the prompt window: its rows less one, at least one.
    pub(super) fn prompt_page(&self) -> usize {
        let (_, window, _) = self.memory.prompt.get();
        window.saturating_sub(1).max(1)
    }

    /// The rows of the question note under the prompt: the open editor with its label, or the
    /// saved note.
    fn question_note_rows(&self, index: usize, columns: usize) -> usize {
        if let Some(editor) = self.state.editor()
            && editor.target == EditorTarget::Note(NoteTarget::Question)
        {
            return 1 + self
                .editor_block(editor, columns, EDITOR_ROWS, "")
                .lines
                .len();
        }
        self.saved_question_note(index)
            .map_or(0, |note| self.question_note_lines(&note, columns).len())
    }

    /// The saved question note as it shows: its text and the markers of its images.
    fn saved_question_note(&self, index: usize) -> Option<Cow<'_, str>> {
        let draft = &self.state.drafts[index];
        draft.has_question_note().then(|| {
            with_markers(
                draft.committed_note().unwrap_or_default(),
                draft.note_images.len(),
            )
        })
    }

    /// The question note (or its open editor) under the prompt; returns the rows used.
    fn draw_question_note(&self, canvas: &mut Canvas, area: Rect, index: usize) -> u16 {
        let columns = usize::from(area.width);
        if let Some(editor) = self.state.editor()
            && editor.target == EditorTarget::Note(NoteTarget::Question)
        {
            // With a single row for the note, the line being typed takes it from the label.
            let label_rows = u16::from(area.height >= 2);
            if label_rows > 0 {
                put_line(canvas, area.pos(), &[Span::new("✎ Question note", ACCENT)]);
            }
            let (_, below) = area.split_top(label_rows);
            let rows = EDITOR_ROWS.min(usize::from(below.height));
            let block = self.editor_block(editor, columns, rows, "Write a note on this question");
            let used = label_rows + put_block(canvas, below, 0, &block);
            self.memory.hits.add(area.split_top(used).0, Hit::Editor);
            return used;
        }
        let Some(note) = self.saved_question_note(index) else {
            return 0;
        };
        put_lines(canvas, area, 0, &self.question_note_lines(&note, columns))
    }

    /// A saved question note as shown under the prompt.
    fn question_note_lines(&self, note: &str, columns: usize) -> Vec<Line<'static>> {
        let lead = [Span::new("✎ Note: ", MUTED.italic())];
        let lines = self.memory.first_lines.question_note.borrow_mut().lines(
            &lead,
            note,
            MUTED.italic(),
            columns,
            NOTE_ROWS + 1,
        );
        cap_lines(lines, NOTE_ROWS, columns)
    }

    /// A free-form question: its editor fills the body.
    fn draw_free_form(&self, canvas: &mut Canvas, area: Rect) {
        let Some(editor) = self.state.editor() else {
            let draft = &self.state.drafts[self.state.tab];
            let text = draft.committed_custom_text().unwrap_or_default();
            let shown = with_markers(text, draft.committed_custom_images().len());
            if !shown.is_empty() {
                let rows = usize::from(area.height);
                let lines = self.memory.first_lines.free_form.borrow_mut().lines(
                    &[],
                    &shown,
                    TEXT,
                    usize::from(area.width),
                    rows,
                );
                put_lines(canvas, area, 0, &lines);
            }
            return;
        };
        let block = self.editor_block(
            editor,
            usize::from(area.width),
            usize::from(area.height),
            "Type your answer",
        );
        put_block(canvas, area, 0, &block);
        self.memory.hits.add(area, Hit::Editor);
    }
}

/// The line under a prompt window, in `columns` cells: the lines hidden `above` and `below`
/// it and the keys that bring them into view (`↑ 2 more lines  ·  ↓ 9 more lines
/// (shift+up/down)`), shortened to `↑ 2  ·  ↓ 9` as the width needs.
fn prompt_position(above: usize, below: usize, columns: usize) -> Line<'static> {
    let lines = |count: usize| if count == 1 { "line" } else { "lines" };
    let mut long = Vec::new();
    let mut short = Vec::new();
    if above > 0 {
        long.push(format!("↑ {above} more {}", lines(above)));
        short.push(format!("↑ {above}"));
    }
    if below > 0 {
        long.push(format!("↓ {below} more {}", lines(below)));
        short.push(format!("↓ {below}"));
    }
    let keys = match (above > 0, below > 0) {
        (true, true) => Navigation::TEXT_HINT,
        (true, false) => "shift+up",
        _ => "shift+down",
    };
    let (long, short) = (long.join("  ·  "), short.join("  ·  "));
    let text = [
        format!("{long}  ({keys})"),
        format!("{short}  ({keys})"),
        long,
    ]
    .into_iter()
    .find(|text| width(text) <= columns)
    .unwrap_or(short);
    smallvec![Span::new(text, MUTED)]
}
