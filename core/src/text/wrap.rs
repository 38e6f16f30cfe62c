//! Word wrapping to a width in cells, borrowing the lines from the input.

use super::ascii::is_printable_ascii;
use super::width::{grapheme_indices, grapheme_width, width as text_width};

/// Wraps sanitized text (see [`super::sanitize`]) into lines of at most `width` cells.
///
/// - `\n` is a hard break; an empty hard line gives an empty line, so `""` gives one empty line
///   and `"a\n"` gives `["a", ""]`.
/// - Lines break at spaces; the spaces at a break and at the end of a hard line are dropped,
///   while the indentation at the start of a hard line is kept.
/// - A word longer than the width starts a new line and is broken between grapheme clusters,
///   never inside one, and a wide character is never split across the edge.
/// - A single grapheme wider than the whole width (a wide character at width 1) gets a line of
///   its own, which is then wider than `width`; a drawing surface clips it.
/// - A width of 0 gives no lines.
pub fn wrap(text: &str, width: usize) -> Vec<&str> {
    let mut lines = Vec::new();
    if width == 0 {
        return lines;
    }
    for hard_line in text.split('\n') {
        match fitting_line(hard_line, width) {
            Some(line) => lines.push(line),
            None => LineWrapper::new(hard_line, width, &mut lines).run(),
        }
    }
    lines
}

/// The one line [`wrap`] makes of `line`, a hard line (no `\n`), when it fits `width` cells:
/// the line without its trailing spaces. `None` when it has to be broken, or at a width of 0.
pub fn fitting_line(line: &str, width: usize) -> Option<&str> {
    let trimmed = line.trim_end_matches(' ');
    (width > 0 && text_width(trimmed) <= width).then_some(trimmed)
}

/// The output line being filled: a byte range of the hard line and its width.
#[derive(Clone, Copy)]
struct OpenLine {
    start: usize,
    end: usize,
    cells: usize,
}

/// How the cells of a hard line's words are counted.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Cells {
    /// Printable ASCII: a byte is a cell, so a word's cells are its length.
    Bytes,
    /// Anything else: measured by grapheme cluster.
    Measured,
}

/// Greedy wrapping of one hard line.
struct LineWrapper<'text, 'out> {
    line: &'text str,
    cells: Cells,
    width: usize,
    out: &'out mut Vec<&'text str>,
    open: Option<OpenLine>,
    emitted: bool,
}

impl<'text, 'out> LineWrapper<'text, 'out> {
    fn new(line: &'text str, width: usize, out: &'out mut Vec<&'text str>) -> Self {
        let cells = if is_printable_ascii(line) {
            Cells::Bytes
        } else {
            Cells::Measured
        };
        Self {
            line,
            cells,
            width,
            out,
            open: None,
            emitted: false,
        }
    }

    /// The cells of `text`, a part of the line.
    fn cells_of(&self, text: &str) -> usize {
        match self.cells {
            Cells::Bytes => text.len(),
            Cells::Measured => text_width(text),
        }
    }

    /// Breaks a hard line too wide for one line (see [`fitting_line`]).
    fn run(mut self) {
        let bytes = self.line.as_bytes();
        let mut pos = 0;
        while pos < bytes.len() {
            let gap_start = pos;
            while pos < bytes.len() && bytes[pos] == b' ' {
                pos += 1;
            }
            let word_start = pos;
            while pos < bytes.len() && bytes[pos] != b' ' {
                pos += 1;
            }
            if word_start == pos {
                break;
            }
            self.add_word(gap_start, word_start, pos);
        }
        if let Some(open) = self.open.take() {
            self.emit(open);
        }
        if !self.emitted {
            self.out.push(&self.line[..0]);
        }
    }

    /// Adds the word `word_start..word_end`, preceded by spaces from `gap_start`.
    fn add_word(&mut self, gap_start: usize, word_start: usize, word_end: usize) {
        let gap = word_start - gap_start;
        let word_cells = self.cells_of(&self.line[word_start..word_end]);
        match self.open {
            Some(open) if open.cells + gap + word_cells <= self.width => {
                self.open = Some(OpenLine {
                    end: word_end,
                    cells: open.cells + gap + word_cells,
                    ..open
                });
            }
            Some(open) => {
                self.emit(open);
                self.open = None;
                self.place(word_start, word_end, word_cells);
            }
            None if gap_start == 0 => self.place(0, word_end, gap + word_cells),
            None => self.place(word_start, word_end, word_cells),
        }
    }

    /// Starts a new line with `start..end`, breaking it by grapheme if it is too wide.
    fn place(&mut self, start: usize, end: usize, cells: usize) {
        if cells <= self.width {
            self.open = Some(OpenLine { start, end, cells });
            return;
        }
        let mut chunk = OpenLine {
            start,
            end: start,
            cells: 0,
        };
        for (offset, grapheme) in grapheme_indices(&self.line[start..end]) {
            let grapheme_cells = grapheme_width(grapheme);
            if chunk.cells + grapheme_cells > self.width && chunk.end > chunk.start {
                self.emit(chunk);
                chunk = OpenLine {
                    start: start + offset,
                    end: start + offset,
                    cells: 0,
                };
            }
            chunk.end = start + offset + grapheme.len();
            chunk.cells += grapheme_cells;
        }
        self.open = Some(chunk);
    }

    fn emit(&mut self, line: OpenLine) {
        self.out.push(&self.line[line.start..line.end]);
        self.emitted = true;
    }
}
