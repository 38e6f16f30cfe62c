use std::fs;
use std::path::Path;

use super::*;

fn tree(files: &[&str]) -> tempfile::TempDir {
    let dir = tempfile::tempdir().unwrap();
    for file in files {
        let path = dir.path().join(file);
        fs::create_dir_all(path.parent().unwrap()).unwrap();
        fs::write(path, "").unwrap();
    }
    dir
}

fn all(root: &Path, query: &str) -> Vec<String> {
    let mut paths = Paths::new(root);
    paths.walk_all();
    paths.ranked(query)
}

#[test]
fn directories_end_in_a_slash_and_paths_use_slashes() {
    let dir = tree(&["src/cli/args.rs"]);
    assert_eq!(all(dir.path(), "cli"), ["src/cli/", "src/cli/args.rs"]);
}

#[test]
fn ignored_and_hidden_paths_are_not_offered() {
    let dir = tree(&[
        ".gitignore",
        "target/debug.rs",
        "kept.rs",
        ".hidden/secret.rs",
    ]);
    fs::write(dir.path().join(".gitignore"), "target/\n").unwrap();
    let found = all(dir.path(), "rs");
    assert_eq!(found, ["kept.rs"]);
}

#[test]
fn a_match_at_the_start_of_a_name_ranks_before_a_scattered_one() {
    let dir = tree(&["docs/sorter.md", "src/main.rs", "asr.txt"]);
    let found = all(dir.path(), "src");
    assert_eq!(found.first().map(String::as_str), Some("src/"));
}

#[test]
fn a_query_that_starts_with_a_directory_lists_only_what_is_inside_it() {
    let dir = tree(&[
        "docs/a.md",
        "docs/b/c.md",
        "my docs/plan one.md",
        "src/docs.rs",
    ]);
    let inside = all(dir.path(), "docs/");
    assert!(!inside.is_empty());
    assert!(
        inside.iter().all(|path| path.starts_with("docs/")),
        "{inside:?}"
    );
    let typed_on = all(dir.path(), "docs/c");
    assert_eq!(typed_on.first().map(String::as_str), Some("docs/b/c.md"));
    assert!(
        typed_on.iter().all(|path| path.starts_with("docs/")),
        "{typed_on:?}"
    );
    let no_directory = all(dir.path(), "docs");
    assert!(
        no_directory
            .iter()
            .any(|path| path == "my docs/plan one.md"),
        "without a `/` the query matches anywhere: {no_directory:?}"
    );
}

#[test]
fn the_walk_stops_at_its_bound() {
    let dir = tree(&["a1", "a2", "a3", "a4", "a5"]);
    let mut paths = Paths::bounded(dir.path(), 3);
    assert_eq!(paths.walk_on(100), Searched::Cut(3));
    assert_eq!(paths.ranked("a").len(), 3);
    assert_eq!(paths.walk_on(100), Searched::Cut(3), "it stays cut");
}

#[test]
fn a_tree_that_ends_at_the_bound_was_searched_whole() {
    let dir = tree(&["a1", "a2", "a3"]);
    let mut paths = Paths::bounded(dir.path(), 3);
    assert_eq!(paths.walk_all(), Searched::Whole);
    let mut paths = Paths::bounded(dir.path(), 10);
    assert_eq!(paths.walk_on(1), Searched::Partly);
    assert_eq!(paths.walk_all(), Searched::Whole);
}

#[test]
fn the_search_thread_answers_the_newest_query_with_a_complete_batch() {
    use pi_agent_ask_core::effect::FileQuery;
    use pi_agent_ask_core::input::Input;
    use pi_agent_ask_crossterm::ExternalInputs;

    let dir = tree(&["src/main.rs"]);
    let (courier, mut found) = crate::arrivals::channel().unwrap();
    let mut search = FileSearch::start(dir.path(), courier);
    assert!(!search.is_running(), "nothing runs before the first query");
    search.ask(FileQuery {
        query: "main".into(),
        generation: 7,
        root: None,
    });
    let mut last = None;
    for _ in 0..200 {
        std::thread::sleep(Duration::from_millis(20));
        if let Some(Input::FileCandidates(batch)) = found.take().pop() {
            let over = batch.searched.is_over();
            last = Some(batch);
            if over {
                break;
            }
        }
    }
    assert!(search.is_running());
    let last = last.expect("a batch came");
    assert_eq!(last.generation, 7);
    assert_eq!(last.paths, ["src/main.rs"]);
}
