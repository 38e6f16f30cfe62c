//! The parts of the form's screen that a keystroke seldom changes, kept as drawn: the title,
//! the tab bar with the rule under it, the prompt, the border beside a preview pane and the
//! key hints.
//!
//! Moving the highlight changes two rows of the list; laying the rest of the screen out again
//! (wrapping the prompt, measuring labels, building the tabs) was most of a frame's work. Each
//! part here is drawn once for a key naming everything it shows and put again from its kept
//! commands while the key stays the same, with the mouse regions it recorded.

use std::borrow::Cow;
use std::ops::Range;

use smallvec::{SmallVec, smallvec};

use super::super::Form;
use super::{Hit, TEXT};
use crate::draw::{Canvas, KeptPart, Line, Rect, Span};
use crate::text::{sanitize, wrap};

/// A part of the form's screen as drawn, with the mouse regions it recorded and what else its
/// drawing returned.
type FormPart<K, R = ()> = KeptPart<K, (R, Vec<(Rect, Hit)>)>;

/// The kept parts, and the prompt as last wrapped.
#[derive(Debug, Default)]
pub(super) struct KeptParts {
    /// The title, drawn in its area.
    pub title: FormPart<Rect>,
    /// The tab bar with the rule under it.
    pub tab_bar: FormPart<TabBar>,
    /// The prompt, or the window of it that shows.
    pub prompt: FormPart<PromptPart, PromptShown>,
    /// The key hints: their area and the footer layout they show.
    pub footer: FormPart<(Rect, u64)>,
    /// The border between the list and a preview pane beside it, drawn in its area: a row a
    /// pane row, put again while the preview switches from option to option.
    pub separator: FormPart<Rect>,
    /// The prompt as last wrapped.
    pub prompt_lines: PromptLines,
}

/// The last question's prompt wrapped, with the question and the columns: the layout needs its
/// line count every frame, and it changes only with the question or the width.
#[derive(Debug, Default)]
pub(super) struct PromptLines(Option<(usize, usize, WrappedPrompt)>);

/// A prompt wrapped to a width, kept as its sanitized text and the byte range of each row in
/// it: a prompt of a million lines keeps 16 bytes a row, and a frame makes lines of the rows
/// it shows.
#[derive(Debug, Default)]
pub(super) struct WrappedPrompt {
    text: String,
    rows: Vec<(usize, usize)>,
}

impl WrappedPrompt {
    /// `prompt` wrapped to `columns`, as [`wrap_spans`] wraps it in a multi-line span.
    fn new(prompt: &str, columns: usize) -> Self {
        let text = sanitize(prompt).into_owned();
        let rows = wrap(&text, columns)
            .into_iter()
            .map(|row| {
                let start = row.as_ptr() as usize - text.as_ptr() as usize;
                (start, start + row.len())
            })
            .collect();
        Self { text, rows }
    }

    /// How many rows it takes.
    pub fn len(&self) -> usize {
        self.rows.len()
    }

    /// The lines of rows `rows` (as many of them as there are).
    pub fn lines(&self, rows: Range<usize>) -> Vec<Line<'_>> {
        let end = rows.end.min(self.rows.len());
        self.rows[rows.start.min(end)..end]
            .iter()
            .map(|&(start, end)| match &self.text[start..end] {
                "" => Line::new(),
                row => smallvec![Span::clean(Cow::Borrowed(row), TEXT.bold())],
            })
            .collect()
    }
}

impl KeptParts {
    /// Forgets every kept part, so that the next frame draws them afresh.
    #[cfg(test)]
    pub fn forget(&mut self) {
        *self = Self::default();
    }
}

/// What the tab bar shows: its area and the rule's, the active tab and every question's marks.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct TabBar {
    /// The row of tabs.
    pub tabs: Rect,
    /// The rule under them, with the active tab's underline.
    pub rule: Rect,
    /// The active tab.
    pub active: usize,
    /// The marks of each question's tab.
    pub marks: SmallVec<[TabMarks; 8]>,
}

/// What a question's tab marks.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct TabMarks {
    /// Whether the question is answered.
    pub answered: bool,
    /// Whether it has notes.
    pub noted: bool,
}

/// What the prompt shows: the question, the area, the rows it may take and the first row of
/// its window.
#[derive(Debug, PartialEq, Eq)]
pub(super) struct PromptPart {
    /// The question.
    pub index: usize,
    /// Where it is drawn.
    pub area: Rect,
    /// The rows it may take.
    pub room: usize,
    /// How far it is scrolled.
    pub scroll: usize,
}

/// What drawing the prompt found: the rows it took, and its window (see `ViewMemory::prompt`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct PromptShown {
    /// The rows taken, its position line included.
    pub rows: u16,
    /// The tab, the window's text rows and how far the prompt can scroll.
    pub window: (usize, usize, usize),
}

/// What a question without a prompt wraps to.
static EMPTY_PROMPT: WrappedPrompt = WrappedPrompt {
    text: String::new(),
    rows: Vec::new(),
};

impl PromptLines {
    /// Question `index`'s prompt wrapped to `columns`, wrapped again only for another question
    /// or width.
    pub fn get(&mut self, form: &Form, index: usize, columns: usize) -> &WrappedPrompt {
        let kept = matches!(&self.0, Some((i, c, _)) if (*i, *c) == (index, columns));
        if !kept {
            let prompt = &form.call.request().questions[index].prompt;
            self.0 = Some((index, columns, WrappedPrompt::new(prompt, columns)));
        }
        self.0
            .as_ref()
            .map_or(&EMPTY_PROMPT, |(_, _, wrapped)| wrapped)
    }
}

impl Form {
    /// Draws a part with `draw`, or puts it as kept when it was drawn for `key` (on a canvas
    /// of this size and clip); the mouse regions it records are recorded again when put.
    pub(super) fn draw_part<K: PartialEq, R: Copy>(
        &self,
        canvas: &mut Canvas,
        part: &mut FormPart<K, R>,
        key: K,
        draw: impl FnOnce(&mut Canvas) -> R,
    ) -> R {
        if let Some((value, hits)) = part.put(canvas, &key) {
            self.memory.hits.extend(hits);
            return *value;
        }
        let from = self.memory.hits.count();
        let (value, _) = part.draw(canvas, key, |canvas| {
            let value = draw(canvas);
            (value, self.memory.hits.since(from))
        });
        *value
    }

    /// The tab bar's key for this frame.
    pub(super) fn tab_bar(&self, tabs: Rect, rule: Rect) -> TabBar {
        let marks = self.state.drafts.iter().map(|draft| TabMarks {
            answered: draft.is_answered(),
            noted: draft.has_notes(),
        });
        TabBar {
            tabs,
            rule,
            active: self.state.tab,
            marks: marks.collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::wrap_spans;

    #[test]
    fn a_wrapped_prompt_makes_the_lines_a_multi_line_span_wraps_to() {
        let prompts = [
            "Which database?",
            "trailing spaces   ",
            "one\n\ntwo\r\nthree\u{2028}four",
            "a long sentence that wraps over several rows of the narrow screen at every width",
            "数据库使用哪一个？（推荐）PostgreSQL 还是 SQLite",
            "tab\there and an escape \u{1b}[31m and a bidi \u{202e} override",
            "👨‍👩‍👧 family 🇫🇷 flag and e\u{301} accents",
            "",
        ];
        for prompt in prompts {
            for columns in [1, 2, 5, 13, 40, 200] {
                let wrapped = WrappedPrompt::new(prompt, columns);
                let expected = wrap_spans(&[Span::multiline(prompt, TEXT.bold())], columns);
                assert_eq!(wrapped.len(), expected.len(), "{prompt:?} at {columns}");
                assert_eq!(
                    wrapped.lines(0..wrapped.len()),
                    expected,
                    "{prompt:?} at {columns}"
                );
                assert_eq!(
                    wrapped.lines(1..3),
                    expected[1.min(expected.len())..3.min(expected.len())]
                );
            }
        }
    }
}
