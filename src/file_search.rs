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

use std::path::{Path, PathBuf};
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
        let walk = WalkBuilder::new(root)
            .standard_filters(true)
            .require_git(false)
            .max_depth(Some(MAX_DEPTH))
            .sort_by_file_name(std::cmp::Ord::cmp)
            .build();
        Self {
            root: root.to_path_buf(),
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
    /// `docs/pl` typed on after it) lists only what is inside that directory, and the path
    /// the query names whole (a directory just inserted) is left out, so its list shows what
    /// is inside it.
    pub fn ranked(&mut self, query: &str) -> Vec<String> {
        let pattern = Pattern::parse(query, CaseMatching::Smart, Normalization::Smart);
        let mut buffer = Vec::new();
        let inside = query
            .rfind('/')
            .map(|slash| &query[..=slash])
            .filter(|directory| self.found.iter().any(|path| path == directory));
        let mut scored: Vec<(u32, &String)> = self
            .found
            .iter()
            .filter(|path| path.as_str() != query)
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

mod background {
    use std::path::{Path, PathBuf};
    use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
    use std::time::Instant;

    use pi_agent_ask_core::effect::FileQuery;
    use pi_agent_ask_core::input::{FileCandidates, Input};

    use super::{BATCH_INTERVAL, Paths, SLICE};
    use crate::arrivals::Courier;

    /// Where the effect handler sends the queries of `@` references. Nothing is walked and no
    /// thread runs until the first query: most forms never see an `@`, and a form's first frame
    /// should not wait for the walk's setup (the ignore files, the machine's parallelism). The
    /// first query starts the search thread, which ends when this is dropped.
    pub struct FileSearch {
        root: PathBuf,
        courier: Courier,
        started: Started,
    }

    /// Whether the search thread runs.
    enum Started {
        /// Not yet: no query came.
        Not,
        /// It runs and takes the queries sent here.
        Running(Sender<FileQuery>),
        /// It could not be started; queries find nothing.
        Failed,
    }

    impl FileSearch {
        /// A search of `root`, delivering its batches through `courier`; it starts with the
        /// first query (a thread that cannot start leaves the queries unanswered).
        pub fn start(root: &Path, courier: Courier) -> Self {
            Self {
                root: root.to_path_buf(),
                courier,
                started: Started::Not,
            }
        }

        /// Asks for `query`; a newer query replaces it at the search's next look. The first
        /// query starts the search thread.
        pub fn ask(&mut self, query: FileQuery) {
            if matches!(self.started, Started::Not) {
                self.started = self.spawn();
            }
            if let Started::Running(queries) = &self.started {
                let _ = queries.send(query);
            }
        }

        /// Whether the search thread was started.
        #[cfg(test)]
        pub fn is_running(&self) -> bool {
            matches!(self.started, Started::Running(_))
        }

        /// Starts the search thread over a walk of the root.
        fn spawn(&self) -> Started {
            let (queries, asked) = mpsc::channel();
            let paths = Paths::new(&self.root);
            let courier = self.courier.clone();
            match std::thread::Builder::new()
                .name("file-search".into())
                .spawn(move || search(paths, &asked, &courier))
            {
                Ok(_) => Started::Running(queries),
                Err(_) => Started::Failed,
            }
        }
    }

    /// The search thread: waits for a query, walks on in slices while one is open, sends
    /// the best matches every [`BATCH_INTERVAL`] and when the walk ends, and always works
    /// on the newest query.
    fn search(mut paths: Paths, asked: &Receiver<FileQuery>, courier: &Courier) {
        let mut open: Option<FileQuery> = None;
        let mut last_sent = Instant::now();
        loop {
            if open.is_none() {
                let Ok(query) = asked.recv() else {
                    return;
                };
                open = Some(query);
                last_sent = Instant::now();
            }
            loop {
                match asked.try_recv() {
                    Ok(query) => open = Some(query),
                    Err(TryRecvError::Empty) => break,
                    Err(TryRecvError::Disconnected) => return,
                }
            }
            let Some(query) = open.as_ref() else {
                continue;
            };
            if let Some(root) = query.root.as_deref().map(Path::new)
                && root != paths.root
            {
                paths = Paths::new(root);
            }
            let searched = paths.walk_on(SLICE);
            if searched.is_over() || last_sent.elapsed() >= BATCH_INTERVAL {
                let batch = FileCandidates {
                    generation: query.generation,
                    paths: paths.ranked(&query.query),
                    searched,
                };
                if !courier.deliver(Input::FileCandidates(batch)) {
                    return;
                }
                last_sent = Instant::now();
                if searched.is_over() {
                    open = None;
                }
            }
        }
    }
}

#[cfg(test)]
#[path = "file_search_tests.rs"]
mod tests;
