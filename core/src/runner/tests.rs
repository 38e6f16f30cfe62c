use std::time::Duration;

use super::*;
use crate::draw::{Frame, Size};
use crate::input::Timer;
use crate::keys::{Key, KeyCode, Modifiers};
use crate::settings::{Change, Notification};

const RESET: Timer = Timer::ResetConfirmation;

/// Answers every input with the effects queued for it, and its opening with `opening`.
#[derive(Default)]
struct Scripted {
    opening: Vec<Effect>,
    answers: Vec<Vec<Effect>>,
    seen: Vec<Input>,
}

impl Scripted {
    fn answering(answers: Vec<Vec<Effect>>) -> Self {
        Self {
            answers,
            ..Self::default()
        }
    }
}

impl Surface for Scripted {
    fn open(&mut self) -> Vec<Effect> {
        std::mem::take(&mut self.opening)
    }

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

fn secs(seconds: u64) -> Duration {
    Duration::from_secs(seconds)
}

fn keep_all(_: &Effect) -> Step {
    Step::Keep
}

fn reset_duration() -> Duration {
    Duration::from_millis(RESET.duration_ms())
}

#[test]
fn effects_that_are_not_done_are_kept() {
    let mut surface = Scripted::answering(vec![vec![Effect::StopAgent]]);
    let mut runner = Runner::new();
    let done = runner.dispatch(&mut surface, enter(), secs(0), &mut keep_all);
    assert_eq!(done, None);
    assert_eq!(runner.kept(), [Effect::StopAgent]);
    assert_eq!(surface.seen, vec![enter()]);
}

#[test]
fn the_first_done_effect_ends_the_run_and_the_rest_are_kept_unhandled() {
    let mut surface = Scripted::answering(vec![vec![Effect::StopAgent, Effect::Close]]);
    let mut runner = Runner::new();
    let mut handled = Vec::new();
    let done = runner.dispatch(&mut surface, enter(), secs(0), &mut |effect: &Effect| {
        handled.push(effect.clone());
        Step::Finish
    });
    assert_eq!(done, Some(Effect::StopAgent));
    assert_eq!(handled, [Effect::StopAgent]);
    assert_eq!(runner.into_kept(), [Effect::Close]);
}

#[test]
fn inputs_fed_back_reach_the_surface_in_order() {
    let change = Change::ResetToDefaults;
    let mut surface = Scripted::answering(vec![
        vec![Effect::SaveSettings(change), Effect::SaveSettings(change)],
        Vec::new(),
        vec![Effect::Close],
    ]);
    let mut runner = Runner::new();
    let saved = |ok| Input::SettingsSaved(if ok { Ok(()) } else { Err("full".into()) });
    let mut answers = vec![true, false].into_iter();
    let done = runner.dispatch(
        &mut surface,
        enter(),
        secs(0),
        &mut |effect: &Effect| match effect {
            Effect::SaveSettings(_) => Step::Feed(vec![saved(answers.next().unwrap_or(true))]),
            _ => Step::Finish,
        },
    );
    assert_eq!(done, Some(Effect::Close));
    assert_eq!(surface.seen, vec![enter(), saved(true), saved(false)]);
}

#[test]
fn timers_are_started_by_the_runner_not_the_handler() {
    let mut surface = Scripted::answering(vec![vec![Effect::StartTimer(RESET)]]);
    let mut runner = Runner::new();
    let done = runner.dispatch(&mut surface, enter(), secs(0), &mut |_: &Effect| {
        Step::Finish
    });
    assert_eq!(done, None);
    assert!(runner.kept().is_empty());
    assert_eq!(runner.next_deadline(), Some(reset_duration()));
}

#[test]
fn a_timer_fires_as_an_input_once_its_duration_has_passed() {
    let mut surface = Scripted::answering(vec![vec![Effect::StartTimer(RESET)]]);
    let mut runner = Runner::new();
    let _ = runner.dispatch(&mut surface, enter(), secs(10), &mut keep_all);
    let early = runner.fire_due(&mut surface, secs(10) + reset_duration() / 2, &mut keep_all);
    assert_eq!(early, Fired::default());
    let due = runner.fire_due(&mut surface, secs(10) + reset_duration(), &mut keep_all);
    assert_eq!(due.count, 1);
    assert_eq!(surface.seen, vec![enter(), Input::TimerFired(RESET)]);
    assert_eq!(runner.next_deadline(), None);
}

#[test]
fn a_timer_started_again_fires_a_full_duration_after_the_restart() {
    let start = vec![Effect::StartTimer(RESET)];
    let mut surface = Scripted::answering(vec![start.clone(), start]);
    let mut runner = Runner::new();
    let _ = runner.dispatch(&mut surface, enter(), secs(0), &mut keep_all);
    let _ = runner.dispatch(&mut surface, enter(), secs(2), &mut keep_all);
    let first_deadline = runner.fire_due(&mut surface, reset_duration(), &mut keep_all);
    assert_eq!(first_deadline.count, 0);
    let restarted = runner.fire_due(&mut surface, secs(2) + reset_duration(), &mut keep_all);
    assert_eq!(restarted.count, 1);
}

#[test]
fn the_frontend_may_wait_until_the_next_deadline_and_no_longer() {
    let max = Duration::from_millis(50);
    let mut surface = Scripted::answering(vec![vec![Effect::StartTimer(RESET)]]);
    let mut runner = Runner::new();
    assert_eq!(runner.wait(secs(0), max), max);
    let _ = runner.dispatch(&mut surface, enter(), secs(0), &mut keep_all);
    let near = Duration::from_millis(RESET.duration_ms() - 10);
    assert_eq!(runner.wait(near, max), Duration::from_millis(10));
    assert_eq!(runner.wait(reset_duration() * 2, max), Duration::ZERO);
}

#[test]
fn a_fired_timer_can_finish_the_run() {
    let mut surface = Scripted::answering(vec![
        vec![Effect::StartTimer(RESET)],
        vec![Effect::StopAgent],
    ]);
    let mut runner = Runner::new();
    let mut finish = |_: &Effect| Step::Finish;
    let _ = runner.dispatch(&mut surface, enter(), secs(0), &mut finish);
    let fired = runner.fire_due(&mut surface, reset_duration(), &mut finish);
    assert_eq!(fired.count, 1);
    assert_eq!(fired.finished, Some(Effect::StopAgent));
}

#[test]
fn opening_a_surface_carries_out_what_it_asks_for() {
    let notification = Notification::question_waiting("Database");
    let mut surface = Scripted {
        opening: vec![
            Effect::Notify(notification.clone()),
            Effect::StartTimer(RESET),
        ],
        ..Scripted::default()
    };
    let mut runner = Runner::new();
    let mut handled = Vec::new();
    let done = runner.open(&mut surface, secs(1), &mut |effect: &Effect| {
        handled.push(effect.clone());
        Step::Feed(Vec::new())
    });
    assert_eq!(done, None);
    assert_eq!(handled, [Effect::Notify(notification)]);
    assert!(runner.kept().is_empty());
    assert_eq!(runner.next_deadline(), Some(secs(1) + reset_duration()));
}

#[test]
fn scripted_time_fires_each_timer_at_its_own_deadline() {
    let again = vec![Effect::StartTimer(RESET)];
    let mut surface = Scripted::answering(vec![again.clone(), again.clone(), again]);
    let mut runner = Runner::new();
    let _ = runner.dispatch(&mut surface, enter(), secs(0), &mut keep_all);
    let fired = runner.advance_to(&mut surface, reset_duration() * 2, &mut keep_all);
    assert_eq!(fired.count, 2, "fired at 3s, restarted and fired at 6s");
    assert_eq!(runner.next_deadline(), Some(reset_duration() * 3));
    let none = runner.advance_to(&mut surface, secs(8), &mut keep_all);
    assert_eq!(none, Fired::default());
}

/// A handler as a type, as a program writes one.
struct Counting {
    seen: usize,
}

impl Handler for Counting {
    fn on_effect(&mut self, _: &Effect) -> Step {
        self.seen += 1;
        Step::Keep
    }
}

#[test]
fn a_handler_type_and_a_closure_drive_a_run_alike() {
    let answers = || vec![vec![Effect::StopAgent, Effect::OpenSettings]];
    let mut counting = Counting { seen: 0 };
    let mut by_type = Runner::new();
    let _ = by_type.dispatch(
        &mut Scripted::answering(answers()),
        enter(),
        secs(0),
        &mut counting,
    );
    let mut by_closure = Runner::new();
    let _ = by_closure.dispatch(
        &mut Scripted::answering(answers()),
        enter(),
        secs(0),
        &mut keep_all,
    );
    assert_eq!(counting.seen, 2);
    assert_eq!(by_type.kept(), by_closure.kept());
}
