//! The multi-select reply: option numbers, option labels, or a written answer.

pub use crate::contract::rules::UnknownTokens;

/// What the reply to a multi-select means.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum MultiSelectReply {
    /// The reply is blank: the user cancelled the flow.
    Blank,
    /// Every token named an option: 0-based option indices, duplicates dropped, in the order
    /// they were first named.
    Picks(Vec<usize>),
    /// A written answer and no option: no token named one, or no token was left.
    Written(String),
    /// Options named by some tokens ([`MultiSelectReply::Picks`]) and a written answer made of
    /// the others ([`UnknownTokens::BecomeCustomText`] only).
    PicksAndWritten(Vec<usize>, String),
}

/// Reads a multi-select reply against the option labels the dialog listed.
///
/// The reply is trimmed; blank means [`MultiSelectReply::Blank`]. Tokens are split on commas
/// and newlines, trimmed, and empty ones dropped. A token is a number when it is exactly the
/// decimal form of `1..=labels.len()` (`01` and `+1` are not); otherwise it must equal a label
/// case-insensitively (the label with the same case first, when two differ only in case). Tokens that name no option are read as `unknown` says; a reply with no
/// token left is written as it is.
pub fn parse_multi_select<S: AsRef<str>>(
    reply: &str,
    labels: &[S],
    unknown: UnknownTokens,
) -> MultiSelectReply {
    let text = reply.trim();
    if text.is_empty() {
        return MultiSelectReply::Blank;
    }
    let mut picks = Vec::new();
    let mut written = Vec::new();
    let tokens = text
        .split([',', '\n'])
        .map(str::trim)
        .filter(|token| !token.is_empty());
    for token in tokens {
        match option_index(token, labels) {
            Some(index) if !picks.contains(&index) => picks.push(index),
            Some(_) => {}
            None => written.push(token),
        }
    }
    if picks.is_empty() && written.is_empty() {
        return MultiSelectReply::Written(text.to_owned());
    }
    match (unknown, written.is_empty(), picks.is_empty()) {
        (_, true, _) => MultiSelectReply::Picks(picks),
        (UnknownTokens::WholeReplyWritten, false, _) => MultiSelectReply::Written(text.to_owned()),
        (UnknownTokens::BecomeCustomText, false, true) => {
            MultiSelectReply::Written(written.join(", "))
        }
        (UnknownTokens::BecomeCustomText, false, false) => {
            MultiSelectReply::PicksAndWritten(picks, written.join(", "))
        }
    }
}

/// The option a token names: by number, else by the label it equals, a label with the same
/// case before one that differs only in case.
fn option_index<S: AsRef<str>>(token: &str, labels: &[S]) -> Option<usize> {
    if let Some(number) = canonical_number(token).filter(|n| (1..=labels.len()).contains(n)) {
        return Some(number - 1);
    }
    let exact = labels.iter().position(|label| label.as_ref() == token);
    exact.or_else(|| {
        let wanted = token.to_lowercase();
        labels
            .iter()
            .position(|label| label.as_ref().to_lowercase() == wanted)
    })
}

/// The number a token spells in plain decimal without leading zeros, if it does.
fn canonical_number(token: &str) -> Option<usize> {
    let canonical = token.bytes().all(|byte| byte.is_ascii_digit()) && !token.starts_with('0');
    if canonical { token.parse().ok() } else { None }
}

#[cfg(test)]
mod tests {
    use super::*;

    const LABELS: [&str; 4] = ["repo", "admin", "read:org", "Write Access"];

    fn parse(reply: &str) -> MultiSelectReply {
        parse_multi_select(reply, &LABELS, UnknownTokens::WholeReplyWritten)
    }

    fn parse_keeping_picks(reply: &str) -> MultiSelectReply {
        parse_multi_select(reply, &LABELS, UnknownTokens::BecomeCustomText)
    }

    fn written(text: &str) -> MultiSelectReply {
        MultiSelectReply::Written(text.to_owned())
    }

    #[test]
    fn numbers_pick_options_in_the_order_typed() {
        assert_eq!(parse("3, 1"), MultiSelectReply::Picks(vec![2, 0]));
    }

    #[test]
    fn labels_match_case_insensitively() {
        assert_eq!(
            parse("REPO,write access"),
            MultiSelectReply::Picks(vec![0, 3])
        );
    }

    #[test]
    fn numbers_and_labels_mix_across_commas_and_newlines() {
        assert_eq!(
            parse(" 2\nread:org , 1 "),
            MultiSelectReply::Picks(vec![1, 2, 0])
        );
    }

    #[test]
    fn duplicates_keep_their_first_position() {
        assert_eq!(parse("2, admin, 1, 2"), MultiSelectReply::Picks(vec![1, 0]));
    }

    #[test]
    fn empty_tokens_are_dropped() {
        assert_eq!(parse(",1,,\n\n,2,"), MultiSelectReply::Picks(vec![0, 1]));
    }

    #[test]
    fn a_blank_reply_cancels() {
        assert_eq!(parse(" \n\t "), MultiSelectReply::Blank);
        assert_eq!(parse(""), MultiSelectReply::Blank);
    }

    #[test]
    fn an_unknown_token_makes_the_whole_trimmed_text_a_written_answer() {
        assert_eq!(parse("  1, billing \n"), written("1, billing"));
    }

    #[test]
    fn zero_padded_numbers_are_not_numbers() {
        assert_eq!(parse("01"), written("01"));
    }

    #[test]
    fn numbers_out_of_range_are_not_options() {
        assert_eq!(parse("5"), written("5"));
        assert_eq!(parse("0"), written("0"));
        assert_eq!(parse("+1"), written("+1"));
    }

    #[test]
    fn a_label_that_looks_like_a_number_still_matches() {
        assert_eq!(
            parse_multi_select("01, 7", &["01", "7"], UnknownTokens::WholeReplyWritten),
            MultiSelectReply::Picks(vec![0, 1])
        );
    }

    #[test]
    fn only_separators_become_a_written_answer() {
        assert_eq!(parse(", ,"), written(", ,"));
    }

    #[test]
    fn unknown_tokens_can_become_custom_text_next_to_the_picks() {
        assert_eq!(
            parse_keeping_picks(" 1, billing \n  audit , admin, 1"),
            MultiSelectReply::PicksAndWritten(vec![0, 1], "billing, audit".into())
        );
    }

    #[test]
    fn unknown_tokens_alone_become_the_custom_text_joined() {
        assert_eq!(
            parse_keeping_picks(" 01 \n billing "),
            written("01, billing")
        );
    }

    #[test]
    fn known_tokens_alone_are_picks_whatever_the_rule() {
        assert_eq!(
            parse_keeping_picks("2, repo"),
            MultiSelectReply::Picks(vec![1, 0])
        );
    }

    #[test]
    fn blank_and_separator_only_replies_read_alike_under_both_rules() {
        assert_eq!(parse_keeping_picks("  "), MultiSelectReply::Blank);
        assert_eq!(parse_keeping_picks(", ,"), written(", ,"));
    }

    #[test]
    fn a_label_with_the_same_case_wins_over_one_differing_in_case() {
        let labels = ["Y", "y"];
        assert_eq!(
            parse_multi_select("y, Y", &labels, UnknownTokens::WholeReplyWritten),
            MultiSelectReply::Picks(vec![1, 0])
        );
    }
}
