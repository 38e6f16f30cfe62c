//! Job control: whether ctrl+z can stop the program the way it stops any full-screen program,
//! and stopping it.
//!
//! A shell with job control runs each job in a process group of its own and gives it the
//! terminal; ctrl+z then stops the whole group, so a parent waiting on the program (`sh -c`,
//! an agent that spawned it) stops with it, and `fg` continues them all. Without job control
//! nobody would ever continue a stopped program: when the program's group does not have the
//! terminal, or no process in its line of parents in that group has a parent outside it in the
//! same session (the group is orphaned, as when a terminal runs the program directly), ctrl+z
//! is ignored.

use std::fs::File;
use std::io;

use nix::sys::signal::{SaFlags, SigAction, SigHandler, SigSet, Signal as NixSignal, sigaction};
use rustix::process::{Pid, Signal, getpgid, getpgrp, getppid, getsid, kill_current_process_group};

/// How far up its parents the program looks for the shell that controls its job.
const MAX_ANCESTORS: usize = 32;

/// Whether a stopped program can be continued by its user.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum JobControl {
    /// The program's job has the terminal and a shell to continue it.
    Available,
    /// Stopping would leave the program stopped for good, or stop what is not its job.
    Unavailable,
}

/// Whom a suspend stops.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Stop {
    /// The program's whole process group, as ctrl+z in a shell does (the ctrl+z key).
    Job,
    /// Only the program, as the SIGTSTP sent to it would by default.
    Process,
}

impl Stop {
    /// Sends the stop; returns once the program is continued. The program must not be
    /// recording SIGTSTP then (its session restored), so the signal stops it. SIGTSTP has its
    /// default action meanwhile, so the program stops by SIGTSTP itself, as any program's
    /// ctrl+z does: a handler can only stop it by SIGSTOP, which shells report as `Stopped
    /// (signal)`, a stop from elsewhere, and a parent that watches tells apart.
    pub(crate) fn send(self) -> io::Result<()> {
        let handled = default_action_for_sigtstp();
        let sent = match self {
            Self::Job => kill_current_process_group(Signal::TSTP).map_err(io::Error::from),
            Self::Process => signal_hook::low_level::raise(Signal::TSTP.as_raw()),
        };
        if let Some(handled) = handled {
            handled.put_back();
        }
        sent
    }
}

/// SIGTSTP's action before [`default_action_for_sigtstp`] gave it its default one.
struct HandledSigtstp(SigAction);

/// Gives SIGTSTP its default action, stopping the process; `None` when it could not.
fn default_action_for_sigtstp() -> Option<HandledSigtstp> {
    let default = SigAction::new(SigHandler::SigDfl, SaFlags::empty(), SigSet::empty());
    // SAFETY: the default action runs no code of this program, so nothing it does can be
    // unsafe in a signal's context; the action it replaces is kept and put back as it was.
    #[allow(
        unsafe_code,
        reason = "changing a signal's action is unsafe in general, since a handler runs code"
    )]
    let replaced = unsafe { sigaction(NixSignal::SIGTSTP, &default) };
    replaced.ok().map(HandledSigtstp)
}

impl HandledSigtstp {
    /// Puts the action back once the process continues.
    fn put_back(self) {
        // SAFETY: the action is the one `sigaction` returned for SIGTSTP, installed by the
        // signal watch, whose handler only does what is safe in a signal handler.
        #[allow(
            unsafe_code,
            reason = "installing a signal handler is unsafe: it runs in a signal's context"
        )]
        let _ = unsafe { sigaction(NixSignal::SIGTSTP, &self.0) };
    }
}

/// Whether the program, drawing on `tty`, runs under job control.
pub fn job_control(tty: &File) -> JobControl {
    let group = getpgrp();
    let foreground = rustix::termios::tcgetpgrp(tty).is_ok_and(|owner| owner == group);
    if foreground && has_parent_outside(group) {
        JobControl::Available
    } else {
        JobControl::Unavailable
    }
}

/// Whether the program, or a parent of it in its own process group, has a parent in the same
/// session but another group: the one shell that sees the job stop and can continue it.
fn has_parent_outside(group: Pid) -> bool {
    let Ok(session) = getsid(None) else {
        return false;
    };
    let mut parent = getppid();
    for _ in 0..MAX_ANCESTORS {
        let Some(pid) = parent else {
            return false;
        };
        match (getpgid(Some(pid)), getsid(Some(pid))) {
            (Ok(its_group), Ok(its_session)) if its_session == session => {
                if its_group != group {
                    return true;
                }
                parent = parent_of(pid);
            }
            _ => return false,
        }
    }
    false
}

/// The parent of another process, from `/proc/<pid>/stat`: the field after the state, which
/// follows the command name in parentheses.
#[cfg(target_os = "linux")]
fn parent_of(pid: Pid) -> Option<Pid> {
    let stat = std::fs::read_to_string(format!("/proc/{}/stat", pid.as_raw_nonzero())).ok()?;
    parent_in_stat(&stat)
}

/// Elsewhere only the program's own parent is known; the shell is nearly always that one.
#[cfg(not(target_os = "linux"))]
fn parent_of(_pid: Pid) -> Option<Pid> {
    None
}

/// The parent process id in the text of a `/proc/<pid>/stat` file.
#[cfg_attr(not(target_os = "linux"), allow(dead_code))]
fn parent_in_stat(stat: &str) -> Option<Pid> {
    let (_, after_name) = stat.rsplit_once(')')?;
    let parent = after_name.split_whitespace().nth(1)?.parse().ok()?;
    Pid::from_raw(parent)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_parent_follows_the_state_after_the_command_name() {
        let stat = "4242 (a (tricky) name) S 17 4242 4242 34816 4242 4194304";
        assert_eq!(parent_in_stat(stat), Pid::from_raw(17));
        assert_eq!(parent_in_stat("1 (init) S 0 1 1"), None);
        assert_eq!(parent_in_stat("garbage"), None);
    }
}
