//! Drawing the settings overlay: a centred box with the rows, the last save's outcome, the load
//! notices, the settings file's path and the key hints.
//!
//! When the screen is short, parts are dropped in this order: the path, the notices, the key
//! hints, the save outcome; the rows come last and then scroll so the highlighted one stays
//! visible. Below 10×5 cells the box has no border and the title takes a line of its own.

use super::{ResetState, Row, SettingsPanel, Status};
use crate::draw::{
    Canvas, Frame, Line, Pos, Rect, Role, Size, Span, Style, cap_lines, line_width, put_line,
    put_line_within, put_lines, wrap_paragraphs,
};
use crate::keys::{Action, Context, ContextKeymap, SettingsModalAction};
use crate::text::{truncate, width as text_width};
use smallvec::smallvec;

/// The title of the overlay.
const TITLE: &str = "Ask settings";

/// The widest the box gets, borders included.
const MAX_WIDTH: u16 = 76;

/// The smallest box that gets a border.
const BORDER_MIN: Size = Size::new(10, 5);

/// The blank margin around the box, in columns either side and rows above and below, so no
/// text of the surface underneath runs up to the border (as far as the screen has room).
const MARGIN: Size = Size::new(2, 1);

/// What a block of the box shows.
enum Kind<'a> {
    /// The title, on a line of its own when there is no border to hold it.
    Title,
    /// The toggles and the reset action.
    Rows,
    /// Lines of text, already wrapped.
    Lines(Vec<Line<'a>>),
}

/// A run of lines laid out top to bottom.
struct Block<'a> {
    /// Lower is served first when lines are handed out (see [`allocate`]).
    priority: u8,
    /// Whether a blank line separates it from the block above, room permitting.
    gap_before: bool,
    kind: Kind<'a>,
}

impl<'a> Block<'a> {
    const fn new(priority: u8, kind: Kind<'a>) -> Self {
        Self {
            priority,
            gap_before: true,
            kind,
        }
    }

    /// How many lines the block wants, with `rows` rows offered.
    fn wanted(&self, rows: usize) -> u16 {
        match &self.kind {
            Kind::Title => 1,
            Kind::Rows => u16::try_from(rows).unwrap_or(u16::MAX),
            Kind::Lines(lines) => u16::try_from(lines.len()).unwrap_or(u16::MAX),
        }
    }
}

impl SettingsPanel {
    /// Draws the overlay centred on a screen of `size`; its box and a margin around it are
    /// cleared first, so it can be painted over another surface's frame.
    pub(super) fn render(&self, size: Size) -> Frame {
        let mut canvas = Canvas::new(size);
        let box_width = size.width.min(MAX_WIDTH);
        let bordered = box_width >= BORDER_MIN.width && size.height >= BORDER_MIN.height;
        let (frame_columns, frame_rows) = if bordered { (2, 1) } else { (0, 0) };
        let inner_width = box_width.saturating_sub(frame_columns * 2);
        let budget = size.height.saturating_sub(frame_rows * 2);
        let blocks = self.blocks(usize::from(inner_width), bordered);
        let heights = allocate(&blocks, self.rows.len(), budget);
        let gaps = gaps(&blocks, &heights, budget);
        let used = heights.iter().sum::<u16>() + gaps.iter().filter(|&&gap| gap).count() as u16;
        let box_height = used + frame_rows * 2;
        let area = Rect::new(
            (size.width - box_width) / 2,
            (size.height - box_height) / 2,
            box_width,
            box_height,
        );
        canvas.fill(with_margin(area, size), Style::default());
        if bordered {
            draw_border(&mut canvas, area);
        }
        let inner = Rect::new(
            area.x + frame_columns,
            area.y + frame_rows,
            inner_width,
            used,
        );
        canvas.with_clip(inner, |canvas| {
            let mut y = inner.y;
            for ((block, &height), &gap) in blocks.iter().zip(&heights).zip(&gaps) {
                y += u16::from(gap);
                let rect = Rect::new(inner.x, y, inner.width, height);
                match &block.kind {
                    Kind::Title => {
                        canvas.put(rect.pos(), TITLE, Style::new(Role::Accent).bold());
                    }
                    Kind::Rows => self.draw_rows(canvas, rect),
                    Kind::Lines(lines) => {
                        let (rows, columns) = (usize::from(rect.height), usize::from(rect.width));
                        put_lines(canvas, rect, 0, &cap_lines(lines.clone(), rows, columns));
                    }
                }
                y += height;
            }
        });
        canvas.finish()
    }

    /// The blocks in screen order, their lines wrapped to `width`.
    fn blocks(&self, width: usize, bordered: bool) -> Vec<Block<'_>> {
        let mut blocks = Vec::new();
        if !bordered {
            blocks.push(Block::new(1, Kind::Title));
        }
        blocks.push(Block::new(0, Kind::Rows));
        let status = match &self.status {
            Some(Status::SaveFailed(message)) => {
                wrap_paragraphs(message, Style::new(Role::Error), width)
            }
            Some(Status::ResetDone) => wrap_paragraphs(
                "Settings reset to defaults.",
                Style::new(Role::Success),
                width,
            ),
            None => Vec::new(),
        };
        blocks.push(Block::new(2, Kind::Lines(status)));
        let notices = self
            .notices
            .iter()
            .flat_map(|notice| wrap_paragraphs(notice, Style::new(Role::Warning), width))
            .collect();
        blocks.push(Block::new(4, Kind::Lines(notices)));
        let label = wrap_paragraphs(
            "Customize keymaps and notifications in",
            Style::new(Role::Muted),
            width,
        );
        blocks.push(Block::new(6, Kind::Lines(label)));
        let path = wrap_paragraphs(&self.config_path, Style::new(Role::Text), width);
        blocks.push(Block {
            gap_before: false,
            ..Block::new(5, Kind::Lines(path))
        });
        let hints = if self.shown.behaviour.show_footer_hints {
            let hint = hint_line(&self.saved.keymaps.settings_modal, width);
            vec![smallvec![Span::new(hint, Style::new(Role::Muted))]]
        } else {
            Vec::new()
        };
        blocks.push(Block::new(3, Kind::Lines(hints)));
        blocks
    }

    /// The rows that fit `rect`, scrolled so the highlighted one is visible.
    fn draw_rows(&self, canvas: &mut Canvas, rect: Rect) {
        let visible = usize::from(rect.height);
        let first = (self.selected + 1).saturating_sub(visible);
        for (index, line) in rect.rows().enumerate() {
            let row_index = first + index;
            let Some(&row) = self.rows.get(row_index) else {
                break;
            };
            let selected = row_index == self.selected;
            let base = if selected {
                canvas.fill(line, Style::new(Role::Selected).reverse());
                Style::new(Role::Selected).reverse()
            } else {
                Style::new(Role::Text)
            };
            let x = canvas.put(line.pos(), if selected { "›" } else { " " }, base);
            let room = usize::from(line.right().saturating_sub(x + 1));
            let choices = self.row_layouts(row, base);
            let chosen = choices
                .iter()
                .find(|layout| line_width(layout) <= room)
                .or_else(|| choices.last());
            if let Some(layout) = chosen {
                put_line_within(canvas, Pos::new(x + 1, line.y), layout, room);
            }
        }
    }

    /// The ways a row can be written, widest first.
    fn row_layouts(&self, row: Row, base: Style) -> Vec<Line<'_>> {
        let muted = if base.attrs.reverse {
            base
        } else {
            Style::new(Role::Muted)
        };
        let warning = Style::new(Role::Warning).bold();
        match row {
            Row::Toggle(toggle) => {
                let mark = if self.shown.toggle(toggle) { "x" } else { " " };
                let text = Span::new(format!("[{mark}] {}", toggle.label()), base);
                if toggle.applies_to_open_flows() {
                    vec![smallvec![text]]
                } else {
                    let marked = smallvec![text.clone(), Span::new(" (new flows)", muted)];
                    vec![marked, smallvec![text]]
                }
            }
            Row::Reset if self.reset == ResetState::Armed => {
                let toggle = SettingsModalAction::Toggle;
                let key = self.saved.keymaps.settings_modal.hint(toggle);
                let key = key.unwrap_or_else(|| toggle.name_in(Context::SettingsModal));
                vec![
                    smallvec![
                        Span::new("Reset to defaults", base),
                        Span::new(format!(" — press {key} again to confirm"), warning),
                    ],
                    smallvec![Span::new(format!("Press {key} again to reset"), warning)],
                ]
            }
            Row::Reset => vec![smallvec![Span::new("Reset to defaults", base)]],
        }
    }
}

/// How many lines each block gets out of `budget`, with `rows` rows offered: the blocks are
/// served in order of priority, each taking what it wants of what is left.
fn allocate(blocks: &[Block], rows: usize, budget: u16) -> Vec<u16> {
    let mut order: Vec<usize> = (0..blocks.len()).collect();
    order.sort_by_key(|&index| blocks[index].priority);
    let mut left = budget;
    let mut heights = vec![0; blocks.len()];
    for index in order {
        heights[index] = blocks[index].wanted(rows).min(left);
        left -= heights[index];
    }
    heights
}

/// Which blocks get a blank line above them: those that ask for one and are not the first
/// shown, top to bottom while the budget lasts.
fn gaps(blocks: &[Block], heights: &[u16], budget: u16) -> Vec<bool> {
    let mut left = budget.saturating_sub(heights.iter().sum());
    let mut seen_one = false;
    blocks
        .iter()
        .zip(heights)
        .map(|(block, &height)| {
            if height == 0 {
                return false;
            }
            let gap = seen_one && block.gap_before && left > 0;
            seen_one = true;
            left -= u16::from(gap);
            gap
        })
        .collect()
}

/// `up/down move · enter toggle · esc close`, from the keys bound first to each action; the
/// parts that do not fit `width` are left out, the move hint first and the close hint last.
fn hint_line(keymap: &ContextKeymap<SettingsModalAction>, width: usize) -> String {
    let moves = keymap
        .hint_pair(
            SettingsModalAction::PreviousOption,
            SettingsModalAction::NextOption,
        )
        .map(|keys| format!("{keys} move"));
    let toggle = keymap.hint(SettingsModalAction::Toggle);
    let toggle = toggle.map(|toggle| format!("{toggle} toggle"));
    let close = keymap.hint(SettingsModalAction::Close);
    let close = close.map(|close| format!("{close} close"));
    let mut parts = [moves, toggle, close];
    for drop in 0..parts.len() {
        let line = parts
            .iter()
            .flatten()
            .cloned()
            .collect::<Vec<_>>()
            .join(" · ");
        if text_width(&line) <= width || drop + 1 == parts.len() {
            return truncate(&line, width).into_owned();
        }
        parts[drop] = None;
    }
    String::new()
}

/// `area` grown by [`MARGIN`] on every side, within a screen of `size`.
fn with_margin(area: Rect, size: Size) -> Rect {
    let x = area.x.saturating_sub(MARGIN.width);
    let y = area.y.saturating_sub(MARGIN.height);
    let right = area.right().saturating_add(MARGIN.width).min(size.width);
    let bottom = area.bottom().saturating_add(MARGIN.height).min(size.height);
    Rect::new(x, y, right - x, bottom - y)
}

/// A rounded border around `area` with the title in its top edge.
fn draw_border(canvas: &mut Canvas, area: Rect) {
    let border = Style::new(Role::Border);
    let inner = usize::from(area.width.saturating_sub(2));
    let bottom = area.bottom() - 1;
    let edge = |left, right| {
        [
            Span::new(left, border),
            Span::rule(inner),
            Span::new(right, border),
        ]
    };
    put_line(canvas, area.pos(), &edge("╭", "╮"));
    for y in area.y + 1..bottom {
        canvas.put(Pos::new(area.x, y), "│", border);
        canvas.put(Pos::new(area.right() - 1, y), "│", border);
    }
    put_line(canvas, Pos::new(area.x, bottom), &edge("╰", "╯"));
    let title = format!(" {TITLE} ");
    if text_width(&title) + 4 <= usize::from(area.width) {
        canvas.put(
            Pos::new(area.x + 2, area.y),
            &title,
            Style::new(Role::Accent).bold(),
        );
    }
}
