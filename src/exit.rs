//! How the program ends: the status its parent sees.
//!
//! The standard library's `ExitCode` can only be returned from a Rust `main`; the program's own
//! entry (`start.rs`) ends through `std::process::exit`, which takes the number. Every command
//! therefore says its status as an [`Exit`], which both entries turn into theirs.

/// The status the program exits with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Exit(u8);

impl Exit {
    /// The run did what was asked.
    pub const SUCCESS: Self = Self(0);
    /// What a panic that reached the entry ends with, as the standard library's `main` does.
    pub const PANICKED: Self = Self(101);

    /// The number the process exits with.
    pub const fn code(self) -> u8 {
        self.0
    }
}

impl From<u8> for Exit {
    fn from(code: u8) -> Self {
        Self(code)
    }
}

impl From<Exit> for std::process::ExitCode {
    fn from(exit: Exit) -> Self {
        Self::from(exit.0)
    }
}
