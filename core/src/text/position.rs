//! Where a character index falls in a text's bytes: editors count their cursor in characters,
//! text is sliced in bytes.

/// The byte offset at which character `chars` of `text` starts (the text's length when it has
/// exactly that many characters); `None` when it has fewer. The characters are skipped the way
/// `str::chars` skips them, a run of ASCII at a time, not decoded one by one: a cursor at the
/// end of a long line is found in a fraction of the time.
pub fn byte_at_char(text: &str, chars: usize) -> Option<usize> {
    let Some(before) = chars.checked_sub(1) else {
        return Some(0);
    };
    let mut rest = text.chars();
    rest.nth(before)?;
    Some(text.len() - rest.as_str().len())
}

/// The grapheme clusters of `text` as character ranges, `(start, end)`, in order.
fn cluster_spans(text: &str) -> impl Iterator<Item = (usize, usize)> + '_ {
    let mut start = 0;
    super::graphemes(text).map(move |(cluster, _)| {
        let span = (start, start + cluster.chars().count());
        start = span.1;
        span
    })
}

/// How many characters before character `chars` of `text` belong to the grapheme cluster the
/// place ends (the part of it before the place, when the place is inside one): what one
/// backspace deletes and one step left passes, so a joined emoji (`👨‍👩‍👧`) or a letter with its
/// accent goes whole. 0 at the start.
pub fn chars_of_cluster_before(text: &str, chars: usize) -> usize {
    cluster_spans(text)
        .find(|&(_, end)| end >= chars)
        .map_or(0, |(start, _)| chars.saturating_sub(start))
}

/// How many characters from character `chars` of `text` on belong to the grapheme cluster that
/// starts there (the rest of it, when the place is inside one): what one delete deletes and one
/// step right passes. 0 at the end.
pub fn chars_of_cluster_after(text: &str, chars: usize) -> usize {
    cluster_spans(text)
        .find(|&(_, end)| end > chars)
        .map_or(0, |(_, end)| end - chars)
}

/// The place at character `chars` of `text`, or, when it falls inside a grapheme cluster, the
/// start of that cluster: where a cursor moved by column lands, so it never splits a joined
/// emoji or a flag.
pub fn cluster_start_at(text: &str, chars: usize) -> usize {
    cluster_spans(text)
        .find(|&(_, end)| end > chars)
        .map_or(chars, |(start, _)| start)
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{byte_at_char, chars_of_cluster_after, chars_of_cluster_before, cluster_start_at};

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
