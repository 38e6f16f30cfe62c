//! Deadlines of the timers a surface started with
//! [`Effect::StartTimer`](crate::effect::Effect::StartTimer).
//!
//! Time is data here: every "now" is the time since the run began, as the frontend's clock
//! (or a script) says, so the bookkeeping is the same for a terminal, a GUI and a test.

use std::time::Duration;

use crate::input::Timer;

/// The running timers and when each fires.
#[derive(Clone, Debug, Default)]
pub struct Timers {
    deadlines: Vec<(Timer, Duration)>,
}

impl Timers {
    /// Starts `timer` at `now`; a timer already running is restarted, so it fires once, a full
    /// duration after this start.
    pub fn start(&mut self, timer: Timer, now: Duration) {
        let deadline = now.saturating_add(Duration::from_millis(timer.duration_ms()));
        self.deadlines.retain(|(running, _)| *running != timer);
        self.deadlines.push((timer, deadline));
    }

    /// Whether no timer is running.
    pub fn is_empty(&self) -> bool {
        self.deadlines.is_empty()
    }

    /// When the next timer fires, if one is running.
    pub fn next_deadline(&self) -> Option<Duration> {
        self.deadlines.iter().map(|&(_, deadline)| deadline).min()
    }

    /// How long to wait for input at `now`: `max`, or less when a timer fires sooner.
    pub fn wait(&self, now: Duration, max: Duration) -> Duration {
        self.next_deadline()
            .map_or(max, |deadline| deadline.saturating_sub(now).min(max))
    }

    /// Removes and returns the timers due at `now`, the earliest first.
    pub fn take_due(&mut self, now: Duration) -> Vec<Timer> {
        let mut due: Vec<(Timer, Duration)> = Vec::new();
        self.deadlines.retain(|&(timer, deadline)| {
            let is_due = deadline <= now;
            if is_due {
                due.push((timer, deadline));
            }
            !is_due
        });
        due.sort_by_key(|&(_, deadline)| deadline);
        due.into_iter().map(|(timer, _)| timer).collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const RESET: Timer = Timer::ResetConfirmation;

    fn duration() -> Duration {
        Duration::from_millis(RESET.duration_ms())
    }

    #[test]
    fn a_timer_fires_once_after_its_duration() {
        let start = Duration::from_secs(7);
        let mut timers = Timers::default();
        timers.start(RESET, start);
        assert!(timers.take_due(start + duration() / 2).is_empty());
        assert_eq!(timers.take_due(start + duration()), vec![RESET]);
        assert!(timers.take_due(start + duration() * 2).is_empty());
        assert!(timers.is_empty());
    }

    #[test]
    fn the_wait_is_cut_short_by_the_next_deadline() {
        let start = Duration::from_secs(7);
        let mut timers = Timers::default();
        let max = Duration::from_millis(50);
        assert_eq!(timers.wait(start, max), max);
        timers.start(RESET, start);
        let near = start + Duration::from_millis(RESET.duration_ms() - 10);
        assert_eq!(timers.wait(near, max), Duration::from_millis(10));
        assert_eq!(timers.wait(start + duration() * 2, max), Duration::ZERO);
    }

    #[test]
    fn restarting_a_timer_moves_its_deadline() {
        let start = Duration::from_secs(7);
        let mut timers = Timers::default();
        timers.start(RESET, start);
        let later = start + duration() / 2;
        timers.start(RESET, later);
        assert!(timers.take_due(start + duration()).is_empty());
        assert_eq!(timers.next_deadline(), Some(later + duration()));
        assert_eq!(timers.take_due(later + duration()), vec![RESET]);
    }
}
