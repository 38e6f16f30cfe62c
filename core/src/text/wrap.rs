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
    wrap_into(text, width, &mut lines);
    lines
}

/// Appends to `lines` the lines [`wrap`] makes of `text`, in the room `lines` already has: for
/// text wrapped piece by piece every frame, such as the rows of a preview.
pub fn wrap_into<'a>(text: &'a str, width: usize, lines: &mut Vec<&'a str>) {
    if width == 0 {
        return;
    }
    for hard_line in text.split('\n') {
        HardLine::of(hard_line, width).wrap_into(width, lines);
    }
}

/// Appends to `lines` the lines [`wrap`] makes of `line`, one hard line of printable ASCII (so
/// without `\n`), without looking at its bytes again: for a caller that has just checked them,
/// such as the preview, which wraps line after line every frame.
pub(crate) fn wrap_ascii_line_into<'a>(line: &'a str, width: usize, lines: &mut Vec<&'a str>) {
    debug_assert!(is_printable_ascii(line), "{line:?} is printable ASCII");
    if width > 0 {
        HardLine::known(line, width, true).wrap_into(width, lines);
    }
}

/// How many lines [`wrap`] gives, counted without keeping them where it can: a line of printable
/// ASCII is only scanned.
pub fn wrapped_line_count(text: &str, width: usize) -> usize {
    if width == 0 {
        return 0;
    }
    let mut scratch = Vec::new();
    text.split('\n')
        .map(|hard_line| match HardLine::of(hard_line, width) {
            HardLine::Fits(_) => 1,
            HardLine::Ascii(rows) => rows.count(),
            HardLine::Measured(line) => {
                scratch.clear();
                LineWrapper::new(line, width, &mut scratch).run();
                scratch.len()
            }
        })
        .sum()
}

/// The one line [`wrap`] makes of `line`, a hard line (no `\n`) that takes `cells` cells,
/// when it fits `width` cells: the line without its trailing spaces, and the cells left (a
/// space takes one). `None` when it has to be broken, or at a width of 0.
pub(crate) fn fitting_line(line: &str, cells: usize, width: usize) -> Option<(&str, usize)> {
    let trimmed = line.trim_end_matches(' ');
    let kept = cells.saturating_sub(line.len() - trimmed.len());
    (width > 0 && kept <= width).then_some((trimmed, kept))
}

/// What wrapping one hard line (no `\n`) at a width above 0 takes.
enum HardLine<'text> {
    /// It fits: this one line, without its trailing spaces.
    Fits(&'text str),
    /// Printable ASCII that has to be broken: a byte is a cell.
    Ascii(AsciiRows<'text>),
    /// Anything else that has to be broken: measured by grapheme cluster.
    Measured(&'text str),
}

impl<'text> HardLine<'text> {
    /// Tells which case `line` is, asking once whether it is printable ASCII.
    fn of(line: &'text str, width: usize) -> Self {
        Self::known(line, width, is_printable_ascii(line))
    }

    /// Tells which case `line` is, knowing whether it is printable ASCII.
    fn known(line: &'text str, width: usize, ascii: bool) -> Self {
        let cells = if ascii { line.len() } else { text_width(line) };
        if let Some((fits, _)) = fitting_line(line, cells, width) {
            Self::Fits(fits)
        } else if ascii {
            Self::Ascii(AsciiRows {
                content: line.trim_end_matches(' '),
                start: 0,
                width,
            })
        } else {
            Self::Measured(line)
        }
    }

    /// Appends the lines the hard line makes at `width` (above 0) to `lines`.
    fn wrap_into(self, width: usize, lines: &mut Vec<&'text str>) {
        match self {
            Self::Fits(line) => lines.push(line),
            Self::Ascii(rows) => lines.extend(rows),
            Self::Measured(line) => LineWrapper::new(line, width, lines).run(),
        }
    }
}

/// The lines of a hard line of printable ASCII, the same greedy ones [`LineWrapper`] makes,
/// found by looking back from the widest line that could fit for the last word ending in it:
/// a line costs about its last word, not a step per byte.
struct AsciiRows<'text> {
    /// The hard line without its trailing spaces.
    content: &'text str,
    /// Where the next line starts; past the end when all are given.
    start: usize,
    /// Cells a line may take, at least 1.
    width: usize,
}

impl<'text> Iterator for AsciiRows<'text> {
    type Item = &'text str;

    fn next(&mut self) -> Option<&'text str> {
        let bytes = self.content.as_bytes();
        let start = self.start;
        if start >= bytes.len() {
            return None;
        }
        if bytes.len() - start <= self.width {
            self.start = bytes.len();
            return Some(&self.content[start..]);
        }
        // A word ends at `end` when a space follows a non-space there; the byte at
        // `start + width` exists, since the rest is wider than a line.
        let window = &bytes[start..=start + self.width];
        let word_end = (1..window.len())
            .rev()
            .find(|&at| window[at] == b' ' && window[at - 1] != b' ');
        let row = if let Some(end) = word_end {
            let spaces = bytes[start + end..]
                .iter()
                .take_while(|&&byte| byte == b' ')
                .count();
            self.start = start + end + spaces;
            &self.content[start..start + end]
        } else {
            // The first word does not fit a line: it is cut at the edge.
            self.start = start + self.width;
            &self.content[start..self.start]
        };
        Some(row)
    }
}

/// The output line being filled: a byte range of the hard line and its width.
#[derive(Clone, Copy)]
struct OpenLine {
    start: usize,
    end: usize,
    cells: usize,
}

/// Greedy wrapping of one hard line, measured by grapheme cluster.
struct LineWrapper<'text, 'out> {
    line: &'text str,
    width: usize,
    out: &'out mut Vec<&'text str>,
    open: Option<OpenLine>,
    emitted: bool,
}

impl<'text, 'out> LineWrapper<'text, 'out> {
    fn new(line: &'text str, width: usize, out: &'out mut Vec<&'text str>) -> Self {
        Self {
            line,
            width,
            out,
            open: None,
            emitted: false,
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
            // A word of wide characters (Chinese, Japanese, Korean) breaks between them too.
            let mut gap_start = gap_start;
            for (start, end) in wide_segments(&self.line[word_start..pos]) {
                self.add_word(gap_start, word_start + start, word_start + end);
                gap_start = word_start + end;
            }
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
        let word_cells = text_width(&self.line[word_start..word_end]);
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

/// The pieces of `word` (no spaces) between which a line may break: around each wide
/// character, as Chinese, Japanese and Korean text breaks between characters, though not
/// before closing punctuation (`。`, `」`) nor after opening punctuation (`「`); a word without
/// wide characters is one piece. Byte ranges of `word`, in order, covering it.
fn wide_segments(word: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut graphemes = grapheme_indices(word).peekable();
    let mut start = 0;
    std::iter::from_fn(move || {
        let (first, grapheme) = graphemes.next()?;
        debug_assert_eq!(first, start);
        let mut wide = grapheme_width(grapheme) > 1;
        let mut opens = starts_with_one_of(grapheme, OPENING);
        let mut end = first + grapheme.len();
        while let Some(&(next, following)) = graphemes.peek() {
            let following_wide = grapheme_width(following) > 1;
            let breaks =
                (wide || following_wide) && !opens && !starts_with_one_of(following, CLOSING);
            if breaks {
                break;
            }
            graphemes.next();
            end = next + following.len();
            wide = following_wide;
            opens = starts_with_one_of(following, OPENING);
        }
        let piece = (start, end);
        start = end;
        Some(piece)
    })
}

/// Whether `grapheme` begins with one of the characters of `set`.
fn starts_with_one_of(grapheme: &str, set: &str) -> bool {
    grapheme.chars().next().is_some_and(|c| set.contains(c))
}

/// Punctuation no line starts with: closing brackets and quotes, stops and commas, and the
/// small kana and marks that belong to the character before.
const CLOSING: &str = "。、，．・：；！？）」』】〕〉》〗〙〛｝］”’ーぁぃぅぇぉっゃゅょゎァィゥェォッャュョヮヵヶ々〻゛゜ヽヾゝゞ";

/// Punctuation no line ends with: opening brackets and quotes.
const OPENING: &str = "（「『【〔〈《〖〘〚｛［“‘";

/// The lines [`LineWrapper`] makes of `text`, a hard line of any width, whatever it holds:
/// what the printable-ASCII path and the one-line shortcut must agree with.
#[cfg(test)]
pub(super) fn measured_wrap(text: &str, width: usize) -> Vec<&str> {
    let mut lines = Vec::new();
    LineWrapper::new(text, width, &mut lines).run();
    lines
}
