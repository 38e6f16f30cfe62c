//! The core's modules form layers: no module imports, directly or through others, a module
//! that imports it back. Checked at every level of the tree: among the crate's top-level
//! modules, and among the children of each module (a child of `contract` may use a sibling
//! below it, never one above). A module and its own children count as one module at the
//! parent's level; the children of a module may use its items, as impl files of one type do.
//!
//! References are read from the source text: `crate::a::b`, `super::b` and `use` groups, in
//! every non-test file; the `mod tests` blocks and `*_tests.rs` files are left out.

use std::collections::{BTreeMap, BTreeSet};
use std::fs;
use std::path::{Path, PathBuf};

/// A module path below `crate`, e.g. `["contract", "call"]`.
type ModulePath = Vec<String>;

fn rust_files(dir: &Path, found: &mut Vec<PathBuf>) {
    let mut entries: Vec<_> = fs::read_dir(dir)
        .expect("the source folder reads")
        .map(|entry| entry.expect("a folder entry").path())
        .collect();
    entries.sort();
    for path in entries {
        if path.is_dir() {
            rust_files(&path, found);
        } else if path.extension().is_some_and(|ext| ext == "rs") {
            found.push(path);
        }
    }
}

fn module_path(root: &Path, file: &Path) -> ModulePath {
    let relative = file.strip_prefix(root).expect("a file under the root");
    let mut parts: ModulePath = relative
        .with_extension("")
        .components()
        .map(|part| part.as_os_str().to_string_lossy().into_owned())
        .collect();
    if matches!(parts.last().map(String::as_str), Some("mod" | "lib")) {
        parts.pop();
    }
    parts
}

fn is_test_module(path: &ModulePath) -> bool {
    path.iter()
        .any(|part| part == "tests" || part.ends_with("_tests"))
}

/// The source without comments and without its `#[cfg(test)] mod tests { .. }` block.
fn code(source: &str) -> String {
    let without_tests = match source.find("#[cfg(test)]\nmod tests {") {
        Some(start) => &source[..start],
        None => source,
    };
    without_tests
        .lines()
        .map(|line| line.split("//").next().unwrap_or_default())
        .collect::<Vec<_>>()
        .join("\n")
}

/// The paths a reference spells, relative to where it starts: `a::b::{c, d::e}` gives `a::b::c`
/// and `a::b::d::e`.
fn spelled_paths(text: &str) -> Vec<ModulePath> {
    let mut prefix = Vec::new();
    let mut rest = text;
    loop {
        let end = rest
            .find(|c: char| !(c.is_alphanumeric() || c == '_'))
            .unwrap_or(rest.len());
        if end > 0 {
            prefix.push(rest[..end].to_owned());
        }
        rest = &rest[end..];
        if let Some(group) = rest.strip_prefix('{') {
            return group_items(group)
                .into_iter()
                .flat_map(|item| spelled_paths(item.trim()))
                .map(|tail| [prefix.clone(), tail].concat())
                .collect();
        }
        match rest.strip_prefix("::") {
            Some(after) if end > 0 => rest = after,
            _ => return vec![prefix],
        }
    }
}

/// The comma-separated items of a `{..}` group up to its closing brace, nested groups kept whole.
fn group_items(group: &str) -> Vec<&str> {
    let mut items = Vec::new();
    let mut depth = 0;
    let mut start = 0;
    for (index, c) in group.char_indices() {
        match c {
            '{' => depth += 1,
            '}' if depth == 0 => {
                items.push(&group[start..index]);
                return items;
            }
            '}' => depth -= 1,
            ',' if depth == 0 => {
                items.push(&group[start..index]);
                start = index + 1;
            }
            _ => {}
        }
    }
    items.push(&group[start..]);
    items
}

/// Every module path the code names, absolute from `crate`.
fn references(code: &str, here: &ModulePath) -> BTreeSet<ModulePath> {
    let mut found = BTreeSet::new();
    for (index, _) in code.match_indices("crate::") {
        found.extend(spelled_paths(&code[index + "crate::".len()..]));
    }
    for (index, _) in code.match_indices("super::") {
        if code[..index].ends_with("super::") {
            continue;
        }
        let mut after = &code[index..];
        let mut base = here.clone();
        while let Some(rest) = after.strip_prefix("super::") {
            base.pop();
            after = rest;
        }
        for tail in spelled_paths(after) {
            found.insert([base.clone(), tail].concat());
        }
    }
    found
}

/// Module edges at every level: parent -> (child -> children it uses).
fn edges() -> BTreeMap<ModulePath, BTreeMap<String, BTreeSet<String>>> {
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut files = Vec::new();
    rust_files(&root, &mut files);
    let modules: BTreeSet<ModulePath> = files.iter().map(|file| module_path(&root, file)).collect();
    let mut levels: BTreeMap<ModulePath, BTreeMap<String, BTreeSet<String>>> = BTreeMap::new();
    for file in &files {
        let here = module_path(&root, file);
        if is_test_module(&here) {
            continue;
        }
        let source = fs::read_to_string(file).expect("a source file reads");
        for target in references(&code(&source), &here) {
            let shared = here.iter().zip(&target).take_while(|(a, b)| a == b).count();
            let (Some(from), Some(to)) = (here.get(shared), target.get(shared)) else {
                continue;
            };
            let sibling: ModulePath = target[..=shared].to_vec();
            if from != to && modules.contains(&sibling) {
                levels
                    .entry(here[..shared].to_vec())
                    .or_default()
                    .entry(from.clone())
                    .or_default()
                    .insert(to.clone());
            }
        }
    }
    levels
}

/// A cycle through `start`, if the edges have one.
fn cycle_through(start: &str, graph: &BTreeMap<String, BTreeSet<String>>) -> Option<Vec<String>> {
    let mut stack = vec![(start.to_owned(), vec![start.to_owned()])];
    let mut seen = BTreeSet::new();
    while let Some((node, path)) = stack.pop() {
        for next in graph.get(&node).into_iter().flatten() {
            if next == start {
                let mut cycle = path.clone();
                cycle.push(start.to_owned());
                return Some(cycle);
            }
            if seen.insert(next.clone()) {
                let mut longer = path.clone();
                longer.push(next.clone());
                stack.push((next.clone(), longer));
            }
        }
    }
    None
}

#[test]
fn no_core_module_imports_a_module_that_imports_it_back() {
    let levels = edges();
    let mut cycles = Vec::new();
    for (parent, graph) in &levels {
        for module in graph.keys() {
            if let Some(cycle) = cycle_through(module, graph) {
                let place = if parent.is_empty() {
                    "crate".to_owned()
                } else {
                    parent.join("::")
                };
                cycles.push(format!("{place}: {}", cycle.join(" -> ")));
            }
        }
    }
    assert!(
        cycles.is_empty(),
        "modules in a cycle:\n{}",
        cycles.join("\n")
    );
}

#[test]
fn the_checker_sees_the_layers_it_guards() {
    let levels = edges();
    let top = &levels[&Vec::new()];
    assert!(top["form"].contains("contract"), "{top:?}");
    assert!(top["settings"].contains("keys"), "{top:?}");
    let contract = &levels[&vec!["contract".to_owned()]];
    assert!(contract["call"].contains("question_tool"), "{contract:?}");
    assert!(contract["remote"].contains("answers"), "{contract:?}");
}

#[test]
fn a_reference_back_is_reported_as_a_cycle() {
    let graph: BTreeMap<String, BTreeSet<String>> = [
        ("input".to_owned(), BTreeSet::from(["settings".to_owned()])),
        ("settings".to_owned(), BTreeSet::from(["keys".to_owned()])),
        ("keys".to_owned(), BTreeSet::from(["input".to_owned()])),
    ]
    .into();
    assert_eq!(
        cycle_through("input", &graph),
        Some(vec![
            "input".to_owned(),
            "settings".to_owned(),
            "keys".to_owned(),
            "input".to_owned()
        ])
    );
    assert_eq!(cycle_through("input", &BTreeMap::new()), None);
}

#[test]
fn references_are_read_from_paths_groups_and_super() {
    let here: ModulePath = vec!["contract".into(), "remote".into()];
    let code = "use super::{answers::Draft, issue::quoted};\nuse crate::input::{Input, Timer};\nfn f() { super::super::draw::Size::new(1, 1); }";
    let found = references(code, &here);
    let path =
        |parts: &[&str]| -> ModulePath { parts.iter().map(|part| (*part).to_owned()).collect() };
    assert!(
        found.contains(&path(&["contract", "answers", "Draft"])),
        "{found:?}"
    );
    assert!(
        found.contains(&path(&["contract", "issue", "quoted"])),
        "{found:?}"
    );
    assert!(found.contains(&path(&["input", "Timer"])), "{found:?}");
    assert!(found.contains(&path(&["draw", "Size", "new"])), "{found:?}");
}
