//! The run loop: terminal events in, frames out, until the surface is done or a signal arrives.

use std::io;
use std::time::Duration;

use crossterm::event;
use pi_agent_ask_core::effect::{Effect, Surface};
use pi_agent_ask_core::input::Input;

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
    /// The surface produced an effect the caller's `is_done` accepted; here it is.
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
    /// Every other effect the surface produced, in order (for instance [`Effect::StopAgent`]).
    pub effects: Vec<Effect>,
}

impl Outcome {
    /// Did the surface ask to stop the agent's current operation?
    pub fn stop_agent_requested(&self) -> bool {
        self.effects.contains(&Effect::StopAgent)
    }
}

/// Runs `surface` on the terminal until it produces an effect for which `is_done` returns true,
/// or until SIGINT, SIGTERM or SIGHUP arrives. The terminal is restored before this returns, on
/// success and on error alike; restoring is best effort (a terminal that went away cannot be),
/// so a failure to restore never hides the outcome.
///
/// The first frame is drawn at once; after each batch of events the frame is drawn again and
/// only changed cells are written. The ctrl+z key suspends the process (the terminal is restored
/// meanwhile and fully redrawn on return); every other key, including ctrl+c, goes to the
/// surface.
pub fn run<S: Surface + ?Sized>(
    surface: &mut S,
    options: TerminalOptions,
    mut is_done: impl FnMut(&Effect) -> bool,
) -> io::Result<Outcome> {
    let mut session = TerminalSession::enter(options)?;
    let mut effects = Vec::new();
    session.draw(|size| surface.draw(size))?;
    loop {
        match session.take_signal() {
            Some(Request::End(signal)) => {
                drop(session);
                return Ok(Outcome {
                    end: End::Interrupted(signal),
                    effects,
                });
            }
            Some(Request::Suspend) => {
                session.suspend()?;
                session.draw(|size| surface.draw(size))?;
                continue;
            }
            None => {}
        }
        if !event::poll(SIGNAL_CHECK_INTERVAL)? {
            continue;
        }
        for _ in 0..MAX_BATCH {
            let input = match translate(event::read()?, session.area()) {
                Some(Input::Key(key)) if is_suspend_key(&key) => {
                    session.suspend()?;
                    None
                }
                Some(Input::Resize(_)) => Some(Input::Resize(session.resize()?)),
                other => other,
            };
            if let Some(done) =
                input.and_then(|input| apply(surface, input, &mut is_done, &mut effects))
            {
                drop(session);
                return Ok(Outcome {
                    end: End::Finished(done),
                    effects,
                });
            }
            if !event::poll(BATCH_WAIT)? {
                break;
            }
        }
        session.draw(|size| surface.draw(size))?;
    }
}

/// Hands one input to the surface; returns the first effect that is done, and collects the
/// others.
fn apply<S: Surface + ?Sized>(
    surface: &mut S,
    input: Input,
    is_done: &mut impl FnMut(&Effect) -> bool,
    effects: &mut Vec<Effect>,
) -> Option<Effect> {
    let mut finished = None;
    for effect in surface.handle(input) {
        if finished.is_none() && is_done(&effect) {
            finished = Some(effect);
        } else {
            effects.push(effect);
        }
    }
    finished
}

#[cfg(test)]
mod tests {
    use pi_agent_ask_core::draw::{Frame, Size};
    use pi_agent_ask_core::input::{Key, KeyCode, Modifiers};

    use super::*;

    /// Answers every input with the effects queued for it.
    struct Scripted {
        answers: Vec<Vec<Effect>>,
        seen: Vec<Input>,
    }

    impl Surface for Scripted {
        fn handle(&mut self, input: Input) -> Vec<Effect> {
            self.seen.push(input);
            if self.answers.is_empty() {
                Vec::new()
            } else {
                self.answers.remove(0)
            }
        }

        fn draw(&self, size: Size) -> Frame {
            Frame {
                size,
                ..Frame::default()
            }
        }
    }

    fn enter() -> Input {
        Input::Key(Key {
            code: KeyCode::Enter,
            mods: Modifiers::default(),
        })
    }

    #[test]
    fn effects_that_are_not_done_are_collected() {
        let mut surface = Scripted {
            answers: vec![vec![Effect::StopAgent]],
            seen: Vec::new(),
        };
        let mut effects = Vec::new();
        let done = apply(&mut surface, enter(), &mut |_| false, &mut effects);
        assert_eq!(done, None);
        assert_eq!(effects, vec![Effect::StopAgent]);
        assert_eq!(surface.seen, vec![enter()]);
    }

    #[test]
    fn the_first_done_effect_ends_the_run() {
        let mut surface = Scripted {
            answers: vec![vec![Effect::StopAgent, Effect::StopAgent]],
            seen: Vec::new(),
        };
        let mut effects = Vec::new();
        let done = apply(&mut surface, enter(), &mut |_| true, &mut effects);
        assert_eq!(done, Some(Effect::StopAgent));
        assert_eq!(effects, vec![Effect::StopAgent]);
    }

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
