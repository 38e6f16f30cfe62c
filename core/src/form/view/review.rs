//! The final tab: a summary of every answer (with the notes the highlighted action would
//! send), then the actions.

use super::super::Form;
use super::super::state::Pending;
use super::{ACCENT, Hit, MUTED, SELECTED, SUCCESS, TEXT, WARNING};
use crate::contract::answers::Draft;
use crate::contract::rules::ReviewAction;
use crate::draw::{Canvas, Pos, Rect, Span, line_width, put_line};
use crate::text::{truncate, width};

/// The summary rows from which a blank row parts the summary from the actions; on smaller
/// screens that row shows the summary instead.
const SPACED_SUMMARY_FROM: u16 = 5;

/// What Submit says when options not chosen have notes, longest first: the first that fits,
/// where the descriptions stand or else right after Submit. The last, with the mark notes
/// have in the summary, fits on a screen of 22 columns.
const UNSENT_NOTES: [&str; 5] = [
    "Send the answers, not the notes on options not chosen",
    "Notes on options not chosen stay unsent",
    "Unchosen options' notes unsent",
    "Unchosen notes unsent",
    "✎ unsent",
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
        // them) in the longest words that fit, where its description would be or alone, or
        // right after its label on a screen too narrow for that: a note left out unsaid is
        // lost without a word.
        let submit_label = width(ReviewAction::Submit.label()) + 1;
        let unsent = self
            .state
            .drafts
            .iter()
            .any(Draft::notes_an_unchosen_option)
            .then(|| {
                UNSENT_NOTES.into_iter().find_map(|words| {
                    let close =
                        ACTION_PREFIX + submit_label + width(words) <= usize::from(area.width);
                    if fits(words) {
                        Some((words, ACTION_LABEL))
                    } else {
                        close.then_some((words, submit_label))
                    }
                })
            })
            .flatten();
        for (position, action) in self.rules().actions.iter().enumerate() {
            let Some(row) = rows.next() else {
                return;
            };
            self.memory.hits.add(row, Hit::Action(position));
            let highlighted = position == self.state.review_cursor;
            let unsent = unsent.filter(|_| *action == ReviewAction::Submit);
            let padding = unsent.map_or(ACTION_LABEL, |(_, padding)| padding);
            let mut line = vec![
                Span::new(if highlighted { "› " } else { "  " }, ACCENT.bold()),
                Span::new(
                    format!("{}. ", position + 1),
                    if highlighted { ACCENT } else { MUTED },
                ),
                Span::new(
                    format!("{:<padding$}", action.label()),
                    if highlighted { SELECTED.bold() } else { TEXT },
                ),
            ];
            if self.state.pending == Pending::ClickedAction(*action) {
                let hint = format!("Click again to {}", action.verb());
                if fits(&hint) {
                    line.push(Span::new(hint, WARNING));
                }
            } else if let Some((words, _)) = unsent {
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
}
