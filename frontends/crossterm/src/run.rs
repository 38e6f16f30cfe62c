//! The run loop: terminal events and timers in, frames out, until the surface is done or a
//! signal arrives.

use std::collections::VecDeque;
use std::io;
use std::time::{Duration, Instant};

use crossterm::event;
use pi_agent_ask_core::effect::{Effect, Surface};
use pi_agent_ask_core::input::Input;

use crate::event::{is_suspend_key, translate};
use crate::signals::{Request, Signal};
use crate::terminal::{TerminalOptions, TerminalSession};
use crate::timers::Timers;

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
    /// The effects the handler kept ([`Step::Keep`]), in order (for instance
    /// [`Effect::StopAgent`]).
    pub effects: Vec<Effect>,
}

impl Outcome {
    /// Did the surface ask to stop the agent's current operation?
    pub fn stop_agent_requested(&self) -> bool {
        self.effects.contains(&Effect::StopAgent)
    }
}

/// What the program did with an effect of the surface (see [`run_with`]).
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// The run is over: it ends with [`End::Finished`] and this effect.
    Finish,
    /// Nothing to do now: keep the effect in [`Outcome::effects`] and go on.
    Keep,
    /// Carried out: hand these inputs to the surface, in order, and go on (for instance
    /// [`Input::SettingsSaved`] after [`Effect::SaveSettings`]).
    Feed(Vec<Input>),
}

/// Runs `surface` until it produces an effect for which `is_done` returns true, keeping every
/// other effect in the outcome; [`run_with`] with a handler that only finishes or keeps.
pub fn run<S: Surface + ?Sized>(
    surface: &mut S,
    options: TerminalOptions,
    mut is_done: impl FnMut(&Effect) -> bool,
) -> io::Result<Outcome> {
    run_with(surface, options, |effect| {
        if is_done(effect) {
            Step::Finish
        } else {
            Step::Keep
        }
    })
}

/// Runs `surface` on the terminal until `on_effect` answers [`Step::Finish`], or until SIGINT,
/// SIGTERM or SIGHUP arrives. The terminal is restored before this returns, on success and on
/// error alike; restoring is best effort (a terminal that went away cannot be), so a failure
/// to restore never hides the outcome.
///
/// The loop carries out [`Effect::StartTimer`] itself: it keeps the deadline, waits for input
/// no longer than the next one, and hands the surface [`Input::TimerFired`] when it passes
/// (starting a running timer again restarts it). Every other effect goes to `on_effect`, in
/// order; the inputs it feeds back are handled before the next terminal event. Once an effect
/// finishes the run, the effects after it are kept unhandled.
///
/// The first frame is drawn at once; after each batch of events or fired timers the frame is
/// drawn again and only changed cells are written. The ctrl+z key suspends the process (the
/// terminal is restored meanwhile and fully redrawn on return); every other key, including
/// ctrl+c, goes to the surface.
pub fn run_with<S: Surface + ?Sized>(
    surface: &mut S,
    options: TerminalOptions,
    mut on_effect: impl FnMut(&Effect) -> Step,
) -> io::Result<Outcome> {
    let mut session = TerminalSession::enter(options)?;
    let mut driver = Driver {
        timers: Timers::default(),
        effects: Vec::new(),
    };
    session.draw(|size| surface.draw(size))?;
    loop {
        match session.take_signal() {
            Some(Request::End(signal)) => {
                drop(session);
                return Ok(driver.outcome(End::Interrupted(signal)));
            }
            Some(Request::Suspend) => {
                session.suspend()?;
                session.draw(|size| surface.draw(size))?;
                continue;
            }
            None => {}
        }
        let ready = event::poll(driver.timers.wait(Instant::now(), SIGNAL_CHECK_INTERVAL))?;
        let mut changed = false;
        for timer in driver.timers.take_due(Instant::now()) {
            changed = true;
            if let Some(done) = driver.dispatch(surface, Input::TimerFired(timer), &mut on_effect) {
                drop(session);
                return Ok(driver.outcome(End::Finished(done)));
            }
        }
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
                if let Some(done) =
                    input.and_then(|input| driver.dispatch(surface, input, &mut on_effect))
                {
                    drop(session);
                    return Ok(driver.outcome(End::Finished(done)));
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

/// The loop's state besides the terminal: running timers and the effects kept so far.
struct Driver {
    timers: Timers,
    effects: Vec<Effect>,
}

impl Driver {
    fn outcome(self, end: End) -> Outcome {
        Outcome {
            end,
            effects: self.effects,
        }
    }

    /// Hands one input to the surface and carries out the effects, feeding back what the
    /// handler returns; the effect that finishes the run, if any.
    fn dispatch<S: Surface + ?Sized>(
        &mut self,
        surface: &mut S,
        input: Input,
        on_effect: &mut impl FnMut(&Effect) -> Step,
    ) -> Option<Effect> {
        let mut queue = VecDeque::from([input]);
        while let Some(input) = queue.pop_front() {
            let mut effects = surface.handle(input).into_iter();
            while let Some(effect) = effects.next() {
                if let Effect::StartTimer(timer) = effect {
                    self.timers.start(timer, Instant::now());
                    continue;
                }
                match on_effect(&effect) {
                    Step::Finish => {
                        self.effects.extend(effects);
                        return Some(effect);
                    }
                    Step::Keep => self.effects.push(effect),
                    Step::Feed(inputs) => queue.extend(inputs),
                }
            }
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use pi_agent_ask_core::draw::{Frame, Size};
    use pi_agent_ask_core::input::Timer;
    use pi_agent_ask_core::keys::{Key, KeyCode, Modifiers};
    use pi_agent_ask_core::settings::Change;

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

    fn driver() -> Driver {
        Driver {
            timers: Timers::default(),
            effects: Vec::new(),
        }
    }

    fn keep_all(_: &Effect) -> Step {
        Step::Keep
    }

    #[test]
    fn effects_that_are_not_done_are_collected() {
        let mut surface = Scripted {
            answers: vec![vec![Effect::StopAgent]],
            seen: Vec::new(),
        };
        let mut driver = driver();
        let done = driver.dispatch(&mut surface, enter(), &mut keep_all);
        assert_eq!(done, None);
        assert_eq!(driver.effects, vec![Effect::StopAgent]);
        assert_eq!(surface.seen, vec![enter()]);
    }

    #[test]
    fn the_first_done_effect_ends_the_run() {
        let mut surface = Scripted {
            answers: vec![vec![Effect::StopAgent, Effect::StopAgent]],
            seen: Vec::new(),
        };
        let mut driver = driver();
        let done = driver.dispatch(&mut surface, enter(), &mut |_| Step::Finish);
        assert_eq!(done, Some(Effect::StopAgent));
        assert_eq!(driver.effects, vec![Effect::StopAgent]);
    }

    #[test]
    fn inputs_fed_back_reach_the_surface_in_order() {
        let change = Change::ResetToDefaults;
        let mut surface = Scripted {
            answers: vec![vec![Effect::SaveSettings(change)], vec![Effect::Close]],
            seen: Vec::new(),
        };
        let mut driver = driver();
        let done = driver.dispatch(&mut surface, enter(), &mut |effect| match effect {
            Effect::SaveSettings(_) => Step::Feed(vec![Input::SettingsSaved(Ok(()))]),
            _ => Step::Finish,
        });
        assert_eq!(done, Some(Effect::Close));
        assert_eq!(surface.seen, vec![enter(), Input::SettingsSaved(Ok(()))]);
    }

    #[test]
    fn timers_are_started_by_the_loop_not_the_handler() {
        let mut surface = Scripted {
            answers: vec![vec![Effect::StartTimer(Timer::ResetConfirmation)]],
            seen: Vec::new(),
        };
        let mut driver = driver();
        let done = driver.dispatch(&mut surface, enter(), &mut |_| Step::Finish);
        assert_eq!(done, None);
        assert!(driver.effects.is_empty());
        assert!(!driver.timers.is_empty());
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
