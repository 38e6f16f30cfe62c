//! The final tab: a summary of every answer (with the notes the highlighted action would
//! send), then the actions.

use std::borrow::Cow;

use super::super::Form;
use super::super::paging::Window;
use super::super::state::Pending;
use super::{ACCENT, DIM, Hit, MUTED, SELECTED, SUCCESS, TEXT, WARNING};
use crate::contract::answers::{Draft, with_markers};
use crate::contract::rules::ReviewAction;
use crate::draw::{
    Canvas, Line, Pos, Rect, Span, indented, line_width, owned_lines, put_line, put_lines,
    wrap_first, wrap_spans, wrap_spans_first,
};
use crate::text::{truncate, width};
use smallvec::smallvec;

/// The row count a window is given for a summary whose end it did not reach: more rows than
/// any summary has, so only the end found on a later page moves a page back.
const UNCOUNTED: usize = usize::MAX / 4;

/// The summary rows from which a blank row parts the summary from the actions; on smaller
/// screens that row shows the summary instead.
const SPACED_SUMMARY_FROM: u16 = 5;

/// What Submit says when options not chosen have notes, longest first: the first that fits.
const UNSENT_NOTES: [&str; 3] = [
    "Send the answers, not the notes on options not chosen",
    "Notes on options not chosen stay unsent",
    "Unchosen options' notes unsent",
];

/// The cells before an action's label (`› 1. `).
const ACTION_PREFIX: usize = 5;
/// The cells an action's label is padded to.
const ACTION_LABEL: usize = 11;

impl ReviewAction {
    /// What the action does, shown beside it; Elaborate with no notes asks the agent about
    /// the answers themselves.
    const fn description(self, noted: bool) -> &'static str {
        match self {
            Self::Submit => "Send the answers",
            Self::Elaborate if noted => "Ask the agent to clarify your notes first",
            Self::Elaborate => "Ask the agent about your answers first",
            Self::Cancel => "Stop without answering",
        }
    }
}

impl Form {
    /// Whether the summary shows every note (the highlighted action is Elaborate) or only the
    /// notes Submit sends: the questions' and the chosen options'.
    fn review_shows_all_notes(&self) -> bool {
        self.rules().actions.get(self.state.review_cursor) == Some(&ReviewAction::Elaborate)
    }

    /// The summary lines of question `index` at `columns`; of an answer or a note, at most
    /// `budget` lines, the first ones, laid out from as much of its text as they take (a
    /// pasted log of megabytes costs a frame what the page shows of it).
    fn summary_lines(&self, index: usize, columns: usize, budget: usize) -> Vec<Line<'_>> {
        let question = &self.call.request().questions[index];
        let draft = &self.state.drafts[index];
        let mut lines = wrap_spans_first(
            &[
                Span::new(&question.label, ACCENT.bold()),
                Span::new("  ", TEXT),
                Span::multiline(&question.prompt, TEXT),
            ],
            columns,
            budget,
        );
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
            let lead = [Span::new("→ ", SUCCESS)];
            wrap_first(&lead, shown, TEXT, inner, budget)
        } else {
            wrap_spans(&[Span::new("→ (no answer)", DIM)], inner)
        };
        lines.extend(indent(answer));
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

    /// Draws the final tab.
    pub(super) fn draw_review(&self, canvas: &mut Canvas, area: Rect) {
        if area.is_empty() {
            self.memory.review_area.set(area);
            return;
        }
        let columns = usize::from(area.width);
        let total = self.call.request().questions.len();
        let answered = self.state.drafts.iter().filter(|d| d.is_answered()).count();
        let (status, short) = match (total, answered == total) {
            (1, true) => (
                Span::new("The question is answered", SUCCESS),
                Span::new("Answered", SUCCESS),
            ),
            (1, false) => (
                Span::new("The question is not answered yet", WARNING),
                Span::new("Not answered", WARNING),
            ),
            (_, true) => (
                Span::new(format!("All {total} questions answered"), SUCCESS),
                Span::new(format!("All {total} answered"), SUCCESS),
            ),
            (_, false) => (
                Span::new(format!("{answered} of {total} questions answered"), WARNING),
                Span::new(format!("{answered}/{total} answered"), WARNING),
            ),
        };
        let pending = matches!(self.state.pending, Pending::ReviewShortcut(_));
        let actions = self.rules().actions.len() as u16 + u16::from(pending);
        if area.height <= actions {
            // No room for the heading beside the actions: they, and the hint a first press
            // of a shortcut armed, come first; the summary has no row.
            let (summary, _) = area.split_top(0);
            self.draw_summary(canvas, summary, columns);
            self.draw_actions(canvas, area);
            return;
        }
        let (head, mut rest) = area.split_top(1);
        let (summary, bottom) = rest.split_bottom(actions);
        rest = summary;
        if rest.height > SPACED_SUMMARY_FROM {
            rest = rest.split_bottom(1).0;
        }
        let window = self.draw_summary(canvas, rest, columns);
        // A summary too short for its `↑ more`/`↓ more` rows says what it hides here.
        let hidden = match window.unmarked() {
            (true, true) => Some(Span::new("  ↑↓ more", MUTED)),
            (true, false) => Some(Span::new("  ↑ more", MUTED)),
            (false, true) => Some(Span::new("  ↓ more", MUTED)),
            (false, false) => None,
        };
        let heading = Span::new("Review your answers  ", ACCENT.bold());
        let mut line = vec![heading, status];
        line.extend(hidden);
        if line_width(&line) <= columns {
            put_line(canvas, head.pos(), &line);
        } else if line_width(&line[1..]) <= columns {
            put_line(canvas, head.pos(), &line[1..]);
        } else {
            // A narrower screen gets the count in fewer words, cut with `…` only when even
            // they do not fit; what the summary hides is said before it is cut.
            let room = columns.saturating_sub(line_width(&line[2..]));
            line[1] = short.truncated(room.max(1));
            put_line(canvas, head.pos(), &line[1..]);
        }
        self.draw_actions(canvas, bottom);
    }

    /// The summary lines from row `skip` on, at most `height`, and the total row count when
    /// the end was reached (`None` when more rows follow). The lines come from those the last
    /// frames laid out while the drafts, the width and the notes shown stay the same.
    fn summary_window(
        &self,
        skip: usize,
        height: usize,
        columns: usize,
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
            let lines = kept.lines(index, budget, |budget| {
                owned_lines(self.summary_lines(index, columns, budget))
            });
            let separator = (index > 0).then_some(&blank);
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
    fn draw_summary(&self, canvas: &mut Canvas, area: Rect, columns: usize) -> Window {
        self.memory.review_area.set(area);
        self.memory.hits.add(area, Hit::Summary);
        let height = usize::from(area.height);
        let mut top = self.state.review_scroll;
        let (mut window, mut lines) = self.summary_page(top, height, columns);
        if window.top < top {
            top = window.top;
            (window, lines) = self.summary_page(top, height, columns);
        }
        self.memory.review_window.set(window);
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
    ) -> (Window, Vec<Line<'static>>) {
        let (lines, total) = self.summary_window(top, height + 1, columns);
        let total = total.unwrap_or(UNCOUNTED);
        (Window::new(top, height, total), lines)
    }

    /// Draws the actions, each row a mouse region. An action clicked once reads `Click again
    /// to ..` in place of its description, so its row stays where it was for the second click.
    fn draw_actions(&self, canvas: &mut Canvas, area: Rect) {
        let mut rows = area.rows();
        let fits =
            |text: &str| ACTION_PREFIX + ACTION_LABEL + width(text) <= usize::from(area.width);
        let noted = self.state.drafts.iter().any(Draft::has_notes);
        let describe = self
            .rules()
            .actions
            .iter()
            .all(|action| fits(action.description(noted)));
        // Submit says it leaves out the notes on options not chosen (only Elaborate sends
        // them) in the longest words that fit, where its description would be or alone.
        let unsent = self
            .state
            .drafts
            .iter()
            .any(Draft::notes_an_unchosen_option)
            .then(|| UNSENT_NOTES.into_iter().find(|words| fits(words)))
            .flatten();
        for (position, action) in self.rules().actions.iter().enumerate() {
            let Some(row) = rows.next() else {
                return;
            };
            self.memory.hits.add(row, Hit::Action(position));
            let highlighted = position == self.state.review_cursor;
            let mut line = vec![
                Span::new(if highlighted { "› " } else { "  " }, ACCENT.bold()),
                Span::new(
                    format!("{}. ", position + 1),
                    if highlighted { ACCENT } else { MUTED },
                ),
                Span::new(
                    format!("{:<ACTION_LABEL$}", action.label()),
                    if highlighted { SELECTED.bold() } else { TEXT },
                ),
            ];
            if self.state.pending == Pending::ClickedAction(*action) {
                let hint = format!("Click again to {}", action.verb());
                if fits(&hint) {
                    line.push(Span::new(hint, WARNING));
                }
            } else if let Some(words) = unsent.filter(|_| *action == ReviewAction::Submit) {
                line.push(Span::new(words, WARNING));
            } else if describe {
                line.push(Span::new(action.description(noted), MUTED));
            }
            put_line(canvas, row.pos(), &line);
        }
        if let Pending::ReviewShortcut(action) = self.state.pending
            && let Some(row) = rows.next()
        {
            let position = self
                .rules()
                .actions
                .iter()
                .position(|candidate| *candidate == action)
                .map_or(0, |p| p + 1);
            let hint = format!("Press {position} again to {}", action.verb());
            let room = usize::from(row.width.saturating_sub(2));
            canvas.put(Pos::new(row.x + 2, row.y), &truncate(&hint, room), WARNING);
        }
    }

    /// Scrolls the summary `rows` rows down or up (the wheel), within what the last frame
    /// showed of it.
    pub(in crate::form) fn scroll_review(&mut self, down: bool, rows: usize) {
        let window = self.memory.review_window.get();
        self.state.review_scroll = match (down, window.below) {
            (true, true) => window.top + rows,
            (true, false) => window.top,
            (false, _) => window.top.saturating_sub(rows),
        };
    }

    /// Pages the summary `down` or up: the next page shares a row with the one shown.
    pub(in crate::form) fn page_review(&mut self, down: bool) {
        let window = self.memory.review_window.get();
        self.state.review_scroll = if down {
            window.page_down()
        } else {
            window.page_up()
        };
    }
}
