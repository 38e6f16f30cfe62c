//! Paging through rows that do not fit: which rows a window shows once its `↑ more` and
//! `↓ more` rows take their place, and where the next page up or down starts so that no row is
//! ever on no page and two pages share a row.

/// The fewest rows of a window that give indicator rows room (one above, one below, one row of
/// content between them); a window of two rows has room for the one below only (what is left
/// to read matters more than what was read), and one of a row shows content only.
const INDICATORS_FROM: usize = 3;
/// The fewest rows of a window that give the `↓ more` row room beside one row of content.
const BELOW_FROM: usize = 2;

/// A window of `height` screen rows over `total` rows of content, starting at content row
/// `top`: an indicator row above when rows are hidden above, one below when rows are hidden
/// below, and the content rows between them.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Window {
    /// The first content row shown.
    pub top: usize,
    /// How many content rows show.
    pub shown: usize,
    /// Whether rows are hidden above (the first screen row says so).
    pub above: bool,
    /// Whether rows are hidden below (the last screen row says so).
    pub below: bool,
    height: usize,
    total: usize,
}

impl Window {
    /// The window of `height` rows over `total` rows from `top`, moved up to the last full
    /// page when `top` is past it.
    pub fn new(top: usize, height: usize, total: usize) -> Self {
        let top = top.min(last_top(height, total));
        let hidden = total > height;
        let above = hidden && height >= INDICATORS_FROM && top > 0;
        let room = height - usize::from(above);
        let below = hidden && height >= BELOW_FROM && total - top > room;
        let shown = (room - usize::from(below)).min(total - top);
        Self {
            top,
            shown,
            above,
            below,
            height,
            total,
        }
    }

    /// The same window started at row `top` instead: where a page key pressed before the
    /// next frame leaves it, so a second key moves on from there.
    pub fn moved_to(&self, top: usize) -> Self {
        Self::new(top, self.height, self.total)
    }

    /// Whether rows are hidden above or below that no indicator row of the window names: a
    /// window too small for them, whose owner says so elsewhere.
    pub fn unmarked(&self) -> (bool, bool) {
        let above = self.top > 0 && !self.above;
        let below = self.top + self.shown < self.total && !self.below;
        (above, below)
    }

    /// The top of the next page down: its first row is this page's last, so the two share a
    /// row (a page of one row moves on by one).
    pub fn page_down(&self) -> usize {
        let step = self.shown.saturating_sub(1).max(1);
        (self.top + step).min(last_top(self.height, self.total))
    }

    /// The top of the next page up: its last row is this page's first (a page of one row moves
    /// back by one).
    pub fn page_up(&self) -> usize {
        let (top, height) = (self.top, self.height);
        if top == 0 {
            return 0;
        }
        let up = if height < INDICATORS_FROM {
            (top + 1).saturating_sub(height)
        } else if top + 2 <= height {
            0
        } else {
            top + 3 - height
        };
        up.min(top - 1)
    }
}

/// The top of the last page: the one that shows the last row.
fn last_top(height: usize, total: usize) -> usize {
    if total <= height {
        0
    } else if height >= INDICATORS_FROM {
        total - (height - 1)
    } else {
        total - height.max(1)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::*;

    /// The tops of every page from the first down to the last.
    fn pages_down(height: usize, total: usize) -> Vec<Window> {
        let mut pages = vec![Window::new(0, height, total)];
        loop {
            let page = pages[pages.len() - 1];
            let next = Window::new(page.page_down(), height, total);
            if next.top == page.top {
                return pages;
            }
            pages.push(next);
        }
    }

    #[test]
    fn a_window_that_fits_shows_everything_without_indicators() {
        let window = Window::new(0, 10, 4);
        assert_eq!(
            (window.shown, window.above, window.below),
            (4, false, false)
        );
        assert_eq!(window.page_down(), 0);
    }

    #[test]
    fn indicator_rows_take_the_place_of_content() {
        let first = Window::new(0, 10, 30);
        assert_eq!((first.shown, first.above, first.below), (9, false, true));
        let middle = Window::new(first.page_down(), 10, 30);
        assert_eq!(middle.top, 8);
        assert_eq!((middle.shown, middle.above, middle.below), (8, true, true));
        let end = Window::new(100, 10, 30);
        assert_eq!(
            (end.top, end.shown, end.above, end.below),
            (21, 9, true, false)
        );
    }

    #[test]
    fn a_window_too_small_for_its_indicators_says_which_hidden_rows_they_would_name() {
        assert_eq!(Window::new(0, 1, 5).unmarked(), (false, true));
        assert_eq!(Window::new(2, 1, 5).unmarked(), (true, true));
        assert_eq!(Window::new(9, 1, 5).unmarked(), (true, false));
        assert_eq!(Window::new(0, 2, 5).unmarked(), (false, false));
        assert_eq!(Window::new(9, 2, 5).unmarked(), (true, false));
        assert_eq!(Window::new(4, 10, 30).unmarked(), (false, false));
        assert_eq!(Window::new(0, 10, 4).unmarked(), (false, false));
    }

    #[test]
    fn a_window_of_two_rows_says_what_is_below_until_its_last_page() {
        let first = Window::new(0, 2, 5);
        assert_eq!((first.shown, first.above, first.below), (1, false, true));
        let middle = Window::new(2, 2, 5);
        assert_eq!((middle.shown, middle.above, middle.below), (1, false, true));
        let last = Window::new(9, 2, 5);
        assert_eq!(
            (last.top, last.shown, last.above, last.below),
            (3, 2, false, false)
        );
        let single = Window::new(0, 1, 5);
        assert_eq!(
            (single.shown, single.above, single.below),
            (1, false, false)
        );
    }

    proptest! {
        #[test]
        fn paging_down_shows_every_row_and_pages_share_a_row(
            height in 1usize..30,
            total in 0usize..200,
        ) {
            let pages = pages_down(height, total);
            let mut next = 0;
            let mut before = 0;
            for page in &pages {
                prop_assert!(page.top <= next, "a gap before {page:?}");
                if before > 1 {
                    prop_assert!(page.top < next, "{page:?} shares no row with the page before");
                }
                prop_assert!(page.shown >= 1 || total == 0);
                let rows = page.shown + usize::from(page.above) + usize::from(page.below);
                prop_assert!(rows <= height.max(1));
                next = page.top + page.shown;
                before = page.shown;
            }
            prop_assert_eq!(next, total);
        }

        #[test]
        fn paging_up_from_the_end_shows_every_row_and_returns_to_the_top(
            height in 1usize..30,
            total in 0usize..200,
        ) {
            let mut page = Window::new(usize::MAX, height, total);
            let mut first = page.top;
            let mut count = 0;
            while page.top > 0 {
                let up = Window::new(page.page_up(), height, total);
                prop_assert!(up.top < page.top);
                prop_assert!(up.top + up.shown >= first, "a gap between {up:?} and {page:?}");
                if up.shown > 1 && page.shown > 1 {
                    prop_assert!(up.top + up.shown > first, "{up:?} shares no row with {page:?}");
                }
                first = up.top;
                page = up;
                count += 1;
                prop_assert!(count <= total);
            }
        }
    }
}
