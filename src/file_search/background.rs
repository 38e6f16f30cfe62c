//! The search thread: the `@` queries of a run answered off the drawing path, in batches, the
//! newest query first.

use std::path::{Path, PathBuf};
use std::sync::mpsc::{self, Receiver, Sender, TryRecvError};
use std::time::Instant;

use pi_agent_ask_core::effect::FileQuery;
use pi_agent_ask_core::input::{FileCandidates, Input, Searched};

use super::{BATCH_INTERVAL, Paths, SLICE};
use crate::arrivals::Courier;

/// Where the effect handler sends the queries of `@` references. Nothing is walked and no
/// thread runs until the first query: most forms never see an `@`, and a form's first frame
/// should not wait for the walk's setup (the ignore files, the machine's parallelism). The
/// first query starts the search thread, which ends when this is dropped.
pub struct FileSearch {
    root: PathBuf,
    /// The most entries a walk takes in: [`super::MAX_ENTRIES`].
    bound: usize,
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
            bound: super::MAX_ENTRIES,
            courier,
            started: Started::Not,
        }
    }

    /// The same search with its walks bounded at `bound` entries.
    #[cfg(test)]
    pub fn bounded(mut self, bound: usize) -> Self {
        self.bound = bound;
        self
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
        let paths = Paths::bounded(&self.root, self.bound);
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
/// on the newest query. A query that starts with a directory the walk stopped before
/// coming to is answered from a walk of that directory.
fn search(mut paths: Paths, asked: &Receiver<FileQuery>, courier: &Courier) {
    let mut open: Option<FileQuery> = None;
    let mut beyond = Beyond::default();
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
            paths = Paths::bounded(root, paths.bound);
            beyond = Beyond::default();
        }
        let directory = super::directory_of(&query.query);
        let walking = beyond.walk_for(&mut paths, directory);
        let searched = walking.walk_on(SLICE);
        if searched.is_over() || last_sent.elapsed() >= BATCH_INTERVAL {
            if searched.is_over() && beyond.would_look(&paths, directory) {
                // The walk just stopped at its bound before the query's directory.
                continue;
            }
            let walking = beyond.walk_for(&mut paths, directory);
            let batch = FileCandidates {
                generation: query.generation,
                paths: walking.ranked(&query.query),
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

/// The walk of a directory past the working directory's bound, for the queries that
/// start with it.
#[derive(Default)]
struct Beyond {
    /// The directory last looked at, found or not.
    looked_at: Option<String>,
    walk: Option<Paths>,
}

impl Beyond {
    /// The walk that answers a query starting with `directory`: the walk of that directory
    /// when the main walk stopped before it, else the main walk.
    fn walk_for<'a>(&'a mut self, paths: &'a mut Paths, directory: Option<&str>) -> &'a mut Paths {
        if self.would_look(paths, directory) {
            // A walk still good for a directory inside its own serves it too.
            let kept = self.walk.as_ref().is_some_and(|walk| {
                !matches!(walk.searched, Searched::Cut(_)) && within(walk, directory)
            });
            if !kept {
                self.walk = directory.and_then(|directory| paths.beyond_bound(directory));
            }
            self.looked_at = directory.map(str::to_owned);
        }
        match &mut self.walk {
            Some(walk) if within(walk, directory) => walk,
            _ => paths,
        }
    }

    /// Whether `directory` is still to be looked at past the main walk's bound.
    fn would_look(&self, paths: &Paths, directory: Option<&str>) -> bool {
        matches!(paths.searched, Searched::Cut(_)) && self.looked_at.as_deref() != directory
    }
}

/// Whether `directory` lies within what `walk` walks.
fn within(walk: &Paths, directory: Option<&str>) -> bool {
    directory.is_some_and(|directory| directory.starts_with(&walk.prefix))
}
