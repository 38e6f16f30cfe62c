//! Preview files stay inside the workspace: over MCP the arguments come from a model, which may
//! have been talked into naming `~/.ssh/id_ed25519`, so a `previewFile` must resolve, symlinks
//! followed, inside one of the client's roots or the working directory.

use std::path::{Path, PathBuf};

use pi_agent_ask_core::contract::ask_user::{FileProblem, PreviewFile, PreviewSource};

use crate::files::{read_preview, resolve};

/// The directories preview files may come from, each canonicalized once.
#[derive(Clone, Debug)]
pub struct Workspace {
    cwd: PathBuf,
    roots: Vec<PathBuf>,
    /// Whether a file was refused as lying outside: only then can a client's roots, which
    /// widen the workspace, change what a call reads.
    refused_a_file: bool,
}

impl Workspace {
    /// Relative paths resolve against `cwd`; files may lie under `cwd` or any of `roots`.
    /// A directory that does not exist holds nothing.
    pub fn new(cwd: PathBuf, roots: impl IntoIterator<Item = PathBuf>) -> Self {
        let roots = std::iter::once(cwd.clone())
            .chain(roots)
            .filter_map(|root| root.canonicalize().ok())
            .collect();
        Self {
            cwd,
            roots,
            refused_a_file: false,
        }
    }

    /// Whether a file was refused as lying outside the workspace since it was made: a call
    /// that read none, or only files inside, reads the same with the client's roots, so the
    /// client need not be asked for them.
    pub const fn refused_a_file(&self) -> bool {
        self.refused_a_file
    }

    /// Whether `path`, already canonical, lies under one of the directories.
    fn contains(&self, path: &Path) -> bool {
        self.roots.iter().any(|root| path.starts_with(root))
    }
}

impl PreviewSource for Workspace {
    fn load(&mut self, path: &str, room: u64) -> PreviewFile {
        let lexical = resolve(&self.cwd, path);
        let resolved_path = lexical.display().to_string();
        let content = match lexical.canonicalize() {
            Ok(real) if self.contains(&real) => read_preview(&real, room),
            Ok(_) => Err(FileProblem::OutsideWorkspace),
            // A path that does not resolve is reported as the system reports it only inside
            // the workspace, so nothing outside it is probed for existence.
            Err(_) if !self.contains(&canonical_prefix(&lexical)) => {
                Err(FileProblem::OutsideWorkspace)
            }
            Err(_) => read_preview(&lexical, room),
        };
        self.refused_a_file |= matches!(content, Err(FileProblem::OutsideWorkspace));
        PreviewFile {
            resolved_path,
            content,
        }
    }
}

/// The path with its longest existing prefix canonicalized and the rest appended.
fn canonical_prefix(path: &Path) -> PathBuf {
    let mut existing = path.to_path_buf();
    let mut rest = Vec::new();
    while !existing.as_os_str().is_empty() {
        if let Ok(real) = existing.canonicalize() {
            return rest
                .iter()
                .rev()
                .fold(real, |path: PathBuf, part| path.join(part));
        }
        match (existing.file_name(), existing.parent()) {
            (Some(name), Some(parent)) => {
                rest.push(name.to_owned());
                existing = parent.to_path_buf();
            }
            _ => break,
        }
    }
    path.to_path_buf()
}

/// The local directory a root's `file://` URI names; other schemes name none.
pub fn root_directory(uri: &str) -> Option<PathBuf> {
    let rest = uri.strip_prefix("file://")?;
    let path = rest.strip_prefix("localhost").unwrap_or(rest);
    if !path.starts_with('/') {
        return None;
    }
    Some(PathBuf::from(percent_decoded(path)?))
}

fn percent_decoded(text: &str) -> Option<String> {
    let bytes = text.as_bytes();
    let mut decoded = Vec::with_capacity(bytes.len());
    let mut index = 0;
    while index < bytes.len() {
        if bytes[index] == b'%' {
            let hex = text.get(index + 1..index + 3)?;
            decoded.push(u8::from_str_radix(hex, 16).ok()?);
            index += 3;
        } else {
            decoded.push(bytes[index]);
            index += 1;
        }
    }
    String::from_utf8(decoded).ok()
}

#[cfg(all(test, unix))]
mod tests {
    use super::*;
    use pi_agent_ask_core::contract::ask_user::MAX_PREVIEW_FILES_BYTES;

    fn tree() -> (tempfile::TempDir, PathBuf, PathBuf) {
        let base = tempfile::tempdir().expect("a temporary directory");
        let inside = base.path().join("project");
        let outside = base.path().join("secrets");
        std::fs::create_dir_all(&inside).expect("project");
        std::fs::create_dir_all(&outside).expect("secrets");
        std::fs::write(inside.join("plan.md"), "the plan").expect("plan");
        std::fs::write(outside.join("key"), "secret").expect("key");
        (base, inside, outside)
    }

    #[test]
    fn a_file_inside_the_working_directory_is_read() {
        let (_base, inside, _) = tree();
        let mut workspace = Workspace::new(inside, []);
        assert_eq!(
            workspace.load("plan.md", MAX_PREVIEW_FILES_BYTES).content,
            Ok(b"the plan".to_vec())
        );
    }

    #[test]
    fn a_file_past_the_room_the_call_has_left_is_over_the_total_and_a_huge_one_too_large() {
        let (_base, inside, _) = tree();
        std::fs::write(inside.join("huge.md"), vec![b'a'; 1024 * 1024 + 1]).expect("huge");
        let mut workspace = Workspace::new(inside, []);
        assert_eq!(
            workspace.load("plan.md", 3).content,
            Err(FileProblem::OverTotal)
        );
        assert_eq!(
            workspace.load("huge.md", 3).content,
            Err(FileProblem::TooLarge)
        );
        assert_eq!(
            workspace.load("plan.md", 8).content,
            Ok(b"the plan".to_vec())
        );
    }

    #[test]
    fn a_file_outside_every_root_is_refused_absolute_relative_or_missing() {
        let (_base, inside, outside) = tree();
        let mut workspace = Workspace::new(inside, []);
        let absolute = outside.join("key").display().to_string();
        for path in [
            absolute.as_str(),
            "../secrets/key",
            "../secrets/missing",
            "/etc/passwd",
        ] {
            assert_eq!(
                workspace.load(path, MAX_PREVIEW_FILES_BYTES).content,
                Err(FileProblem::OutsideWorkspace),
                "{path}"
            );
        }
    }

    #[test]
    fn a_symlink_inside_pointing_outside_is_refused() {
        let (_base, inside, outside) = tree();
        std::os::unix::fs::symlink(outside.join("key"), inside.join("link")).expect("a link");
        let mut workspace = Workspace::new(inside, []);
        assert_eq!(
            workspace.load("link", MAX_PREVIEW_FILES_BYTES).content,
            Err(FileProblem::OutsideWorkspace)
        );
    }

    #[test]
    fn a_file_under_a_client_root_is_read() {
        let (_base, inside, outside) = tree();
        let mut workspace = Workspace::new(inside, [outside.clone()]);
        let absolute = outside.join("key").display().to_string();
        assert_eq!(
            workspace.load(&absolute, MAX_PREVIEW_FILES_BYTES).content,
            Ok(b"secret".to_vec())
        );
    }

    #[test]
    fn a_missing_file_inside_keeps_the_systems_reason() {
        let (_base, inside, _) = tree();
        let mut workspace = Workspace::new(inside, []);
        assert!(matches!(
            workspace
                .load("missing.md", MAX_PREVIEW_FILES_BYTES)
                .content,
            Err(FileProblem::Io(_))
        ));
    }

    #[test]
    fn file_uris_name_local_directories_and_other_schemes_none() {
        assert_eq!(
            root_directory("file:///home/me/my%20project"),
            Some(PathBuf::from("/home/me/my project"))
        );
        assert_eq!(
            root_directory("file://localhost/srv"),
            Some(PathBuf::from("/srv"))
        );
        assert_eq!(root_directory("https://example.com/x"), None);
        assert_eq!(root_directory("file:///bad%zz"), None);
    }
}
