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

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::byte_at_char;

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
