//! Building a [`Frame`] safely: every run is sanitized and clipped as it is put.

use std::borrow::Cow;

use compact_str::CompactString;

use super::{DrawCmd, Frame, Pos, Rect, Size, Style};
use crate::text::{graphemes, sanitize, sanitize_line, width, wrap};

/// The runs a row of a frame holds on average, to size a canvas's list of runs once rather
/// than grow it run by run.
const RUNS_PER_ROW: usize = 3;

/// The longest text a run holds without allocating: a [`CompactString`] keeps that much in
/// place.
const INLINE_TEXT: usize = std::mem::size_of::<CompactString>();

/// How many cells the runs of [`kept_run`] hold.
const KEPT_RUN_CELLS: usize = 160;

/// Blank cells (an indent, a filled background), [`KEPT_RUN_CELLS`] of them.
const BLANK_RUN: &str = "                                                                                                                                                                ";

/// A light rule's glyph, [`KEPT_RUN_CELLS`] times.
const LIGHT_RULE_RUN: &str = "────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────────";

/// A heavy rule's glyph (the active tab's underline), [`KEPT_RUN_CELLS`] times.
const HEAVY_RULE_RUN: &str = "━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━━";

/// `count` copies of `glyph` as a slice of a run kept once, when `glyph` is a blank's or a
/// rule's and the run is long enough: indents, backgrounds and rules are drawn every frame,
/// and a slice of a run kept once is neither built nor allocated (a [`CompactString`] holds
/// it by reference).
pub(crate) fn kept_run(glyph: char, count: usize) -> Option<&'static str> {
    let run = match glyph {
        ' ' => BLANK_RUN,
        '─' => LIGHT_RULE_RUN,
        '━' => HEAVY_RULE_RUN,
        _ => return None,
    };
    (count <= KEPT_RUN_CELLS).then(|| &run[..count * glyph.len_utf8()])
}

/// A frame under construction.
///
/// Draw code puts text at positions without measuring; the canvas sanitizes it for one line,
/// drops what falls outside the frame or the current clip rectangle, and never cuts a wide
/// character: a wide character straddling a clip edge is replaced by spaces for its visible
/// half, so the cell still shows the run's style. Any size works, 0×0 included.
#[derive(Clone, Debug)]
pub struct Canvas {
    size: Size,
    clip: Rect,
    cmds: Vec<DrawCmd>,
    cursor: Option<Pos>,
}

impl Canvas {
    /// An empty canvas for a screen of `size`, clipped to the whole screen.
    pub fn new(size: Size) -> Self {
        Self {
            size,
            clip: Rect::from_size(size),
            cmds: Vec::with_capacity(usize::from(size.height) * RUNS_PER_ROW),
            cursor: None,
        }
    }

    /// The size of the screen being drawn.
    pub const fn size(&self) -> Size {
        self.size
    }

    /// The whole screen as a rectangle.
    pub const fn area(&self) -> Rect {
        Rect::from_size(self.size)
    }

    /// The rectangle drawing is currently limited to.
    pub const fn clip(&self) -> Rect {
        self.clip
    }

    /// Runs `draw` with drawing limited to `rect` as well as the current clip, then restores
    /// the clip. Positions stay screen positions; only what lands outside is dropped.
    pub fn with_clip<R>(&mut self, rect: Rect, draw: impl FnOnce(&mut Self) -> R) -> R {
        let outer = self.clip;
        self.clip = outer.intersection(rect);
        let result = draw(self);
        self.clip = outer;
        result
    }

    /// Puts `text` on one line starting at `pos`, and returns the column just after it as laid
    /// out (clipped or not), so spans can be chained: `x = canvas.put(Pos::new(x, y), ..)`.
    ///
    /// The text is sanitized with [`sanitize_line`], so line breaks show as `↵`; use
    /// [`Canvas::put_wrapped`] for text that may span lines.
    pub fn put(&mut self, pos: Pos, text: &str, style: Style) -> u16 {
        self.put_clean(pos, &sanitize_line(text), style)
    }

    /// Puts `text`, which is sanitized single-line text already (a [`super::Span`]'s, a row
    /// of wrapped sanitized text), as [`Canvas::put`] does, without sanitizing it again.
    pub(crate) fn put_clean(&mut self, pos: Pos, text: &str, style: Style) -> u16 {
        self.put_measured(pos, text, width(text), style)
    }

    /// Puts `text` as [`Canvas::put_clean`] does, knowing it takes `cells` cells (a span's,
    /// measured when it was made).
    pub(crate) fn put_measured(&mut self, pos: Pos, text: &str, cells: usize, style: Style) -> u16 {
        debug_assert!(
            matches!(sanitize_line(text), Cow::Borrowed(_)),
            "{text:?} is sanitized"
        );
        debug_assert_eq!(cells, width(text), "{text:?} takes {cells} cells");
        let after = u16::try_from(usize::from(pos.x) + cells).unwrap_or(u16::MAX);
        let (left, right) = (usize::from(self.clip.x), usize::from(self.clip.right()));
        let x = usize::from(pos.x);
        let row_visible = pos.y >= self.clip.y && pos.y < self.clip.bottom();
        if cells == 0 || !row_visible || x >= right || x + cells <= left {
            return after;
        }
        if x >= left && x + cells <= right {
            self.push(pos, CompactString::new(text), style);
            return after;
        }
        let mut visible = String::with_capacity(text.len());
        let mut start = None;
        let mut column = x;
        for (grapheme, grapheme_cells) in graphemes(text) {
            let end = column + grapheme_cells;
            if column >= right {
                break;
            }
            if grapheme_cells == 0 {
                if start.is_some() {
                    visible.push_str(grapheme);
                }
            } else if column >= left && end <= right {
                start.get_or_insert(column);
                visible.push_str(grapheme);
            } else if end > left {
                let from = column.max(left);
                start.get_or_insert(from);
                visible.extend(std::iter::repeat_n(' ', end.min(right) - from));
            }
            column = end;
        }
        if let Some(start) = start {
            self.push(Pos::new(start as u16, pos.y), visible.into(), style);
        }
        after
    }

    /// Puts a run of `cells` copies of `glyph`, a character one cell wide that needs no
    /// sanitizing (a rule's line), at `pos`, clipped like any text: it is neither sanitized
    /// nor measured, which for a rule across the screen is most of what [`Canvas::put`] costs.
    pub fn put_repeated(&mut self, pos: Pos, glyph: char, cells: u16, style: Style) {
        debug_assert!(
            crate::text::width(glyph.encode_utf8(&mut [0; 4])) == 1
                && sanitize_line(glyph.encode_utf8(&mut [0; 4])).len() == glyph.len_utf8(),
            "{glyph:?} is one clean cell"
        );
        let row_visible = pos.y >= self.clip.y && pos.y < self.clip.bottom();
        let start = pos.x.max(self.clip.x);
        let end = pos.x.saturating_add(cells).min(self.clip.right());
        if row_visible && start < end {
            let count = usize::from(end - start);
            let mut bytes = [0; 4];
            let one: &str = glyph.encode_utf8(&mut bytes);
            // A lone glyph (a border) is copied in; a blank's or a rule's run is a slice of
            // the run kept once; another short one is kept inline; a long one is built by
            // doubling, then handed over.
            let text = if count == 1 {
                CompactString::new(one)
            } else if let Some(run) = kept_run(glyph, count) {
                CompactString::const_new(run)
            } else if count * one.len() <= INLINE_TEXT {
                std::iter::repeat_n(one, count).collect()
            } else {
                CompactString::from(one.repeat(count))
            };
            self.push(Pos::new(start, pos.y), text, style);
        }
    }

    /// Puts multi-line `text` into `area`, sanitized and word-wrapped to its width (see
    /// [`wrap`]), one line per row from the top, and returns how many rows it drew. Lines that
    /// do not fit the height are dropped; measure with [`wrap`] first to scroll.
    pub fn put_wrapped(&mut self, area: Rect, text: &str, style: Style) -> u16 {
        let text = sanitize(text);
        let lines = wrap(&text, usize::from(area.width));
        self.with_clip(area, |canvas| {
            let mut rows = 0;
            for (row, line) in area.rows().zip(&lines) {
                canvas.put(row.pos(), line, style);
                rows += 1;
            }
            rows
        })
    }

    /// Paints every cell of `rect` (within the clip) as a space in `style`, for backgrounds
    /// such as a reversed selection bar.
    pub fn fill(&mut self, rect: Rect, style: Style) {
        let rect = rect.intersection(self.clip);
        if rect.is_empty() {
            return;
        }
        let width = usize::from(rect.width);
        let blank = kept_run(' ', width).map_or_else(
            || CompactString::from(" ".repeat(width)),
            CompactString::const_new,
        );
        for row in rect.rows() {
            self.push(row.pos(), blank.clone(), style);
        }
    }

    /// Shows the text cursor at `pos`; ignored when `pos` is outside the current clip, so a
    /// scrolled-away editor shows no cursor.
    pub fn set_cursor(&mut self, pos: Pos) {
        if self.clip.contains(pos) {
            self.cursor = Some(pos);
        }
    }

    /// Where the text cursor stands so far, if it shows.
    pub const fn cursor(&self) -> Option<Pos> {
        self.cursor
    }

    /// Hides the text cursor again.
    pub fn hide_cursor(&mut self) {
        self.cursor = None;
    }

    /// How many commands the canvas holds so far: a mark for [`Canvas::drawn_since`].
    pub(crate) fn drawn(&self) -> usize {
        self.cmds.len()
    }

    /// The commands put since the canvas held `mark` of them.
    pub(crate) fn drawn_since(&self, mark: usize) -> &[DrawCmd] {
        &self.cmds[mark..]
    }

    /// Puts commands a canvas of this size and clip made earlier (see
    /// [`super::KeptPart`]): they are sanitized and clipped already.
    pub(crate) fn put_kept(&mut self, cmds: &[DrawCmd]) {
        self.cmds.extend_from_slice(cmds);
    }

    /// The finished frame.
    pub fn finish(self) -> Frame {
        Frame {
            size: self.size,
            cmds: self.cmds,
            cursor: self.cursor,
        }
    }

    fn push(&mut self, pos: Pos, text: CompactString, style: Style) {
        self.cmds.push(DrawCmd::Text { pos, text, style });
    }
}
