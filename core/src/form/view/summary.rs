//! The review's summary: every question's answer, with the notes the highlighted action would
//! send, in full (label and prompt, the answer below) where it fits whole, else compact (one
//! line a question), paged as a [`Window`].

use std::borrow::Cow;

use super::super::Form;
use super::super::paging::Window;
use super::kept_summary::SummaryForm;
use super::summary_place::SummaryLayout;
use super::{ACCENT, DIM, Hit, MUTED, SUCCESS, TEXT};
use crate::contract::answers::with_markers;
use crate::contract::rules::ReviewAction;
use crate::draw::{
    Canvas, Line, Rect, Span, indented, line_width, owned_lines, put_lines, wrap_first, wrap_spans,
    wrap_spans_first,
};
use crate::text::{truncate, width};
use smallvec::smallvec;

/// The row count a window is given for a summary whose end it did not reach: more rows than
/// any summary has, so only the end found on a later page moves a page back.
const UNCOUNTED: usize = usize::MAX / 4;

/// The most cells a label takes on a compact line, as on its tab.
const COMPACT_LABEL: usize = 20;

/// The fewest columns the prompt's start takes after a compact line's answer: fewer say too
/// little to be worth the room.
const PROMPT_AFTER_ANSWER: usize = 12;

/// Puts as much of the first line of `prompt` as a compact summary line (label and answer, on
/// one row) has room for between its label and its answer, muted, as the full summary orders
/// them: the question's words where the label alone says little (`Q1`).
fn prompt_between(line: &mut Line<'_>, prompt: &str, columns: usize) {
    let room = columns.saturating_sub(line_width(line) + 2);
    if room < PROMPT_AFTER_ANSWER {
        return;
    }
    // Only the row's worth of the prompt is looked at, however long its first line.
    let mut end = prompt.len().min(room.saturating_mul(4));
    while !prompt.is_char_boundary(end) {
        end -= 1;
    }
    let first = prompt[..end]
        .lines()
        .map(str::trim)
        .find(|line| !line.is_empty());
    if let Some(first) = first {
        let cut = end < prompt.len() && !prompt[..end].contains('\n');
        let shown = if cut && width(first) <= room {
            Cow::Owned(format!("{first}…"))
        } else {
            truncate(first, room)
        };
        line.insert(1, Span::new("  ", TEXT));
        line.insert(2, Span::new(truncate(&shown, room).into_owned(), MUTED));
    }
}

impl Form {
    /// Whether the summary shows every note (the highlighted action is Elaborate) or only the
    /// notes Submit sends: the questions' and the chosen options'.
    pub(super) fn review_shows_all_notes(&self) -> bool {
        self.rules().actions.get(self.state.review_cursor) == Some(&ReviewAction::Elaborate)
    }

    /// The summary lines of question `index` at `columns`; of an answer or a note, at most
    /// `budget` lines, the first ones, laid out from as much of its text as they take (a
    /// pasted log of megabytes costs a frame what the page shows of it).
    pub(super) fn summary_lines(
        &self,
        index: usize,
        columns: usize,
        budget: usize,
        form: SummaryForm,
    ) -> Vec<Line<'_>> {
        let question = &self.call.request().questions[index];
        let draft = &self.state.drafts[index];
        let label = Span::new(&question.label, ACCENT.bold());
        let mut lines = match form {
            SummaryForm::Full => wrap_spans_first(
                &[
                    label,
                    Span::new("  ", TEXT),
                    Span::multiline(&question.prompt, TEXT),
                ],
                columns,
                budget,
            ),
            SummaryForm::Compact => Vec::new(),
        };
        // A compact line keeps its label to a tab's width, so the answer stays on its row.
        let label = Span::new(&question.label, ACCENT.bold()).truncated(COMPACT_LABEL);
        let inner = columns.saturating_sub(2).max(1);
        let indent = |lines| indented(lines, 2);
        let answered = draft.is_answered();
        let answer = if answered {
            let mut labels: Vec<&str> = draft
                .selected()
                .iter()
                .filter_map(|&option| question.options.get(option))
                .map(|option| &*option.label)
                .collect();
            if let Some(text) = draft.committed_custom_text() {
                labels.push(self.rules().written_answer.of(text));
            }
            let images = draft.committed_custom_images().len();
            let shown = match labels.as_slice() {
                [one] => with_markers(one, images),
                _ => Cow::Owned(with_markers(&labels.join(", "), images).into_owned()),
            };
            match form {
                SummaryForm::Full => indent(wrap_first(
                    &[Span::new("→ ", SUCCESS)],
                    shown,
                    TEXT,
                    inner,
                    budget,
                )),
                SummaryForm::Compact => {
                    let lead = [label, Span::new("  → ", SUCCESS)];
                    wrap_first(&lead, shown, TEXT, columns, budget)
                }
            }
        } else {
            match form {
                SummaryForm::Full => indent(wrap_spans(&[Span::new("→ (no answer)", DIM)], inner)),
                SummaryForm::Compact => {
                    wrap_spans(&[label, Span::new("  → (no answer)", DIM)], columns)
                }
            }
        };
        lines.extend(answer);
        if form == SummaryForm::Compact
            && let [line] = lines.as_mut_slice()
        {
            prompt_between(line, &question.prompt, columns);
        }
        // Submit sends a question's note, answered or not, and the notes of the options
        // chosen; Elaborate every note.
        let all_notes = self.review_shows_all_notes();
        let note_lines =
            |lead, note| indent(wrap_first(&[lead], note, MUTED.italic(), inner, budget));
        if draft.has_question_note() {
            let note = draft.committed_note().unwrap_or_default();
            let note = with_markers(note, draft.note_images.len());
            lines.extend(note_lines(Span::new("✎ ", MUTED), note));
        }
        for (option, note) in draft.noted_options() {
            let note = with_markers(note, draft.option_note_images(option).len());
            if !all_notes && !draft.is_selected(option) {
                continue;
            }
            let Some(spec) = question.options.get(option) else {
                continue;
            };
            let lead = Span::new(format!("✎ {}: ", spec.label), MUTED);
            lines.extend(note_lines(lead, note));
        }
        lines
    }

    /// The summary lines from row `skip` on, at most `height`, and the total row count when
    /// the end was reached (`None` when more rows follow). The lines come from those the last
    /// frames laid out while the drafts, the width and the notes shown stay the same.
    fn summary_window(
        &self,
        skip: usize,
        height: usize,
        columns: usize,
        form: SummaryForm,
    ) -> (Vec<Line<'static>>, Option<usize>) {
        let mut kept = self.memory.summary.borrow_mut();
        kept.follow(
            columns,
            self.review_shows_all_notes(),
            self.state.drafts.changes(),
        );
        let mut shown = Vec::new();
        let mut seen = 0usize;
        let blank = Line::new();
        for index in 0..self.call.request().questions.len() {
            // The window ends at its row `skip + height`, which tells whether more follow:
            // no part of this question needs more rows than reach it.
            let budget = (skip + height + 1).saturating_sub(seen);
            let lines = kept.lines(form, index, budget, |budget| {
                owned_lines(self.summary_lines(index, columns, budget, form))
            });
            let separator = (index > 0 && form == SummaryForm::Full).then_some(&blank);
            for line in separator.into_iter().chain(lines) {
                if seen >= skip {
                    if shown.len() == height {
                        return (shown, None);
                    }
                    shown.push(line.clone());
                }
                seen += 1;
            }
        }
        (shown, Some(seen))
    }

    /// Draws the summary from the remembered row as a [`Window`]: its `↑ more` and `↓ more`
    /// rows take the place of summary rows, so a page down starts at the last row shown.
    /// Only the rows up to the window's end (and one more) are laid out.
    pub(super) fn draw_summary(&self, canvas: &mut Canvas, area: Rect, columns: usize) -> Window {
        self.memory.review_area.set(area);
        self.memory.hits.add(area, Hit::Summary);
        let height = usize::from(area.height);
        // The full summary where it fits whole, else every answer on a line of its own.
        let form = match self.summary_window(0, height, columns, SummaryForm::Full) {
            (_, Some(_)) => SummaryForm::Full,
            (_, None) => SummaryForm::Compact,
        };
        let layout = SummaryLayout { columns, form };
        let mut top = self.summary_row_of(self.state.review_scroll, layout);
        let (mut window, mut lines) = self.summary_page(top, height, columns, form);
        if window.top < top {
            top = window.top;
            (window, lines) = self.summary_page(top, height, columns, form);
        }
        self.memory.review_window.set(window);
        self.memory
            .review_drawn
            .set((self.state.review_scroll, layout));
        if height == 0 {
            return window;
        }
        lines.truncate(window.shown);
        let mut shown: Vec<Line> = Vec::with_capacity(height);
        if window.above {
            shown.push(smallvec![Span::new("↑ more (pageUp)", MUTED)]);
        }
        shown.extend(lines);
        if window.below {
            shown.push(smallvec![Span::new("↓ more (pageDown)", MUTED)]);
        }
        put_lines(canvas, area, 0, &shown);
        window
    }

    /// The summary window of `height` rows from row `top` (moved up to the last page when
    /// `top` is past it) and the summary rows from `top` on, at most one more than `height`.
    fn summary_page(
        &self,
        top: usize,
        height: usize,
        columns: usize,
        form: SummaryForm,
    ) -> (Window, Vec<Line<'static>>) {
        let (lines, total) = self.summary_window(top, height + 1, columns, form);
        let total = total.unwrap_or(UNCOUNTED);
        (Window::new(top, height, total), lines)
    }

    /// The summary's window as the keys handled since the last frame left it, and the layout
    /// of that frame: its window, moved to the place they scrolled to, so several keys read
    /// at once each count.
    fn review_window_now(&self) -> (Window, SummaryLayout) {
        let drawn = self.memory.review_window.get();
        let (place, layout) = self.memory.review_drawn.get();
        if place == self.state.review_scroll {
            (drawn, layout)
        } else {
            let top = self.summary_row_of(self.state.review_scroll, layout);
            (drawn.moved_to(top), layout)
        }
    }

    /// Scrolls the summary `rows` rows down or up (the wheel), within what the last frame
    /// showed of it.
    pub(in crate::form) fn scroll_review(&mut self, down: bool, rows: usize) {
        let (window, layout) = self.review_window_now();
        let top = match (down, window.below) {
            (true, true) => window.top + rows,
            (true, false) => window.top,
            (false, _) => window.top.saturating_sub(rows),
        };
        self.state.review_scroll = self.summary_place_of(top, layout);
    }

    /// Pages the summary `down` or up: the next page shares a row with the one shown.
    pub(in crate::form) fn page_review(&mut self, down: bool) {
        let (window, layout) = self.review_window_now();
        let top = if down {
            window.page_down()
        } else {
            window.page_up()
        };
        self.state.review_scroll = self.summary_place_of(top, layout);
    }
}
