//! Display widths in terminal cells, measured by grapheme cluster.
//!
//! Most text a form shows is ASCII or made of characters that are always a grapheme of their
//! own (accented Latin letters, punctuation, arrows, box drawing, the form's marks); such text
//! is measured character by character. Anything else goes through the grapheme segmenter.

use std::borrow::Cow;

use unicode_segmentation::{GraphemeIndices, UnicodeSegmentation};
use unicode_width::{UnicodeWidthChar, UnicodeWidthStr};

use super::ascii::is_printable_ascii;

/// What [`truncate`] puts where it cut the text.
pub const ELLIPSIS: &str = "…";

/// Blocks of characters that are each a grapheme of their own, whatever surrounds them: no
/// combining marks, joiners, variation selectors, format or control characters, Hangul or
/// regional indicators among them. Box drawing and the symbols after it, which a form's rules
/// and borders are made of, come first: they are the ones looked up most.
const STANDALONE: [(char, char); 6] = [
    ('\u{2500}', '\u{27bf}'),
    ('\u{a1}', '\u{ac}'),
    ('\u{ae}', '\u{ff}'),
    ('\u{2010}', '\u{2027}'),
    ('\u{2030}', '\u{205e}'),
    ('\u{2190}', '\u{21ff}'),
];

/// Whether `ch` is a grapheme of its own next to any other character.
fn is_standalone(ch: char) -> bool {
    (' '..='~').contains(&ch)
        || (ch > '~'
            && STANDALONE
                .iter()
                .any(|(low, high)| (*low..=*high).contains(&ch)))
}

/// Whether each character of `text` is a grapheme of its own. A character like the one before
/// it is not looked up again: a rule is one character many times over.
fn is_char_per_grapheme(text: &str) -> bool {
    let mut last = ' ';
    text.chars().all(|ch| {
        if ch == last {
            return true;
        }
        last = ch;
        is_standalone(ch)
    })
}

/// The last standalone character (see [`is_standalone`]) up to which every one is narrow:
/// the first wide one is an emoji among the geometric shapes.
const LAST_NARROW_STANDALONE: char = '\u{25fc}';

/// The cells a character standing alone (see [`is_standalone`]) takes, as the Unicode width
/// tables give it: one for every one up to [`LAST_NARROW_STANDALONE`] (letters, punctuation,
/// arrows, box drawing, the rules and frames a form draws), without looking it up.
fn char_width(ch: char) -> usize {
    if ch <= LAST_NARROW_STANDALONE {
        1
    } else {
        ch.width().unwrap_or(0).min(2)
    }
}

/// The cells one grapheme cluster takes: 0 (a lone combining mark or zero-width character),
/// 1, or 2 (CJK, emoji, emoji sequences). Never more than 2, since a terminal draws one
/// cluster in at most two cells.
pub fn grapheme_width(grapheme: &str) -> usize {
    if let [b] = grapheme.as_bytes()
        && (0x20..0x7f).contains(b)
    {
        return 1;
    }
    let mut chars = grapheme.chars();
    match (chars.next(), chars.next()) {
        (Some(only), None) if is_standalone(only) => char_width(only),
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
    if is_char_per_grapheme(text) {
        return text.chars().map(char_width).sum();
    }
    text.graphemes(true).map(grapheme_width).sum()
}

/// The grapheme clusters of `text` with their widths, for code that lays text out cell by cell.
pub fn graphemes(text: &str) -> impl Iterator<Item = (&str, usize)> {
    grapheme_indices(text).map(|(_, grapheme)| (grapheme, grapheme_width(grapheme)))
}

/// Each character of `text` with the cells it takes, when every character is a grapheme of
/// its own (box drawing, arrows, Latin-1 letters beside ASCII): such text is laid out without
/// finding clusters. `None` when some character may join a neighbour.
pub fn standalone_chars(text: &str) -> Option<impl Iterator<Item = (char, usize)> + '_> {
    is_char_per_grapheme(text).then(|| text.chars().map(|ch| (ch, char_width(ch))))
}

/// The cells `text` takes when each of its characters is a grapheme of its own one cell wide
/// (box drawing, arrows, Latin-1 letters beside ASCII): its characters, counted. `None` when
/// some character may join a neighbour or take two cells. One pass, for a frontend that writes
/// such text straight out; a character that repeats the one before it (a rule's) is not looked
/// up again.
pub fn narrow_standalone_cells(text: &str) -> Option<usize> {
    let mut cells = 0;
    let mut checked = None;
    for ch in text.chars() {
        if checked != Some(ch) {
            if !(is_standalone(ch) && char_width(ch) == 1) {
                return None;
            }
            checked = Some(ch);
        }
        cells += 1;
    }
    Some(cells)
}

/// The grapheme clusters of `text` with their byte offsets, found lazily: character by
/// character while each character stands alone, by the segmenter from the first character
/// that may join its neighbour on. A caller that stops early reads no further.
pub(super) fn grapheme_indices(text: &str) -> Clusters<'_> {
    Clusters::Chars { text, at: 0 }
}

/// Grapheme clusters found character by character while that is what they are, then by the
/// segmenter.
pub(super) enum Clusters<'a> {
    /// Each character from byte `at` on is a cluster, until one is not standalone.
    Chars {
        /// The whole text.
        text: &'a str,
        /// Where the next cluster starts.
        at: usize,
    },
    /// The segmenter's clusters of `text[offset..]`.
    Segmented {
        /// Where the segmented part starts in the whole text.
        offset: usize,
        /// Its clusters.
        clusters: GraphemeIndices<'a>,
    },
}

impl<'a> Iterator for Clusters<'a> {
    type Item = (usize, &'a str);

    fn next(&mut self) -> Option<Self::Item> {
        if let Self::Chars { text, at } = *self {
            let mut chars = text[at..].chars();
            let current = chars.next()?;
            if is_standalone(current) && chars.next().is_none_or(is_standalone) {
                let end = at + current.len_utf8();
                *self = Self::Chars { text, at: end };
                return Some((at, &text[at..end]));
            }
            *self = Self::Segmented {
                offset: at,
                clusters: text[at..].grapheme_indices(true),
            };
        }
        match self {
            Self::Segmented { offset, clusters } => clusters
                .next()
                .map(|(start, cluster)| (*offset + start, cluster)),
            Self::Chars { .. } => None,
        }
    }
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
    if is_char_per_grapheme(text) {
        for (start, ch) in text.char_indices() {
            let cells = char_width(ch);
            if used + cells > max_width {
                return (&text[..start], used);
            }
            used += cells;
        }
        return (text, used);
    }
    for (start, grapheme) in grapheme_indices(text) {
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

    use unicode_segmentation::UnicodeSegmentation;
    use unicode_width::UnicodeWidthStr;

    use super::{
        STANDALONE, char_width, fit, grapheme_indices, grapheme_width, is_standalone,
        narrow_standalone_cells, truncate, width,
    };

    #[test]
    fn a_standalone_character_takes_the_cells_its_grapheme_is_measured_to_take() {
        let every = STANDALONE
            .iter()
            .flat_map(|(low, high)| *low..=*high)
            .chain(' '..='~');
        for ch in every {
            assert!(is_standalone(ch), "{ch:?}");
            assert_eq!(
                char_width(ch),
                ch.encode_utf8(&mut [0; 4]).width().min(2),
                "{ch:?} (U+{:04X})",
                u32::from(ch)
            );
        }
    }

    #[rstest]
    #[case::a_rule("────────", Some(8))]
    #[case::a_rule_that_ends_wide("───────中", None)]
    #[case::a_rule_that_ends_joining("────e\u{301}", None)]
    #[case::repeats_then_another("──━━──│", Some(7))]
    #[case::empty("", Some(0))]
    fn narrow_standalone_text_is_counted_in_cells_and_anything_else_refused(
        #[case] text: &str,
        #[case] cells: Option<usize>,
    ) {
        assert_eq!(narrow_standalone_cells(text), cells);
        let measured = text
            .graphemes(true)
            .all(|g| g.width() == 1 && g.chars().count() == 1);
        assert_eq!(cells.is_some(), measured, "{text:?}");
    }

    #[test]
    fn text_is_split_and_measured_as_the_segmenter_would_with_or_without_joining_characters() {
        let every: Vec<char> = STANDALONE
            .iter()
            .flat_map(|(low, high)| *low..=*high)
            .chain(' '..='~')
            .collect();
        let mut texts: Vec<String> = every.iter().map(|ch| format!("{ch}x{ch}")).collect();
        texts.extend(every.windows(2).map(|pair| pair.iter().collect()));
        texts.extend(every.windows(3).map(|three| three.iter().rev().collect()));
        let joining = [
            "e\u{301}",
            "👍🏽",
            "🇺🇸",
            "❤\u{fe0f}",
            "한국",
            "a\u{200d}b",
            "\r\n",
            "中文",
        ];
        for (ch, join) in every.iter().step_by(7).zip(joining.iter().cycle()) {
            texts.push(format!("{ch}{join}{ch}{join}x"));
            texts.push(format!("{join}{ch}"));
        }
        for text in &texts {
            let found: Vec<(usize, &str)> = grapheme_indices(text).collect();
            let segmented: Vec<(usize, &str)> = text.grapheme_indices(true).collect();
            assert_eq!(found, segmented, "{text:?}");
            let measured: usize = text.graphemes(true).map(|g| g.width().min(2)).sum();
            assert_eq!(width(text), measured, "{text:?}");
            for max in 0..=measured + 1 {
                assert_eq!(
                    fit(text, max),
                    fit_by_segmenter(text, max),
                    "{text:?} in {max}"
                );
            }
        }
    }

    /// [`fit`] as the segmenter and the width tables alone would have it.
    fn fit_by_segmenter(text: &str, max_width: usize) -> (&str, usize) {
        let mut used = 0;
        for (start, grapheme) in text.grapheme_indices(true) {
            let cells = grapheme.width().min(2);
            if used + cells > max_width {
                return (&text[..start], used);
            }
            used += cells;
        }
        (text, used)
    }

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
