//! `ARCHITECTURE.md` names files and folders; each one it names must exist, so the map cannot
//! drift from the tree without a test saying so.

use std::path::Path;

/// The paths the map names in backticks: anything with a `/` or a file extension, leaving out
/// patterns (`<name>`, `*`).
fn named_paths(map: &str) -> Vec<&str> {
    map.split('`')
        .skip(1)
        .step_by(2)
        .filter(|text| !text.contains(' ') && !text.contains('<') && !text.contains('*'))
        .filter(|text| {
            text.contains('/')
                || Path::new(text)
                    .extension()
                    .is_some_and(|ext| ext == "rs" || ext == "toml" || ext == "md")
        })
        .collect()
}

#[test]
fn every_path_the_architecture_map_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let map = std::fs::read_to_string(root.join("ARCHITECTURE.md")).expect("the map reads");
    let paths = named_paths(&map);
    assert!(paths.len() > 20, "the map names too few paths: {paths:?}");
    let missing: Vec<&str> = paths
        .into_iter()
        .filter(|path| !root.join(path.trim_end_matches('/')).exists())
        .collect();
    assert!(
        missing.is_empty(),
        "the map names paths that do not exist: {missing:?}"
    );
}

#[test]
fn the_map_reader_takes_paths_and_leaves_out_patterns_and_prose() {
    let map = "see `core/src/lib.rs`, `Cargo.toml`, `src/commands/<name>.rs`, `a b/c` and `Call`";
    assert_eq!(named_paths(map), ["core/src/lib.rs", "Cargo.toml"]);
}
