//! Whether a session watches the program's standard output for its reader: a host that ran
//! the program for its result and went away (killed, or ended without waiting) leaves a form
//! that would outlive it on the terminal, and a descriptor of the output, waited on beside the
//! terminal's, tells when.

use std::io;
use std::os::fd::{AsFd, OwnedFd};

use rustix::fs::FileType;

/// Whether a session watches the program's standard output for its reader.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub enum OutputWatch {
    /// Not watched: the output is no concern of the session.
    #[default]
    Unwatched,
    /// Where standard output is a pipe or a socket, the session ends once it has no reader:
    /// the host that ran the program for its result went away (killed, or ended without
    /// waiting), and a form left open would outlive it on the terminal.
    StandardOutput,
}

impl OutputWatch {
    /// A descriptor of standard output to watch, when it is to be watched and is a pipe or a
    /// socket.
    pub(crate) fn descriptor(self) -> Option<OwnedFd> {
        match self {
            Self::Unwatched => None,
            Self::StandardOutput => standard_output_with_a_reader(),
        }
    }
}

/// A descriptor of standard output when it is a pipe or a socket, whose reader can go away (a
/// terminal or a file has none to lose): waited on with no events asked, a wait ends once the
/// reader is gone.
pub fn standard_output_with_a_reader() -> Option<OwnedFd> {
    let output = io::stdout();
    let kind = rustix::fs::fstat(&output).ok()?.st_mode;
    matches!(
        FileType::from_raw_mode(kind),
        FileType::Fifo | FileType::Socket
    )
    .then(|| output.as_fd().try_clone_to_owned().ok())
    .flatten()
}
