//! An asker that holds is handed what its form holds as the person works on it: a change
//! after a pause at once, then at most once a second while it changes.

use super::{arrival, feed, inbox, keys, typed};
use crate::effect::Effect;
use crate::input::{InboxEvent, Input, Timer};

/// The arrival of ask `id`, its asker keeping what the form holds.
fn holding(id: &str) -> Input {
    let Input::Inbox(InboxEvent::Arrived(mut arrival)) = arrival(id, "Holding") else {
        panic!("an arrival");
    };
    arrival.holds = true;
    Input::Inbox(InboxEvent::Arrived(arrival))
}

fn hold_timers(effects: &[Effect]) -> usize {
    effects
        .iter()
        .filter(|effect| **effect == Effect::StartTimer(Timer::HoldDrafts))
        .count()
}

/// The written answer of each hold among `effects`.
fn held_texts(effects: &[Effect]) -> Vec<String> {
    effects
        .iter()
        .filter_map(|effect| match effect {
            Effect::Hold { ask, drafts } if ask.0 == "a" => Some(drafts[0].custom_text.clone()),
            _ => None,
        })
        .collect()
}

const FIRED: Input = Input::TimerFired(Timer::HoldDrafts);

#[test]
fn an_asker_that_holds_is_handed_a_change_at_once_then_at_most_once_a_second() {
    let mut inbox = inbox();
    let mut inputs = vec![holding("a")];
    inputs.extend(keys("down down"));
    let effects = feed(&mut inbox, inputs);
    assert!(
        held_texts(&effects).is_empty(),
        "moving changes nothing: {effects:?}"
    );
    assert_eq!(hold_timers(&effects), 0);

    let effects = feed(&mut inbox, typed("enter h i"));
    let held = held_texts(&effects);
    assert_eq!(
        held.len(),
        1,
        "the first change at once, the rest wait: {effects:?}"
    );
    assert_eq!(hold_timers(&effects), 1);

    let effects = feed(&mut inbox, [FIRED]);
    assert_eq!(
        held_texts(&effects),
        ["hi"],
        "the open editor's text counts"
    );
    assert_eq!(hold_timers(&effects), 1, "it changed: the timer runs on");

    let effects = feed(&mut inbox, [FIRED]);
    assert!(held_texts(&effects).is_empty(), "nothing changed since");
    assert_eq!(hold_timers(&effects), 0, "the pause begins");

    let effects = feed(&mut inbox, typed("!"));
    assert_eq!(
        held_texts(&effects),
        ["hi!"],
        "a change after a pause goes at once"
    );
}

#[test]
fn an_asker_that_does_not_hold_is_handed_nothing_as_the_person_works() {
    let mut inbox = inbox();
    let mut inputs = vec![arrival("a", "Quiet")];
    inputs.extend(keys("down down enter h i"));
    inputs.push(FIRED);
    let effects = feed(&mut inbox, inputs);
    assert_eq!(hold_timers(&effects), 0);
    assert!(held_texts(&effects).is_empty());
}
