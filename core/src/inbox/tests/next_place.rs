//! The front place an asker that holds asks back keeps for its next one: an MCP server's
//! queued forms come one after another, before asks that arrived meanwhile, with no idle
//! screen between them.

use super::{SIZE, arrival, feed, inbox, keys, replies, screen, typed};
use crate::effect::{Effect, Surface};
use crate::input::{InboxEvent, Input, Timer};

/// `arrival(id, title)` from the process `process`, holding `behind` more asks back.
fn from_process(id: &str, title: &str, process: u32, behind: usize) -> Input {
    let Input::Inbox(InboxEvent::Arrived(mut arrival)) = arrival(id, title) else {
        unreachable!("an arrival");
    };
    arrival.process = Some(process);
    arrival.behind = behind;
    Input::Inbox(InboxEvent::Arrived(arrival))
}

fn label(inbox: &super::Inbox) -> String {
    screen(&inbox.draw(SIZE))[0].trim().to_owned()
}

const SERVER: u32 = 700;

/// An inbox where the server's form `a`, holding one more back, was just answered while a
/// shell's ask `x` waited.
fn answered_with_a_shell_ask_waiting() -> super::Inbox {
    let mut inbox = inbox();
    feed(
        &mut inbox,
        [
            from_process("a", "First", SERVER, 1),
            from_process("x", "Shell", 9, 0),
        ],
    );
    feed(&mut inbox, keys("enter enter"));
    inbox
}

#[test]
fn a_servers_next_form_takes_the_place_its_answered_one_left_before_asks_that_came_meanwhile() {
    let mut inbox = inbox();
    feed(&mut inbox, [from_process("a", "First", SERVER, 1)]);
    feed(&mut inbox, [from_process("x", "Shell", 9, 0)]);
    assert_eq!(label(&inbox), "agent-a in /work/a · First · 2 more waiting");
    let effects = feed(&mut inbox, keys("enter enter"));
    assert_eq!(replies(&effects)[0].0, "a");
    assert!(effects.contains(&Effect::StartTimer(Timer::NextHeldBack)));
    assert_eq!(
        label(&inbox),
        "agent-a in /work/a · First · 2 more waiting",
        "the answered form stays, as it was, while the server sends its next"
    );
    let shown = screen(&inbox.draw(SIZE)).join("\n");
    assert!(
        shown.contains("Postgres") && shown.contains("Submit"),
        "the form as it was left, not a blank pane: {shown}"
    );
    assert!(
        shown.contains("Answered · the next question from this asker is on its way"),
        "its footer says it was answered: {shown}"
    );
    assert!(
        !shown.contains("enter"),
        "and offers no key, since it takes none: {shown}"
    );
    feed(&mut inbox, [from_process("b", "Second", SERVER, 0)]);
    assert_eq!(
        label(&inbox),
        "agent-b in /work/b · Second · 1 more waiting",
        "the server's next form, before the shell's ask that came before it"
    );
    feed(&mut inbox, keys("enter enter"));
    assert_eq!(label(&inbox), "agent-x in /work/x · Shell");
}

#[test]
fn the_answered_form_takes_no_input_while_its_place_is_kept() {
    let mut inbox = inbox();
    feed(&mut inbox, [from_process("a", "First", SERVER, 1)]);
    feed(&mut inbox, keys("enter enter"));
    let before = screen(&inbox.draw(SIZE));
    let effects = feed(&mut inbox, typed("down enter ctrl+c"));
    assert!(effects.is_empty(), "{effects:?}");
    assert!(!inbox.is_closed(), "ctrl+c closes only the idle screen");
    assert_eq!(screen(&inbox.draw(SIZE)), before);
}

#[test]
fn a_place_whose_next_ask_never_comes_is_given_up_when_its_time_runs_out() {
    let mut inbox = answered_with_a_shell_ask_waiting();
    feed(&mut inbox, [Input::TimerFired(Timer::NextHeldBack)]);
    assert_eq!(label(&inbox), "agent-x in /work/x · Shell");
    feed(&mut inbox, [from_process("b", "Second", SERVER, 0)]);
    assert_eq!(
        label(&inbox),
        "agent-x in /work/x · Shell · 1 more waiting",
        "late, it waits its turn"
    );
    feed(&mut inbox, keys("enter enter"));
    feed(&mut inbox, keys("enter enter"));
    feed(&mut inbox, [Input::TimerFired(Timer::NextHeldBack)]);
    assert!(
        screen(&inbox.draw(SIZE))
            .join("\n")
            .contains("Nothing is waiting")
    );
}

#[test]
fn an_asker_that_holds_nothing_back_or_does_not_say_its_process_keeps_no_place() {
    let mut inbox = inbox();
    feed(
        &mut inbox,
        [
            from_process("a", "First", SERVER, 0),
            arrival("b", "Second"),
            arrival("c", "Third"),
        ],
    );
    let effects = feed(&mut inbox, keys("enter enter"));
    assert!(!effects.contains(&Effect::StartTimer(Timer::NextHeldBack)));
    assert_eq!(
        label(&inbox),
        "agent-b in /work/b · Second · 1 more waiting"
    );
    feed(
        &mut inbox,
        [Input::Inbox(InboxEvent::Behind {
            ask: super::AskId("b".to_owned()),
            count: 2,
        })],
    );
    let effects = feed(&mut inbox, keys("enter enter"));
    assert!(
        !effects.contains(&Effect::StartTimer(Timer::NextHeldBack)),
        "an asker that did not say its process keeps no place"
    );
    assert_eq!(label(&inbox), "agent-c in /work/c · Third");
}

#[test]
fn closing_while_a_place_is_kept_replies_to_what_waits_and_nothing_more() {
    let mut inbox = answered_with_a_shell_ask_waiting();
    let ids: Vec<String> = replies(&inbox.close())
        .into_iter()
        .map(|(id, _)| id)
        .collect();
    assert_eq!(ids, ["x"]);
    assert!(feed(&mut inbox, [from_process("b", "Second", SERVER, 0)]).is_empty());
}
