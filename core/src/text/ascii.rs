//! The one question asked of every run of text a frame shows: is it printable ASCII, where a
//! byte is a cell and nothing needs replacing? Answered eight bytes at a time.

/// A byte of 1 in every lane of a word.
const ONES: u64 = u64::from_ne_bytes([0x01; 8]);
/// The high bit of every lane.
const HIGHS: u64 = u64::from_ne_bytes([0x80; 8]);

/// The high bit of every lane of `word` whose byte is not printable ASCII, among others: a
/// byte with its high bit set shows it itself, one below a space borrows it when a space is
/// taken away, and DEL borrows it when it is first made 0. Borrows only run into lanes above
/// one that is not printable, so a word is printable exactly when no high bit is set.
const fn unprintable_lanes(word: u64) -> u64 {
    word | word.wrapping_sub(ONES * 0x20) | (word ^ (ONES * 0x7f)).wrapping_sub(ONES)
}

/// Whether every byte of `text` is printable ASCII (a space to `~`). The words of the text
/// are all looked at, without a branch for each: the texts asked about are short.
pub fn is_printable_ascii(text: &str) -> bool {
    let mut words = text.as_bytes().chunks_exact(8);
    let mut seen = 0;
    for word in &mut words {
        let mut lanes = [0; 8];
        lanes.copy_from_slice(word);
        seen |= unprintable_lanes(u64::from_ne_bytes(lanes));
    }
    seen & HIGHS == 0
        && words
            .remainder()
            .iter()
            .all(|byte| (0x20..0x7f).contains(byte))
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rstest::rstest;

    use super::is_printable_ascii;

    fn bytewise(text: &str) -> bool {
        text.bytes().all(|byte| (0x20..0x7f).contains(&byte))
    }

    #[rstest]
    #[case("", true)]
    #[case("plain words, eight+ bytes long ~", true)]
    #[case("twelve bytes\u{7f}", false)]
    #[case("a tab\tin the second word", false)]
    #[case("escape \u{1b}[31m", false)]
    #[case("accented é after eight", false)]
    #[case("0123456\u{1f}", false)]
    #[case(" !\"#$%&'()*+,-./0123456789:;<=>?@[\\]^_`{|}~", true)]
    fn printable_ascii_is_told_from_everything_else(#[case] text: &str, #[case] expected: bool) {
        assert_eq!(is_printable_ascii(text), expected);
    }

    proptest! {
        #[test]
        fn eight_bytes_at_a_time_agrees_with_byte_by_byte(text in "[\\x00-\\x{ff}]{0,40}") {
            prop_assert_eq!(is_printable_ascii(&text), bytewise(&text));
        }

        #[test]
        fn one_bad_byte_anywhere_is_found(
            prefix in "[ -~]{0,20}",
            bad in prop::sample::select(vec!['\0', '\u{1f}', '\u{7f}', '\u{80}', 'é', '\n']),
            suffix in "[ -~]{0,20}",
        ) {
            let text = format!("{prefix}{bad}{suffix}");
            prop_assert!(!is_printable_ascii(&text));
        }
    }
}
