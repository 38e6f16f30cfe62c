//! The run loop on the terminal: terminal events, signals, suspend and resize in, frames out.
//!
//! Everything between the surface and the program (the effect queue, the inputs fed back, the
//! timers) is the core [`Runner`]'s; this loop only adds the terminal and the clock.

use std::io;
use std::time::{Duration, Instant};

use crossterm::event;
use pi_agent_ask_core::effect::{Effect, Surface};
use pi_agent_ask_core::input::Input;
use pi_agent_ask_core::runner::{Handler, Runner, Step};

use crate::event::{is_suspend_key, translate};
use crate::signals::{Request, Signal};
use crate::terminal::{TerminalOptions, TerminalSession};

/// How long the loop waits for an event before it looks for signals again.
const SIGNAL_CHECK_INTERVAL: Duration = Duration::from_millis(50);

/// How long the loop waits for a further event of the same batch before it redraws.
const BATCH_WAIT: Duration = Duration::from_millis(1);

/// The most events handled between two redraws, so the screen keeps up with a stream of input.
const MAX_BATCH: usize = 64;

/// Why a run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum End {
    /// The effect handler finished the run on this effect.
    Finished(Effect),
    /// A signal ended the run; the terminal was restored first. A program conventionally exits
    /// with status `128 + signal.number()`.
    Interrupted(Signal),
}

/// What a run produced.
#[derive(Clone, Debug, PartialEq)]
pub struct Outcome {
    /// Why it ended.
    pub end: End,
    /// The effects the handler kept ([`Step::Keep`]) and those left after the one that
    /// finished the run, in order (for instance [`Effect::StopAgent`]).
    pub effects: Vec<Effect>,
}

impl Outcome {
    /// Did the surface ask to stop the agent's current operation?
    pub fn stop_agent_requested(&self) -> bool {
        self.effects.contains(&Effect::StopAgent)
    }
}

/// Runs `surface` until it produces an effect for which `is_done` returns true, keeping every
/// other effect in the outcome; [`run_with`] with a handler that only finishes or keeps.
pub fn run<S: Surface + ?Sized>(
    surface: &mut S,
    options: TerminalOptions,
    mut is_done: impl FnMut(&Effect) -> bool,
) -> io::Result<Outcome> {
    let mut handler = |effect: &Effect| {
        if is_done(effect) {
            Step::Finish
        } else {
            Step::Keep
        }
    };
    run_with(surface, options, &mut handler)
}

/// Runs `surface` on the terminal until `handler` answers [`Step::Finish`], or until SIGINT,
/// SIGTERM or SIGHUP arrives. The terminal is restored before this returns, on success and on
/// error alike; restoring is best effort (a terminal that went away cannot be), so a failure
/// to restore never hides the outcome.
///
/// A core [`Runner`] carries the effects: the surface is opened ([`Surface::open`]) before
/// the first frame, timers run on this loop's clock (the time since the run began), the wait
/// for input is cut short by the next deadline, and the inputs the handler feeds back are
/// handled before the next terminal event.
///
/// The first frame is drawn at once; after each batch of events or fired timers the frame is
/// drawn again and only changed cells are written. The ctrl+z key suspends the process (the
/// terminal is restored meanwhile and fully redrawn on return); every other key, including
/// ctrl+c, goes to the surface.
pub fn run_with<S, H>(
    surface: &mut S,
    options: TerminalOptions,
    handler: &mut H,
) -> io::Result<Outcome>
where
    S: Surface + ?Sized,
    H: Handler + ?Sized,
{
    let start = Instant::now();
    let mut session = TerminalSession::enter(options)?;
    let mut runner = Runner::new();
    if let Some(done) = runner.open(surface, start.elapsed(), handler) {
        drop(session);
        return Ok(outcome(runner, End::Finished(done)));
    }
    session.draw(|size| surface.draw(size))?;
    loop {
        match session.take_signal() {
            Some(Request::End(signal)) => {
                drop(session);
                return Ok(outcome(runner, End::Interrupted(signal)));
            }
            Some(Request::Suspend) => {
                session.suspend()?;
                session.draw(|size| surface.draw(size))?;
                continue;
            }
            None => {}
        }
        let ready = event::poll(runner.wait(start.elapsed(), SIGNAL_CHECK_INTERVAL))?;
        let fired = runner.fire_due(surface, start.elapsed(), handler);
        if let Some(done) = fired.finished {
            drop(session);
            return Ok(outcome(runner, End::Finished(done)));
        }
        let mut changed = fired.count > 0;
        if ready {
            changed = true;
            for _ in 0..MAX_BATCH {
                let input = match translate(event::read()?, session.area()) {
                    Some(Input::Key(key)) if is_suspend_key(&key) => {
                        session.suspend()?;
                        None
                    }
                    Some(Input::Resize(_)) => Some(Input::Resize(session.resize()?)),
                    other => other,
                };
                let done = input
                    .and_then(|input| runner.dispatch(surface, input, start.elapsed(), handler));
                if let Some(done) = done {
                    drop(session);
                    return Ok(outcome(runner, End::Finished(done)));
                }
                if !event::poll(BATCH_WAIT)? {
                    break;
                }
            }
        }
        if changed {
            session.draw(|size| surface.draw(size))?;
        }
    }
}

fn outcome(runner: Runner, end: End) -> Outcome {
    Outcome {
        end,
        effects: runner.into_kept(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn stop_agent_is_reported_in_the_outcome() {
        let stopped = Outcome {
            end: End::Interrupted(Signal::Terminate),
            effects: vec![Effect::StopAgent],
        };
        assert!(stopped.stop_agent_requested());
        let quiet = Outcome {
            end: End::Interrupted(Signal::Hangup),
            effects: Vec::new(),
        };
        assert!(!quiet.stop_agent_requested());
    }
}
