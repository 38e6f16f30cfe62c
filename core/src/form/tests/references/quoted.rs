//! Quoted references: a path with white space in it goes in quoted, its own `"` and `\`
//! escaped, and a space or `esc` after a quoted directory closes the quote.

use super::{answer, custom_editor, queries};
use crate::effect::Surface as _;
use crate::input::Input;

#[test]
fn a_path_with_white_space_goes_in_quoted_and_a_quoted_directory_keeps_its_list_open() {
    let mut run = custom_editor("'see @my'");
    answer(&mut run, &["my docs/"]);
    run.keys("tab");
    let editor = run.form.state.editor().unwrap();
    assert_eq!(editor.lines(), [r#"see @"my docs/"#]);
    let query = queries(&run).last().unwrap().query.clone();
    assert_eq!(
        query, "my docs/",
        "the list stays open inside the directory"
    );
    answer(&mut run, &["my docs/plan one.md"]);
    run.keys("tab");
    let editor = run.form.state.editor().unwrap();
    assert_eq!(editor.lines(), [r#"see @"my docs/plan one.md""#]);
    assert!(editor.references.list.is_none(), "a file ends the list");
    run.keys("' next'");
    assert_eq!(
        run.form.state.editor().unwrap().lines(),
        [r#"see @"my docs/plan one.md" next"#]
    );
}

#[test]
fn a_quoted_at_word_asks_for_what_follows_its_quote_spaces_and_all() {
    let run = custom_editor(r#"'@"my do'"#);
    let asked: Vec<String> = queries(&run).into_iter().map(|query| query.query).collect();
    assert_eq!(asked.last().map(String::as_str), Some("my do"));
}

#[test]
fn a_space_after_a_quoted_directory_closes_its_quote_and_ends_the_reference() {
    let mut run = custom_editor("'look in @my'");
    answer(&mut run, &["my docs/"]);
    run.keys("tab ' and more'");
    let editor = run.form.state.editor().expect("the editor");
    assert_eq!(editor.lines(), [r#"look in @"my docs/" and more"#]);
    assert!(editor.references.list.is_none(), "the reference ended");
    assert_eq!(
        queries(&run).last().expect("a query").query,
        "my docs/",
        "nothing after the space was searched for"
    );
}

#[test]
fn a_paste_starting_with_a_space_after_a_quoted_directory_closes_its_quote_too() {
    let mut run = custom_editor("'look in @my'");
    answer(&mut run, &["my docs/"]);
    run.keys("tab");
    let effects = run.form.handle(Input::Paste(" and more".to_owned()));
    run.effects.extend(effects);
    assert_eq!(
        run.form.state.editor().expect("the editor").lines(),
        [r#"look in @"my docs/" and more"#]
    );
}

#[test]
fn esc_on_a_quoted_reference_closes_its_quote_and_keeps_the_text() {
    let mut run = custom_editor(r#"'see @"my do' esc ' next'"#);
    let editor = run.form.state.editor().expect("the editor stays open");
    assert_eq!(editor.lines(), [r#"see @"my do" next"#]);
    assert!(editor.references.list.is_none());
    run.keys("enter");
    assert!(run.form.state.editor().is_none());
}

#[test]
fn a_quote_or_backslash_in_a_quoted_path_is_written_after_a_backslash() {
    let mut run = custom_editor("'@c'");
    answer(&mut run, &[r#"a b/c"d\e.md"#]);
    run.keys("tab");
    assert_eq!(
        run.form.state.editor().expect("the editor").lines(),
        [r#"@"a b/c\"d\\e.md""#]
    );
}

#[test]
fn an_escaped_quote_in_a_quoted_at_word_is_searched_for_as_the_quote_it_stands_for() {
    let mut run = custom_editor(r#"'@"a b/c\"d'"#);
    assert_eq!(
        queries(&run).last().expect("a query").query,
        r#"a b/c"d"#,
        "the escaped quote does not end the reference"
    );
    answer(&mut run, &[r#"a b/c"d e.md"#]);
    run.keys("tab ' next'");
    assert_eq!(
        run.form.state.editor().expect("the editor").lines(),
        [r#"@"a b/c\"d e.md" next"#]
    );
}
