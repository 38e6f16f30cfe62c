//! The shortest bytes that turn what the terminal shows into the next frame.
//!
//! An [`Encoder`] remembers what it put on the screen (a [`Shadow`] of every cell), where the
//! cursor stands, which style the terminal is in and whether the cursor is hidden. With that it
//! picks, for every change, the cheapest of an absolute move, relative moves and reprinting the
//! unchanged text in between; sets a style with one `ESC[...m` naming only what differs; leaves
//! the style alone for cells that stay blank; and erases a blank tail with `ESC[K`.

use ratatui::layout::{Position, Size};
use ratatui::style::Modifier;

pub use self::addressing::Addressing;
pub use self::erase::Erase;
use self::overflow::CLUSTER_OVERFLOW;
use self::runs::reprint_run;
pub use self::shrinking::Shrinking;
use self::shrinking::USED_UNKNOWN;
use self::tails::{TailReach, Tails, tail_start};
use crate::backend::capped;
use crate::cell::{Cell, Clusters, Ink, PaintedRow, Shade};
use crate::sgr::Recent;
use crate::shadow::Shadow;

/// Whether the cursor is shown, as far as the encoder knows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Visibility {
    /// Nothing has been said about it yet.
    Unknown,
    /// `ESC[?25h` was the last word.
    Shown,
    /// `ESC[?25l` was the last word.
    Hidden,
}

/// Encodes frames as few bytes as it can, knowing what the screen already shows.
#[derive(Debug)]
pub struct Encoder {
    shadow: Shadow,
    /// What becomes of a row that gets shorter.
    shrinking: Shrinking,
    addressing: Addressing,
    /// For each row, how far its cells were written since it was last cleared whole: what a
    /// terminal that rewraps its lines takes for the line's text.
    used: Vec<u16>,
    cursor: Option<Position>,
    /// The row of a cursor whose column the encoder lost (see [`Encoder::lose_column`]).
    lost_column_row: Option<u16>,
    style: Shade,
    /// The style changes written lately.
    styles: Recent,
    visibility: Visibility,
    tails: Tails,
    epoch: u64,
}

/// The cells of a row compared with the screen, how far the painting reached in them (every
/// cell from there on is blank), the clusters they name, how far an erase may reach from their
/// blank tail, and how many of the first are known to show already.
#[derive(Clone, Copy)]
struct Compared<'a> {
    row: &'a [Cell],
    painted: usize,
    clusters: &'a Clusters,
    reach: TailReach,
    unchanged_before: usize,
}

impl Encoder {
    /// An encoder for a screen of `size` whose contents it does not know yet.
    pub fn new(size: Size) -> Self {
        let mut encoder = Self {
            shadow: Shadow::new(Size::default()),
            shrinking: Shrinking::EraseTail,
            addressing: Addressing::Absolute,
            used: Vec::new(),
            cursor: None,
            lost_column_row: None,
            style: Shade::BLANK,
            styles: Recent::default(),
            visibility: Visibility::Unknown,
            tails: Tails::Erasable,
            epoch: 0,
        };
        encoder.set_size(size);
        encoder
    }

    /// Follows the screen to `size`; a screen of another size is forgotten. The shadow is at
    /// most [`MAX_SCREEN_SIDE`](crate::backend::MAX_SCREEN_SIDE) on a side, and on a wider
    /// screen no tail is erased, since `ESC[K` would reach past what the shadow knows.
    pub fn set_size(&mut self, size: Size) {
        let kept = capped(size);
        let tails = if kept.width == size.width {
            Tails::Erasable
        } else {
            Tails::Written
        };
        if self.shadow.size() != kept || self.tails != tails {
            self.shadow = Shadow::new(kept);
            self.used = vec![USED_UNKNOWN; usize::from(kept.height)];
            self.cursor = None;
            self.lost_column_row = None;
            self.tails = tails;
            self.epoch += 1;
        }
    }

    /// The size of the screen it encodes for (at most
    /// [`MAX_SCREEN_SIDE`](crate::backend::MAX_SCREEN_SIDE) on a side).
    pub fn size(&self) -> Size {
        self.shadow.size()
    }

    /// Appends to `out` the bytes that turn row `y` of the screen, from column `x` on, into
    /// `row`, whose cells from `painted` on are blank; only cells the screen does not already
    /// show are written, and only the part of the row that shows something now or showed
    /// something before is compared. A wide glyph whose right half changes is written again
    /// whole.
    pub fn draw_row(&mut self, out: &mut Vec<u8>, x: u16, y: u16, row: &PaintedRow<'_>) {
        let PaintedRow {
            cells: row,
            painted,
            clusters,
            mut unchanged_before,
        } = *row;
        if !self.shadow.contains(x, y) {
            return;
        }
        let room = usize::from(self.shadow.size().width - x);
        let row = &row[..row.len().min(room)];
        let reaches_edge = row.len() == room;
        let painted = painted.min(row.len());
        let end = u16::try_from(painted).unwrap_or(u16::MAX);
        if x == 0 && reaches_edge && self.clear_if_shrinking(out, y, end) {
            // The cells the painter knew unchanged were cleared with the rest.
            unchanged_before = 0;
        }
        let shown = usize::from(self.shadow.blank_from(y).saturating_sub(x)).min(row.len());
        let compared = painted.max(shown);
        let end = x + u16::try_from(compared).unwrap_or(u16::MAX);
        self.shadow.open_row(y, end);
        let reach = match (reaches_edge, self.tails) {
            (true, Tails::Erasable) if compared == row.len() => TailReach::AnyBackground,
            (true, Tails::Erasable) => TailReach::DefaultBackground,
            _ => TailReach::Nowhere,
        };
        let mut known = self.shadow.take_cells(y);
        let cells = Compared {
            row: &row[..compared],
            painted,
            clusters,
            reach,
            unchanged_before,
        };
        let spill = self.write_changed(out, Position::new(x, y), &cells, &mut known);
        self.shadow.put_cells(y, known);
        if let Some(after) = spill {
            // Past the compared cells, which were written again after the grapheme, the row is
            // believed blank.
            let end = u16::try_from(row.len()).unwrap_or(u16::MAX);
            let compared = u16::try_from(compared).unwrap_or(u16::MAX);
            let spill_end = after.saturating_add(CLUSTER_OVERFLOW).min(end);
            let tails = if reaches_edge {
                self.tails
            } else {
                Tails::Written
            };
            self.blank_spill(out, y, x + compared, x + spill_end, tails);
        }
        if reaches_edge {
            let blank_from = if painted > 0 {
                x + u16::try_from(painted).unwrap_or(u16::MAX)
            } else {
                self.shadow.blank_from(y).min(x)
            };
            self.shadow.blank_row(y, blank_from);
        }
    }

    /// Writes the cells of a row, drawn from `origin`, that the screen does not show yet, and
    /// notes them in `known`, the screen's whole row: one pass that compares, writes and
    /// notes. A blank tail the row's reach allows is erased rather than written. Returns the
    /// column, in the row, after the last grapheme of several characters written when no
    /// erase followed it: the cells from there on may show what it spilled into them.
    fn write_changed(
        &mut self,
        out: &mut Vec<u8>,
        origin: Position,
        cells: &Compared<'_>,
        known: &mut [Cell],
    ) -> Option<u16> {
        let Compared {
            row,
            painted,
            clusters,
            reach,
            unchanged_before,
        } = *cells;
        let base = usize::from(origin.x);
        let mut stop = None;
        let mut spill = None;
        let mut at = unchanged_before.min(row.len());
        while let Some(unchanged) = known[base + at..base + row.len()]
            .iter()
            .zip(&row[at..])
            .position(|(seen, cell)| !seen.looks_like(cell))
        {
            at += unchanged;
            // A changed right half of a wide glyph is written with its left half, which the
            // loop passed over; one at the row's start has none to write.
            let start = match (row[at].is_covered(), at) {
                (false, _) => at,
                (true, 0) => {
                    known[base] = row[0];
                    at += 1;
                    continue;
                }
                (true, _) => at - 1,
            };
            // Every cell from the tail's start on is blank on the tail's background.
            let stop = *stop.get_or_insert_with(|| tail_start(row, painted, reach));
            let to = Position::new(
                origin.x + u16::try_from(start).unwrap_or(u16::MAX),
                origin.y,
            );
            if self.cursor != Some(to) {
                self.move_over(out, to, known);
            }
            let cell = &row[start];
            if start >= stop {
                self.erase_to_row_end(out, cell.shade.bg);
                // The erased cells the painting reached keep their background; those past it
                // the shadow notes blank once the row is drawn.
                let painted_end = painted.clamp(start, row.len());
                known[base + start..base + painted_end].copy_from_slice(&row[start..painted_end]);
                return None;
            }
            self.set_style_for(out, cell);
            if cell.text.is_cluster() && row.get(start + 1).is_some_and(Cell::is_covered) {
                self.blank_under_cluster(out, to);
            }
            cell.text.write_to(clusters, out);
            known[base + start] = *cell;
            let mut next = start + 1;
            if row.get(next).is_some_and(Cell::is_covered) {
                known[base + next] = row[next];
                next += 1;
            }
            if cell.text.is_cluster() {
                // A grapheme of several characters may take more cells on the terminal than
                // the row gives it (kitty 0.26 draws a family of three as three glyphs,
                // six cells): its overflow may hide the cells after it, and the terminal's
                // cursor may stand cells away. The rest of the row goes out again from a
                // move that does not start from the cursor's column, so the text after it
                // stands where it should.
                known[base + next..base + row.len()].fill(Cell::UNKNOWN);
                self.lose_column(origin.y);
                let after = u16::try_from(next).unwrap_or(u16::MAX);
                self.note_written_to(origin.y, origin.x.saturating_add(after));
                spill = Some(after);
                at = next;
                continue;
            }
            // The cells after it that the style just set shows alike, a byte each, go out as
            // one run.
            next += reprint_run(
                self.style,
                &mut known[base + next..base + stop.max(next)],
                &row[next..stop.max(next)],
                out,
            );
            self.advance(u16::try_from(next - start).unwrap_or(u16::MAX));
            self.note_written_to(
                origin.y,
                origin
                    .x
                    .saturating_add(u16::try_from(next).unwrap_or(u16::MAX)),
            );
            at = next;
        }
        spill
    }

    /// Turns row `y` blank from column `x` to its end with `ESC[K`, when the cells the row
    /// shows before `x` stay and the cells from `x` to `end` are to be blank: only where `end`
    /// is the screen's edge and the encoder knows the row. Returns whether the row is blank
    /// from `x` now; when it is not, the row is to be drawn.
    pub fn blank_row_from(&mut self, out: &mut Vec<u8>, x: u16, y: u16, end: u16) -> bool {
        if !self.shadow.contains(x, y)
            || end != self.shadow.size().width
            || self.tails != Tails::Erasable
        {
            return false;
        }
        if self.shadow.cells(y).is_none()
            || (self.shrinking == Shrinking::ClearRow && self.used(y) > x)
        {
            return false;
        }
        if self.shadow.blank_from(y) > x {
            self.move_to(out, Position::new(x, y));
            self.erase_to_row_end(out, Ink::RESET);
            self.shadow.blank_row(y, x);
        }
        true
    }

    /// Ends a frame: the terminal keeps the last colour and attributes set when they paint
    /// nothing on a blank cell (the next frame starts from them, and restoring the terminal
    /// resets them); a background or reverse video is reset, so that nothing the terminal
    /// itself erases takes it.
    pub fn end_frame(&mut self, out: &mut Vec<u8>) {
        if !self.style.paints_blank_as(Ink::RESET) {
            self.set_style(out, Shade::BLANK);
        }
    }

    /// A number that changes whenever the encoder learns the screen changed by other means
    /// than its rows (an erase, a new size, scrolled lines): what was drawn before may no
    /// longer be there.
    pub fn epoch(&self) -> u64 {
        self.epoch
    }

    /// Appends a reset to the default style, unless the terminal is in it already: before
    /// bytes the encoder does not write, such as newlines that scroll the screen.
    pub fn reset_style(&mut self, out: &mut Vec<u8>) {
        self.set_style(out, Shade::BLANK);
    }

    /// Appends the bytes that hide the cursor, unless it is hidden already.
    pub fn hide_cursor(&mut self, out: &mut Vec<u8>) {
        if self.visibility != Visibility::Hidden {
            out.extend_from_slice(b"\x1b[?25l");
            self.visibility = Visibility::Hidden;
        }
    }

    /// Appends the bytes that show the cursor, unless it is shown already.
    pub fn show_cursor(&mut self, out: &mut Vec<u8>) {
        if self.visibility != Visibility::Shown {
            out.extend_from_slice(b"\x1b[?25h");
            self.visibility = Visibility::Shown;
        }
    }

    /// Where the cursor stands, if the encoder knows.
    pub fn cursor(&self) -> Option<Position> {
        self.cursor
    }

    /// Notes that the cursor stands at `at`, as the terminal reported.
    pub fn note_cursor(&mut self, at: Position) {
        self.cursor = Some(at);
    }

    /// Moves the known cursor `width` cells right; a cursor that reached the last column waits
    /// to wrap, and the encoder stops trusting where it is.
    fn advance(&mut self, width: u16) {
        if let Some(at) = self.cursor {
            let x = at.x.saturating_add(width);
            if x < self.shadow.size().width {
                self.cursor = Some(Position::new(x, at.y));
            } else {
                self.lose_column(at.y);
            }
        }
    }

    /// Appends the `ESC[K` that erases from the cursor to the end of its row, leaving blank
    /// cells of background `bg`: only the background of the current style is set first, the
    /// rest kept when it adds nothing visible to blank cells.
    fn erase_to_row_end(&mut self, out: &mut Vec<u8>, bg: Ink) {
        if !self.style.paints_blank_as(bg) {
            let target = Shade {
                bg,
                modifier: Modifier::empty(),
                ..self.style
            };
            self.set_style(out, target);
        }
        // Three bytes pushed cost less than a slice copied in.
        out.push(0x1b);
        out.push(b'[');
        out.push(b'K');
    }

    /// Appends one `ESC[...m` that turns the current style into `target`, if they differ: they
    /// do not for most cells of a run, which is why this check is inlined.
    #[inline]
    fn set_style(&mut self, out: &mut Vec<u8>, target: Shade) {
        if target != self.style {
            self.change_style(out, target);
        }
    }

    /// Appends the `ESC[...m` that `cell` is written in, unless the current style shows it
    /// alike: it is the cell's, or the cell is a blank it paints on the same background (no
    /// style set for cells that stay blank). The cheap check comes first, and is inlined.
    #[inline]
    fn set_style_for(&mut self, out: &mut Vec<u8>, cell: &Cell) {
        if cell.shade != self.style
            && !(cell.is_blank() && self.style.paints_blank_as(cell.shade.bg))
        {
            self.change_style(out, cell.shade);
        }
    }

    /// Appends one `ESC[...m` that turns the current style into `target`, which differs.
    fn change_style(&mut self, out: &mut Vec<u8>, target: Shade) {
        out.extend_from_slice(self.styles.sequence(&self.style, &target));
        self.style = target;
    }
}

mod addressing;
mod erase;
mod fresh;
mod moves;
mod overflow;
mod runs;
mod scroll;
mod shrinking;
mod tails;
#[cfg(test)]
mod tests;
