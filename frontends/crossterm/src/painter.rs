//! Core frames drawn on a screen, at a cost that follows what changed.
//!
//! A [`Painter`] keeps the last frame it drew. The next frame's runs are compared with it row
//! by row; only a row whose runs differ is painted into cells and handed to the target, whose
//! encoder writes the cells the screen does not show yet. A keystroke that moves a highlight
//! repaints two rows, not the screen; one that scrolls a list has the terminal scroll it and
//! paints the rows that come into view.

use std::io;

use pi_agent_ask_core::draw::{Frame, Size as FrameSize};
use ratatui::layout::{Position, Rect, Size};

use self::rows::{RowChange, RowIndex, changed_rows, row_change};
use self::shift::find_shift;
use crate::fresh::{FreshRun, Shades, fresh_runs};
use crate::paint::{RowCells, paint_row, screen_cursor};
use crate::theme::Theme;

/// What a painter draws on: a screen with an encoder that knows what it shows.
pub trait DrawTarget {
    /// The screen's size, as last learnt.
    fn screen_size(&self) -> io::Result<Size>;

    /// Forgets the screen's size, so that it is learnt again: the screen may have been
    /// resized.
    fn forget_size(&mut self);

    /// Starts a frame: follows the screen's size, and returns the encoder's epoch, which
    /// changes whenever the screen may no longer show what was drawn.
    fn begin_frame(&mut self) -> io::Result<u64>;

    /// Erases the whole screen.
    fn erase_screen(&mut self) -> io::Result<()>;

    /// Turns row `y`, from column `x` on, into `row`, writing only what differs; its cells
    /// before `unchanged_before` are those the frame drawn last showed there.
    fn draw_row(&mut self, x: u16, y: u16, row: &RowCells, unchanged_before: usize);

    /// Whether the screen is known to show row `y` blank from column `from` on: where it is,
    /// the row's changed runs may be written straight out ([`Self::write_fresh`]).
    fn is_blank_from(&self, from: u16, y: u16) -> bool;

    /// Writes `runs` on row `y`, when the screen shows it blank from column `from` on, where
    /// they all lie. Returns whether it did; when it did not, the row is drawn.
    fn write_fresh(&mut self, y: u16, from: u16, runs: &[FreshRun<'_>]) -> bool;

    /// Turns row `y` blank from column `x` on, where the frame drawn last showed what the
    /// row shows before `x`, when an erase can: the row runs to `right`, the screen's edge.
    /// Returns whether it did; when it did not, the row is drawn.
    fn blank_row_from(&mut self, x: u16, y: u16, right: u16) -> bool;

    /// Scrolls rows `top..bottom` of the screen `by` rows, up when positive, the rows it
    /// uncovers left blank (see [`Encoder::scroll_rows`](crate::encode::Encoder::scroll_rows)).
    /// Returns whether it did; when it did not, the rows are drawn.
    fn scroll_rows(&mut self, top: u16, bottom: u16, by: i16) -> bool;

    /// Forgets what every cell of the screen shows, so that the next frame writes them all.
    fn forget_cells(&mut self);

    /// Ends a frame's cells (a background left set is reset).
    fn end_frame(&mut self);

    /// Shows the cursor at `at`, or hides it.
    fn place_cursor(&mut self, at: Option<Position>) -> io::Result<()>;

    /// Hands everything the frame wrote to the terminal, in one write.
    fn flush_frame(&mut self) -> io::Result<()>;
}

/// Which part of the screen a painter draws in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Viewport {
    /// All of it, following its size: a new size erases the screen and redraws.
    Fullscreen,
    /// A fixed rectangle (an inline form's rows).
    Fixed(Rect),
}

/// Draws frames on a [`DrawTarget`], writing only what changed.
#[derive(Debug)]
pub struct Painter<T> {
    target: T,
    viewport: Viewport,
    area: Rect,
    last: Option<Drawn>,
    row: RowCells,
    /// The row index of the frame drawn before the last, whose room the next frame's takes.
    spare_rows: RowIndex,
    /// Which rows of the frame being drawn may differ from the last one's, one flag a row.
    changed: Vec<bool>,
}

/// The last frame drawn, and what it was drawn on.
#[derive(Debug)]
struct Drawn {
    frame: Frame,
    rows: RowIndex,
    area: Rect,
    epoch: u64,
}

impl<T: DrawTarget> Painter<T> {
    /// A painter drawing on `target` in `viewport`.
    ///
    /// # Errors
    /// When the screen's size cannot be read.
    pub fn new(target: T, viewport: Viewport) -> io::Result<Self> {
        let area = match viewport {
            Viewport::Fullscreen => Rect::from((Position::ORIGIN, target.screen_size()?)),
            Viewport::Fixed(area) => area,
        };
        Ok(Self {
            target,
            viewport,
            area,
            last: None,
            row: RowCells::default(),
            spare_rows: RowIndex::default(),
            changed: Vec::new(),
        })
    }

    /// The area frames are drawn in.
    pub fn area(&self) -> Rect {
        self.area
    }

    /// What the painter draws on.
    pub fn target(&self) -> &T {
        &self.target
    }

    /// What the painter draws on, for what is not a frame (placing an inline form, a bell).
    pub fn target_mut(&mut self) -> &mut T {
        &mut self.target
    }

    /// Learns the screen's size again after a resize; full screen, the screen is erased and
    /// the next frame drawn whole, even at the size last drawn for: a terminal made smaller
    /// and as large again before the size was read (the program busy, a window manager's
    /// quick resizes) has cut its screen meanwhile, and the cells kept as written are gone.
    ///
    /// # Errors
    /// When the screen's size cannot be read or the terminal cannot be written.
    pub fn follow_resize(&mut self) -> io::Result<()> {
        self.target.forget_size();
        if self.viewport == Viewport::Fullscreen {
            self.area = Rect::from((Position::ORIGIN, self.target.screen_size()?));
            self.target.erase_screen()?;
        }
        Ok(())
    }

    /// Full screen, takes the screen's size if it changed; the screen is erased then, and the
    /// next frame drawn whole.
    fn follow_screen(&mut self) -> io::Result<()> {
        if self.viewport == Viewport::Fullscreen {
            let size = self.target.screen_size()?;
            if size != self.area.as_size() {
                self.area = Rect::from((Position::ORIGIN, size));
                self.target.erase_screen()?;
            }
        }
        Ok(())
    }

    /// Draws the frame `draw` makes for the area, with its cursor; returns where the cursor is
    /// shown, if it is.
    ///
    /// # Errors
    /// When the screen's size cannot be read or the terminal cannot be written.
    pub fn draw(
        &mut self,
        theme: &Theme,
        draw: impl FnOnce(FrameSize) -> Frame,
    ) -> io::Result<Option<Position>> {
        self.follow_screen()?;
        if self.row.holds_too_many_clusters() {
            // The screen's cells may name the clusters forgotten: they are forgotten too, and
            // the frame is written whole.
            self.row.forget_clusters();
            self.target.forget_cells();
        }
        let epoch = self.target.begin_frame()?;
        let area = self.area;
        let frame = draw(FrameSize::new(area.width, area.height));
        let mut rows = std::mem::take(&mut self.spare_rows);
        rows.group(&frame, area.height);
        let last = self
            .last
            .take()
            .filter(|last| last.epoch == epoch && last.area == area);
        let mut changed = last
            .as_ref()
            .map(|last| changed_rows(&frame, &last.frame, area.height, &mut self.changed));
        // Inline, the form's rows are the shell's screen, where a region scrolled from its
        // top row may push a row into the scrollback.
        let shift = match (&last, changed) {
            (Some(last), Some(flags)) if self.viewport == Viewport::Fullscreen => {
                find_shift((&frame, &rows), (&last.frame, &last.rows), flags)
            }
            _ => None,
        }
        .filter(|shift| {
            let region = shift.region();
            self.target
                .scroll_rows(area.y + region.start, area.y + region.end, shift.by)
        });
        if shift.is_some() {
            // The rows the scroll uncovered are blank, whatever the last frame showed there.
            changed = None;
        }
        let mut fresh = Vec::new();
        let mut shades = Shades::new(theme);
        for y in 0..area.height {
            if changed.is_some_and(|changed| !changed[usize::from(y)]) {
                continue;
            }
            let shown = match &shift {
                Some(shift) => shift.shown_before(y),
                None => Some(y),
            };
            if shown.is_some_and(|before| before != y) {
                // Moved with the band: the screen shows it already.
                continue;
            }
            let runs = rows.runs(&frame, y);
            let change = match (&last, shown) {
                (Some(last), Some(_)) => row_change(runs.clone(), last.rows.runs(&last.frame, y)),
                (Some(_), None) => row_change(runs.clone(), std::iter::empty()),
                (None, _) => RowChange::From(0),
            };
            let unchanged_before = match change {
                RowChange::Same => continue,
                RowChange::BlankFrom(column) => {
                    if self
                        .target
                        .blank_row_from(area.x + column, area.y + y, area.right())
                    {
                        continue;
                    }
                    column
                }
                RowChange::From(first) => {
                    let (from, screen_y) = (area.x + first, area.y + y);
                    if self.target.is_blank_from(from, screen_y)
                        && fresh_runs(
                            runs.clone(),
                            &mut shades,
                            area.x,
                            area.width,
                            first,
                            &mut fresh,
                        )
                        && self.target.write_fresh(screen_y, from, &fresh)
                    {
                        continue;
                    }
                    // A wide glyph that ends where the change starts may be broken.
                    first.saturating_sub(1)
                }
            };
            let unchanged_before = usize::from(unchanged_before);
            paint_row(runs, theme, area.width, &mut self.row);
            self.target
                .draw_row(area.x, area.y + y, &self.row, unchanged_before);
        }
        self.target.end_frame();
        let cursor = screen_cursor(&frame, area.as_position(), area.width, area.height);
        self.target.place_cursor(cursor)?;
        self.target.flush_frame()?;
        if let Some(last) = last {
            self.spare_rows = last.rows;
        }
        self.last = Some(Drawn {
            frame,
            rows,
            area,
            epoch,
        });
        Ok(cursor)
    }
}

mod rows;
mod shift;

#[cfg(test)]
mod tests {
    use pi_agent_ask_core::draw::{DrawCmd, Pos, Style};

    use super::*;
    use crate::cell::Clusters;
    use crate::encode::Erase;
    use crate::lean::{LeanBackend, ScreenSize};

    /// What row `y` of the emulated `screen` shows in its first `count` cells.
    fn shown_row(screen: &vt100::Parser, y: u16, count: usize) -> Vec<String> {
        (0..u16::try_from(count).expect("a few"))
            .map(|x| {
                screen
                    .screen()
                    .cell(y, x)
                    .expect("a cell")
                    .contents()
                    .to_owned()
            })
            .collect()
    }

    #[test]
    fn a_painter_that_meets_more_clusters_than_it_keeps_starts_afresh_and_shows_every_frame() {
        let (width, per_frame) = (40, 20);
        let backend = LeanBackend::new(Vec::new(), ScreenSize::Fixed(Size::new(width, 2)));
        let mut painter = Painter::new(backend, Viewport::Fullscreen).expect("a painter");
        painter
            .target_mut()
            .clear_region(Erase::All)
            .expect("an erased screen");
        let mut screen = vt100::Parser::new(2, width, 0);
        let letters = ('a'..='z').chain('A'..='Z');
        let clusters: Vec<String> = letters
            .flat_map(|letter| ('\u{300}'..='\u{36f}').map(move |mark| format!("{letter}{mark}")))
            .collect();
        let chunks: Vec<&[String]> = clusters.chunks(per_frame).collect();
        assert!(chunks.len() * per_frame > Clusters::MOST + 2 * per_frame);
        // The top row keeps the first clusters, numbered first, until the painter starts
        // afresh; then it shows those the bottom row showed, numbered first after the start.
        let mut top = chunks[0];
        let mut frames_after = None;
        let mut fed = 0;
        for (frame, &bottom) in chunks.iter().enumerate().skip(1) {
            let cmds = vec![
                DrawCmd::text(Pos::new(0, 0), top.concat(), Style::default()),
                DrawCmd::text(Pos::new(0, 1), bottom.concat(), Style::default()),
            ];
            let before = painter.row.clusters().len();
            painter
                .draw(&Theme::colored(), |size| Frame::new(size, cmds))
                .expect("a frame");
            assert!(painter.row.clusters().len() <= Clusters::MOST + 2 * per_frame);
            let bytes = painter.target().writer();
            screen.process(&bytes[fed..]);
            fed = bytes.len();
            assert_eq!(shown_row(&screen, 0, top.len()), top, "frame {frame}");
            assert_eq!(shown_row(&screen, 1, bottom.len()), bottom, "frame {frame}");
            if painter.row.clusters().len() < before {
                top = bottom;
                frames_after = Some(0);
            } else if let Some(count) = &mut frames_after {
                *count += 1;
            }
        }
        assert!(
            frames_after > Some(1),
            "the painter started afresh and drew on"
        );
    }
}
