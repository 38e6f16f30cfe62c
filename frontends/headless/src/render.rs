//! Frames as text: a plain grid for golden screens, and a styled dump for reviewing roles.

use std::fmt::Write;

use pi_agent_ask_core::draw::{Frame, Role, Style};

use crate::grid::{Cell, Grid};

/// What a rendering shows of the text cursor.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum CursorMarker {
    /// Nothing.
    #[default]
    Hidden,
    /// The cursor is drawn as [`CURSOR_GLYPH`] `▏` in the grid where its cell is blank (after
    /// the end of a line of text, say); over text it is not drawn, so the grid never hides a
    /// character ([`render_styled`] lists the exact position).
    InGrid,
    /// A last line `cursor: <x>,<y>` (or `cursor: none`) after the grid.
    Listed,
}

/// What [`CursorMarker::InGrid`] draws at the cursor.
pub const CURSOR_GLYPH: &str = "▏";

/// The frame as plain text: exactly `size.height` lines, each ending in `\n`, with trailing
/// spaces trimmed.
///
/// Later draw commands overwrite earlier ones cell by cell; a wide character takes two cells,
/// the second printing nothing, and overwriting either half of it blanks the other half.
pub fn render_plain(frame: &Frame) -> String {
    render_plain_with(frame, CursorMarker::Hidden)
}

/// [`render_plain`] with the text cursor shown as `cursor` says.
pub fn render_plain_with(frame: &Frame, cursor: CursorMarker) -> String {
    let mut grid = Grid::paint(frame);
    if let (CursorMarker::InGrid, Some(pos)) = (cursor, frame.cursor)
        && grid.is_blank(pos)
    {
        grid.paint_text(pos, CURSOR_GLYPH, Style::default());
    }
    let mut out = plain_lines(&grid);
    if cursor == CursorMarker::Listed {
        write_cursor_line(&mut out, frame);
    }
    out
}

/// The frame for review: the plain grid, then a `styles:` section listing every span of cells
/// whose style is not plain text, then the cursor line.
///
/// Each span is one line, `  row <y> col <x>..<end> <role>[+<attr>...] "<text>"`: the row, the
/// columns it covers (end exclusive), the role in camelCase and the attributes (`bold`,
/// `italic`, `underline`, `reverse`), and the cells' text quoted so that spaces show. A span is
/// a longest run of adjacent cells of one style in one row. With no styled cell the section is
/// the single line `styles: none`. The last line is `cursor: <x>,<y>` or `cursor: none`.
///
/// ```text
/// Pick one
/// > Postgres
/// styles:
///   row 0 col 0..8 accent+bold "Pick one"
///   row 1 col 0..10 selected+reverse "> Postgres"
/// cursor: none
/// ```
pub fn render_styled(frame: &Frame) -> String {
    let grid = Grid::paint(frame);
    let mut out = plain_lines(&grid);
    let spans = styled_spans(&grid, 0);
    if spans.is_empty() {
        out.push_str("styles: none\n");
    } else {
        out.push_str("styles:\n");
        out.push_str(&spans);
    }
    write_cursor_line(&mut out, frame);
    out
}

/// The grid's rows as text, trailing spaces trimmed, each ending in `\n`.
pub(crate) fn plain_lines(grid: &Grid) -> String {
    let mut out = String::new();
    for row in grid.rows() {
        let start = out.len();
        for cell in row {
            out.push_str(cell.text());
        }
        let kept = out[start..].trim_end_matches(' ').len();
        out.truncate(start + kept);
        out.push('\n');
    }
    out
}

fn write_cursor_line(out: &mut String, frame: &Frame) {
    match frame.cursor {
        Some(pos) => writeln!(out, "cursor: {},{}", pos.x, pos.y),
        None => writeln!(out, "cursor: none"),
    }
    .expect("writing to a String cannot fail");
}

/// The span lines of every styled run of cells, row by row, the grid's first row numbered
/// `first_row`.
pub(crate) fn styled_spans(grid: &Grid, first_row: usize) -> String {
    let mut out = String::new();
    for (y, row) in grid.rows().enumerate() {
        let y = first_row + y;
        let mut x = 0;
        while x < row.len() {
            let style = row[x].style;
            let end = x + row[x..].iter().take_while(|c| c.style == style).count();
            if style != Style::default() {
                let text: String = row[x..end].iter().map(Cell::text).collect();
                writeln!(
                    out,
                    "  row {y} col {x}..{end} {} {text:?}",
                    style_name(style)
                )
                .expect("writing to a String cannot fail");
            }
            x = end;
        }
    }
    out
}

/// `role+attr+attr`, e.g. `accent+bold`.
pub(crate) fn style_name(style: Style) -> String {
    let role = match style.role {
        Role::Text => "text",
        Role::Accent => "accent",
        Role::Muted => "muted",
        Role::Dim => "dim",
        Role::Warning => "warning",
        Role::Error => "error",
        Role::Success => "success",
        Role::Selected => "selected",
        Role::Border => "border",
    };
    let attrs = style.attrs;
    let mut name = role.to_owned();
    for (set, attr) in [
        (attrs.bold, "+bold"),
        (attrs.italic, "+italic"),
        (attrs.underline, "+underline"),
        (attrs.reverse, "+reverse"),
    ] {
        if set {
            name.push_str(attr);
        }
    }
    name
}
