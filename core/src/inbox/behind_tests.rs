//! The label's count takes in the forms an asker holds back behind its own.

use super::tests::{SIZE, arrival, feed, inbox, keys, screen};
use crate::effect::Surface as _;
use crate::input::{AskId, InboxEvent, Input};

/// `arrival(id, title)` from an asker holding `behind` more forms back.
fn arrival_behind(id: &str, title: &str, behind: usize) -> Input {
    let Input::Inbox(InboxEvent::Arrived(mut arrival)) = arrival(id, title) else {
        unreachable!("an arrival");
    };
    arrival.behind = behind;
    Input::Inbox(InboxEvent::Arrived(arrival))
}

fn behind(id: &str, count: usize) -> Input {
    Input::Inbox(InboxEvent::Behind {
        ask: AskId(id.to_owned()),
        count,
    })
}

fn label(inbox: &super::Inbox) -> String {
    screen(&inbox.draw(SIZE))[0].trim().to_owned()
}

#[test]
fn forms_an_asker_holds_back_count_among_those_waiting() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival_behind("a", "First", 2)]);
    assert_eq!(label(&inbox), "agent-a in /work/a · First · 2 more waiting");
    feed(&mut inbox, [arrival_behind("b", "Second", 1)]);
    assert_eq!(label(&inbox), "agent-a in /work/a · First · 4 more waiting");
}

#[test]
fn an_asker_that_queues_more_or_fewer_behind_its_form_changes_the_count() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First")]);
    assert_eq!(label(&inbox), "agent-a in /work/a · First");
    feed(&mut inbox, [behind("a", 3)]);
    assert_eq!(label(&inbox), "agent-a in /work/a · First · 3 more waiting");
    feed(&mut inbox, [behind("a", 0), behind("gone", 5)]);
    assert_eq!(label(&inbox), "agent-a in /work/a · First");
}

#[test]
fn the_count_leaves_with_the_form_its_asker_held_it_for() {
    let mut inbox = inbox();
    feed(
        &mut inbox,
        [arrival_behind("a", "First", 2), arrival("b", "Second")],
    );
    assert_eq!(label(&inbox), "agent-a in /work/a · First · 3 more waiting");
    feed(&mut inbox, keys("enter enter"));
    assert_eq!(label(&inbox), "agent-b in /work/b · Second");
}
