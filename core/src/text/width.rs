//! Display widths in terminal cells, measured by grapheme cluster.

use std::borrow::Cow;

use unicode_segmentation::UnicodeSegmentation;
use unicode_width::UnicodeWidthStr;

/// What [`truncate`] puts where it cut the text.
pub const ELLIPSIS: &str = "…";

/// Whether every byte is printable ASCII, where one byte is one cell.
fn is_printable_ascii(text: &str) -> bool {
    text.bytes().all(|b| (0x20..0x7f).contains(&b))
}

/// The cells one grapheme cluster takes: 0 (a lone combining mark or zero-width character),
/// 1, or 2 (CJK, emoji, emoji sequences). Never more than 2, since a terminal draws one
/// cluster in at most two cells.
pub fn grapheme_width(grapheme: &str) -> usize {
    match grapheme.as_bytes() {
        [b] if (0x20..0x7f).contains(b) => 1,
        _ => grapheme.width().min(2),
    }
}

/// The cells `text` takes on one line: the sum of its graphemes' widths. Expects sanitized
/// single-line text (see [`super::sanitize_line`]); control characters are not measured
/// meaningfully.
pub fn width(text: &str) -> usize {
    if is_printable_ascii(text) {
        return text.len();
    }
    text.graphemes(true).map(grapheme_width).sum()
}

/// The grapheme clusters of `text` with their widths, for code that lays text out cell by cell.
pub fn graphemes(text: &str) -> impl Iterator<Item = (&str, usize)> {
    text.graphemes(true).map(|g| (g, grapheme_width(g)))
}

/// The longest prefix of `text` that fits in `max_width` cells, and its width.
///
/// Never splits a grapheme: a wide character that would straddle the limit is left out, so
/// the width returned can be one less than `max_width`. Zero-width graphemes right after the
/// last one that fits are kept with it.
pub fn fit(text: &str, max_width: usize) -> (&str, usize) {
    if is_printable_ascii(text) {
        let end = text.len().min(max_width);
        return (&text[..end], end);
    }
    let mut used = 0;
    for (start, grapheme) in text.grapheme_indices(true) {
        let cells = grapheme_width(grapheme);
        if used + cells > max_width {
            return (&text[..start], used);
        }
        used += cells;
    }
    (text, used)
}

/// `text` cut to at most `width` cells, ending with [`ELLIPSIS`] when something was cut off.
///
/// Borrowed when the text already fits. A width of 0 gives an empty string; a width of 1 that
/// cannot hold the text gives just the ellipsis. Expects sanitized single-line text.
pub fn truncate(text: &str, width: usize) -> Cow<'_, str> {
    let (fitting, _) = fit(text, width);
    if fitting.len() == text.len() {
        return Cow::Borrowed(text);
    }
    if width == 0 {
        return Cow::Borrowed("");
    }
    let (kept, _) = fit(fitting, width - 1);
    let mut cut = String::with_capacity(kept.len() + ELLIPSIS.len());
    cut.push_str(kept);
    cut.push_str(ELLIPSIS);
    Cow::Owned(cut)
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use rstest::rstest;

    use super::{fit, grapheme_width, truncate, width};

    #[rstest]
    #[case("", 0)]
    #[case("hello", 5)]
    #[case("中文", 4)]
    #[case("e\u{301}", 1)]
    #[case("\u{301}", 0)]
    #[case("👍🏽", 2)]
    #[case("👨\u{200d}👩\u{200d}👧", 2)]
    #[case("🇺🇸", 2)]
    #[case("❤\u{fe0f}", 2)]
    #[case("a中b👍c", 7)]
    #[case("ｱｲ", 2)]
    #[case("\u{200b}", 0)]
    fn widths_by_grapheme(#[case] text: &str, #[case] cells: usize) {
        assert_eq!(width(text), cells);
    }

    #[test]
    fn a_grapheme_is_at_most_two_cells() {
        assert_eq!(grapheme_width("👨\u{200d}👩\u{200d}👧\u{200d}👦"), 2);
        assert_eq!(grapheme_width("a"), 1);
    }

    #[rstest]
    #[case("hello", 3, "hel", 3)]
    #[case("hello", 10, "hello", 5)]
    #[case("hello", 0, "", 0)]
    #[case("中文字", 3, "中", 2)]
    #[case("中文字", 4, "中文", 4)]
    #[case("a中", 2, "a", 1)]
    #[case("e\u{301}e\u{301}", 1, "e\u{301}", 1)]
    #[case("ab\u{200b}c", 2, "ab\u{200b}", 2)]
    fn fit_never_splits_a_grapheme(
        #[case] text: &str,
        #[case] max: usize,
        #[case] prefix: &str,
        #[case] cells: usize,
    ) {
        assert_eq!(fit(text, max), (prefix, cells));
    }

    #[rstest]
    #[case("hello world", 11, "hello world")]
    #[case("hello world", 8, "hello w…")]
    #[case("hello", 1, "…")]
    #[case("hello", 0, "")]
    #[case("", 0, "")]
    #[case("中文字", 4, "中…")]
    #[case("中文字", 5, "中文…")]
    #[case("中文字", 6, "中文字")]
    #[case("👍👍👍", 3, "👍…")]
    #[case("e\u{301}e\u{301}e\u{301}", 2, "e\u{301}…")]
    fn truncate_marks_the_cut(#[case] text: &str, #[case] max: usize, #[case] shown: &str) {
        let cut = truncate(text, max);
        assert_eq!(cut, shown);
        assert!(width(&cut) <= max);
    }

    #[test]
    fn truncate_borrows_what_fits() {
        assert!(matches!(truncate("fits", 4), Cow::Borrowed("fits")));
        assert!(matches!(truncate("中", 2), Cow::Borrowed("中")));
    }
}
