//! The option list of a question tab: every description whole when the whole list fits so,
//! otherwise shortened descriptions, scrolled to keep the highlighted row in view, with a
//! position line when it does not fit.

use super::super::Form;
use super::kept_rows::{KeptRows, RowKey, RowLook};
use super::options::{Emphasis, Item, short_description};
use super::{ACCENT, Hit, MUTED, TEXT};
use crate::draw::{Canvas, Pos, Rect, Span, put_line, put_lines};
use crate::text::{sanitize_line, width};

use self::status::ScrollCounts;

/// Where the last frame showed a question's list, for paging through it.
#[derive(Clone, Copy, Debug, Default)]
pub struct ListPage {
    /// The question the list belongs to.
    tab: usize,
    /// The first row shown.
    first: usize,
    /// The last row shown whole.
    last: usize,
    /// The list's columns.
    columns: usize,
    /// The screen rows the options had (the position line left out).
    rows: usize,
    /// The rows the list's area had, which the options were laid out for.
    height: usize,
    /// Whether the list did not fit whole, so that it scrolled under a position line.
    scrolls: bool,
}

/// How the rows of a list that fits whole are laid out: the description rows each row has,
/// and the highlighted row's, which takes the rows left free as well.
#[derive(Clone, Copy, Debug)]
struct Fitted {
    rows: usize,
    highlighted: usize,
}

impl Form {
    /// The highlighted row after a page `down` or up on question `index`'s list. A highlight
    /// inside the page goes to the page's last (first) row; one already there turns the page:
    /// that row is shown first (last) and the highlight goes to the last (first) row that fits
    /// with it, so every row is on some page and two pages share a row. Before the list was
    /// drawn, a page is one row. A page lands where the list's rows are `shorter_by` fewer
    /// than the last frame's (see `Form::page_list_row`).
    pub(in crate::form) fn page_list(&self, index: usize, down: bool, shorter_by: usize) -> usize {
        let rows = Self::row_count(&self.call.request().questions[index]);
        let last_row = rows.saturating_sub(1);
        let cursor = self.state.cursors[index].min(last_row);
        let page = self.memory.list_page.get();
        if page.tab != index || page.columns == 0 {
            return if down {
                (cursor + 1).min(last_row)
            } else {
                cursor.saturating_sub(1)
            };
        }
        if down && cursor < page.last {
            return page.last;
        }
        if !down && cursor > page.first {
            return page.first;
        }
        let size = (page.columns, page.height);
        let page_rows = page.rows.saturating_sub(shorter_by).max(1);
        let plain = |row: usize| self.item_height_as(index, row, size, Emphasis::Plain);
        let high = |row: usize| self.item_height_as(index, row, size, Emphasis::Highlighted);
        let mut target = cursor;
        if down {
            let mut used = 0;
            for row in cursor..rows {
                if row > cursor && used + high(row) > page_rows {
                    break;
                }
                target = row;
                used += plain(row);
                if used >= page_rows {
                    break;
                }
            }
            let target = if target == cursor { cursor + 1 } else { target };
            self.memory.list_top.set((index, cursor));
            return target.min(last_row);
        }
        let mut used = plain(cursor);
        for row in (0..cursor).rev() {
            if used + high(row) > page_rows {
                break;
            }
            target = row;
            used += plain(row);
        }
        if target == cursor {
            cursor.saturating_sub(1)
        } else {
            target
        }
    }

    /// Whether question `index`'s list scrolls, for the key hints, which are laid out before
    /// it: as the last frame drew it, or, before it was drawn on this tab, whether it has more
    /// rows than the screen. A frame that finds otherwise is drawn again (see
    /// `Form::render_as_left`).
    pub(in crate::form) fn list_scrolls(&self, index: usize, screen_rows: usize) -> bool {
        let page = self.memory.list_page.get();
        if page.tab == index && page.columns > 0 {
            return page.scrolls;
        }
        Self::row_count(&self.call.request().questions[index]) > screen_rows
    }

    /// Draws the option list of question `index` in `area`, scrolled to keep the highlighted
    /// row in view, with a position line when it does not fit. The list, each row drawn (all
    /// of its lines) and an open editor are mouse regions.
    pub(super) fn draw_list(&self, canvas: &mut Canvas, area: Rect, index: usize) {
        self.memory.hits.add(area, Hit::List);
        if area.is_empty() {
            return;
        }
        let question = &self.call.request().questions[index];
        let rows = Self::row_count(question);
        let columns = usize::from(area.width);
        let height = usize::from(area.height);
        let cursor_row = self.state.cursors[index].min(rows.saturating_sub(1));
        let finding = self.state.find.as_deref();
        let mut kept = self.memory.kept_rows.borrow_mut();
        kept.follow(index, question.presented, columns, height);
        let fitted = if finding.is_some() {
            None
        } else {
            self.fitted(&mut kept, index, columns, height)
        };
        let fits = fitted.is_some();
        let short = short_description(height);
        let description_rows = |row: usize| match fitted {
            Some(fitted) if row == cursor_row => fitted.highlighted,
            Some(fitted) => fitted.rows,
            None => short,
        };
        let size = (columns, height);
        let item_height = |row: usize, kept: &mut KeptRows| {
            self.kept_item(kept, index, row, size, description_rows(row))
                .lines
                .len()
        };
        let list_height = if fits {
            height
        } else {
            height.saturating_sub(1).max(1)
        };
        let (tab, remembered) = self.memory.list_top.get();
        let mut top = if fits || tab != index { 0 } else { remembered };
        top = top.min(cursor_row);
        top = top.max(cursor_row.saturating_sub(list_height));
        let mut used: usize = (top..=cursor_row)
            .map(|row| item_height(row, &mut kept))
            .sum();
        while used > list_height && top < cursor_row {
            used -= item_height(top, &mut kept);
            top += 1;
        }
        // The rows from `top` down, as far as they start inside the list: once they fill it,
        // no row above can be pulled in, so none past them is laid out. The last of them may
        // run past the list's end: the window cuts it.
        let mut below = 0;
        let mut cut_row = None;
        for row in top..rows {
            if below >= list_height {
                break;
            }
            below += item_height(row, &mut kept);
            if below > list_height {
                cut_row = Some(row);
            }
        }
        while top > 0
            && below < list_height
            && below + item_height(top - 1, &mut kept) <= list_height
        {
            top -= 1;
            below += item_height(top, &mut kept);
        }
        self.memory.list_top.set((index, top));
        let mut y = 0;
        let mut last_started = top;
        let mut last_whole = None;
        for row in top..rows {
            if y >= list_height {
                break;
            }
            let room = Rect::new(
                area.x,
                area.y + y as u16,
                area.width,
                (list_height - y) as u16,
            );
            let own_rows = description_rows(row);
            let rows_here = if cut_row == Some(row) {
                self.rows_in_window(&mut kept, index, row, size, own_rows, room)
            } else {
                own_rows
            };
            let (key, lay_out) = self.row_key(index, row, size, rows_here);
            // A row with an editor open is laid out afresh every frame, so none of it is kept
            // to put again; its first lines give way when the room is too short for the line
            // being typed.
            let (item, drawn, hidden) = if key.look == RowLook::Editing {
                let item = kept.get_or_lay_out(key, lay_out);
                let hidden = lines_above_room(item, room);
                (
                    item,
                    put_lines(canvas, room, 0, &item.lines[hidden..]),
                    hidden,
                )
            } else {
                let (item, drawn) = kept.put(key, lay_out, canvas, room);
                (item, drawn, 0)
            };
            if let Some((r, c)) = item.cursor
                && let Some(r) = r.checked_sub(hidden)
                && r < usize::from(drawn)
            {
                canvas.set_cursor(Pos::new(area.x + c as u16, room.y + r as u16));
            }
            let (shown, _) = room.split_top(drawn);
            self.memory.hits.add(shown, Hit::Row(row));
            if let Some(first) = item.editor_from {
                let (_, editor) = shown.split_top(first.saturating_sub(hidden) as u16);
                self.memory.hits.add(editor, Hit::Editor);
            }
            y += usize::from(drawn);
            last_started = row;
            if hidden == 0 && rows_here == own_rows && usize::from(drawn) == item.lines.len() {
                last_whole = Some(row);
            }
        }
        self.memory.list_page.set(ListPage {
            tab: index,
            first: top,
            last: last_whole.unwrap_or(top),
            columns,
            rows: list_height,
            height,
            scrolls: !fits,
        });
        if fits || area.height < 2 {
            return;
        }
        let line = Rect::new(
            area.x + 2,
            area.bottom() - 1,
            area.width.saturating_sub(2),
            1,
        );
        if let Some(text) = finding {
            self.draw_find_line(canvas, line, text, (cursor_row, rows));
            return;
        }
        let counts = ScrollCounts {
            above: top,
            at: cursor_row + 1,
            rows,
            below: rows - 1 - last_started,
        };
        let status = counts.line(usize::from(line.width));
        put_line(canvas, line.pos(), &[Span::new(status, MUTED)]);
    }

    /// The line under a list while finding: `/ text▏  ·  3/61`, or `no match` for the count
    /// when the highlighted row does not hold the text; the text cursor after the text. A
    /// line too narrow for the count after the text gives it with less room around it, else
    /// leaves it out: a count is never cut.
    fn draw_find_line(&self, canvas: &mut Canvas, line: Rect, text: &str, at: (usize, usize)) {
        let (cursor_row, rows) = at;
        let clean = sanitize_line(text);
        let count = if self.highlight_matches() {
            format!("{}/{rows}", cursor_row + 1)
        } else {
            "no match".to_owned()
        };
        let room = usize::from(line.width).saturating_sub(2 + width(&clean));
        let status = [format!("  ·  {count}"), format!(" {count}")]
            .into_iter()
            .find(|status| width(status) <= room)
            .unwrap_or_default();
        let spans = [
            Span::new("/ ", ACCENT),
            Span::new(&*clean, TEXT),
            Span::new(&status, MUTED),
        ];
        put_line(canvas, line.pos(), &spans);
        let column = 2 + width(&clean);
        if column < usize::from(line.width) {
            canvas.set_cursor(Pos::new(line.x + column as u16, line.y));
        }
    }

    /// How every row of question `index` is laid out to fit in `height` rows together, or
    /// `None` when they cannot (only lists of at most `height` rows are tried): with every
    /// description whole if that fits, otherwise with short descriptions, the highlighted row's
    /// taking the rows left free as well. The rows are laid out, and kept, as they are tried.
    fn fitted(
        &self,
        kept: &mut KeptRows,
        index: usize,
        columns: usize,
        height: usize,
    ) -> Option<Fitted> {
        let rows = Self::row_count(&self.call.request().questions[index]);
        if rows > height {
            return None;
        }
        let mut used_with = |description_rows: usize| {
            let mut used = 0;
            for row in 0..rows {
                let size = (columns, height);
                used += self
                    .kept_item(kept, index, row, size, description_rows)
                    .lines
                    .len();
                if used > height {
                    return None;
                }
            }
            Some(used)
        };
        if used_with(height).is_some() {
            return Some(Fitted {
                rows: height,
                highlighted: height,
            });
        }
        let short = short_description(height);
        let used = used_with(short)?;
        Some(Fitted {
            rows: short,
            highlighted: short + (height - used),
        })
    }

    /// Row `row` of question `index` laid out in a list of `size` (columns, rows), its
    /// description in at most `description_rows` rows: as kept in `kept`, laid out and kept
    /// first when it is not.
    fn kept_item<'k>(
        &self,
        kept: &'k mut KeptRows,
        index: usize,
        row: usize,
        size: (usize, usize),
        description_rows: usize,
    ) -> &'k Item<'static> {
        let (key, lay_out) = self.row_key(index, row, size, description_rows);
        kept.get_or_lay_out(key, lay_out)
    }

    /// The description rows row `row` of question `index` is laid out with in `room`, the
    /// rows left in the list's window: its own `own`, or, when the window would cut it, the
    /// most that let it end inside the room, so that its last line shown ends with `…` as a
    /// shortened description does. A row with an editor open, or one that no fewer rows let
    /// end inside the room, keeps its own.
    fn rows_in_window(
        &self,
        kept: &mut KeptRows,
        index: usize,
        row: usize,
        size: (usize, usize),
        own: usize,
        room: Rect,
    ) -> usize {
        let room = usize::from(room.height);
        // A row cut to its first line keeps no line of its description to end with `…`.
        if room < 2 {
            return own;
        }
        let lines = self.kept_item(kept, index, row, size, own).lines.len();
        if lines <= room || self.row_look(index, row) == RowLook::Editing {
            return own;
        }
        // Its description takes at most `own` of its lines: so many fewer rows is where a cut
        // starts; a line wrapped otherwise takes a step or two more.
        let first_try = own.min(lines).saturating_sub(lines - room);
        (1..=first_try)
            .rev()
            .find(|&rows| self.kept_item(kept, index, row, size, rows).lines.len() <= room)
            .unwrap_or(own)
    }

    /// What row `row` of question `index` is kept by in a list of `size`, its description in
    /// at most `description_rows` rows, and how it is laid out when it is not kept.
    fn row_key<'f>(
        &'f self,
        index: usize,
        row: usize,
        size: (usize, usize),
        description_rows: usize,
    ) -> (RowKey, impl FnOnce() -> Item<'f> + 'f) {
        let emphasis = if self.state.cursors[index] == row {
            Emphasis::Highlighted
        } else {
            Emphasis::Plain
        };
        let key = RowKey {
            row,
            description_rows,
            emphasis,
            look: self.row_look(index, row),
        };
        let lay_out = move || self.item_as(index, row, size, description_rows, emphasis);
        (key, lay_out)
    }
}

/// How many of `item`'s first lines give way, in a `room` too short for it, to show the line
/// its open editor's cursor is on: a row with an editor is laid out to fit beside the list's
/// position line, and only the shortest lists hold fewer rows than that.
fn lines_above_room(item: &Item<'_>, room: Rect) -> usize {
    item.cursor.map_or(0, |(line, _)| {
        (line + 1).saturating_sub(usize::from(room.height))
    })
}

mod status;
