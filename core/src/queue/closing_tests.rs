//! Closing the surface that showed the open ask and counted the line behind it.

use super::*;
use crate::contract::answers::Draft;

fn no_drafts(_: &str) -> Option<&'static [Draft]> {
    None
}

fn saved(actions: &[Action]) -> Vec<(String, Outcome)> {
    actions
        .iter()
        .filter_map(|action| match action {
            Action::SaveCompletion(answer) => {
                Some((answer.request_id.clone(), answer.outcome.clone()))
            }
            _ => None,
        })
        .collect()
}

#[test]
fn closing_on_the_open_form_cancels_every_form_and_ask_in_line_and_the_wait_gets_them_in_order() {
    let mut queue = Queue::new();
    enqueue_all(&mut queue, &["a", "b"]);
    assert!(queue.foreground_wants_lock("ask-1".to_owned()).is_empty());
    enqueue_all(&mut queue, &["c"]);
    assert!(queue.wait("w".to_owned()).is_empty());
    let outcome = cancelled(&background("a"));
    let actions = queue
        .form_closed("a", outcome.clone(), no_drafts)
        .expect("the open form");
    assert_eq!(
        saved(&actions),
        vec![
            ("a".to_owned(), outcome),
            ("b".to_owned(), cancelled(&background("b"))),
            ("c".to_owned(), cancelled(&background("c"))),
        ],
        "each saved, the open one first, the rest cancelled in their order"
    );
    assert!(actions.contains(&Action::Dismiss {
        id: "ask-1".to_owned()
    }));
    assert!(opened(&actions).is_empty(), "nothing in line opens");
    assert!(
        !actions
            .iter()
            .any(|action| matches!(action, Action::Grant { .. }))
    );
    assert_eq!(
        delivered(&actions),
        vec![(
            "w".to_owned(),
            vec!["a".to_owned(), "b".to_owned(), "c".to_owned()]
        )]
    );
    assert!(queue.is_idle());
}

#[test]
fn a_form_cancelled_in_line_keeps_the_drafts_it_would_have_opened_with() {
    let mut queue = Queue::new();
    enqueue_all(&mut queue, &["a", "b"]);
    let mut draft = Draft::default();
    draft.note = "ask ops first".to_owned();
    let drafts = [draft];
    let actions = queue
        .form_closed("a", cancelled(&background("a")), |id| {
            (id == "b").then_some(&drafts[..])
        })
        .expect("the open form");
    let ToolResult::AskUser(expected) = background("b").cancelled(Some(&drafts)) else {
        unreachable!("an ask_user call")
    };
    assert_eq!(
        saved(&actions)[1],
        ("b".to_owned(), Outcome::Result(Box::new(expected.details)))
    );
    assert_ne!(saved(&actions)[1].1, cancelled(&background("b")));
}

#[test]
fn closing_on_a_foreground_ask_cancels_the_line_and_later_asks_are_asked_as_usual() {
    let mut queue = Queue::new();
    queue.foreground_wants_lock("ask-1".to_owned());
    enqueue_all(&mut queue, &["a"]);
    queue.foreground_wants_lock("ask-2".to_owned());
    let actions = queue.close_line(no_drafts);
    assert_eq!(
        saved(&actions),
        vec![("a".to_owned(), cancelled(&background("a")))]
    );
    assert!(actions.contains(&Action::Dismiss {
        id: "ask-2".to_owned()
    }));
    assert_eq!(queue.waiting(), 0);
    assert_eq!(
        queue.foreground_done("ask-2"),
        Err(QueueError::NotForeground("ask-2".to_owned())),
        "a dismissed ask is out of the line"
    );
    let later = enqueue_all(&mut queue, &["b"]);
    assert!(opened(&later).is_empty(), "the holder still asks");
    assert_eq!(
        opened(&queue.foreground_done("ask-1").expect("the holder")),
        vec!["b".to_owned()]
    );
}

#[test]
fn only_the_open_form_can_be_closed_on() {
    let mut queue = Queue::new();
    enqueue_all(&mut queue, &["a", "b"]);
    assert_eq!(
        queue.form_closed("b", cancelled(&background("b")), no_drafts),
        Err(QueueError::NotOpen("b".to_owned()))
    );
    assert_eq!(queue.waiting(), 1, "the line stays");
}
