//! The run of a surface, for any frontend: the effect queue, the inputs fed back, the timers.
//!
//! A frontend owns the screen and the clock; the [`Runner`] owns everything between a surface
//! and the program's [`Handler`], so a terminal, a GUI and a key script drive a surface in
//! exactly the same way. The runner carries out [`Effect::StartTimer`] itself and hands every
//! other effect to the handler, which answers with a [`Step`]: plain data, so handlers are easy
//! to test and to swap (a real run and a dry run differ only in their handler).
//!
//! Time is data: every `now` is the monotonic time since the run began, as the frontend's clock
//! says (`start.elapsed()`) or as a script says. The runner reads no clock and never sleeps; it
//! tells the frontend how long it may wait ([`Runner::wait`]) and fires the timers that are due
//! when asked ([`Runner::fire_due`], [`Runner::advance_to`]).

mod timers;

#[cfg(test)]
mod tests;

use std::collections::VecDeque;
use std::time::Duration;

use crate::effect::{Effect, Surface};
use crate::input::Input;

pub use timers::Timers;

/// What the program did with an effect of the surface.
#[derive(Clone, Debug, PartialEq)]
pub enum Step {
    /// The run is over, and this effect is why.
    Finish,
    /// Nothing to do now: keep the effect ([`Runner::kept`]) and go on.
    Keep,
    /// Carried out: hand these inputs to the surface, in order, and go on (for instance
    /// [`Input::SettingsSaved`] after [`Effect::SaveSettings`]; none for a notification).
    Feed(Vec<Input>),
}

/// The program's side of a run: it carries out the effects a surface asks for.
///
/// Any `FnMut(&Effect) -> Step` closure is a handler.
pub trait Handler {
    /// Carries out one effect (never [`Effect::StartTimer`], which the runner keeps) and says
    /// how the run goes on.
    fn on_effect(&mut self, effect: &Effect) -> Step;
}

impl<F: FnMut(&Effect) -> Step> Handler for F {
    fn on_effect(&mut self, effect: &Effect) -> Step {
        self(effect)
    }
}

/// What firing the due timers came to.
#[derive(Clone, Debug, Default, PartialEq)]
#[must_use]
pub struct Fired {
    /// How many timers fired; the surface may look different when this is not zero.
    pub count: usize,
    /// The effect that finished the run, if one did.
    pub finished: Option<Effect>,
}

/// A surface's run between the frontend and the program's handler.
///
/// Every method that hands the surface something returns the effect that finished the run, if
/// one did; once an effect finishes it, the effects after it are kept unhandled, and the
/// frontend stops driving the surface.
#[derive(Clone, Debug, Default)]
pub struct Runner {
    timers: Timers,
    kept: Vec<Effect>,
}

impl Runner {
    /// A run with no timers and nothing kept yet.
    pub fn new() -> Self {
        Self::default()
    }

    /// Opens the surface ([`Surface::open`]) and carries out what it asks for. Call it once,
    /// before the first frame.
    pub fn open<S, H>(&mut self, surface: &mut S, now: Duration, handler: &mut H) -> Option<Effect>
    where
        S: Surface + ?Sized,
        H: Handler + ?Sized,
    {
        let effects = surface.open();
        self.carry_out(surface, effects, now, handler)
    }

    /// Hands one input to the surface at `now` and carries out its effects: timers start, the
    /// rest go to the handler in order, and the inputs the handler feeds back are handled in
    /// turn, before anything else.
    pub fn dispatch<S, H>(
        &mut self,
        surface: &mut S,
        input: Input,
        now: Duration,
        handler: &mut H,
    ) -> Option<Effect>
    where
        S: Surface + ?Sized,
        H: Handler + ?Sized,
    {
        let effects = surface.handle(input);
        self.carry_out(surface, effects, now, handler)
    }

    /// How long the frontend may wait for input at `now`: `max`, or less when a timer fires
    /// sooner.
    pub fn wait(&self, now: Duration, max: Duration) -> Duration {
        self.timers.wait(now, max)
    }

    /// When the next timer fires, if one is running.
    pub fn next_deadline(&self) -> Option<Duration> {
        self.timers.next_deadline()
    }

    /// Hands the surface [`Input::TimerFired`] for every timer due at `now`, the earliest
    /// first, carrying out the effects as [`Self::dispatch`] does.
    pub fn fire_due<S, H>(&mut self, surface: &mut S, now: Duration, handler: &mut H) -> Fired
    where
        S: Surface + ?Sized,
        H: Handler + ?Sized,
    {
        let mut fired = Fired::default();
        for timer in self.timers.take_due(now) {
            fired.count += 1;
            fired.finished = self.dispatch(surface, Input::TimerFired(timer), now, handler);
            if fired.finished.is_some() {
                break;
            }
        }
        fired
    }

    /// Lets scripted time pass up to `until`: every timer due by then fires at its own
    /// deadline, the earliest first, and so does a timer started meanwhile that is due by
    /// then too.
    pub fn advance_to<S, H>(&mut self, surface: &mut S, until: Duration, handler: &mut H) -> Fired
    where
        S: Surface + ?Sized,
        H: Handler + ?Sized,
    {
        let mut total = Fired::default();
        while let Some(deadline) = self.next_deadline().filter(|deadline| *deadline <= until) {
            let fired = self.fire_due(surface, deadline, handler);
            total.count += fired.count;
            if fired.finished.is_some() {
                total.finished = fired.finished;
                break;
            }
        }
        total
    }

    /// The effects the handler kept ([`Step::Keep`]) and those left unhandled after the one
    /// that finished the run, in order.
    pub fn kept(&self) -> &[Effect] {
        &self.kept
    }

    /// Ends the run, giving back what [`Self::kept`] shows.
    pub fn into_kept(self) -> Vec<Effect> {
        self.kept
    }

    /// Carries out `effects`, then the effects of every input fed back, until none is left or
    /// one finishes the run.
    fn carry_out<S, H>(
        &mut self,
        surface: &mut S,
        effects: Vec<Effect>,
        now: Duration,
        handler: &mut H,
    ) -> Option<Effect>
    where
        S: Surface + ?Sized,
        H: Handler + ?Sized,
    {
        let mut queue = VecDeque::new();
        let mut effects = effects.into_iter();
        loop {
            while let Some(effect) = effects.next() {
                if let Effect::StartTimer(timer) = effect {
                    self.timers.start(timer, now);
                    continue;
                }
                match handler.on_effect(&effect) {
                    Step::Finish => {
                        self.kept.extend(effects);
                        return Some(effect);
                    }
                    Step::Keep => self.kept.push(effect),
                    Step::Feed(inputs) => queue.extend(inputs),
                }
            }
            effects = surface.handle(queue.pop_front()?).into_iter();
        }
    }
}
