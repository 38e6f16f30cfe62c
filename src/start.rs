//! The program's entry on Linux with the GNU C library, in place of the standard library's
//! runtime start.
//!
//! Before a Rust `main` runs, the standard library checks the standard descriptors, ignores
//! `SIGPIPE`, and prepares to name a stack overflow: it asks the C library where the main
//! thread's stack lies (which reads and parses `/proc/self/maps`), maps an alternate signal
//! stack and installs handlers for `SIGSEGV` and `SIGBUS`. That preparation was a third of what
//! the program did before its first frame (traced, 0.17 ms and 22 system calls), for a message
//! printed only when the stack overflows.
//!
//! This entry keeps what a run relies on and leaves that out:
//!
//! - a descriptor among 0 to 2 that the parent left closed is opened on `/dev/null`, so the
//!   terminal or a file the program opens never takes the place of standard output;
//! - `SIGPIPE` is ignored, so a write to a reader that has gone fails with an error the program
//!   reports instead of ending it silently (the processes it starts get the default back, as
//!   the standard library gives them);
//! - a panic that reaches the entry exits 101, after the panic hook has printed it;
//! - the program ends through `std::process::exit`, which flushes standard output.
//!
//! A stack overflow still ends the program at the kernel's guard page, by `SIGSEGV` instead of
//! an abort with a message, and a panic's message names its thread `<unnamed>`, not `main`. The arguments need nothing: on this C library the standard library
//! takes them when the program is loaded, whoever runs `main` (`std::env::args` documents it).

use std::ffi::{c_char, c_int};
use std::fs::OpenOptions;
use std::os::fd::IntoRawFd;
use std::panic::catch_unwind;

use crate::exit::Exit;

/// The C library's `main`: prepares the process as above, runs the command, exits.
// SAFETY: the C runtime calls `main` once with this signature; no other `main` is linked, since
// the crate is `no_main` on this target.
#[allow(unsafe_code, reason = "the C runtime calls the program by this symbol")]
#[unsafe(no_mangle)]
extern "C" fn main(_argc: c_int, _argv: *const *const c_char) -> c_int {
    open_closed_standard_descriptors();
    ignore_broken_pipes();
    let exit = catch_unwind(crate::run).unwrap_or(Exit::PANICKED);
    std::process::exit(i32::from(exit.code()))
}

/// Opens `/dev/null` on each of descriptors 0 to 2 that is closed (the lowest free descriptor
/// is the one opened, so taking them in order fills each); aborts when that fails, as the
/// standard library does, rather than run with a standard stream that a later file can become.
fn open_closed_standard_descriptors() {
    for fd in closed_standard_descriptors() {
        let opened = OpenOptions::new()
            .read(true)
            .write(true)
            .open("/dev/null")
            .map(IntoRawFd::into_raw_fd);
        if opened.ok() != Some(fd) {
            std::process::abort();
        }
    }
}

/// Which of descriptors 0 to 2 are closed: one `poll` of the three, which marks a closed one
/// invalid; if `poll` itself fails, each is asked for its flags instead.
fn closed_standard_descriptors() -> Vec<c_int> {
    let mut polled = [0, 1, 2].map(|fd| libc::pollfd {
        fd,
        events: 0,
        revents: 0,
    });
    loop {
        // SAFETY: `poll` reads and writes only the three entries of the array it is given,
        // which lives across the call; a zero timeout returns at once.
        #[allow(unsafe_code, reason = "a system call on the descriptors' numbers")]
        let ready = unsafe { libc::poll(polled.as_mut_ptr(), 3, 0) };
        if ready != -1 {
            return polled
                .iter()
                .filter(|entry| entry.revents & libc::POLLNVAL != 0)
                .map(|entry| entry.fd)
                .collect();
        }
        if std::io::Error::last_os_error().raw_os_error() != Some(libc::EINTR) {
            break;
        }
    }
    (0..=2)
        .filter(|&fd| {
            // SAFETY: `F_GETFD` only reads the descriptor's flags; a closed one fails with
            // `EBADF`.
            #[allow(unsafe_code, reason = "a system call on the descriptor's number")]
            let flags = unsafe { libc::fcntl(fd, libc::F_GETFD) };
            flags == -1 && std::io::Error::last_os_error().raw_os_error() == Some(libc::EBADF)
        })
        .collect()
}

/// Ignores `SIGPIPE`, as the standard library's start does.
fn ignore_broken_pipes() {
    // SAFETY: setting a signal's disposition to "ignore" installs no handler and touches no
    // memory; no other thread runs yet.
    #[allow(unsafe_code, reason = "the signal's disposition is a system call")]
    unsafe {
        libc::signal(libc::SIGPIPE, libc::SIG_IGN);
    }
}
