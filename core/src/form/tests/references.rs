//! `@` file references in the editors: the query goes out as an effect, the paths come back
//! as an input, and `tab`/`enter`/`esc`/arrows act on the list while it is open.

use serde_json::json;

use super::{Run, ask_user, one_single};
use crate::draw::Size;
use crate::effect::{Effect, FileQuery, Surface};
use crate::input::{FileCandidates, Input, Searched};

/// The `@` queries a run asked for, in order.
fn queries(run: &Run) -> Vec<FileQuery> {
    run.effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::FindFiles(query) => Some(query.clone()),
            _ => None,
        })
        .collect()
}

/// Hands the form paths for the last query it asked, from a search that got as far as
/// `searched`.
fn send(run: &mut Run, paths: &[&str], searched: Searched) {
    let generation = queries(run).last().expect("a query").generation;
    let effects = run.form.handle(Input::FileCandidates(FileCandidates {
        generation,
        paths: paths.iter().map(|path| (*path).to_owned()).collect(),
        searched,
    }));
    run.effects.extend(effects);
}

/// Hands the form paths for the last query it asked, from a search that is over.
fn answer(run: &mut Run, paths: &[&str]) {
    send(run, paths, Searched::Whole);
}

fn custom_editor(script: &str) -> Run {
    Run::new(
        ask_user(&one_single()),
        &format!("down down enter {script}"),
    )
}

#[test]
fn typing_an_at_word_asks_for_paths_matching_what_follows_it() {
    let run = custom_editor("'see @sr'");
    let asked: Vec<String> = queries(&run).into_iter().map(|query| query.query).collect();
    assert_eq!(asked, ["s", "sr"]);
}

#[test]
fn the_paths_show_under_the_editor_and_tab_inserts_the_highlighted_one() {
    let mut run = custom_editor("'see @sr'");
    answer(&mut run, &["src/", "docs/sorter.md"]);
    let screen = run.screen();
    assert!(screen.contains("› src/"), "{screen}");
    assert!(screen.contains("docs/sorter.md"), "{screen}");
    run.keys("down tab");
    let editor = run.form.state.editor().expect("the editor stays open");
    assert_eq!(editor.lines(), ["see @docs/sorter.md"]);
    assert!(!run.screen().contains("src/"), "a file ends the list");
}

#[test]
fn enter_on_a_file_the_reference_names_whole_submits_the_answer_at_once() {
    let mut run = custom_editor("'see @README.md'");
    answer(&mut run, &["README.md"]);
    assert!(run.screen().contains("› README.md"), "{}", run.screen());
    run.keys("enter");
    assert!(run.form.state.editor().is_none(), "{}", run.screen());
    assert_eq!(run.form.drafts()[0].custom_text, "see @README.md");
}

#[test]
fn an_inserted_directory_keeps_the_list_open_on_a_new_query() {
    let mut run = custom_editor("'@sr'");
    answer(&mut run, &["src/"]);
    run.keys("enter");
    assert_eq!(queries(&run).last().unwrap().query, "src/");
    assert!(
        !run.finished(),
        "enter inserted the path instead of submitting"
    );
}

#[test]
fn esc_closes_the_list_and_keeps_the_text_and_the_editor() {
    let mut run = custom_editor("'@sr'");
    answer(&mut run, &["src/"]);
    run.keys("esc");
    assert!(!run.screen().contains("› src/"), "{}", run.screen());
    run.keys("enter enter");
    assert_eq!(run.answers()["db"]["customText"], json!("@sr"));
}

#[test]
fn paths_for_a_closed_editor_attach_nowhere() {
    let mut run = custom_editor("'@sr' esc");
    answer(&mut run, &["src/"]);
    run.keys("down down enter");
    assert!(!run.screen().contains("src/"), "{}", run.screen());
}

#[test]
fn a_note_editor_offers_paths_too() {
    let mut run = Run::new(ask_user(&one_single()), "n '@ma'");
    answer(&mut run, &["src/main.rs"]);
    run.keys("tab enter");
    assert!(run.screen().contains("@src/main.rs"), "{}", run.screen());
}

#[test]
fn a_later_batch_replaces_the_paths_and_keeps_the_highlighted_one() {
    let mut run = custom_editor("'@ma'");
    send(&mut run, &["a/main.rs", "b/main.rs"], Searched::Partly);
    run.keys("down");
    send(
        &mut run,
        &["main.rs", "a/main.rs", "b/main.rs"],
        Searched::Whole,
    );
    run.keys("tab");
    let editor = run.form.state.editor().unwrap();
    assert_eq!(editor.lines(), ["@b/main.rs"]);
}

#[test]
fn a_path_the_person_moved_to_stays_highlighted_when_a_later_batch_leaves_it_out() {
    let mut run = custom_editor("'@ma'");
    send(&mut run, &["a/main.rs", "b/main.rs"], Searched::Partly);
    assert!(
        run.screen().contains("Searching…"),
        "a search still going says so under its paths: {}",
        run.screen()
    );
    run.keys("down");
    send(
        &mut run,
        &["main.rs", "a/main.rs", "c/main.rs"],
        Searched::Whole,
    );
    let screen = run.screen();
    assert!(screen.contains("› b/main.rs"), "{screen}");
    assert!(!screen.contains("Searching…"), "{screen}");
    run.keys("tab");
    assert_eq!(
        run.form.state.editor().unwrap().lines(),
        ["@b/main.rs"],
        "the path chosen, not the one that took its row"
    );
}

#[test]
fn a_later_batch_highlights_its_best_path_while_no_key_has_moved_the_highlight() {
    let mut run = custom_editor("'@ma'");
    send(&mut run, &["a/main.rs", "b/main.rs"], Searched::Partly);
    send(&mut run, &["main.rs", "a/main.rs"], Searched::Whole);
    run.keys("tab");
    let editor = run.form.state.editor().unwrap();
    assert_eq!(
        editor.lines(),
        ["@main.rs"],
        "the best path, not the first batch's"
    );
}

#[test]
fn a_search_still_going_says_so_and_an_empty_one_says_nothing_matched() {
    let mut run = custom_editor("'@zz'");
    assert!(run.screen().contains("Searching…"), "{}", run.screen());
    answer(&mut run, &[]);
    assert!(
        run.screen().contains("No matching paths"),
        "{}",
        run.screen()
    );
}

#[test]
fn a_search_cut_at_its_bound_does_not_say_nothing_matches_but_how_far_it_looked() {
    let mut run = custom_editor("'@zz'");
    send(&mut run, &[], Searched::Cut(100_000));
    let screen = run.screen();
    assert!(
        screen.contains("No match in the first 100,000 paths"),
        "{screen}"
    );
    assert!(!screen.contains("No matching paths"), "{screen}");
    run.keys("enter enter");
    assert_eq!(
        run.answers()["db"]["customText"],
        json!("@zz"),
        "the keys are the editor's, as after a search that found nothing"
    );
}

#[test]
fn a_status_line_too_wide_for_the_screen_keeps_its_start_where_a_path_keeps_its_end() {
    let mut run = Run::sized(
        ask_user(&one_single()),
        Size::new(30, 20),
        "down down enter '@zz'",
    );
    send(&mut run, &[], Searched::Cut(100_000));
    let screen = run.screen();
    assert!(screen.contains("No match in the first 1…"), "{screen}");
}

#[test]
fn a_search_that_found_nothing_offers_no_path_to_insert_and_tab_types_nothing() {
    let mut run = custom_editor("'x @zz'");
    assert!(run.screen().contains("tab insert path"), "{}", run.screen());
    answer(&mut run, &[]);
    let screen = run.screen();
    assert!(screen.contains("No matching paths"), "{screen}");
    assert!(!screen.contains("insert path"), "{screen}");
    assert!(screen.contains("enter submit"), "{screen}");
    run.keys("tab shift+tab enter enter");
    assert_eq!(run.answers()["db"]["customText"], json!("x @zz"));
}

#[test]
fn esc_after_a_search_that_found_nothing_is_the_editors_as_its_footer_says() {
    let mut run = custom_editor("'x @zz'");
    answer(&mut run, &[]);
    assert!(run.screen().contains("esc keep"), "{}", run.screen());
    run.keys("esc");
    assert!(run.form.state.editor().is_none(), "{}", run.screen());
    assert_eq!(run.form.drafts()[0].custom_text, "x @zz");
}

#[test]
fn enter_before_the_first_paths_came_inserts_the_best_of_them_as_they_come() {
    let mut run = custom_editor("'@mai' enter");
    assert!(!run.finished(), "enter submitted the raw @word");
    assert_eq!(
        run.form.state.editor().expect("the editor").lines(),
        ["@mai"]
    );
    answer(&mut run, &["src/main.rs", "docs/maintain.md"]);
    let editor = run.form.state.editor().expect("the editor stays open");
    assert_eq!(editor.lines(), ["@src/main.rs"]);
    assert!(
        !run.screen().contains("docs/maintain.md"),
        "a file ends the list"
    );
}

#[test]
fn tab_before_the_first_paths_came_types_no_tab_and_a_directory_keeps_the_list_open() {
    let mut run = custom_editor("'@sr' tab");
    answer(&mut run, &["src/"]);
    assert_eq!(run.form.state.editor().unwrap().lines(), ["@src/"]);
    assert_eq!(queries(&run).last().unwrap().query, "src/");
}

#[test]
fn keys_typed_while_tab_awaits_paths_follow_the_path_instead_of_being_lost() {
    let mut run = custom_editor("'@mai' tab ' and more'");
    assert_eq!(
        run.form.state.editor().expect("the editor").lines(),
        ["@mai"],
        "held, not typed before the path"
    );
    answer(&mut run, &["src/main.rs"]);
    assert_eq!(
        run.form.state.editor().expect("the editor").lines(),
        ["@src/main.rs and more"]
    );
}

#[test]
fn a_paste_while_enter_awaits_paths_follows_the_path_too() {
    let mut run = custom_editor("'@mai' enter");
    let effects = run.form.handle(Input::Paste(" pasted".to_owned()));
    run.effects.extend(effects);
    answer(&mut run, &["src/main.rs"]);
    assert_eq!(
        run.form.state.editor().expect("the editor").lines(),
        ["@src/main.rs pasted"]
    );
}

#[test]
fn esc_while_awaiting_paths_gives_the_path_up_and_types_what_was_held() {
    let mut run = custom_editor("'@mai' tab ' x' esc");
    assert_eq!(
        run.form.state.editor().expect("the editor").lines(),
        ["@mai x"]
    );
    answer(&mut run, &["src/main.rs"]);
    assert_eq!(
        run.form.state.editor().expect("the editor").lines(),
        ["@mai x"],
        "paths coming after esc insert nothing"
    );
}

#[test]
fn keys_held_behind_a_search_that_finds_nothing_follow_the_awaited_key() {
    let mut run = custom_editor("'@zz' tab 'yy'");
    answer(&mut run, &[]);
    assert_eq!(
        run.form.state.editor().expect("the editor").lines(),
        ["@zzyy"]
    );
}

#[test]
fn typing_on_after_an_enter_whose_search_finds_nothing_stays_in_the_editor_unsubmitted() {
    let mut run = custom_editor("'use @qqq' enter ' for 2 tests'");
    answer(&mut run, &[]);
    let editor = run.form.state.editor().expect("the editor stays open");
    assert_eq!(editor.lines(), ["use @qqq for 2 tests"]);
}

#[test]
fn a_second_tab_held_behind_the_first_awaits_paths_of_its_own() {
    let mut run = custom_editor("'@sr' tab 'ma' tab");
    answer(&mut run, &["src/"]);
    assert_eq!(
        run.form.state.editor().expect("the editor").lines(),
        ["@src/ma"]
    );
    assert_eq!(queries(&run).last().expect("a query").query, "src/ma");
    answer(&mut run, &["src/main.rs"]);
    assert_eq!(
        run.form.state.editor().expect("the editor").lines(),
        ["@src/main.rs"]
    );
}

#[test]
fn enter_before_a_search_that_finds_nothing_is_the_editors_once_the_search_ends() {
    let mut run = custom_editor("'@zz' enter");
    assert!(
        run.form.state.editor().is_some(),
        "enter waits for the paths"
    );
    answer(&mut run, &[]);
    assert!(
        run.form.state.editor().is_none(),
        "the enter submitted the written answer: {}",
        run.screen()
    );
    run.keys("enter");
    assert_eq!(run.answers()["db"]["customText"], json!("@zz"));
}

#[test]
fn enter_after_a_search_that_found_nothing_is_the_editors_again() {
    let mut run = custom_editor("'@zz'");
    answer(&mut run, &[]);
    assert!(
        run.screen().contains("No matching paths"),
        "{}",
        run.screen()
    );
    run.keys("enter enter");
    assert_eq!(run.answers()["db"]["customText"], json!("@zz"));
}

#[test]
fn a_path_put_in_the_middle_of_a_word_replaces_the_whole_word() {
    let mut run = custom_editor("'@srcxx done' left*6");
    answer(&mut run, &["src/main.rs"]);
    run.keys("tab");
    assert_eq!(
        run.form.state.editor().unwrap().lines(),
        ["@src/main.rs done"]
    );
}

mod quoted;
