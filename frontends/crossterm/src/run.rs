//! The run loop on the terminal: terminal input, signals, suspend and resize in, frames out.
//!
//! Everything between the surface and the program (the effect queue, the inputs fed back, the
//! timers) is the core [`Runner`]'s; this loop only adds the terminal and the clock. It sleeps
//! in one blocking wait on the terminal and on the signals' wake-up pipe (and, with
//! [`run_with_source`], on the descriptor of inputs from elsewhere), until the next timer
//! or the time a cut escape sequence is given up, and not at all otherwise: an idle form never
//! wakes up, and a signal acts at once whatever the input was in the middle of.

use std::io;
use std::ops::ControlFlow;
use std::os::fd::BorrowedFd;
use std::time::{Duration, Instant};

use pi_agent_ask_core::effect::{Effect, Surface};
use pi_agent_ask_core::input::Input;
use pi_agent_ask_core::runner::{Handler, Runner, Step};

use crate::backend::is_gone;
use crate::decode::Decoder;
use crate::event::{is_suspend_key, translate};
use crate::jobs::{JobControl, Stop};
use crate::reader::Woken;
use crate::release::{await_release, is_press};
use crate::signals::{Request, Signal};
use crate::terminal::{TerminalOptions, TerminalSession};

/// Why a run ended.
#[derive(Clone, Debug, PartialEq)]
pub enum End {
    /// The effect handler finished the run on this effect.
    Finished(Effect),
    /// A signal ended the run; the terminal was restored first. A program conventionally exits
    /// with status `128 + signal.number()`.
    Interrupted(Signal),
    /// The program's standard output lost its reader, which the session watched
    /// ([`crate::output_watch::OutputWatch`]): the host that waits for the result went away. The
    /// terminal was restored first; a program conventionally exits as SIGPIPE would end it,
    /// with status 141.
    OutputClosed,
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

/// Inputs from outside the terminal (the askers of an answer inbox), waited for in the run's
/// one blocking wait beside the terminal and the signals.
pub trait ExternalInputs {
    /// The descriptor that becomes readable when there are inputs to take.
    fn fd(&self) -> BorrowedFd<'_>;

    /// The inputs that came in, in order; called once the descriptor is readable, it empties
    /// what made it so.
    fn take(&mut self) -> Vec<Input>;
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

/// Runs `surface` on the terminal until `handler` answers [`Step::Finish`], or until a signal
/// that would end the process arrives ([`Signal`]), or the terminal goes away (which ends the
/// run as SIGHUP does, whether or not the signal comes). The terminal is restored before this
/// returns, on success and on error alike; restoring is best effort (a terminal that went away
/// cannot be), so a failure to restore never hides the outcome.
///
/// A core [`Runner`] carries the effects: the surface is opened ([`Surface::open`]) before
/// the first frame, timers run on this loop's clock (the time since the run began), the wait
/// for input lasts until the next deadline, and the inputs the handler feeds back are handled
/// before the next terminal input.
///
/// The first frame is drawn at once; after each batch of input or fired timers the frame is
/// drawn again and only changed cells are written. The ctrl+z key suspends the whole job,
/// where there is job control (the terminal is restored meanwhile and fully redrawn on
/// return), and is ignored where there is none; every other key, including ctrl+c, goes to the
/// surface.
pub fn run_with<S, H>(
    surface: &mut S,
    options: TerminalOptions,
    handler: &mut H,
) -> io::Result<Outcome>
where
    S: Surface + ?Sized,
    H: Handler + ?Sized,
{
    run_beside(surface, options, handler, None)
}

/// [`run_with`], also handing the surface the inputs of `source` as they come: the run
/// sleeps in the same one wait on the terminal, the signals and `source`'s descriptor.
pub fn run_with_source<S, H>(
    surface: &mut S,
    options: TerminalOptions,
    handler: &mut H,
    source: &mut dyn ExternalInputs,
) -> io::Result<Outcome>
where
    S: Surface + ?Sized,
    H: Handler + ?Sized,
{
    run_beside(surface, options, handler, Some(source))
}

fn run_beside<S, H>(
    surface: &mut S,
    options: TerminalOptions,
    handler: &mut H,
    source: Option<&mut dyn ExternalInputs>,
) -> io::Result<Outcome>
where
    S: Surface + ?Sized,
    H: Handler + ?Sized,
{
    let start = Instant::now();
    let mut session = TerminalSession::enter(options)?;
    let mut runner = Runner::new();
    let parts = Parts {
        runner: &mut runner,
        source,
        start,
    };
    let end = match drive(&mut session, surface, parts, handler) {
        Ok(end) => end,
        Err(error) => match session.take_signal() {
            Some(Request::End(signal)) => End::Interrupted(signal),
            _ if is_gone(&error) => End::Interrupted(Signal::Hangup),
            _ => return Err(error),
        },
    };
    if end == End::Interrupted(Signal::Hangup) {
        session.note_hang_up();
    } else {
        session.settle_size();
    }
    drop(session);
    Ok(outcome(runner, end))
}

/// How long keys read together are handled before the screen shows what they did so far.
const SHOW_PROGRESS_EVERY: Duration = Duration::from_millis(50);

/// What the loop drives a surface with besides the terminal.
struct Parts<'a, 'b> {
    runner: &'a mut Runner,
    source: Option<&'a mut (dyn ExternalInputs + 'b)>,
    start: Instant,
}

/// The loop itself; an error leaves the session to the caller to restore.
fn drive<S, H>(
    session: &mut TerminalSession,
    surface: &mut S,
    parts: Parts<'_, '_>,
    handler: &mut H,
) -> io::Result<End>
where
    S: Surface + ?Sized,
    H: Handler + ?Sized,
{
    let Parts {
        runner,
        mut source,
        start,
    } = parts;
    if let Some(done) = runner.open(surface, start.elapsed(), handler) {
        return Ok(End::Finished(done));
    }
    let mut decoder = Decoder::new();
    let mut changed = true;
    // Signals are looked for at the start and whenever the wait says one came; a signal that
    // comes with terminal bytes keeps its wake-up readable, so the next wait says so at once.
    let mut signalled = true;
    loop {
        if signalled {
            match follow_signals(session, runner, surface, handler, start)? {
                ControlFlow::Break(end) => return Ok(end),
                ControlFlow::Continue(acted) => changed |= acted,
            }
        }
        if changed {
            if let Some(size) = session.follow_unannounced_move()?
                && let Some(done) =
                    runner.dispatch(surface, Input::Resize(size), start.elapsed(), handler)
            {
                return Ok(End::Finished(done));
            }
            session.draw(|size| surface.draw(size))?;
        }
        let timeout = earliest(runner.next_deadline(), decoder.deadline())
            .map(|deadline| deadline.saturating_sub(start.elapsed()));
        let woken = session.wait(timeout, source.as_ref().map(|source| source.fd()))?;
        signalled = woken == Woken::Signal;
        let now = start.elapsed();
        let mut events = decoder.expire(now);
        let mut external = Vec::new();
        match woken {
            Woken::Read(bytes) => events.extend(decoder.feed(&bytes, now)),
            Woken::HungUp => return Ok(End::Interrupted(Signal::Hangup)),
            Woken::OutputClosed => return Ok(End::OutputClosed),
            Woken::External => {
                external = source
                    .as_mut()
                    .map(|source| source.take())
                    .unwrap_or_default();
            }
            Woken::Signal | Woken::Timeout => {}
        }
        let fired = runner.fire_due(surface, now, handler);
        if let Some(done) = fired.finished {
            return Ok(End::Finished(done));
        }
        changed = fired.count > 0 || !external.is_empty();
        for input in external {
            if let Some(done) = runner.dispatch(surface, input, start.elapsed(), handler) {
                return Ok(End::Finished(done));
            }
        }
        let mut events = events.into_iter();
        let mut shown_at = start.elapsed();
        while let Some(event) = events.next() {
            let press = is_press(&event);
            let mut suspended = false;
            let input = match translate(event, session.area()) {
                Some(Input::Key(key)) if is_suspend_key(&key) => {
                    changed = true;
                    let input = suspend(session, Stop::Job)?;
                    suspended = input.is_some();
                    input
                }
                other => other,
            };
            let Some(input) = input else {
                continue;
            };
            changed = true;
            if let Some(done) = runner.dispatch(surface, input, start.elapsed(), handler) {
                if press {
                    await_release(session, &mut decoder, events.as_slice(), start);
                }
                return Ok(End::Finished(done));
            }
            if suspended {
                // What came after the suspend key was dropped with the terminal's input.
                decoder.drop_kept();
                break;
            }
            // Keys read together are shown together, unless they take long (a flood typed
            // into a megabyte of text): the screen then follows them every so often, and the
            // signals too, so a resize or a signal that ends the run does not wait for the
            // flood.
            if !events.as_slice().is_empty()
                && start.elapsed().saturating_sub(shown_at) >= SHOW_PROGRESS_EVERY
            {
                if let ControlFlow::Break(end) =
                    follow_signals(session, runner, surface, handler, start)?
                {
                    return Ok(end);
                }
                session.draw(|size| surface.draw(size))?;
                shown_at = start.elapsed();
            }
        }
    }
}

/// Acts on the signals recorded, the most pressing first, until none is left: breaks with how
/// the run ends if one ends it, else continues with whether there was any.
fn follow_signals<S, H>(
    session: &mut TerminalSession,
    runner: &mut Runner,
    surface: &mut S,
    handler: &mut H,
    start: Instant,
) -> io::Result<ControlFlow<End, bool>>
where
    S: Surface + ?Sized,
    H: Handler + ?Sized,
{
    let mut acted = false;
    while let Some(request) = session.take_signal() {
        let input = match request {
            Request::End(signal) => return Ok(ControlFlow::Break(End::Interrupted(signal))),
            Request::Suspend => suspend(session, Stop::Process)?,
            Request::TakeBack => Some(Input::Resize(session.take_back()?)),
            Request::Resize => Some(Input::Resize(session.resize()?)),
        };
        acted = true;
        if let Some(done) =
            input.and_then(|input| runner.dispatch(surface, input, start.elapsed(), handler))
        {
            return Ok(ControlFlow::Break(End::Finished(done)));
        }
    }
    Ok(ControlFlow::Continue(acted))
}

/// Suspends the session where there is job control; once continued, the surface hears the
/// terminal's size again, since it may have changed meanwhile.
fn suspend(session: &mut TerminalSession, stop: Stop) -> io::Result<Option<Input>> {
    Ok(match session.suspend(stop)? {
        JobControl::Available => Some(Input::Resize(session.size())),
        JobControl::Unavailable => None,
    })
}

/// The sooner of two deadlines, if there is one.
fn earliest(a: Option<Duration>, b: Option<Duration>) -> Option<Duration> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (one, other) => one.or(other),
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
    fn the_wait_lasts_until_the_sooner_deadline_or_for_ever() {
        let (soon, late) = (Duration::from_millis(5), Duration::from_secs(5));
        assert_eq!(earliest(Some(late), Some(soon)), Some(soon));
        assert_eq!(earliest(None, Some(late)), Some(late));
        assert_eq!(earliest(Some(soon), None), Some(soon));
        assert_eq!(earliest(None, None), None);
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
