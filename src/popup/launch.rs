//! What every host is asked to run in its popup: the program, the variables it needs, where it
//! starts and the title it is shown under.

use std::ffi::OsString;
use std::path::PathBuf;

/// The title a popup is shown under, where the host shows one.
pub const TITLE: &str = "pi-agent-ask";

/// The popup's program and how to start it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Launch {
    /// The program and its arguments: this program, its popup command, the private folder.
    pub program: Vec<OsString>,
    /// Variables the program needs whatever environment the host gives it.
    pub env: Vec<(String, OsString)>,
    /// The folder it starts in (the caller's), when known.
    pub cwd: Option<PathBuf>,
    /// The popup's title.
    pub title: String,
}

#[cfg(test)]
impl Launch {
    /// The launch every host's command-line tests build from: this program in `/bin`, a
    /// private folder in `/tmp/d`, started in `/src`.
    pub fn sample() -> Self {
        Self {
            program: ["/bin/pi-agent-ask", "popup-form", "/tmp/d"]
                .map(OsString::from)
                .into(),
            env: vec![("PI_AGENT_ASK_POPUP".to_owned(), OsString::from("1"))],
            cwd: Some(PathBuf::from("/src")),
            title: TITLE.to_owned(),
        }
    }
}
