//! Lines of spans as text, for output that is lines rather than a screen (a transcript): each
//! line is painted on a grid of its own width, so it prints as a frame would show it, plain or
//! with its styled runs listed the way [`crate::render_styled`] lists them.

use pi_agent_ask_core::draw::{Canvas, Line, Pos, Size, Style, line_width, put_line};

use crate::grid::{Cell, Grid};
use crate::render::{plain_lines, style_name, styled_spans};

/// One line's grid: one row exactly as wide as the line (cut at `u16::MAX` cells).
fn grid(line: &Line) -> Grid {
    let width = u16::try_from(line_width(line)).unwrap_or(u16::MAX);
    let mut canvas = Canvas::new(Size::new(width, 1));
    put_line(&mut canvas, Pos::new(0, 0), line);
    Grid::paint(&canvas.finish())
}

/// The lines as plain text, one per line, each ending in `\n`, trailing spaces trimmed.
pub fn render_lines_plain(lines: &[Line]) -> String {
    lines.iter().map(|line| plain_lines(&grid(line))).collect()
}

/// A run of one line's cells in one style: its text, and the style's name as the `styles:`
/// section writes it (`accent+bold`), `None` for the default style.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct StyledRun {
    /// The cells' text.
    pub text: String,
    /// The style's name, `None` for the default style.
    pub style: Option<String>,
}

/// Each line as its runs of cells in one style, as it prints (trailing default-style spaces
/// trimmed): for a host that draws the lines in its own colours.
pub fn render_lines_runs(lines: &[Line]) -> Vec<Vec<StyledRun>> {
    lines
        .iter()
        .map(|line| {
            let grid = grid(line);
            let mut runs = Vec::new();
            for row in grid.rows() {
                let mut x = 0;
                while x < row.len() {
                    let style = row[x].style;
                    let end = x + row[x..].iter().take_while(|c| c.style == style).count();
                    let text: String = row[x..end].iter().map(Cell::text).collect();
                    runs.push(StyledRun {
                        text,
                        style: (style != Style::default()).then(|| style_name(style)),
                    });
                    x = end;
                }
            }
            if let Some(last) = runs.last_mut().filter(|run| run.style.is_none()) {
                last.text.truncate(last.text.trim_end().len());
            }
            runs.retain(|run| !run.text.is_empty());
            runs
        })
        .collect()
}

/// The plain lines, then a `styles:` section listing every styled run as
/// `  row <y> col <x>..<end> <role>[+<attr>...] "<text>"` (or `styles: none`); there is no
/// cursor line, since lines have no cursor.
pub fn render_lines_styled(lines: &[Line]) -> String {
    let mut out = render_lines_plain(lines);
    let spans: String = lines
        .iter()
        .enumerate()
        .map(|(row, line)| styled_spans(&grid(line), row))
        .collect();
    if spans.is_empty() {
        out.push_str("styles: none\n");
    } else {
        out.push_str("styles:\n");
        out.push_str(&spans);
    }
    out
}

#[cfg(test)]
mod tests {
    use pi_agent_ask_core::draw::{Role, Span, Style};
    use similar_asserts::assert_eq;

    use super::*;

    fn lines() -> Vec<Line<'static>> {
        vec![
            [
                Span::new("✓ ", Style::new(Role::Success)),
                Span::new("Auth: 1. OAuth  ", Style::default()),
            ]
            .into_iter()
            .collect(),
            std::iter::once(Span::new("Cancelled", Style::new(Role::Warning).bold())).collect(),
        ]
    }

    #[test]
    fn lines_print_one_per_line_with_trailing_spaces_trimmed() {
        assert_eq!(
            render_lines_plain(&lines()),
            "✓ Auth: 1. OAuth\nCancelled\n"
        );
        assert_eq!(render_lines_plain(&[]), "");
        assert_eq!(render_lines_plain(&[Line::new()]), "\n");
    }

    #[test]
    fn styled_lines_list_each_styled_run_by_its_row() {
        assert_eq!(
            render_lines_styled(&lines()),
            "✓ Auth: 1. OAuth\nCancelled\nstyles:\n  row 0 col 0..2 success \"✓ \"\n  row 1 col 0..9 warning+bold \"Cancelled\"\n"
        );
    }

    #[test]
    fn unstyled_lines_say_so() {
        let lines: Vec<Line> =
            vec![std::iter::once(Span::new("plain", Style::default())).collect()];
        assert_eq!(render_lines_styled(&lines), "plain\nstyles: none\n");
    }
}
