//! Waiting for a turn while the host shows another popup: asleep until one of this program's
//! popups closes (its hand-off folder leaves the runtime folder) or a pause passes, and first
//! come, first served among this program's popups waiting for the same terminal: each waiting
//! one leaves a mark beside its hand-off folder, and as the one in front closes, the one with
//! the oldest mark for the same terminal tries first, the others a moment later.

use std::fs;
use std::io;
use std::path::{Path, PathBuf};
use std::time::{Duration, SystemTime, UNIX_EPOCH};

use crate::cancel::Cancel;
use crate::changes::{Change, Changes, Waited};
use crate::proc_stat;

/// The first pause before a popup tries again to open over another.
const FIRST_PAUSE: Duration = Duration::from_millis(250);
/// The longest pause between two tries where nothing says when the other popup closes:
/// short, so a popup that waited opens about as the other closes, before one its asker sends
/// later.
const LONGEST_PAUSE: Duration = Duration::from_millis(500);
/// The longest pause where the runtime folder is watched: another of this program's popups
/// closing removes its folder and ends the pause at once, so a try this seldom is for a popup
/// of another program, opened about this long after it closes.
const LONGEST_WATCHED_PAUSE: Duration = Duration::from_secs(5);

/// What ends a waiting popup's mark's name, beside its hand-off folder's.
const MARK: &str = ".waiting";

/// One popup's wait for its turn.
pub struct Turn {
    closing: Changes,
    pause: Duration,
    longest: Duration,
    mark: Option<Mark>,
}

impl Turn {
    /// The turn of the popup handed off through `folder`, to be shown on the terminal named
    /// `shown_on` (a tmux client), where the host names one: its mark is left at once.
    pub fn new(folder: &Path, shown_on: Option<&str>) -> Self {
        let runtime = folder.parent().map(Path::to_path_buf);
        let closing = Changes::watching(&Vec::from_iter(
            runtime.map(|runtime| (runtime, Change::EntryGone)),
        ));
        let longest = if closing.is_watching() {
            LONGEST_WATCHED_PAUSE
        } else {
            LONGEST_PAUSE
        };
        Self {
            closing,
            pause: FIRST_PAUSE,
            longest,
            mark: shown_on.and_then(|terminal| Mark::put(folder, terminal).ok()),
        }
    }

    /// Waits until this popup should try to open again: a pause, cut short when one of this
    /// program's popups closes, when this one tries at once unless an older waiting popup for
    /// the same terminal is there: that one goes first, and this one tries after the first
    /// pause (so one that waits on, stopped, holds it up no longer). `false` when `cancel`
    /// ends the wait.
    pub fn wait(&mut self, cancel: &Cancel) -> io::Result<bool> {
        loop {
            match self.closing.wait(cancel, self.pause)? {
                Waited::Cancelled => return Ok(false),
                Waited::TimedOut => {
                    self.pause = (self.pause * 2).min(self.longest);
                    return Ok(true);
                }
                // Maybe another popup closed: try at once, and soon again if not.
                Waited::Changed => {
                    self.pause = FIRST_PAUSE;
                    if !self.mark.as_ref().is_some_and(Mark::has_an_older) {
                        return Ok(true);
                    }
                }
            }
        }
    }
}

/// A waiting popup's mark: `<hand-off folder>.waiting`, holding the process id and its start
/// (so a process id in use again holds no turn), the time it began waiting and the terminal
/// it waits for. Removed when the turn ends, whichever way.
struct Mark {
    path: PathBuf,
    since: u128,
    terminal: String,
}

impl Mark {
    /// Leaves the mark of the popup handed off through `folder` (readable by its owner only).
    fn put(folder: &Path, terminal: &str) -> io::Result<Self> {
        use std::io::Write as _;
        use std::os::unix::fs::OpenOptionsExt as _;
        let since = SystemTime::now()
            .duration_since(UNIX_EPOCH)
            .map_or(0, |since| since.as_nanos());
        let mut path = folder.as_os_str().to_owned();
        path.push(MARK);
        let path = PathBuf::from(path);
        let pid = std::process::id();
        let started = proc_stat::started(pid).map_or_else(|| "-".to_owned(), |t| t.to_string());
        fs::OpenOptions::new()
            .create(true)
            .write(true)
            .truncate(true)
            .mode(0o600)
            .open(&path)
            .and_then(|mut file| writeln!(file, "{pid} {started}\n{since}\n{terminal}"))?;
        Ok(Self {
            path,
            since,
            terminal: terminal.to_owned(),
        })
    }

    /// Whether another live popup began waiting for the same terminal before this one.
    fn has_an_older(&self) -> bool {
        let Some(runtime) = self.path.parent() else {
            return false;
        };
        let Ok(entries) = fs::read_dir(runtime) else {
            return false;
        };
        entries.flatten().any(|entry| {
            let path = entry.path();
            let name = entry.file_name();
            name.to_string_lossy().ends_with(MARK)
                && path != self.path
                && fs::read_to_string(&path).is_ok_and(|text| self.is_after(&text, &path))
        })
    }

    /// Whether the mark `text` (at `path`) is of a live process waiting for this terminal
    /// since before this one (the path breaks a tie).
    fn is_after(&self, text: &str, path: &Path) -> bool {
        let mut lines = text.lines();
        let (Some(process), Some(since), Some(terminal)) = (
            lines.next().and_then(|line| line.split_once(' ')),
            lines.next().and_then(|since| since.parse::<u128>().ok()),
            lines.next(),
        ) else {
            return false;
        };
        let (Ok(pid), started) = (process.0.parse::<u32>(), process.1.parse::<u64>().ok()) else {
            return false;
        };
        terminal == self.terminal
            && (since, path) < (self.since, self.path.as_path())
            && proc_stat::runs(pid, started)
    }
}

impl Drop for Mark {
    fn drop(&mut self) {
        let _ = fs::remove_file(&self.path);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_older_of_two_waiting_popups_for_one_terminal_goes_first_and_a_dead_ones_mark_holds_no_turn()
     {
        let runtime = tempfile::tempdir().unwrap();
        let first = runtime.path().join("pi-agent-ask-popup-aaaaaa");
        let second = runtime.path().join("pi-agent-ask-popup-bbbbbb");
        let elsewhere = runtime.path().join("pi-agent-ask-popup-cccccc");
        let older = Mark::put(&first, "/dev/pts/1").unwrap();
        let newer = Mark::put(&second, "/dev/pts/1").unwrap();
        let other_terminal = Mark::put(&elsewhere, "/dev/pts/2").unwrap();
        assert!(newer.has_an_older());
        assert!(!older.has_an_older());
        assert!(!other_terminal.has_an_older());
        drop(older);
        assert!(!newer.has_an_older(), "the older one's turn came");
        let dead = runtime.path().join("pi-agent-ask-popup-dddddd.waiting");
        fs::write(&dead, format!("{} -\n0\n/dev/pts/1\n", i32::MAX)).unwrap();
        let reused = runtime.path().join("pi-agent-ask-popup-eeeeee.waiting");
        let this = std::process::id();
        fs::write(&reused, format!("{this} 1\n0\n/dev/pts/1\n")).unwrap();
        assert!(
            !newer.has_an_older(),
            "the marks of a dead process and of one whose id another process took since"
        );
        drop(newer);
        assert!(!second.with_extension("waiting").exists());
    }
}
