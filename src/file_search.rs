//! Finding the paths an `@` reference names: the working directory walked as ripgrep and fd
//! walk it (the `ignore` crate: `.gitignore`, `.ignore` and hidden files respected, also
//! outside a git repository), bounded in entries and depth, and ranked for a query with the
//! `nucleo` matcher as a file picker ranks them.
//!
//! The terminal never waits for it: [`FileSearch`] runs the search on a thread of its own, which
//! walks a slice of the tree at a time, sends the best matches so far every
//! [`BATCH_INTERVAL`] and the final ones when the walk ends, through the run loop's external
//! inputs (`arrivals`); the thread and the walk start with the first query. The tree is walked
//! once per run (once per directory, for the asks of an inbox, whose queries name their
//! asker's); later queries are matched against what it found. `render` matches synchronously with
//! [`Paths`], so its screens are the same on every run.

use std::path::{Component, Path, PathBuf};
use std::time::Duration;

use ignore::{Walk, WalkBuilder};
use nucleo_matcher::pattern::{CaseMatching, Normalization, Pattern};
use nucleo_matcher::{Config, Matcher, Utf32Str};
use pi_agent_ask_core::input::Searched;

/// The most entries a walk takes in; a larger tree is matched on its first ones.
pub const MAX_ENTRIES: usize = 100_000;

/// How deep a walk goes below the working directory.
pub const MAX_DEPTH: usize = 32;

/// The most paths one batch carries, best first.
pub const MAX_CANDIDATES: usize = 50;

/// How often a walk still going sends the best matches so far.
pub const BATCH_INTERVAL: Duration = Duration::from_millis(40);

/// How many entries a walk takes between looks at newer queries.
const SLICE: usize = 2_000;

/// The paths under a working directory, walked as far as asked, and their ranking.
pub struct Paths {
    root: PathBuf,
    /// What every path found starts with: nothing for the working directory's walk, `dir/`
    /// for the walk of one of its directories ([`Paths::beyond_bound`]).
    prefix: String,
    bound: usize,
    walk: Option<Walk>,
    /// How far the walk has got: [`Searched::Partly`] while `walk` goes on.
    searched: Searched,
    found: Vec<String>,
    matcher: Matcher,
}

impl Paths {
    /// A walk of `root`, not started yet, bounded at [`MAX_ENTRIES`].
    pub fn new(root: &Path) -> Self {
        Self::bounded(root, MAX_ENTRIES)
    }

    /// A walk of `root` that takes in at most `bound` entries.
    pub fn bounded(root: &Path, bound: usize) -> Self {
        Self::walking(root, String::new(), bound, MAX_DEPTH)
    }

    /// A walk of `root`, its paths written after `prefix`, `depth` levels deep at most.
    fn walking(root: &Path, prefix: String, bound: usize, depth: usize) -> Self {
        let walk = WalkBuilder::new(root)
            .standard_filters(true)
            .require_git(false)
            .max_depth(Some(depth))
            .sort_by_file_name(std::cmp::Ord::cmp)
            .build();
        Self {
            root: root.to_path_buf(),
            prefix,
            bound,
            walk: Some(walk),
            searched: Searched::Partly,
            found: Vec::new(),
            matcher: Matcher::new(Config::DEFAULT.match_paths()),
        }
    }

    /// Walks on for at most `entries` more entries; returns how far the walk has got: over
    /// when the tree ended, or cut when the bound was reached with more of the tree left.
    pub fn walk_on(&mut self, entries: usize) -> Searched {
        let Some(walk) = self.walk.as_mut() else {
            return self.searched;
        };
        for _ in 0..entries {
            if self.found.len() >= self.bound {
                break;
            }
            match walk.next() {
                Some(Ok(entry)) => {
                    if let Some(path) = relative(&self.root, entry.path(), entry.file_type()) {
                        let path = if self.prefix.is_empty() {
                            path
                        } else {
                            format!("{}{path}", self.prefix)
                        };
                        self.found.push(path);
                    }
                }
                Some(Err(_)) => {}
                None => {
                    self.searched = Searched::Whole;
                    self.walk = None;
                    return self.searched;
                }
            }
        }
        if self.found.len() >= self.bound {
            // One entry more says whether the tree went on past the bound.
            self.searched = match walk.next() {
                Some(_) => Searched::Cut(self.bound),
                None => Searched::Whole,
            };
            self.walk = None;
        }
        self.searched
    }

    /// A walk of `directory` (`a/b/`, as a query starts with it), for a query this walk cannot
    /// answer: it stopped at its bound before it came to that directory, which lies inside
    /// the root (no `..`, no link out of it). Its paths are written from the root, as this
    /// walk's are.
    pub fn beyond_bound(&self, directory: &str) -> Option<Self> {
        if !matches!(self.searched, Searched::Cut(_))
            || !self.prefix.is_empty()
            || self.found.iter().any(|path| path == directory)
            || Path::new(directory)
                .components()
                .any(|part| !matches!(part, Component::Normal(_)))
        {
            return None;
        }
        let path = self.root.join(directory);
        let inside = path.canonicalize().ok()?;
        if !inside.is_dir() || !inside.starts_with(self.root.canonicalize().ok()?) {
            return None;
        }
        let depth = MAX_DEPTH.saturating_sub(directory.matches('/').count());
        Some(Self::walking(
            &path,
            directory.to_owned(),
            self.bound,
            depth,
        ))
    }

    /// The paths for `query` after walking the whole tree, up to the bounds, and how far the
    /// walk got: from a walk of the query's directory when this one stopped before it.
    pub fn search_all(&mut self, query: &str) -> (Vec<String>, Searched) {
        let searched = self.walk_all();
        if let Some(mut beyond) = directory_of(query).and_then(|dir| self.beyond_bound(dir)) {
            let searched = beyond.walk_all();
            return (beyond.ranked(query), searched);
        }
        (self.ranked(query), searched)
    }

    /// Walks the whole tree, up to the bounds; returns how far it got.
    pub fn walk_all(&mut self) -> Searched {
        loop {
            let searched = self.walk_on(SLICE);
            if searched.is_over() {
                return searched;
            }
        }
    }

    /// The paths found so far that match `query`, best first: by the matcher's score, then
    /// shorter, then in name order. A query that starts with a directory found (`docs/`, or
    /// `docs/pl` typed on after it) lists only what is inside that directory, and the
    /// directory the query names whole (one just inserted) is left out, so its list shows what
    /// is inside it; a file named whole is listed, first.
    pub fn ranked(&mut self, query: &str) -> Vec<String> {
        let query = as_found(query);
        let pattern = Pattern::parse(query, CaseMatching::Smart, Normalization::Smart);
        let mut buffer = Vec::new();
        let inside = directory_of(query).filter(|directory| {
            self.prefix == *directory || self.found.iter().any(|path| path == directory)
        });
        let mut scored: Vec<(u32, &String)> = self
            .found
            .iter()
            .filter(|path| !(path.ends_with('/') && path.as_str() == query))
            .filter(|path| inside.is_none_or(|directory| path.starts_with(directory)))
            .filter_map(|path| {
                let score = pattern.score(Utf32Str::new(path, &mut buffer), &mut self.matcher)?;
                Some((score, path))
            })
            .collect();
        scored.sort_by(|(a_score, a), (b_score, b)| {
            b_score
                .cmp(a_score)
                .then(a.len().cmp(&b.len()))
                .then(a.cmp(b))
        });
        scored
            .into_iter()
            .take(MAX_CANDIDATES)
            .map(|(_, path)| path.clone())
            .collect()
    }
}

/// `query` as the paths found are written: relative to the working directory, which `./`
/// names too.
fn as_found(query: &str) -> &str {
    query.strip_prefix("./").unwrap_or(query)
}

/// The directory `query` starts with, up to its last `/`, if it has one.
pub fn directory_of(query: &str) -> Option<&str> {
    let query = as_found(query);
    query.rfind('/').map(|slash| &query[..=slash])
}

/// `path` relative to `root`, `/`-separated, with a `/` after a directory; `None` for the
/// root itself and for a path that is not valid UTF-8.
fn relative(root: &Path, path: &Path, kind: Option<std::fs::FileType>) -> Option<String> {
    let inside = path.strip_prefix(root).ok()?;
    let parts: Vec<&str> = inside
        .components()
        .map(|part| part.as_os_str().to_str())
        .collect::<Option<_>>()?;
    if parts.is_empty() {
        return None;
    }
    let mut text = parts.join("/");
    if kind.is_some_and(|kind| kind.is_dir()) {
        text.push('/');
    }
    Some(text)
}

pub use background::FileSearch;

mod background;

#[cfg(test)]
#[path = "file_search_tests.rs"]
mod tests;
