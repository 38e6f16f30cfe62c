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
    assert_eq!(
        all(dir.path(), "./docs/"),
        inside,
        "./ names the working directory"
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
fn a_file_named_whole_is_listed_first_and_a_directory_named_whole_is_not() {
    let dir = tree(&[
        "README.md",
        "src/main.rs",
        "docs/plan.md",
        "docs/plan.md.bak",
    ]);
    assert_eq!(all(dir.path(), "README.md"), ["README.md"]);
    assert_eq!(
        all(dir.path(), "src/main.rs").first().map(String::as_str),
        Some("src/main.rs")
    );
    assert_eq!(
        all(dir.path(), "docs/plan.md"),
        ["docs/plan.md", "docs/plan.md.bak"]
    );
    assert!(!all(dir.path(), "docs/").contains(&"docs/".to_owned()));
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

/// The last batch `search` sends for `query` under `generation`, once its search is over.
fn last_batch(
    search: &mut FileSearch,
    found: &mut crate::arrivals::Arrivals,
    query: &str,
    generation: u64,
) -> pi_agent_ask_core::input::FileCandidates {
    use pi_agent_ask_core::effect::FileQuery;
    use pi_agent_ask_core::input::Input;
    use pi_agent_ask_crossterm::ExternalInputs;

    search.ask(FileQuery {
        query: query.into(),
        generation,
        root: None,
    });
    let mut last = None;
    for _ in 0..250 {
        std::thread::sleep(Duration::from_millis(20));
        if let Some(Input::FileCandidates(batch)) = found.take().pop() {
            let over = batch.searched.is_over() && batch.generation == generation;
            last = Some(batch);
            if over {
                break;
            }
        }
    }
    last.expect("a batch came")
}

#[test]
fn the_search_thread_answers_the_newest_query_with_a_complete_batch() {
    let dir = tree(&["src/main.rs"]);
    let (courier, mut found) = crate::arrivals::channel().unwrap();
    let mut search = FileSearch::start(dir.path(), courier);
    assert!(!search.is_running(), "nothing runs before the first query");
    let last = last_batch(&mut search, &mut found, "main", 7);
    assert!(search.is_running());
    assert_eq!(last.generation, 7);
    assert_eq!(last.paths, ["src/main.rs"]);
}

#[test]
fn a_directory_past_the_walks_bound_is_walked_for_the_queries_that_start_with_it() {
    let dir = tree(&["a1", "a2", "a3", "a4", "zz/deep/x.md", "zz/y.md"]);
    let (courier, mut found) = crate::arrivals::channel().unwrap();
    let mut search = FileSearch::start(dir.path(), courier).bounded(3);
    let cut = last_batch(&mut search, &mut found, "y.md", 1);
    assert_eq!(cut.searched, Searched::Cut(3));
    assert!(cut.paths.is_empty(), "{:?}", cut.paths);
    let inside = last_batch(&mut search, &mut found, "zz/", 2);
    let mut listed = inside.paths.clone();
    listed.sort();
    assert_eq!(listed, ["zz/deep/", "zz/deep/x.md", "zz/y.md"]);
    assert_eq!(inside.searched, Searched::Whole);
    let deeper = last_batch(&mut search, &mut found, "zz/deep/x", 3);
    assert_eq!(deeper.paths, ["zz/deep/x.md"]);
}

#[test]
fn only_a_directory_inside_the_root_is_walked_past_the_bound() {
    let dir = tree(&["a1", "a2", "a3", "a4", "zz/y.md"]);
    let mut paths = Paths::bounded(dir.path(), 3);
    paths.walk_all();
    assert!(paths.beyond_bound("zz/").is_some());
    assert!(
        paths.beyond_bound("../").is_none(),
        "no way out of the root"
    );
    assert!(paths.beyond_bound("/etc/").is_none());
    assert!(
        paths.beyond_bound("a4/").is_none(),
        "a file is no directory"
    );
    assert!(paths.beyond_bound("nowhere/").is_none());
    let mut whole = Paths::bounded(dir.path(), 100);
    whole.walk_all();
    assert!(
        whole.beyond_bound("zz/").is_none(),
        "a walk that was not cut found it"
    );
}
