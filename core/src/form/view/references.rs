//! The `@` reference list: a box of paths over the rows under the editor's cursor (above it
//! when there is more room there), starting under the `@`, the highlighted path marked `›`.

use super::super::Form;
use super::super::references::{LIST_ROWS, List};
use super::{DIM, MUTED, SELECTED, TEXT};
use crate::draw::{Canvas, Pos, Rect};
use crate::input::Searched;
use crate::text::{truncate, width};

/// What a list without paths says.
const SEARCHING: &str = "Searching…";
const NO_MATCH: &str = "No matching paths";

impl Form {
    /// Draws the open editor's reference list within `body`, once the editor has placed the
    /// cursor; nothing when no list is open or the cursor does not show.
    pub(super) fn draw_references(&self, canvas: &mut Canvas, body: Rect) {
        let Some(list) = self
            .state
            .editor()
            .and_then(|editor| editor.references.list.as_ref())
        else {
            return;
        };
        let Some(cursor) = canvas.cursor() else {
            return;
        };
        // A search still going says so under the paths it has sent so far.
        let searching = !list.paths.is_empty() && !list.searched.is_over();
        let wanted = (list.paths.len() + usize::from(searching)).clamp(1, LIST_ROWS);
        let below = usize::from(body.bottom().saturating_sub(cursor.y + 1));
        let above = usize::from(cursor.y.saturating_sub(body.y));
        let (rows, y) = if below >= wanted || below >= above {
            (wanted.min(below), cursor.y + 1)
        } else {
            let rows = wanted.min(above);
            (rows, cursor.y - rows as u16)
        };
        if rows == 0 || body.width < 4 {
            return;
        }
        let lines = shown_rows(list, rows);
        let longest = lines.iter().map(|(text, _)| width(text)).max().unwrap_or(0);
        let box_width = (longest + 4).min(usize::from(body.width)) as u16;
        let at_column = cursor
            .x
            .saturating_sub((width(&list.token.query) + 1 + usize::from(list.token.quoted)) as u16)
            .max(body.x);
        let x = at_column.min(body.right().saturating_sub(box_width));
        let room = usize::from(box_width).saturating_sub(4);
        for (row, (text, kind)) in lines.iter().enumerate() {
            let line = Rect::new(x, y + row as u16, box_width, 1);
            let style = match kind {
                Row::Highlighted => SELECTED,
                Row::Status => DIM,
                Row::Path => MUTED,
            };
            let highlighted = *kind == Row::Highlighted;
            canvas.fill(line, if highlighted { SELECTED } else { TEXT });
            let marker = if highlighted { " › " } else { "   " };
            let after = canvas.put(Pos::new(x, line.y), marker, style);
            // A path keeps its end, which names the file; a status line its start.
            let shown = match kind {
                Row::Status => truncate(text, room).into_owned(),
                Row::Path | Row::Highlighted => tail(text, room),
            };
            canvas.put(Pos::new(after, line.y), &shown, style);
        }
    }
}

/// What a row of the list shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Row {
    /// A path.
    Path,
    /// The highlighted path.
    Highlighted,
    /// Why there are no paths, or that more may come.
    Status,
}

/// The rows the list shows: a window of paths around the highlighted one, and under them,
/// when there is a row for it, that the search is still going; or one line saying why there
/// are none.
fn shown_rows(list: &List, rows: usize) -> Vec<(String, Row)> {
    if list.paths.is_empty() {
        let status = match list.searched {
            Searched::Partly => SEARCHING.to_owned(),
            Searched::Whole => NO_MATCH.to_owned(),
            // The walk stopped early: what it did not look at may match.
            Searched::Cut(entries) => format!("No match in the first {} paths", thousands(entries)),
        };
        return vec![(status, Row::Status)];
    }
    let searching = !list.searched.is_over() && rows > 1;
    let path_rows = rows - usize::from(searching);
    let top = list.top(path_rows);
    let mut shown: Vec<(String, Row)> = list
        .paths
        .iter()
        .enumerate()
        .skip(top)
        .take(path_rows)
        .map(|(index, path)| {
            let kind = if index == list.highlighted {
                Row::Highlighted
            } else {
                Row::Path
            };
            (path.clone(), kind)
        })
        .collect();
    if searching {
        shown.push((SEARCHING.to_owned(), Row::Status));
    }
    shown
}

/// `count` with a `,` between each group of three digits, as the README writes 100,000.
fn thousands(count: usize) -> String {
    let digits = count.to_string();
    let mut grouped = String::with_capacity(digits.len() + digits.len() / 3);
    for (index, digit) in digits.chars().enumerate() {
        if index > 0 && (digits.len() - index).is_multiple_of(3) {
            grouped.push(',');
        }
        grouped.push(digit);
    }
    grouped
}

/// The end of `text` in at most `room` cells, after `…` when it is cut, since the end of a
/// path names the file.
fn tail(text: &str, room: usize) -> String {
    if width(text) <= room {
        return text.to_owned();
    }
    let mut kept = Vec::new();
    let mut used = 1;
    for c in text.chars().rev() {
        let cells = width(c.encode_utf8(&mut [0; 4]));
        if used + cells > room {
            break;
        }
        used += cells;
        kept.push(c);
    }
    kept.push('…');
    kept.iter().rev().collect()
}

#[cfg(test)]
mod tests {
    use super::{tail, thousands};

    #[test]
    fn a_count_is_written_in_groups_of_three_digits() {
        assert_eq!(thousands(100_000), "100,000");
        assert_eq!(thousands(1_234_567), "1,234,567");
        assert_eq!(thousands(999), "999");
        assert_eq!(thousands(0), "0");
    }

    #[test]
    fn a_cut_path_keeps_its_end() {
        assert_eq!(tail("src/commands/render.rs", 10), "…render.rs");
        assert_eq!(tail("src/", 10), "src/");
    }
}
