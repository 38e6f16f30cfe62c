use serde_json::{Value, json};

use super::*;
use crate::contract::ask_user::{NoPreviewFiles, ParseOptions};
use crate::contract::{Tool, ToolResult};

fn parse(tool: Tool, arguments: &Value, id: &str) -> Call {
    Call::parse(
        tool,
        arguments,
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || id.to_owned(),
    )
    .expect("valid call")
}

fn background(id: &str) -> Call {
    parse(
        Tool::AskUser,
        &json!({"background": true, "questions": [
            {"id": "db", "prompt": "Which database?", "options": [{"value": "postgres"}]}
        ]}),
        id,
    )
}

fn answered(call: &Call) -> Outcome {
    match call.answered_by(&json!({"kind": "answer", "answers": {"db": {"values": ["postgres"]}}}))
    {
        ToolResult::AskUser(output) => Outcome::Result(Box::new(output.details)),
        ToolResult::AskUserQuestion(_) => unreachable!("an ask_user call"),
    }
}

fn cancelled(call: &Call) -> Outcome {
    match call.cancelled(None) {
        ToolResult::AskUser(output) => Outcome::Result(Box::new(output.details)),
        ToolResult::AskUserQuestion(_) => unreachable!("an ask_user call"),
    }
}

/// Queues `ids` in order and returns every action, the calls opened taken out.
fn enqueue_all(queue: &mut Queue, ids: &[&str]) -> Vec<Action> {
    ids.iter()
        .flat_map(|id| queue.enqueue(background(id)).expect("a background call"))
        .collect()
}

fn opened(actions: &[Action]) -> Vec<String> {
    actions
        .iter()
        .filter_map(|action| match action {
            Action::Open(call) => call.request_id().map(str::to_owned),
            _ => None,
        })
        .collect()
}

fn delivered(actions: &[Action]) -> Vec<(String, Vec<String>)> {
    actions
        .iter()
        .filter_map(|action| match action {
            Action::Deliver { waiter, result } => {
                Some((waiter.clone(), result.request_ids.clone()))
            }
            _ => None,
        })
        .collect()
}

fn finish(queue: &mut Queue, id: &str) -> Vec<Action> {
    let outcome = answered(&background(id));
    queue.form_finished(id, outcome).expect("the open form")
}

#[test]
fn a_queued_call_is_saved_before_its_receipt_and_opens_when_the_lock_is_free() {
    let mut queue = Queue::new();
    let actions = queue.enqueue(background("a")).expect("a background call");
    assert!(matches!(&actions[0], Action::SaveRequest { request_id } if request_id == "a"));
    let Action::Receipt(receipt) = &actions[1] else {
        panic!("the receipt second: {actions:?}");
    };
    assert_eq!(receipt.request_id, "a");
    assert_eq!(receipt.question_ids, vec!["db".to_owned()]);
    assert_eq!(opened(&actions[2..]), vec!["a".to_owned()]);
    assert_eq!(actions[3], Action::Blocked(Blocked::Active));
    assert_eq!(queue.open_form(), Some("a"));
}

#[test]
fn a_call_that_waits_for_its_answer_is_not_queued() {
    let mut queue = Queue::new();
    let foreground = parse(
        Tool::AskUser,
        &json!({"questions": [{"id": "db", "prompt": "Which?", "options": [{"value": "x"}]}]}),
        "f",
    );
    assert_eq!(queue.enqueue(foreground), Err(QueueError::NotBackground));
    let question_tool = parse(
        Tool::AskUserQuestion,
        &json!({"background": true, "questions": [{"question": "Which?", "header": "Pick",
            "multiSelect": false, "options": [{"label": "x", "description": "x"},
            {"label": "y", "description": "y"}]}]}),
        "q",
    );
    assert_eq!(queue.enqueue(question_tool), Err(QueueError::NotBackground));
    assert_eq!(queue.pending(), 0);
}

#[test]
fn the_receipt_counts_every_form_not_yet_finished_including_its_own() {
    let mut queue = Queue::new();
    let counts: Vec<usize> = enqueue_all(&mut queue, &["a", "b", "c"])
        .iter()
        .filter_map(|action| match action {
            Action::Receipt(receipt) => Some(receipt.pending_requests),
            _ => None,
        })
        .collect();
    assert_eq!(counts, vec![1, 2, 3]);
    finish(&mut queue, "a");
    let actions = queue.enqueue(background("d")).expect("a background call");
    assert!(matches!(&actions[1], Action::Receipt(receipt) if receipt.pending_requests == 3));
}

#[test]
fn forms_open_one_at_a_time_in_the_order_queued() {
    let mut queue = Queue::new();
    let actions = enqueue_all(&mut queue, &["a", "b", "c"]);
    assert_eq!(opened(&actions), vec!["a".to_owned()]);
    assert_eq!(opened(&finish(&mut queue, "a")), vec!["b".to_owned()]);
    assert_eq!(opened(&finish(&mut queue, "b")), vec!["c".to_owned()]);
    assert!(opened(&finish(&mut queue, "c")).is_empty());
    assert_eq!(queue.open_form(), None);
}

#[test]
fn only_the_open_form_can_finish() {
    let mut queue = Queue::new();
    enqueue_all(&mut queue, &["a", "b"]);
    let outcome = answered(&background("b"));
    assert_eq!(
        queue.form_finished("b", outcome),
        Err(QueueError::NotOpen("b".to_owned()))
    );
    assert_eq!(queue.open_form(), Some("a"));
}

#[test]
fn a_foreground_ask_waits_for_the_open_form_and_forms_queued_after_it_wait_for_the_ask() {
    let mut queue = Queue::new();
    enqueue_all(&mut queue, &["a"]);
    assert!(queue.foreground_wants_lock("ask-1".to_owned()).is_empty());
    let later = enqueue_all(&mut queue, &["b"]);
    assert!(opened(&later).is_empty());
    let after_a = finish(&mut queue, "a");
    assert!(after_a.contains(&Action::Grant {
        id: "ask-1".to_owned()
    }));
    assert!(opened(&after_a).is_empty());
    let after_ask = queue.foreground_done("ask-1").expect("the holder");
    assert_eq!(opened(&after_ask), vec!["b".to_owned()]);
}

#[test]
fn a_foreground_ask_holding_the_lock_keeps_background_forms_closed() {
    let mut queue = Queue::new();
    let granted = queue.foreground_wants_lock("ask-1".to_owned());
    assert_eq!(
        granted,
        vec![Action::Grant {
            id: "ask-1".to_owned()
        }]
    );
    let actions = enqueue_all(&mut queue, &["a"]);
    assert!(opened(&actions).is_empty());
    assert!(!actions.contains(&Action::Blocked(Blocked::Active)));
    assert!(matches!(&actions[1], Action::Receipt(receipt) if receipt.pending_requests == 1));
    assert_eq!(
        opened(&queue.foreground_done("ask-1").expect("the holder")),
        vec!["a".to_owned()]
    );
}

#[test]
fn a_foreground_ask_that_leaves_the_line_gives_no_turn_away() {
    let mut queue = Queue::new();
    enqueue_all(&mut queue, &["a"]);
    queue.foreground_wants_lock("ask-1".to_owned());
    assert!(queue.foreground_done("ask-1").expect("in line").is_empty());
    assert_eq!(queue.open_form(), Some("a"));
    assert!(
        !finish(&mut queue, "a")
            .iter()
            .any(|action| matches!(action, Action::Grant { .. }))
    );
    assert_eq!(
        queue.foreground_done("ask-1"),
        Err(QueueError::NotForeground("ask-1".to_owned()))
    );
}

#[test]
fn a_finished_form_is_saved_and_its_blocked_status_cleared_before_it_is_delivered() {
    let mut queue = Queue::new();
    enqueue_all(&mut queue, &["a"]);
    assert!(queue.wait("w".to_owned()).is_empty());
    let actions = finish(&mut queue, "a");
    assert!(matches!(&actions[0], Action::SaveCompletion(answer) if answer.request_id == "a"));
    assert_eq!(actions[1], Action::Blocked(Blocked::Cleared));
    assert_eq!(
        delivered(&actions[2..]),
        vec![("w".to_owned(), vec!["a".to_owned()])]
    );
}

#[test]
fn a_wait_on_an_empty_queue_is_answered_at_once_with_nothing() {
    let mut queue = Queue::new();
    assert_eq!(
        delivered(&queue.wait("w".to_owned())),
        vec![("w".to_owned(), vec![])]
    );
    assert!(!queue.is_waiting("w"));
}

#[test]
fn a_wait_returns_every_outstanding_result_once_the_last_form_finishes() {
    let mut queue = Queue::new();
    enqueue_all(&mut queue, &["a", "b"]);
    finish(&mut queue, "a");
    assert!(queue.wait("w".to_owned()).is_empty());
    assert_eq!(
        delivered(&finish(&mut queue, "b")),
        vec![("w".to_owned(), vec!["a".to_owned(), "b".to_owned()])]
    );
}

#[test]
fn a_wait_includes_forms_queued_while_it_waits() {
    let mut queue = Queue::new();
    enqueue_all(&mut queue, &["a"]);
    queue.wait("w".to_owned());
    enqueue_all(&mut queue, &["b"]);
    assert!(delivered(&finish(&mut queue, "a")).is_empty());
    assert_eq!(
        delivered(&finish(&mut queue, "b")),
        vec![("w".to_owned(), vec!["a".to_owned(), "b".to_owned()])]
    );
}

#[test]
fn a_result_delivered_once_is_never_delivered_again() {
    let mut queue = Queue::new();
    enqueue_all(&mut queue, &["a"]);
    queue.wait("w1".to_owned());
    finish(&mut queue, "a");
    assert_eq!(
        delivered(&queue.wait("w2".to_owned())),
        vec![("w2".to_owned(), vec![])]
    );
}

#[test]
fn two_waits_share_out_the_results_without_repeating_one() {
    let mut queue = Queue::new();
    enqueue_all(&mut queue, &["a"]);
    queue.wait("w1".to_owned());
    queue.wait("w2".to_owned());
    assert_eq!(
        delivered(&finish(&mut queue, "a")),
        vec![
            ("w1".to_owned(), vec!["a".to_owned()]),
            ("w2".to_owned(), vec![])
        ]
    );
}

#[test]
fn an_aborted_wait_leaves_the_forms_queued_and_their_results_for_the_next_wait() {
    let mut queue = Queue::new();
    enqueue_all(&mut queue, &["a", "b"]);
    queue.wait("w1".to_owned());
    queue.abort_wait("w1");
    assert!(!queue.is_waiting("w1"));
    assert_eq!(queue.open_form(), Some("a"));
    assert_eq!(queue.pending(), 2);
    let after_a = finish(&mut queue, "a");
    assert!(delivered(&after_a).is_empty());
    assert_eq!(opened(&after_a), vec!["b".to_owned()]);
    finish(&mut queue, "b");
    assert_eq!(
        delivered(&queue.wait("w2".to_owned())),
        vec![("w2".to_owned(), vec!["a".to_owned(), "b".to_owned()])]
    );
}

#[test]
fn an_aborted_wait_does_not_clear_the_open_forms_blocked_status() {
    let mut queue = Queue::new();
    enqueue_all(&mut queue, &["a"]);
    queue.wait("w".to_owned());
    queue.abort_wait("w");
    let actions = finish(&mut queue, "a");
    assert_eq!(
        actions
            .iter()
            .filter(|action| **action == Action::Blocked(Blocked::Cleared))
            .count(),
        1
    );
}

#[test]
fn the_user_cancelling_a_form_closes_only_that_form() {
    let mut queue = Queue::new();
    enqueue_all(&mut queue, &["a", "b"]);
    queue.wait("w".to_owned());
    let outcome = cancelled(&background("a"));
    let after_a = queue.form_finished("a", outcome).expect("the open form");
    assert_eq!(opened(&after_a), vec!["b".to_owned()]);
    assert!(delivered(&after_a).is_empty());
    assert_eq!(
        delivered(&finish(&mut queue, "b")),
        vec![("w".to_owned(), vec!["a".to_owned(), "b".to_owned()])]
    );
}

#[test]
fn the_blocked_status_reads_as_herdr_expects() {
    assert_eq!(
        serde_json::to_value(Blocked::Active).expect("serializes"),
        json!({"active": true, "label": "Waiting for user response"})
    );
    assert_eq!(
        serde_json::to_value(Blocked::Cleared).expect("serializes"),
        json!({"active": false})
    );
    assert_eq!(BLOCKED_CHANNEL, "herdr:blocked");
}

#[test]
fn a_form_restored_as_finished_is_delivered_by_the_next_wait_beside_the_new_ones() {
    let mut queue = Queue::new();
    let old = background("old");
    queue.restore_finished(BackgroundAnswer {
        request_id: "old".to_owned(),
        outcome: answered(&old),
    });
    let actions = enqueue_all(&mut queue, &["new"]);
    assert_eq!(opened(&actions), ["new"]);
    assert!(queue.wait("w1".to_owned()).is_empty());
    let actions = finish(&mut queue, "new");
    assert_eq!(
        delivered(&actions),
        [("w1".to_owned(), vec!["old".to_owned(), "new".to_owned()])]
    );
}

#[test]
fn a_form_withdrawn_in_line_leaves_it_and_ends_with_the_reason_the_next_wait_delivers() {
    let mut queue = Queue::new();
    enqueue_all(&mut queue, &["a", "b", "c"]);
    let withdrawn = queue.withdraw("b", "withdrawn").expect("b waits in line");
    assert!(matches!(&withdrawn[0], Action::SaveCompletion(answer)
        if answer.request_id == "b" && answer.outcome == Outcome::Error("withdrawn".to_owned())));
    assert_eq!(queue.pending(), 2, "a open, c in line");
    assert_eq!(
        queue.withdraw("a", "withdrawn"),
        None,
        "the open form is not in line"
    );
    assert_eq!(queue.withdraw("b", "withdrawn"), None, "withdrawn once");
    let after_a = finish(&mut queue, "a");
    assert_eq!(opened(&after_a), vec!["c".to_owned()], "b never opens");
    finish(&mut queue, "c");
    let waited = queue.wait("w".to_owned());
    assert_eq!(
        delivered(&waited),
        vec![(
            "w".to_owned(),
            vec!["b".to_owned(), "a".to_owned(), "c".to_owned()]
        )]
    );
}

#[path = "closing_tests.rs"]
mod closing;
