//! The tab bar: one tab per question with its answered marker, then the final tab.
//!
//! `■` marks an answered question, `□` an open one, `✎` a question with notes; the final tab
//! shows `▸`, and `✓` once every question is answered. When the tabs are wider than the screen, a
//! window around the active tab shows, with `‹` and `›` where tabs are hidden.
//!
//! Each tab drawn is a mouse region; each marker is one for the nearest tab it hides.

use super::super::Form;
use super::{ACCENT, Hit, MUTED, SUCCESS, TEXT};
use crate::draw::{Canvas, Pos, Rect, Span, line_width, put_line};
use crate::text::width;

/// The widest a question's tab label gets, in cells.
const MAX_LABEL: usize = 20;

/// The most spans a tab has: padding, marker, label, notes mark, padding.
const TAB_SPANS: usize = 5;

/// Spaces between tabs.
const GAP: usize = 1;

impl Form {
    /// The spans of tab `tab`, padded with a space on both sides, a question's label cut with
    /// `…` to `label_room` cells.
    fn tab_spans(&self, tab: usize, label_room: usize) -> Vec<Span<'_>> {
        let active = tab == self.state.tab;
        let label_style = if active { ACCENT.bold() } else { TEXT };
        let mut spans = Vec::with_capacity(TAB_SPANS);
        spans.push(Span::new(" ", label_style));
        if let Some(question) = self.call.request().questions.get(tab) {
            let draft = &self.state.drafts[tab];
            let (marker, style) = if draft.is_answered() {
                ("■ ", SUCCESS)
            } else {
                ("□ ", MUTED)
            };
            spans.push(Span::constant(marker, style));
            spans.push(Span::new(&question.label, label_style).truncated(label_room));
            if draft.has_notes() {
                spans.push(Span::constant(" ✎", MUTED));
            }
        } else {
            let (marker, style) = if self.all_answered() {
                ("✓ ", SUCCESS)
            } else {
                ("▸ ", MUTED)
            };
            spans.push(Span::constant(marker, style));
            let title = self.rules().final_tab.map_or("", |tab| tab.title());
            spans.push(Span::new(title, label_style));
        }
        spans.push(Span::new(" ", label_style));
        if active {
            for span in &mut spans {
                span.style = span.style.reverse();
            }
        }
        spans
    }

    /// Draws the tab bar; returns the columns of the active tab, for the rule under it.
    pub(super) fn draw_tabs(&self, canvas: &mut Canvas, area: Rect) -> Option<(u16, u16)> {
        if area.is_empty() {
            return None;
        }
        let count = self.tab_count();
        let available = usize::from(area.width);
        let mut laid_out: Vec<Option<(Vec<Span>, usize)>> = vec![None; count];
        let active = self.state.tab.min(count.saturating_sub(1));
        let budget = available.saturating_sub(4);
        let mut spans = self.tab_spans(active, MAX_LABEL);
        let mut used = line_width(&spans);
        if used > budget {
            // The active tab alone is too wide: its label gives way, so the markers of the
            // tabs beside it still show.
            let label = self
                .call
                .request()
                .questions
                .get(active)
                .map_or(0, |question| width(&question.label).min(MAX_LABEL));
            spans = self.tab_spans(active, label.saturating_sub(used - budget).max(1));
            used = line_width(&spans);
        }
        if let Some(slot) = laid_out.get_mut(active) {
            *slot = Some((spans, used));
        }
        let mut tab_width = |tab: usize| {
            laid_out[tab]
                .get_or_insert_with(|| {
                    let spans = self.tab_spans(tab, MAX_LABEL);
                    let width = line_width(&spans);
                    (spans, width)
                })
                .1
        };
        let (mut first, mut last) = (active, active);
        loop {
            let mut grew = false;
            if last + 1 < count {
                let next = tab_width(last + 1) + GAP;
                if used + next <= budget {
                    used += next;
                    last += 1;
                    grew = true;
                }
            }
            if first > 0 {
                let previous = tab_width(first - 1) + GAP;
                if used + previous <= budget {
                    used += previous;
                    first -= 1;
                    grew = true;
                }
            }
            if !grew {
                break;
            }
        }
        let hit = |start: u16, end: u16, tab: usize| {
            let span = Rect::new(start, area.y, end.saturating_sub(start), 1);
            self.memory.hits.add(span.intersection(area), Hit::Tab(tab));
        };
        let mut x = area.x;
        if first > 0 {
            x = canvas.put(Pos::new(x, area.y), "‹", MUTED);
            hit(area.x, x, first - 1);
        }
        let mut active_columns = None;
        let shown = laid_out.iter_mut().enumerate().take(last + 1).skip(first);
        for (tab, laid) in shown {
            if tab > first {
                x = x.saturating_add(GAP as u16);
            }
            let start = x;
            let spans = laid
                .take()
                .map_or_else(|| self.tab_spans(tab, MAX_LABEL), |(spans, _)| spans);
            x = put_line(canvas, Pos::new(x, area.y), &spans);
            hit(start, x, tab);
            if tab == active {
                active_columns = Some((start, x));
            }
        }
        if last + 1 < count {
            let start = x.saturating_add(1);
            let end = canvas.put(Pos::new(start, area.y), "›", MUTED);
            hit(start, end, last + 1);
        }
        active_columns
    }
}
