//! Whether a person runs this process at a terminal: its standard input is a terminal, and
//! its process group is that terminal's foreground group (a shell ran it directly, not in
//! the background and not from a program that only handed it a terminal).
//!
//! Only standard input is looked at, so a process without a terminal on it never opens
//! `/dev/tty` to find out. Its descriptor is looked at as it is: `std::io::stdin` would set up
//! its 8 KiB buffer, which a program that reads no standard input does not need.

/// Whether the questionnaire may take the terminal: see the module's documentation.
pub fn person_at_terminal() -> bool {
    let stdin = rustix::stdio::stdin();
    rustix::termios::isatty(stdin) && in_foreground_of(stdin)
}

/// Whether a shell started this process as a job of its own in the background of the terminal
/// on its standard input (`ask ... &`): it leads its own process group in that terminal's
/// session. A person started it there, and it opens in the foreground (`fg`), as a job does.
pub fn job_in_the_background() -> bool {
    let stdin = rustix::stdio::stdin();
    rustix::termios::isatty(stdin)
        && rustix::process::getpgrp() == rustix::process::getpid()
        && rustix::termios::tcgetsid(stdin)
            .is_ok_and(|session| rustix::process::getsid(None).is_ok_and(|own| own == session))
}

/// Whether the process's group is the foreground group of `terminal`: the one that may read
/// it, set it and flush it without being stopped (SIGTTIN, SIGTTOU).
pub fn in_foreground_of(terminal: impl std::os::fd::AsFd) -> bool {
    rustix::termios::tcgetpgrp(terminal)
        .is_ok_and(|foreground| foreground == rustix::process::getpgrp())
}
