//! Where the parts of the last frame were, for the mouse: regions recorded while drawing, only
//! for what is visible, and looked up when a click or a wheel turn comes in.

use std::cell::{Cell, RefCell};

use crate::draw::{Pos, Rect};

/// What a region of the last frame shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Hit {
    /// A tab of the tab bar, or the `‹`/`›` marker standing for the nearest hidden tab.
    Tab(usize),
    /// A prompt shown in a window (it does not fit whole), with its position line.
    Prompt,
    /// The option list: its rows, its position line and the room below them.
    List,
    /// A visible option row (0-based; the free-form row is last), all of its lines.
    Row(usize),
    /// An open editor.
    Editor,
    /// The preview pane: its header and its text.
    Preview,
    /// The final tab's summary of the answers.
    Summary,
    /// A final-tab action row, by position.
    Action(usize),
}

/// The regions of the last frame in drawing order, and the tab that frame showed.
#[derive(Debug, Default)]
pub struct Hits {
    /// The active tab of the last frame; `None` before the first frame and after the flow.
    tab: Cell<Option<usize>>,
    /// The regions; a region drawn later lies on top of the ones before it.
    regions: RefCell<Vec<(Rect, Hit)>>,
}

impl Hits {
    /// Forgets the previous frame: a frame showing tab `tab` (none once finished) is drawn.
    pub fn start(&self, tab: Option<usize>) {
        self.tab.set(tab);
        self.regions.borrow_mut().clear();
    }

    /// Records `rect` as showing `hit`; empty rectangles are left out.
    pub fn add(&self, rect: Rect, hit: Hit) {
        if !rect.is_empty() {
            self.regions.borrow_mut().push((rect, hit));
        }
    }

    /// How many regions are recorded so far: a mark for [`Hits::since`].
    pub fn count(&self) -> usize {
        self.regions.borrow().len()
    }

    /// The regions recorded since there were `mark` of them.
    pub fn since(&self, mark: usize) -> Vec<(Rect, Hit)> {
        self.regions.borrow()[mark..].to_vec()
    }

    /// Every region recorded, in drawing order.
    #[cfg(test)]
    pub fn all(&self) -> Vec<(Rect, Hit)> {
        self.since(0)
    }

    /// Records `regions` again, as recorded before (a kept part put again).
    pub fn extend(&self, regions: &[(Rect, Hit)]) {
        self.regions.borrow_mut().extend_from_slice(regions);
    }

    /// What the last frame showed at `pos` (the region drawn last wins), provided it showed
    /// tab `tab`: a frame of another tab is out of date and answers nothing.
    pub fn at(&self, pos: Pos, tab: usize) -> Option<Hit> {
        if self.tab.get() != Some(tab) {
            return None;
        }
        self.regions
            .borrow()
            .iter()
            .rev()
            .find(|(rect, _)| rect.contains(pos))
            .map(|&(_, hit)| hit)
    }
}
