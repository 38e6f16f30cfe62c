//! The environment a popup host is detected from, as data: the process's variables, or any
//! others a test gives, so detection never depends on (or changes) the process environment.

use std::collections::HashMap;
use std::ffi::OsString;
use std::path::{Path, PathBuf};

/// The variable the popup's own program is started with: a process that sees it runs inside a
/// popup already and opens none of its own.
pub const INSIDE_POPUP: &str = "PI_AGENT_ASK_POPUP";

/// Environment variables by name.
#[derive(Clone, Debug, Default)]
pub struct Environment {
    vars: HashMap<String, OsString>,
}

impl Environment {
    /// The process's own environment.
    pub fn current() -> Self {
        Self::from_pairs(
            std::env::vars_os()
                .filter_map(|(name, value)| name.into_string().ok().map(|name| (name, value))),
        )
    }

    /// An environment of exactly these variables.
    pub fn from_pairs<N: Into<String>, V: Into<OsString>>(
        pairs: impl IntoIterator<Item = (N, V)>,
    ) -> Self {
        Self {
            vars: pairs
                .into_iter()
                .map(|(name, value)| (name.into(), value.into()))
                .collect(),
        }
    }

    /// A variable's value when it is set, valid UTF-8 and not empty.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.vars
            .get(name)
            .and_then(|value| value.to_str())
            .filter(|value| !value.is_empty())
    }

    /// A variable's raw value when it is set, even empty.
    pub fn raw(&self, name: &str) -> Option<&OsString> {
        self.vars.get(name)
    }

    /// Whether this process runs inside a popup this program opened.
    pub fn inside_popup(&self) -> bool {
        self.raw(INSIDE_POPUP).is_some()
    }

    /// Where `program` is found on `PATH`, if it is.
    pub fn find_program(&self, program: &str) -> Option<PathBuf> {
        let path = self.raw("PATH")?;
        std::env::split_paths(path)
            .map(|dir| dir.join(program))
            .find(|candidate| is_executable(candidate))
    }
}

fn is_executable(path: &Path) -> bool {
    use std::os::unix::fs::PermissionsExt as _;
    std::fs::metadata(path)
        .is_ok_and(|meta| meta.is_file() && meta.permissions().mode() & 0o111 != 0)
}

/// Why one host was not chosen.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Skip {
    /// The caller does not run in this host at all.
    Absent,
    /// The caller runs in it, but it cannot open a popup now; the reason, for the notice.
    Unusable(String),
    /// The caller runs in it and it could open a popup, but nobody who could answer has it on
    /// screen now (a tmux session with no client attached, or only read-only ones): someone
    /// may come back to it; the reason.
    Unwatched(String),
}

#[cfg(test)]
mod tests {
    use std::os::unix::fs::PermissionsExt as _;

    use super::*;

    #[test]
    fn an_empty_variable_counts_as_unset_but_still_marks_a_popup() {
        let env = Environment::from_pairs([("TMUX", ""), (INSIDE_POPUP, "")]);
        assert_eq!(env.get("TMUX"), None);
        assert!(env.inside_popup());
        assert!(!Environment::from_pairs([("TMUX", "/tmp/s,1,0")]).inside_popup());
    }

    #[test]
    fn a_program_is_found_only_as_an_executable_file_on_the_path() {
        let dir = tempfile::tempdir().expect("a folder");
        let tool = dir.path().join("kitten");
        std::fs::write(&tool, "#!/bin/sh\n").expect("written");
        let env = Environment::from_pairs([("PATH", dir.path().as_os_str())]);
        assert_eq!(env.find_program("kitten"), None);
        std::fs::set_permissions(&tool, std::fs::Permissions::from_mode(0o755)).expect("mode");
        assert_eq!(env.find_program("kitten"), Some(tool));
        assert_eq!(env.find_program("wezterm"), None);
    }
}
