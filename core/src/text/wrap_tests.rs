use rstest::rstest;

use super::{width, wrap};

#[rstest]
#[case("", 10, &[""])]
#[case("short", 10, &["short"])]
#[case("exactly ten", 11, &["exactly ten"])]
#[case("the quick brown fox", 10, &["the quick", "brown fox"])]
#[case("the quick brown fox", 9, &["the quick", "brown fox"])]
#[case("the quick brown fox", 5, &["the", "quick", "brown", "fox"])]
#[case("a  b", 1, &["a", "b"])]
#[case("trailing   ", 20, &["trailing"])]
#[case("trailing spaces   ", 9, &["trailing", "spaces"])]
#[case("   ", 2, &[""])]
#[case("  indented text here", 10, &["  indented", "text here"])]
#[case("one\ntwo", 10, &["one", "two"])]
#[case("one\n\ntwo\n", 10, &["one", "", "two", ""])]
#[case("abcdefghij", 4, &["abcd", "efgh", "ij"])]
#[case("go abcdefghij", 4, &["go", "abcd", "efgh", "ij"])]
#[case("abcdefghij xy", 4, &["abcd", "efgh", "ij", "xy"])]
#[case("abcdefgh ij", 4, &["abcd", "efgh", "ij"])]
#[case("abc", 1, &["a", "b", "c"])]
fn ascii_wrapping(#[case] text: &str, #[case] max: usize, #[case] lines: &[&str]) {
    assert_eq!(wrap(text, max), lines);
}

#[rstest]
#[case("中文字符串", 4, &["中文", "字符", "串"])]
#[case("中文字符串", 5, &["中文", "字符", "串"])]
#[case("中文字符串", 6, &["中文字", "符串"])]
#[case("a中文", 2, &["a", "中", "文"])]
#[case("中文 ab", 4, &["中文", "ab"])]
#[case("👍🏽👍🏽👍🏽", 5, &["👍🏽👍🏽", "👍🏽"])]
#[case("👨\u{200d}👩\u{200d}👧 family", 8, &["👨\u{200d}👩\u{200d}👧", "family"])]
#[case("e\u{301}e\u{301}e\u{301}", 2, &["e\u{301}e\u{301}", "e\u{301}"])]
#[case("ｱｲｳｴｵ", 3, &["ｱｲｳ", "ｴｵ"])]
fn wide_and_combining_characters(#[case] text: &str, #[case] max: usize, #[case] lines: &[&str]) {
    assert_eq!(wrap(text, max), lines);
}

/// Chinese, Japanese and Korean text breaks between its characters, so a run of it after other
/// words fills the line rather than starting a new one; closing punctuation never starts a line,
/// and opening punctuation never ends one.
#[rstest]
#[case("ab 日本語の説明", 8, &["ab 日本", "語の説明"])]
#[case("(recommended) | 高速な説明文", 20, &["(recommended) | 高速", "な説明文"])]
#[case("日本語です。", 10, &["日本語で", "す。"])]
#[case("日本「語」", 6, &["日本", "「語」"])]
#[case("한국어 문장입니다", 8, &["한국어", "문장입니", "다"])]
fn wide_text_breaks_between_its_characters(
    #[case] text: &str,
    #[case] max: usize,
    #[case] lines: &[&str],
) {
    assert_eq!(wrap(text, max), lines);
}

#[test]
fn width_one_gives_wide_characters_a_line_each() {
    assert_eq!(wrap("中a文", 1), ["中", "a", "文"]);
}

#[rstest]
#[case("")]
#[case("anything at all")]
#[case("中文")]
fn width_zero_gives_no_lines(#[case] text: &str) {
    assert!(wrap(text, 0).is_empty());
}

#[test]
fn very_long_word_breaks_evenly() {
    let word = "x".repeat(1000);
    let lines = wrap(&word, 7);
    assert_eq!(lines.len(), 143);
    assert!(lines.iter().all(|line| width(line) <= 7));
    assert_eq!(lines.concat(), word);
}

#[rstest]
fn lines_never_exceed_the_width(
    #[values(1, 2, 3, 5, 8, 13)] max: usize,
    #[values(
        "Which database should the service use for the audit log?",
        "数据库迁移 should run 在部署之前 or after",
        "emoji 👍🏽 and flags 🇺🇸🇫🇷 mixed with café and naïve",
        "  code    with   runs of spaces"
    )]
    text: &str,
) {
    let widest_grapheme = 2;
    for line in wrap(text, max) {
        assert!(
            width(line) <= max.max(widest_grapheme),
            "{line:?} wider than {max}"
        );
    }
}

mod printable_ascii {
    use proptest::prelude::*;

    use super::super::wrap;
    use super::super::wrap::{measured_wrap, wrapped_line_count};

    proptest! {
        #[test]
        fn looking_back_for_a_word_end_wraps_as_measuring_word_by_word_does(
            line in "[ ab]{0,3}[a-c ]{0,40}",
            width in 1_usize..12,
        ) {
            prop_assert_eq!(wrap(&line, width), measured_wrap(&line, width));
        }

        #[test]
        fn counting_lines_agrees_with_wrapping(
            text in "[ a\\n中]{0,30}",
            width in 0_usize..8,
        ) {
            prop_assert_eq!(wrapped_line_count(&text, width), wrap(&text, width).len());
        }
    }
}
