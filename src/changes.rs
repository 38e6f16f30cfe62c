//! Waiting for a file to change, in one blocking wait, where the program would otherwise look
//! again and again: a queued form waiting for a tmux client to attach (tmux makes its server's
//! socket executable while one is) or for an inbox to start listening (its socket appears in
//! the private folder), or a popup waiting for another to close (its hand-off folder is
//! removed). On Linux the kernel says when (inotify); elsewhere, or for a path that
//! cannot be watched, the wait is only its time limit, and the caller looks as often as before.

use std::io;
use std::path::Path;
use std::time::Duration;

use crate::cancel::{Cancel, Wake};

/// What change of a path ends a wait.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Change {
    /// Its mode, owner or times change (tmux's socket as a client attaches or detaches).
    Attributes,
    /// An entry appears in it, a folder (a socket bound, a file moved in).
    NewEntry,
    /// An entry leaves it, a folder (another popup's hand-off folder removed as it closed).
    EntryGone,
}

/// How a [`Changes::wait`] ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Waited {
    /// A watched path changed.
    Changed,
    /// The time limit passed with no change.
    TimedOut,
    /// The token was cancelled, or a signal that ends a run arrived.
    Cancelled,
}

/// The paths one wait watches.
pub struct Changes {
    #[cfg(target_os = "linux")]
    inotify: Option<std::os::fd::OwnedFd>,
}

impl Changes {
    /// Watches each path for its change; a path that cannot be watched (missing, or no
    /// inotify here) is left out.
    pub fn watching<P: AsRef<Path>>(paths: &[(P, Change)]) -> Self {
        #[cfg(target_os = "linux")]
        {
            Self {
                inotify: linux::watch(paths),
            }
        }
        #[cfg(not(target_os = "linux"))]
        {
            let _ = paths;
            Self {}
        }
    }

    /// Whether any path is watched: else a wait only passes its time.
    pub fn is_watching(&self) -> bool {
        #[cfg(target_os = "linux")]
        {
            self.inotify.is_some()
        }
        #[cfg(not(target_os = "linux"))]
        {
            false
        }
    }

    /// Sleeps until a watched path changes, `limit` passes, or `cancel` is cancelled (or a
    /// signal that ends a run arrives). The changes seen are taken, so the next wait waits for
    /// new ones.
    pub fn wait(&self, cancel: &Cancel, limit: Duration) -> io::Result<Waited> {
        #[cfg(target_os = "linux")]
        if let Some(inotify) = &self.inotify {
            use std::os::fd::AsFd;
            return Ok(match cancel.wait(inotify.as_fd(), Some(limit))? {
                Wake::Ready | Wake::Other => {
                    linux::take_events(inotify);
                    Waited::Changed
                }
                Wake::Timeout => Waited::TimedOut,
                Wake::Cancelled => Waited::Cancelled,
            });
        }
        Ok(match cancel.wait(cancel.fd(), Some(limit))? {
            Wake::Timeout => Waited::TimedOut,
            Wake::Ready | Wake::Other | Wake::Cancelled => Waited::Cancelled,
        })
    }
}

#[cfg(target_os = "linux")]
mod linux {
    use std::os::fd::OwnedFd;
    use std::path::Path;

    use rustix::fs::inotify::{self, CreateFlags, WatchFlags};

    use super::Change;

    /// An inotify descriptor watching each path that can be, `None` when none can.
    pub fn watch<P: AsRef<Path>>(paths: &[(P, Change)]) -> Option<OwnedFd> {
        let fd = inotify::init(CreateFlags::CLOEXEC | CreateFlags::NONBLOCK).ok()?;
        let mut any = false;
        for (path, change) in paths {
            let flags = match change {
                Change::Attributes => WatchFlags::ATTRIB,
                Change::NewEntry => WatchFlags::CREATE | WatchFlags::MOVED_TO,
                Change::EntryGone => WatchFlags::DELETE | WatchFlags::MOVED_FROM,
            };
            any |= inotify::add_watch(&fd, path.as_ref(), flags).is_ok();
        }
        any.then_some(fd)
    }

    /// Reads the events waiting, so the descriptor is not readable until new ones come.
    pub fn take_events(fd: &OwnedFd) {
        let mut buffer = [0_u8; 4096];
        while matches!(rustix::io::read(fd, &mut buffer), Ok(read) if read > 0) {}
    }
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt;
    use std::time::Instant;

    use super::*;

    const LIMIT: Duration = Duration::from_secs(20);

    fn changed_within_the_limit(changes: &Changes, change: impl FnOnce() + Send + 'static) {
        let cancel = Cancel::new().expect("a token");
        let changing = std::thread::spawn(move || {
            std::thread::sleep(Duration::from_millis(50));
            change();
        });
        let started = Instant::now();
        assert_eq!(changes.wait(&cancel, LIMIT).unwrap(), Waited::Changed);
        assert!(started.elapsed() < LIMIT);
        changing.join().unwrap();
    }

    #[test]
    #[cfg(target_os = "linux")]
    fn a_mode_changed_or_an_entry_made_ends_the_wait_and_is_taken_with_it() {
        let folder = tempfile::tempdir().unwrap();
        let socket = folder.path().join("server");
        std::fs::write(&socket, "").unwrap();
        let changes = Changes::watching(&[
            (socket.clone(), Change::Attributes),
            (folder.path().to_path_buf(), Change::NewEntry),
            (folder.path().join("missing"), Change::Attributes),
        ]);
        assert!(changes.is_watching());
        let moded = socket.clone();
        changed_within_the_limit(&changes, move || {
            std::fs::set_permissions(moded, std::fs::Permissions::from_mode(0o700)).unwrap();
        });
        let cancel = Cancel::new().unwrap();
        assert_eq!(
            changes.wait(&cancel, Duration::from_millis(50)).unwrap(),
            Waited::TimedOut,
            "the change was taken"
        );
        let made = folder.path().join("inbox.sock");
        changed_within_the_limit(&changes, move || std::fs::write(made, "").unwrap());
        let gone = Changes::watching(&[(folder.path(), Change::EntryGone)]);
        let removed = folder.path().join("inbox.sock");
        changed_within_the_limit(&gone, move || std::fs::remove_file(removed).unwrap());
    }

    #[test]
    fn nothing_watched_waits_out_its_limit_or_the_token() {
        let changes = Changes::watching(&[(Path::new("/nonexistent/path"), Change::NewEntry)]);
        assert!(!changes.is_watching());
        let cancel = Cancel::new().unwrap();
        assert_eq!(
            changes.wait(&cancel, Duration::from_millis(20)).unwrap(),
            Waited::TimedOut
        );
        cancel.cancel();
        assert_eq!(changes.wait(&cancel, LIMIT).unwrap(), Waited::Cancelled);
    }
}
