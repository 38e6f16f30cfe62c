use super::*;

fn lines(text: &str) -> Vec<String> {
    text.split('\n').map(str::to_owned).collect()
}

#[test]
fn an_at_word_with_text_after_it_is_a_reference() {
    let text = lines("see @src/ma");
    let token = Token::at_cursor(&text, (0, 11)).unwrap();
    assert_eq!((token.at, token.query.as_str()), (4, "src/ma"));
}

/// The `@word` ending at the cursor found over the line's characters one by one.
fn token_char_by_char(lines: &[String], (line, column): (usize, usize)) -> Option<Token> {
    let before: Vec<char> = lines.get(line)?.chars().take(column).collect();
    let start = before
        .iter()
        .rposition(|c| c.is_whitespace())
        .map_or(0, |space| space + 1);
    let word = &before[start..];
    if word.first() == Some(&'@') && word.get(1) != Some(&'"') {
        return (word.len() > 1).then(|| Token {
            line,
            at: start,
            query: word[1..].iter().collect(),
            quoted: false,
        });
    }
    let open = (0..before.len().saturating_sub(1)).rev().find(|&at| {
        before[at] == '@' && before[at + 1] == '"' && (at == 0 || before[at - 1].is_whitespace())
    })?;
    let query = &before[open + 2..];
    (!query.is_empty() && !query.contains(&'"')).then(|| Token {
        line,
        at: open,
        query: query.iter().collect(),
        quoted: true,
    })
}

proptest::proptest! {
    #[test]
    fn the_word_at_the_cursor_is_the_one_its_characters_make(
        text in "[a@ \\t\u{3000}é日/\"]{0,24}(\n[a@ é\"]{0,6})?",
        line in 0..3_usize,
        column in 0..30_usize,
    ) {
        let lines = lines(&text);
        proptest::prop_assert_eq!(
            Token::at_cursor(&lines, (line, column)),
            token_char_by_char(&lines, (line, column))
        );
    }
}

#[test]
fn text_after_an_at_longer_than_a_path_is_no_reference() {
    for quote in ["", "\""] {
        let longest = format!("see @{quote}{}", "é".repeat(LONGEST_QUERY / 2));
        let chars = longest.chars().count();
        let token = Token::at_cursor(&lines(&longest), (0, chars)).unwrap();
        assert_eq!(token.query.len(), LONGEST_QUERY, "{quote}");
        let longer = format!("{longest}a");
        assert_eq!(
            Token::at_cursor(&lines(&longer), (0, chars + 1)),
            None,
            "{quote}"
        );
    }
}

#[test]
fn a_lone_at_and_an_address_are_not_references() {
    assert_eq!(Token::at_cursor(&lines("see @"), (0, 5)), None);
    assert_eq!(Token::at_cursor(&lines("me@host"), (0, 7)), None);
    assert_eq!(Token::at_cursor(&lines("@src done"), (0, 9)), None);
}

#[test]
fn a_batch_for_an_older_query_is_dropped() {
    let mut references = References::default();
    references.follow(&lines("@a"), (0, 2), || 1);
    references.follow(&lines("@ab"), (0, 3), || 2);
    references.receive(FileCandidates {
        generation: 1,
        paths: vec!["a.rs".into()],
        searched: Searched::Whole,
    });
    assert!(references.list.as_ref().unwrap().paths.is_empty());
    references.receive(FileCandidates {
        generation: 2,
        paths: vec!["ab.rs".into()],
        searched: Searched::Whole,
    });
    assert_eq!(references.list.unwrap().paths, ["ab.rs"]);
}

#[test]
fn a_dismissed_list_stays_closed_while_its_word_is_typed_on() {
    let mut references = References::default();
    references.follow(&lines("@a"), (0, 2), || 1);
    references.dismiss();
    assert!(references.follow(&lines("@ab"), (0, 3), || 2).is_empty());
    assert!(references.list.is_none());
    references.follow(&lines("@ab "), (0, 4), || 3);
    let asked = references.follow(&lines("@ab @c"), (0, 6), || 4);
    assert_eq!(
        asked,
        [Effect::FindFiles(FileQuery {
            query: "c".into(),
            generation: 4,
            root: None,
        })]
    );
}
