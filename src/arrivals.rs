//! Inputs that threads of the program deliver while the terminal waits (paths found for an
//! `@` reference, a clipboard image read): a channel of [`Input`]s and a wake-up pipe whose
//! reading end becomes readable when something is waiting, so the run loop's one blocking
//! poll wakes at once and an idle form still never wakes on its own.

use std::fs::File;
use std::io::{ErrorKind, Read, Write};
use std::os::fd::{AsFd, BorrowedFd};
use std::sync::Arc;
use std::sync::mpsc::{self, Receiver, Sender};

use pi_agent_ask_core::input::Input;
use pi_agent_ask_crossterm::ExternalInputs;

/// A thread's way to hand the run an input; clones deliver to the same run.
#[derive(Clone)]
pub struct Courier {
    inputs: Sender<Input>,
    wake: Arc<File>,
}

impl Courier {
    /// Hands `input` to the run and wakes its loop; whether the run still listens.
    pub fn deliver(&self, input: Input) -> bool {
        if self.inputs.send(input).is_err() {
            return false;
        }
        match (&*self.wake).write_all(&[1]) {
            Ok(()) => true,
            Err(error) => error.kind() == ErrorKind::WouldBlock,
        }
    }
}

/// The run loop's side: what the couriers delivered, and the descriptor that says so.
pub struct Arrivals {
    inputs: Receiver<Input>,
    wake: File,
}

impl ExternalInputs for Arrivals {
    fn fd(&self) -> BorrowedFd<'_> {
        self.wake.as_fd()
    }

    fn take(&mut self) -> Vec<Input> {
        let mut drained = [0; 64];
        while matches!((&self.wake).read(&mut drained), Ok(read) if read > 0) {}
        self.inputs.try_iter().collect()
    }
}

/// A new channel: the couriers' end and the run loop's.
pub fn channel() -> std::io::Result<(Courier, Arrivals)> {
    let (ours, theirs) = pi_agent_ask_crossterm::wake_pipe()?;
    let (inputs, received) = mpsc::channel();
    let courier = Courier {
        inputs,
        wake: Arc::new(theirs),
    };
    Ok((
        courier,
        Arrivals {
            inputs: received,
            wake: ours,
        },
    ))
}

#[cfg(test)]
mod tests {
    use super::*;
    use pi_agent_ask_core::input::{ClipboardImage, ClipboardProblem};
    use rustix::event::{PollFd, PollFlags, Timespec, poll};

    fn readable(arrivals: &Arrivals) -> bool {
        let fd = arrivals.fd();
        let mut fds = [PollFd::new(&fd, PollFlags::IN)];
        let now = Timespec {
            tv_sec: 0,
            tv_nsec: 0,
        };
        poll(&mut fds, Some(&now)).unwrap() == 1
    }

    #[test]
    fn a_delivered_input_makes_the_descriptor_readable_until_taken() {
        let (courier, mut arrivals) = channel().unwrap();
        assert!(!readable(&arrivals));
        let input = Input::ClipboardImage(ClipboardImage {
            read: 1,
            outcome: Err(ClipboardProblem::Empty),
        });
        assert!(courier.deliver(input.clone()));
        assert!(readable(&arrivals));
        assert_eq!(arrivals.take(), [input]);
        assert!(!readable(&arrivals));
    }
}
