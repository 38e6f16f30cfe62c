//! Preview files: the program reads them, core judges the bytes and words the problems.

/// The largest preview file read, in bytes (1 MiB); a larger file is an issue, not a cut preview.
pub const MAX_PREVIEW_FILE_BYTES: u64 = 1024 * 1024;

/// The most bytes the preview files of one call take together (16 MiB, as much as a call's
/// arguments hold inline): a call that names one file a thousand times does not hold it a
/// thousand times over.
pub const MAX_PREVIEW_FILES_BYTES: u64 = 16 * 1024 * 1024;

/// Why a preview file could not be read at all.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FileProblem {
    /// A directory, FIFO, socket or device: never opened, so a FIFO cannot block the call.
    NotRegularFile,
    /// Larger than [`MAX_PREVIEW_FILE_BYTES`].
    TooLarge,
    /// Larger than what the call's preview files may still take ([`MAX_PREVIEW_FILES_BYTES`]
    /// in all).
    OverTotal,
    /// The operating system's error text (for example, a missing file).
    Io(String),
    /// The file resolves (symlinks followed) outside the directories the caller may read: the
    /// arguments came from a model, which must not read the machine through previews.
    OutsideWorkspace,
}

/// One preview file as the program found it.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PreviewFile {
    /// The absolute path the relative path resolved to, for messages.
    pub resolved_path: String,
    /// The file's bytes, or why they could not be read.
    pub content: Result<Vec<u8>, FileProblem>,
}

/// Reads preview files for the parser; the program implements it over the file system.
pub trait PreviewSource {
    /// Reads the file at `path` (trimmed, as written in the arguments) relative to the working
    /// directory. `room` is what the call's preview files may still take: a source that can
    /// tell a file's size first reads none of a larger one ([`FileProblem::OverTotal`]); the
    /// parser refuses a larger one read anyway.
    fn load(&mut self, path: &str, room: u64) -> PreviewFile;
}

/// A source for callers without a file system (payloads whose previews are inline, tests,
/// benchmarks): every `previewFile` is reported as unreadable, never read.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoPreviewFiles;

impl PreviewSource for NoPreviewFiles {
    fn load(&mut self, path: &str, _room: u64) -> PreviewFile {
        PreviewFile {
            resolved_path: path.to_owned(),
            content: Err(FileProblem::Io(
                "Preview files cannot be read here".to_owned(),
            )),
        }
    }
}

/// The verdict on a preview file: its text, or the reason it cannot be used.
pub(super) fn judge(content: Result<Vec<u8>, FileProblem>) -> Result<String, String> {
    let bytes = match content {
        Ok(bytes) => bytes,
        Err(FileProblem::NotRegularFile) => return Err("Expected a regular text file".into()),
        Err(FileProblem::TooLarge) => {
            return Err(format!(
                "Preview file is larger than {} MiB",
                MAX_PREVIEW_FILE_BYTES / (1024 * 1024)
            ));
        }
        Err(FileProblem::OverTotal) => {
            return Err(format!(
                "Preview files of one call total more than {} MiB",
                MAX_PREVIEW_FILES_BYTES / (1024 * 1024)
            ));
        }
        Err(FileProblem::Io(message)) => return Err(message),
        Err(FileProblem::OutsideWorkspace) => {
            return Err("Preview file is outside the workspace".into());
        }
    };
    if bytes.len() as u64 > MAX_PREVIEW_FILE_BYTES {
        return Err(format!(
            "Preview file is larger than {} MiB",
            MAX_PREVIEW_FILE_BYTES / (1024 * 1024)
        ));
    }
    if bytes.contains(&0) {
        return Err(binary_data());
    }
    let text = String::from_utf8(bytes).map_err(|_| binary_data())?;
    if text.trim().is_empty() {
        return Err("Preview file is empty".into());
    }
    Ok(text)
}

fn binary_data() -> String {
    "Expected UTF-8 text, not binary data".into()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn text_file_is_accepted_verbatim() {
        assert_eq!(judge(Ok(b"  a\nb ".to_vec())), Ok("  a\nb ".into()));
    }

    #[test]
    fn nul_byte_and_invalid_utf8_are_binary_data() {
        let message = Err("Expected UTF-8 text, not binary data".to_owned());
        assert_eq!(judge(Ok(b"a\0b".to_vec())), message);
        assert_eq!(judge(Ok(vec![0xff, 0xfe])), message);
    }

    #[test]
    fn a_file_outside_the_workspace_is_refused_as_such() {
        assert_eq!(
            judge(Err(FileProblem::OutsideWorkspace)),
            Err("Preview file is outside the workspace".into())
        );
    }

    #[test]
    fn whitespace_only_file_is_empty() {
        assert_eq!(
            judge(Ok(b" \n\t ".to_vec())),
            Err("Preview file is empty".into())
        );
    }

    #[test]
    fn oversized_content_is_refused_even_when_the_reader_did_not_cut_it() {
        let bytes = vec![b'a'; (MAX_PREVIEW_FILE_BYTES + 1) as usize];
        assert_eq!(
            judge(Ok(bytes)),
            Err("Preview file is larger than 1 MiB".into())
        );
    }
}
