//! The parts of the form's screen that a keystroke seldom changes, kept as drawn: the title,
//! the tab bar with the rule under it, the prompt, the border beside a preview pane and the
//! key hints.
//!
//! Moving the highlight changes two rows of the list; laying the rest of the screen out again
//! (wrapping the prompt, measuring labels, building the tabs) was most of a frame's work. Each
//! part here is drawn once for a key naming everything it shows and put again from its kept
//! commands while the key stays the same, with the mouse regions it recorded.

use smallvec::SmallVec;

use super::super::Form;
use super::{Hit, TEXT};
use crate::draw::{Canvas, KeptPart, Line, Rect, Span, owned_lines, wrap_spans};

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
pub(super) struct PromptLines(Option<(usize, usize, Vec<Line<'static>>)>);

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

impl PromptLines {
    /// Question `index`'s prompt wrapped to `columns`, wrapped again only for another question
    /// or width.
    pub fn get(&mut self, form: &Form, index: usize, columns: usize) -> &[Line<'static>] {
        let kept = matches!(&self.0, Some((i, c, _)) if (*i, *c) == (index, columns));
        if !kept {
            let prompt = &form.call.request().questions[index].prompt;
            let lines = owned_lines(wrap_spans(&[Span::multiline(prompt, TEXT.bold())], columns));
            self.0 = Some((index, columns, lines));
        }
        self.0.as_ref().map_or(&[], |(_, _, lines)| lines)
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
