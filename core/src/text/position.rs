//! Where a character index falls in a text's bytes: editors count their cursor in characters,
//! text is sliced in bytes.

use unicode_segmentation::GraphemeCursor;

/// The byte offset at which character `chars` of `text` starts (the text's length when it has
/// exactly that many characters); `None` when it has fewer. A text whose first `chars` bytes are
/// ASCII has its answer without decoding (checked a word at a time); any other is skipped the
/// way `str::chars` skips it: a cursor at the end of a long line is found in a fraction of the
/// time.
pub fn byte_at_char(text: &str, chars: usize) -> Option<usize> {
    if let Some(head) = text.as_bytes().get(..chars)
        && head.is_ascii()
    {
        return Some(chars);
    }
    let Some(before) = chars.checked_sub(1) else {
        return Some(0);
    };
    let mut rest = text.chars();
    rest.nth(before)?;
    Some(text.len() - rest.as_str().len())
}

/// The grapheme cluster boundary at or before byte `at` of `text` (`at` itself when it is one),
/// found from the characters around `at` alone, however long the text before it.
fn boundary_at_or_before(text: &str, at: usize) -> usize {
    let mut cursor = GraphemeCursor::new(at, text.len(), true);
    if cursor.is_boundary(text, 0).unwrap_or(true) {
        return at;
    }
    cursor.prev_boundary(text, 0).ok().flatten().unwrap_or(0)
}

/// The grapheme cluster boundary before byte `at` of `text`: where the cluster that `at` ends,
/// or that holds it, starts. 0 at the start.
fn boundary_before(text: &str, at: usize) -> usize {
    let mut cursor = GraphemeCursor::new(at, text.len(), true);
    cursor.prev_boundary(text, 0).ok().flatten().unwrap_or(0)
}

/// The grapheme cluster boundary after byte `at` of `text`: where the cluster that starts at
/// `at`, or holds it, ends. The text's length at the end.
fn boundary_after(text: &str, at: usize) -> usize {
    let mut cursor = GraphemeCursor::new(at, text.len(), true);
    cursor
        .next_boundary(text, 0)
        .ok()
        .flatten()
        .unwrap_or(text.len())
}

/// How many characters before character `chars` of `text` belong to the grapheme cluster the
/// place ends (the part of it before the place, when the place is inside one): what one
/// backspace deletes and one step left passes, so a joined emoji (`👨‍👩‍👧`) or a letter with its
/// accent goes whole. 0 at the start, and past the end.
///
/// The clusters are found around the place, not from the start of the text: a step in a line
/// of 100,000 characters costs what a step in a short one does, but for counting characters.
pub fn chars_of_cluster_before(text: &str, chars: usize) -> usize {
    byte_at_char(text, chars).map_or(0, |at| text[boundary_before(text, at)..at].chars().count())
}

/// How many characters from character `chars` of `text` on belong to the grapheme cluster that
/// starts there (the rest of it, when the place is inside one): what one delete deletes and one
/// step right passes. 0 at the end and past it.
pub fn chars_of_cluster_after(text: &str, chars: usize) -> usize {
    byte_at_char(text, chars).map_or(0, |at| text[at..boundary_after(text, at)].chars().count())
}

/// The place at character `chars` of `text`, or, when it falls inside a grapheme cluster, the
/// start of that cluster: where a cursor moved by column lands, so it never splits a joined
/// emoji or a flag.
pub fn cluster_start_at(text: &str, chars: usize) -> usize {
    byte_at_char(text, chars).map_or(chars, |at| {
        chars - text[boundary_at_or_before(text, at)..at].chars().count()
    })
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{byte_at_char, chars_of_cluster_after, chars_of_cluster_before, cluster_start_at};
    use crate::text::graphemes;

    /// The clusters of `text` as character ranges, found by walking the whole text from its
    /// start: what the answers found around a place must agree with.
    fn spans_from_the_start(text: &str) -> Vec<(usize, usize)> {
        let mut start = 0;
        graphemes(text)
            .map(|(cluster, _)| {
                let span = (start, start + cluster.chars().count());
                start = span.1;
                span
            })
            .collect()
    }

    #[test]
    fn a_joined_emoji_or_an_accented_letter_is_one_step_of_the_cursor() {
        let family = "a🐘👨\u{200d}👩\u{200d}👧e\u{301}";
        assert_eq!(chars_of_cluster_before(family, 7), 5, "the family, whole");
        assert_eq!(chars_of_cluster_before(family, 9), 2, "e and its accent");
        assert_eq!(chars_of_cluster_before(family, 2), 1, "the elephant");
        assert_eq!(chars_of_cluster_before(family, 0), 0);
        assert_eq!(chars_of_cluster_before(family, 4), 2, "inside the family");
        assert_eq!(chars_of_cluster_after(family, 2), 5, "the family, whole");
        assert_eq!(chars_of_cluster_after(family, 7), 2, "e and its accent");
        assert_eq!(chars_of_cluster_after(family, 9), 0);
        assert_eq!(chars_of_cluster_after(family, 4), 3, "inside the family");
        assert_eq!(
            cluster_start_at(family, 4),
            2,
            "inside the family, its start"
        );
        assert_eq!(cluster_start_at(family, 2), 2, "at its start already");
        assert_eq!(cluster_start_at(family, 8), 7, "between e and its accent");
        assert_eq!(cluster_start_at(family, 9), 9, "the end");
    }

    proptest! {
        #[test]
        fn clusters_found_around_a_place_are_those_the_whole_text_gives(
            text in "(a|é|e\u{301}|日|\r|\n|\u{1f1eb}|\u{1f1f7}|\u{1f468}|\u{200d}|\u{1f3fd}|\u{fe0f}|\u{1100}|\u{1161}|\u{11a8}|\u{ac00}| ){0,16}",
            chars in 0..20_usize,
        ) {
            let spans = spans_from_the_start(&text);
            let before = spans
                .iter()
                .find(|&&(_, end)| end >= chars)
                .map_or(0, |&(start, _)| chars.saturating_sub(start));
            let after = spans
                .iter()
                .find(|&&(_, end)| end > chars)
                .map_or(0, |&(_, end)| end - chars);
            let start = spans
                .iter()
                .find(|&&(_, end)| end > chars)
                .map_or(chars, |&(start, _)| start);
            prop_assert_eq!(chars_of_cluster_before(&text, chars), before);
            prop_assert_eq!(chars_of_cluster_after(&text, chars), after);
            prop_assert_eq!(cluster_start_at(&text, chars), start);
        }

        #[test]
        fn the_byte_is_where_that_character_starts(text in "[aé日\\u{1f600} ]{0,12}", chars in 0..16_usize) {
            let starts: Vec<usize> = text
                .char_indices()
                .map(|(at, _)| at)
                .chain(std::iter::once(text.len()))
                .collect();
            prop_assert_eq!(byte_at_char(&text, chars), starts.get(chars).copied());
        }
    }
}
