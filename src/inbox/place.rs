//! Where inboxes listen: a private folder of the user's, one socket and one lock file per
//! inbox name.
//!
//! The folder is `$XDG_RUNTIME_DIR/pi-agent-ask/`, or `<temp dir>/pi-agent-ask-<uid>/` where
//! there is no runtime folder. It is made readable by its owner alone (0700), and a folder
//! that belongs to someone else or that others may enter is refused, so no other user can
//! reach an inbox or stand in for one.

use std::fs::DirBuilder;
use std::os::unix::fs::{DirBuilderExt as _, MetadataExt as _, PermissionsExt as _};
use std::path::{Path, PathBuf};

/// The name an inbox gets without `--name`.
pub const DEFAULT_NAME: &str = "default";

/// The longest inbox name.
const MAX_NAME: usize = 64;

/// Why an inbox's place cannot be used.
#[derive(Debug, thiserror::Error)]
pub enum PlaceError {
    /// The name is not a short word of letters, digits, `.`, `_` and `-`.
    #[error(
        "{0:?} is not an inbox name: use up to 64 letters, digits, '.', '_' and '-', not starting with '.'"
    )]
    Name(String),
    /// The folder cannot be made or read.
    #[error("cannot use the inbox folder {}: {source}", path.display())]
    Folder {
        /// The folder.
        path: PathBuf,
        /// What failed.
        source: std::io::Error,
    },
    /// The socket's path is longer than a socket address holds.
    #[error(
        "the inbox socket {} is too long a path for a socket's address ({length} bytes): \
         choose a shorter inbox name or a shorter XDG_RUNTIME_DIR",
        path.display()
    )]
    TooLong {
        /// The socket's path.
        path: PathBuf,
        /// Its length in bytes.
        length: usize,
    },
    /// The folder is someone else's, or others may enter it.
    #[error("the inbox folder {} {problem}; refusing to use it", path.display())]
    Unsafe {
        /// The folder.
        path: PathBuf,
        /// What is wrong with it.
        problem: &'static str,
    },
}

/// The files of one inbox.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Place {
    /// The socket askers connect to.
    pub socket: PathBuf,
    /// The lock the running inbox holds.
    pub lock: PathBuf,
}

/// Checks an inbox name: a short word of `[A-Za-z0-9._-]`, not starting with a dot.
pub fn check_name(name: &str) -> Result<&str, PlaceError> {
    let word = name
        .chars()
        .all(|c| c.is_ascii_alphanumeric() || matches!(c, '.' | '_' | '-'));
    if name.is_empty() || name.len() > MAX_NAME || !word || name.starts_with('.') {
        return Err(PlaceError::Name(name.to_owned()));
    }
    Ok(name)
}

/// Whether finding an inbox's files may make its folder.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Folder {
    /// Make the folder when it is missing (an inbox starting).
    Make,
    /// Only find it (an asker): a missing folder means no inbox.
    Find,
}

/// The files of the inbox called `name` in the private folder, made if it is missing and
/// `folder` says so; the folder is checked either way.
pub fn place(name: &str, folder: Folder) -> Result<Place, PlaceError> {
    place_in(user_folder(), name, folder)
}

/// The private folder itself, made if it is missing and `folder` says so, checked either
/// way: for the other files of this user's running programs (a `resume`'s lock).
pub fn private_folder(folder: Folder) -> Result<PathBuf, PlaceError> {
    made_or_found(user_folder(), folder)
}

/// This user's folder, where [`folder_path`] puts it.
fn user_folder() -> PathBuf {
    folder_path(
        std::env::var_os("XDG_RUNTIME_DIR").map(PathBuf::from),
        &std::env::temp_dir(),
        rustix::process::getuid().as_raw(),
    )
}

/// `path`, made (0700) when missing and `folder` says so, once [`check_folder`] passes it.
fn made_or_found(path: PathBuf, folder: Folder) -> Result<PathBuf, PlaceError> {
    if folder == Folder::Make {
        match DirBuilder::new().mode(0o700).create(&path) {
            Ok(()) => {}
            Err(error) if error.kind() == std::io::ErrorKind::AlreadyExists => {}
            Err(source) => return Err(PlaceError::Folder { path, source }),
        }
    }
    check_folder(&path)?;
    Ok(path)
}

/// [`place`] in the folder `path` instead of the user's own.
pub fn place_in(path: PathBuf, name: &str, folder: Folder) -> Result<Place, PlaceError> {
    let name = check_name(name)?;
    let path = made_or_found(path, folder)?;
    let socket = path.join(format!("inbox-{name}.sock"));
    // A socket's address holds a path of about a hundred bytes (107 on Linux, 103 on macOS),
    // as the listener binding it counts them.
    if std::os::unix::net::SocketAddr::from_pathname(&socket).is_err() {
        return Err(PlaceError::TooLong {
            length: socket.as_os_str().len(),
            path: socket,
        });
    }
    Ok(Place {
        socket,
        lock: path.join(format!("inbox-{name}.lock")),
    })
}

/// Where the folder is: under the runtime folder when one is set (and absolute), else a
/// folder of this user's own under the temporary folder.
fn folder_path(runtime: Option<PathBuf>, temp: &Path, uid: u32) -> PathBuf {
    match runtime.filter(|runtime| runtime.is_absolute()) {
        Some(runtime) => runtime.join("pi-agent-ask"),
        None => temp.join(format!("pi-agent-ask-{uid}")),
    }
}

/// Refuses a folder that is a link, someone else's, or open to others.
fn check_folder(path: &Path) -> Result<(), PlaceError> {
    let metadata = std::fs::symlink_metadata(path).map_err(|source| PlaceError::Folder {
        path: path.to_owned(),
        source,
    })?;
    let unsafe_because = |problem| PlaceError::Unsafe {
        path: path.to_owned(),
        problem,
    };
    if metadata.is_symlink() {
        return Err(unsafe_because("is a symbolic link"));
    }
    if !metadata.is_dir() {
        return Err(unsafe_because("is not a folder"));
    }
    if metadata.uid() != rustix::process::getuid().as_raw() {
        return Err(unsafe_because("belongs to another user"));
    }
    if metadata.permissions().mode() & 0o077 != 0 {
        return Err(unsafe_because("is open to other users"));
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn an_inbox_name_is_a_short_plain_word() {
        for good in ["default", "work-2", "a.b_c", "X"] {
            assert!(check_name(good).is_ok(), "{good}");
        }
        let long = "a".repeat(65);
        for bad in ["", ".hidden", "a/b", "..", "with space", "é", long.as_str()] {
            assert!(check_name(bad).is_err(), "{bad:?}");
        }
    }

    #[test]
    fn the_folder_is_under_the_runtime_folder_else_the_users_own_under_temp() {
        let temp = Path::new("/tmp");
        assert_eq!(
            folder_path(Some("/run/user/7".into()), temp, 7),
            Path::new("/run/user/7/pi-agent-ask")
        );
        assert_eq!(folder_path(None, temp, 7), Path::new("/tmp/pi-agent-ask-7"));
        assert_eq!(
            folder_path(Some("relative".into()), temp, 7),
            Path::new("/tmp/pi-agent-ask-7")
        );
    }

    #[test]
    fn a_folder_others_may_enter_is_refused() {
        let dir = tempfile::tempdir().expect("a folder");
        let open = dir.path().join("open");
        DirBuilder::new().mode(0o755).create(&open).expect("made");
        std::fs::set_permissions(&open, std::fs::Permissions::from_mode(0o755)).expect("set");
        assert!(matches!(
            check_folder(&open),
            Err(PlaceError::Unsafe { .. })
        ));
        let private = dir.path().join("private");
        DirBuilder::new()
            .mode(0o700)
            .create(&private)
            .expect("made");
        assert!(check_folder(&private).is_ok());
    }

    #[test]
    fn a_link_to_a_private_folder_is_refused_as_a_link() {
        let dir = tempfile::tempdir().expect("a folder");
        let private = dir.path().join("private");
        DirBuilder::new()
            .mode(0o700)
            .create(&private)
            .expect("made");
        let link = dir.path().join("link");
        std::os::unix::fs::symlink(&private, &link).expect("linked");
        let refused = check_folder(&link).expect_err("a link");
        assert!(
            refused.to_string().contains("is a symbolic link"),
            "{refused}"
        );
    }

    #[test]
    fn a_socket_path_too_long_for_an_address_is_refused_before_listening_with_what_to_shorten() {
        let dir = tempfile::tempdir().expect("a folder");
        let deep = dir.path().join("d".repeat(60));
        DirBuilder::new().mode(0o700).create(&deep).expect("made");
        let name = "n".repeat(MAX_NAME);
        let refused = place_in(deep.clone(), &name, Folder::Find).expect_err("too long");
        let socket = deep.join(format!("inbox-{name}.sock"));
        assert_eq!(
            refused.to_string(),
            format!(
                "the inbox socket {} is too long a path for a socket's address ({} bytes): \
                 choose a shorter inbox name or a shorter XDG_RUNTIME_DIR",
                socket.display(),
                socket.as_os_str().len()
            )
        );
        assert!(place_in(deep.clone(), "work", Folder::Find).is_ok());
    }

    #[cfg(target_os = "linux")]
    #[test]
    fn a_socket_path_is_taken_up_to_the_107_bytes_a_listener_binds_on_linux() {
        let dir = tempfile::tempdir().expect("a folder");
        let deep = dir.path().join("d".repeat(60));
        DirBuilder::new().mode(0o700).create(&deep).expect("made");
        // The address holds 108 bytes, the path's closing zero byte among them.
        let fill = 107 - deep.as_os_str().len() - "/inbox-.sock".len();
        for (name_length, fits) in [(fill, true), (fill + 1, false)] {
            let name = "n".repeat(name_length);
            let placed = place_in(deep.clone(), &name, Folder::Find);
            assert_eq!(placed.is_ok(), fits, "{name_length} letters: {placed:?}");
        }
    }
}
