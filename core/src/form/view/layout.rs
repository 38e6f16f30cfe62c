//! The screen split into regions, with the optional rows dropped on short screens.

use super::super::Form;
use crate::draw::Rect;

/// Where each part of the screen goes; parts that do not fit are empty.
#[derive(Clone, Copy, Debug, Default)]
pub struct Regions {
    /// The form's title.
    pub title: Rect,
    /// The tab bar.
    pub tabs: Rect,
    /// The rule under the tabs.
    pub rule_top: Rect,
    /// The active tab's content.
    pub body: Rect,
    /// The notice line (warnings, refusals).
    pub notice: Rect,
    /// The rule above the key hints.
    pub rule_bottom: Rect,
    /// The key hints.
    pub footer: Rect,
}

/// The screen height from which the title shows.
const TITLE_FROM: u16 = 8;
/// The screen height from which the rules show.
const RULES_FROM: u16 = 14;
/// The screen height from which one line of key hints shows (how to confirm and to leave).
const HINTS_FROM: u16 = 6;
/// The screen height from which key hints may take two lines.
const TWO_HINT_LINES_FROM: u16 = 9;
/// The screen height from which key hints may take three lines.
const TALL_HINTS_FROM: u16 = 20;
/// The most lines the hints that always stay (how to confirm and how to leave) take when they
/// wrap, on a narrow screen taller than [`HINTS_FROM`].
const ESSENTIAL_HINT_LINES: usize = 3;
/// The screen width from which the screen has side margins.
const MARGIN_FROM: u16 = 20;

impl Regions {
    /// The regions of `form` on `screen`.
    pub fn of(form: &Form, screen: Rect) -> Self {
        let mut regions = Self::default();
        let mut rest = if screen.width >= MARGIN_FROM {
            screen.inset(1, 0)
        } else {
            screen
        };
        let height = screen.height;
        if form.call.request().title.is_some() && height >= TITLE_FROM {
            (regions.title, rest) = rest.split_top(1);
        }
        let tabs = form.tab_count() > 1;
        if tabs && height >= 3 {
            (regions.tabs, rest) = rest.split_top(1);
        }
        if height >= RULES_FROM && (tabs || !regions.title.is_empty()) {
            (regions.rule_top, rest) = rest.split_top(1);
        }
        if height >= HINTS_FROM && form.config.behaviour.show_footer_hints {
            let most = match height {
                TALL_HINTS_FROM.. => 3,
                TWO_HINT_LINES_FROM.. => 2,
                _ => 1,
            };
            let lines = form.with_footer_lines(
                usize::from(rest.width),
                most,
                usize::from(height),
                <[_]>::len,
            );
            // How to confirm and how to leave take the rows they need on a narrow screen,
            // where they wrap, from the body; on the shortest, that row is the body's.
            let essential = if height > HINTS_FROM {
                ESSENTIAL_HINT_LINES
            } else {
                1
            };
            let rows = u16::try_from(lines.min(most.max(essential))).unwrap_or(2);
            (rest, regions.footer) = rest.split_bottom(rows);
            if height >= RULES_FROM && rows > 0 {
                (rest, regions.rule_bottom) = rest.split_bottom(1);
            }
        } else {
            form.memory.footer.borrow_mut().no_room();
        }
        let notice_rows = form.notice_lines(usize::from(rest.width)).len().min(3);
        if notice_rows > 0 && rest.height > 1 {
            (rest, regions.notice) = rest.split_bottom(u16::try_from(notice_rows).unwrap_or(3));
        }
        if height >= RULES_FROM && rest.height > 2 {
            (_, rest) = rest.split_top(1);
        }
        regions.body = rest;
        regions
    }
}
