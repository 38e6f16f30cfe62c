//! How a form comes to the front and leaves it: it settles before it takes the person's keys,
//! the idle screen settles too when the last form leaves, and a form taken back while it was
//! shown is named on the idle screen, or over the form that takes its place.

use serde_json::json;

use super::{SIZE, arrival, feed, inbox, keys, replies, screen, typed, withdrawn};
use crate::effect::{Effect, Surface};
use crate::input::{AskId, Timer};

/// Whether `effects` start the pause a form that came to the front waits for.
fn settles(effects: &[Effect]) -> bool {
    effects.contains(&Effect::StartTimer(Timer::Settling))
}

#[test]
fn keys_typed_as_the_next_form_comes_to_the_front_do_not_answer_it() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First"), arrival("b", "Second")]);
    let effects = feed(&mut inbox, keys("enter enter enter enter"));
    let ids: Vec<_> = replies(&effects).into_iter().map(|(id, _)| id).collect();
    assert_eq!(ids, ["a"], "the enters after a's answer were meant for a");
    assert!(settles(&effects), "b settles as it comes to the front");
    assert_eq!(inbox.waiting().next(), Some(&AskId("b".into())));
    let effects = feed(&mut inbox, keys("down enter enter"));
    assert_eq!(
        replies(&effects)[0].1["details"]["answers"]["db"]["values"],
        json!(["sqlite"]),
        "once the typing pauses, b takes keys from a clean start"
    );
}

#[test]
fn a_form_that_replaces_a_withdrawn_one_waits_for_the_typing_to_pause() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First"), arrival("b", "Second")]);
    feed(&mut inbox, keys("down"));
    let effects = feed(&mut inbox, [withdrawn("a")]);
    assert!(settles(&effects));
    let effects = feed(&mut inbox, typed("enter enter"));
    assert!(replies(&effects).is_empty());
    assert_eq!(
        effects,
        [
            Effect::StartTimer(Timer::Settling),
            Effect::StartTimer(Timer::Settling)
        ],
        "each key held starts the pause again"
    );
}

#[test]
fn a_form_set_aside_and_asked_again_settles_again() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First")]);
    feed(&mut inbox, keys("down space"));
    feed(&mut inbox, [withdrawn("a")]);
    let effects = feed(&mut inbox, [arrival("a", "First")]);
    assert!(settles(&effects));
    let typed_on = feed(&mut inbox, typed("tab enter"));
    assert!(replies(&typed_on).is_empty(), "{typed_on:?}");
}

#[test]
fn a_form_taken_back_while_shown_is_named_on_the_idle_screen() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First"), withdrawn("a")]);
    let rows = screen(&inbox.draw(SIZE)).join("\n");
    assert!(rows.contains("Nothing is waiting"), "{rows}");
    assert!(
        rows.contains("agent-a in /work/a took back its question (First) before it was answered."),
        "{rows}"
    );
}

#[test]
fn a_short_idle_screen_names_the_form_taken_back_before_saying_nothing_is_waiting() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First"), withdrawn("a")]);
    let rows = screen(&inbox.draw(crate::draw::Size::new(40, 9))).join(" ");
    let words = rows.split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(
        words.contains("agent-a in /work/a took back its question (First) before it was answered."),
        "{words}"
    );
    assert!(words.contains("ctrl+c closes the inbox"), "{words}");
}

#[test]
fn a_form_taken_back_unseen_is_not_named_and_the_name_goes_when_a_form_shows() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First"), arrival("b", "Second")]);
    feed(&mut inbox, [withdrawn("b")]);
    feed(&mut inbox, keys("enter enter"));
    let rows = screen(&inbox.draw(SIZE)).join("\n");
    assert!(
        !rows.contains("took back"),
        "b was never on the screen:\n{rows}"
    );
    feed(&mut inbox, [arrival("c", "Third"), withdrawn("c")]);
    feed(&mut inbox, [arrival("d", "Fourth")]);
    let rows = screen(&inbox.draw(SIZE)).join("\n");
    assert!(!rows.contains("took back"), "{rows}");
    feed(&mut inbox, keys("enter enter"));
    let rows = screen(&inbox.draw(SIZE)).join("\n");
    assert!(
        !rows.contains("took back"),
        "d was answered, and c's notice went when d showed:\n{rows}"
    );
}

#[test]
fn a_ctrl_c_typed_on_as_the_last_form_leaves_does_not_close_the_inbox() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First")]);
    let effects = feed(&mut inbox, keys("ctrl+c"));
    assert_eq!(replies(&effects).len(), 1, "the first ctrl+c dismisses a");
    assert!(settles(&effects), "the idle screen settles as a leaves");
    let effects = feed(&mut inbox, typed("ctrl+c ctrl+c"));
    assert!(!inbox.is_closed());
    assert!(!effects.contains(&Effect::Close), "{effects:?}");
    let effects = feed(&mut inbox, keys("ctrl+c"));
    assert!(
        inbox.is_closed(),
        "once the typing pauses, ctrl+c closes the inbox"
    );
    assert!(effects.contains(&Effect::Close));
}

#[test]
fn a_form_taken_back_while_shown_is_named_over_the_form_that_takes_its_place() {
    let mut inbox = inbox();
    feed(&mut inbox, [arrival("a", "First"), arrival("b", "Second")]);
    feed(&mut inbox, keys("down"));
    feed(&mut inbox, [withdrawn("a")]);
    let rows = screen(&inbox.draw(SIZE)).join("\n");
    assert!(rows.contains("· Second"), "b is at the front:\n{rows}");
    assert!(
        rows.contains("Taken back unanswered: First · agent-a in /work/a"),
        "{rows}"
    );
    // Keys held while b settles leave the name up; the first key b takes puts it away.
    feed(&mut inbox, typed("down"));
    assert!(screen(&inbox.draw(SIZE)).join("\n").contains("Taken back"));
    feed(&mut inbox, keys("down"));
    let rows = screen(&inbox.draw(SIZE)).join("\n");
    assert!(!rows.contains("Taken back"), "{rows}");
}

#[test]
fn the_name_of_a_form_taken_back_keeps_its_title_on_a_narrow_screen_and_is_left_off_a_short_one() {
    let mut inbox = inbox();
    feed(
        &mut inbox,
        [arrival("a", "Release plan"), arrival("b", "Second")],
    );
    feed(&mut inbox, [withdrawn("a")]);
    let narrow = screen(&inbox.draw(crate::draw::Size::new(48, 12))).join("\n");
    assert!(
        narrow.contains("Taken back unanswered: Release plan"),
        "{narrow}"
    );
    let short = screen(&inbox.draw(crate::draw::Size::new(48, 7))).join("\n");
    assert!(!short.contains("Taken back"), "{short}");
}
