//! The backlog read back from journals written with this crate's own records, as the MCP
//! server writes them: payload and request appended together, completions and deliveries
//! after.

use serde_json::{Value, json};

use super::{Saved, UNREADABLE_ARGUMENTS, UNREADABLE_RESULT, backlog};
use crate::contract::answers::Draft;
use crate::contract::ask_user::{NoPreviewFiles, ParseOptions};
use crate::contract::background::{BackgroundAnswer, Outcome};
use crate::contract::{Call, Tool, ToolResult};
use crate::journal::Session;
use crate::journal::append::{self, Placement, Record};

/// A journal being written: each record follows the one before.
struct Journal {
    lines: Vec<String>,
    last: Option<String>,
}

impl Journal {
    fn new() -> Self {
        Self {
            lines: vec![json!({"type": "session", "version": 3, "id": "s"}).to_string()],
            last: None,
        }
    }

    fn push(&mut self, record: &Record) {
        let id = format!("e{}", self.lines.len());
        let placement = Placement {
            id: id.clone(),
            parent_id: self.last.replace(id),
            timestamp: "2026-01-01T00:00:00.000Z".to_owned(),
        };
        self.lines.push(record.line(&placement));
    }

    /// The records a queued call leaves before its receipt.
    fn queued(&mut self, call: &Call) {
        let request_id = call.request_id().unwrap_or_default();
        self.push(&append::payload(call, None, 1).expect("a payload"));
        let request = append::history_request(call, request_id, "2026-01-01T00:00:00Z".into());
        self.push(&request.expect("a request"));
    }

    fn finished(&mut self, call: &Call) {
        let answer = BackgroundAnswer {
            request_id: call.request_id().unwrap_or_default().to_owned(),
            outcome: answered(call),
        };
        self.push(&append::background_completed(&answer));
    }

    fn delivered(&mut self, ids: &[&str]) {
        let ids: Vec<String> = ids.iter().map(|id| (*id).to_owned()).collect();
        self.push(&append::background_delivered(&ids).expect("a delivery"));
    }

    fn backlog(&self) -> super::Backlog {
        let session = Session::parse(&self.lines.join("\n"));
        backlog(&session.active_branch(), ParseOptions::default())
    }
}

fn arguments(prompt: &str, background: bool) -> Value {
    json!({"title": "Setup", "background": background, "questions": [
        {"id": "db", "prompt": prompt, "options": [{"value": "postgres"}, {"value": "sqlite"}]}
    ]})
}

fn call(id: &str, background: bool) -> Call {
    Call::parse(
        Tool::AskUser,
        &arguments(&format!("Question {id}?"), background),
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || id.to_owned(),
    )
    .expect("a valid call")
}

fn answered(call: &Call) -> Outcome {
    let response = json!({"kind": "answer", "answers": {"db": {"values": ["sqlite"]}}});
    match call.answered_by(&response) {
        ToolResult::AskUser(output) => Outcome::Result(Box::new(output.details)),
        ToolResult::AskUserQuestion(_) => unreachable!("an ask_user call"),
    }
}

fn waiting_ids(backlog: &super::Backlog) -> Vec<&str> {
    backlog
        .waiting
        .iter()
        .map(|reopened| reopened.call.request_id().unwrap_or_default())
        .collect()
}

fn undelivered_ids(backlog: &super::Backlog) -> Vec<&str> {
    backlog
        .undelivered
        .iter()
        .map(|finished| finished.answer.request_id.as_str())
        .collect()
}

#[test]
fn forms_never_finished_are_queued_again_in_the_order_first_queued_with_their_questions() {
    let mut journal = Journal::new();
    for id in ["r1", "r2", "r3"] {
        journal.queued(&call(id, true));
    }
    let backlog = journal.backlog();
    assert_eq!(waiting_ids(&backlog), ["r1", "r2", "r3"]);
    assert_eq!(
        backlog.waiting[1].call.request().questions[0].prompt,
        "Question r2?"
    );
    assert_eq!(backlog.waiting[1].drafts, None);
    assert!(backlog.undelivered.is_empty());
}

#[test]
fn a_form_asked_again_opens_with_the_newest_drafts_it_was_closed_with() {
    let mut journal = Journal::new();
    let queued = call("r1", true);
    journal.queued(&queued);
    let mut first = Draft::default();
    first.select(0);
    journal.push(&append::drafts(&queued, &[first]).expect("drafts"));
    let mut newer = Draft::default();
    newer.select(1);
    newer.note = "cheaper".to_owned();
    journal.push(&append::drafts(&queued, std::slice::from_ref(&newer)).expect("drafts"));
    let backlog = journal.backlog();
    assert_eq!(backlog.waiting[0].drafts, Some(vec![newer]));
}

#[test]
fn a_finished_form_not_delivered_is_recovered_with_its_saved_end_and_never_reopened() {
    let mut journal = Journal::new();
    let first = call("r1", true);
    journal.queued(&first);
    journal.queued(&call("r2", true));
    journal.finished(&first);
    let backlog = journal.backlog();
    assert_eq!(waiting_ids(&backlog), ["r2"]);
    assert_eq!(undelivered_ids(&backlog), ["r1"]);
    let finished = &backlog.undelivered[0];
    assert_eq!(finished.answer.outcome, answered(&first));
    assert_eq!(finished.saved, Saved::Already);
    assert_eq!(finished.request.as_ref(), Some(first.request()));
}

#[test]
fn a_delivered_form_is_neither_reopened_nor_delivered_again() {
    let mut journal = Journal::new();
    let (first, second) = (call("r1", true), call("r2", true));
    journal.queued(&first);
    journal.queued(&second);
    journal.finished(&first);
    journal.finished(&second);
    journal.delivered(&["r1"]);
    let backlog = journal.backlog();
    assert!(backlog.waiting.is_empty());
    assert_eq!(undelivered_ids(&backlog), ["r2"]);
    journal.delivered(&["r2"]);
    assert_eq!(journal.backlog(), super::Backlog::default());
}

#[test]
fn a_foreground_ask_in_the_journal_is_no_part_of_the_queue() {
    let mut journal = Journal::new();
    let foreground = call("f1", false);
    journal.queued(&foreground);
    assert_eq!(journal.backlog(), super::Backlog::default());
    journal.push(&append::history_completed(&foreground, json!({})).expect("a completion"));
    assert_eq!(journal.backlog(), super::Backlog::default());
}

#[test]
fn a_form_whose_saved_arguments_do_not_read_back_ends_with_an_error_still_to_save() {
    let mut journal = Journal::new();
    journal.push(&Record {
        custom_type: "ask:payload",
        data: json!({"version": 1, "timestamp": 1, "source": "tool", "params": {"questions": []}}),
    });
    let request = append::history_request(&call("r1", true), "r1", "2026-01-01T00:00:00Z".into());
    journal.push(&request.expect("a request"));
    let backlog = journal.backlog();
    assert!(backlog.waiting.is_empty());
    assert_eq!(
        backlog.undelivered[0].answer.outcome,
        Outcome::Error(UNREADABLE_ARGUMENTS.to_owned())
    );
    assert_eq!(backlog.undelivered[0].saved, Saved::NotYet);
}

#[test]
fn a_saved_failure_is_recovered_as_that_failure_and_an_unreadable_result_as_a_failure() {
    let mut journal = Journal::new();
    let (first, second) = (call("r1", true), call("r2", true));
    journal.queued(&first);
    journal.queued(&second);
    journal.push(&append::background_completed(&BackgroundAnswer {
        request_id: "r1".to_owned(),
        outcome: Outcome::Error("the inbox closed".to_owned()),
    }));
    journal.push(&Record {
        custom_type: "ask:history-completed",
        data: json!({"version": 1, "requestId": "r2", "result": {"answers": 3}}),
    });
    let outcomes: Vec<Outcome> = journal
        .backlog()
        .undelivered
        .into_iter()
        .map(|finished| finished.answer.outcome)
        .collect();
    assert_eq!(
        outcomes,
        [
            Outcome::Error("the inbox closed".to_owned()),
            Outcome::Error(UNREADABLE_RESULT.to_owned())
        ]
    );
}
