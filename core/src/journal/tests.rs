//! The journal read back along the active branch, from sessions written the way Pi writes
//! them, and from the entries this crate appends.

use serde_json::{Value, json};

use super::append::{self, Placement, Record};
use super::records::{self, HISTORY_REQUEST, HistoryCompleted, HistoryRequest};
use super::status::{HistoryStatus, statuses};
use super::{Problem, Session, recoverable};
use crate::contract::ask_user::{NoPreviewFiles, ParseOptions};
use crate::contract::{Call, Tool};

fn header() -> Value {
    json!({"type": "session", "version": 3, "id": "s1", "timestamp": "2026-01-01T00:00:00.000Z",
        "cwd": "/work"})
}

fn user(id: &str, parent: Option<&str>, text: &str) -> Value {
    json!({"type": "message", "id": id, "parentId": parent,
        "timestamp": "2026-01-01T00:00:01.000Z",
        "message": {"role": "user", "content": [{"type": "text", "text": text}], "timestamp": 1}})
}

fn arguments(prompt: &str) -> Value {
    json!({"questions": [{"id": "why", "prompt": prompt,
        "options": [{"value": "fast"}, {"value": "cheap"}]}]})
}

fn assistant_call(id: &str, parent: &str, call_id: &str, prompt: &str) -> Value {
    json!({"type": "message", "id": id, "parentId": parent,
        "timestamp": "2026-01-01T00:00:02.000Z",
        "message": {"role": "assistant", "content": [
            {"type": "text", "text": "Let me ask."},
            {"type": "toolCall", "id": call_id, "name": "ask_user", "arguments": arguments(prompt)}
        ], "provider": "anthropic", "model": "m", "stopReason": "toolUse", "timestamp": 2}})
}

fn tool_result(id: &str, parent: &str, call_id: &str) -> Value {
    json!({"type": "message", "id": id, "parentId": parent,
        "timestamp": "2026-01-01T00:00:03.000Z",
        "message": {"role": "toolResult", "toolCallId": call_id, "toolName": "ask_user",
            "content": [{"type": "text", "text": "ok"}], "isError": false, "timestamp": 3}})
}

fn custom(id: &str, parent: &str, custom_type: &str, data: &Value) -> Value {
    json!({"type": "custom", "customType": custom_type, "data": data, "id": id,
        "parentId": parent, "timestamp": "2026-01-01T00:00:04.000Z"})
}

fn text(lines: &[Value]) -> String {
    let mut session_text = String::new();
    for line in lines {
        session_text.push_str(&line.to_string());
        session_text.push('\n');
    }
    session_text
}

/// A session with two branches from `u1`: the first asks `old` and was left; the second,
/// the active one, asks `new`.
fn branched() -> Vec<Value> {
    vec![
        header(),
        user("u1", None, "start"),
        assistant_call("a2", "u1", "old", "Old?"),
        user("b2", Some("u1"), "another way"),
        assistant_call("b3", "b2", "new", "New?"),
    ]
}

/// The call `recovery` asks again, valid, a fresh request id given where it has none.
fn asked_again(recovery: &super::recovery::Recovery) -> Call {
    recovery
        .call(ParseOptions::default(), &mut NoPreviewFiles, || {
            "fresh".into()
        })
        .expect("a valid call")
}

fn recovered_call(lines: &[Value]) -> Option<(String, Call)> {
    let session = Session::parse(&text(lines));
    let recovery = recoverable(&session.active_branch())?;
    let call = asked_again(&recovery);
    Some((recovery.tool_call_id, call))
}

fn prompt(call: &Call) -> &str {
    &call.request().questions[0].prompt
}

#[test]
fn the_active_branch_runs_from_the_last_entry_up_through_parent_ids() {
    let session = Session::parse(&text(&branched()));
    let ids: Vec<&str> = session
        .active_branch()
        .entries()
        .iter()
        .map(|entry| entry.id.as_str())
        .collect();
    assert_eq!(ids, ["u1", "b2", "b3"]);
    assert!(session.header.is_some());
}

#[test]
fn a_branch_named_by_its_leaf_ends_there_whatever_was_appended_after() {
    let session = Session::parse(&text(&branched()));
    let named = session.branch_to("a2").expect("the entry a2");
    let ids: Vec<&str> = named
        .entries()
        .iter()
        .map(|entry| entry.id.as_str())
        .collect();
    assert_eq!(ids, ["u1", "a2"]);
    let recovery = recoverable(&named).expect("the call of the branch named");
    assert_eq!(recovery.tool_call_id, "old", "not the newer call after it");
    assert_eq!(session.branch_to("gone"), None);
}

#[test]
fn the_unanswered_call_of_the_active_branch_is_recovered_not_that_of_the_abandoned_one() {
    let (tool_call_id, call) = recovered_call(&branched()).expect("an ask to recover");
    assert_eq!(tool_call_id, "new");
    assert_eq!(prompt(&call), "New?");
}

#[test]
fn an_unanswered_call_on_an_abandoned_branch_only_is_not_recovered() {
    let mut lines = branched();
    lines.truncate(4);
    assert!(recovered_call(&lines).is_none());
}

#[test]
fn a_call_with_a_tool_result_is_not_recovered() {
    let mut lines = branched();
    lines.push(tool_result("b4", "b3", "new"));
    assert!(recovered_call(&lines).is_none());
}

#[test]
fn a_dismissed_call_is_not_recovered() {
    let mut lines = branched();
    lines.push(custom(
        "b4",
        "b3",
        records::PENDING_DISMISSED,
        &json!({"version": 1, "toolCallId": "new"}),
    ));
    assert!(recovered_call(&lines).is_none());
}

#[test]
fn a_valid_payload_supplies_the_form_over_the_original_arguments() {
    let mut lines = branched();
    let payload = json!({"version": 1, "timestamp": 5, "source": "tool", "sourceEntryId": "b3",
        "params": arguments("Saved?")});
    lines.push(custom("b4", "b3", records::PAYLOAD, &payload));
    let (_, call) = recovered_call(&lines).expect("an ask to recover");
    assert_eq!(prompt(&call), "Saved?");
}

#[test]
fn an_invalid_payload_falls_back_to_the_original_arguments_validated_again() {
    let mut lines = branched();
    let payload = json!({"version": 1, "timestamp": 5, "source": "tool", "sourceEntryId": "b3",
        "params": {"questions": []}});
    lines.push(custom("b4", "b3", records::PAYLOAD, &payload));
    let (_, call) = recovered_call(&lines).expect("an ask to recover");
    assert_eq!(prompt(&call), "New?");
}

#[test]
fn a_payload_for_another_entry_is_not_used() {
    let mut lines = branched();
    let payload = json!({"version": 1, "timestamp": 5, "source": "tool", "sourceEntryId": "a2",
        "params": arguments("Saved?")});
    lines.push(custom("b4", "b3", records::PAYLOAD, &payload));
    let (_, call) = recovered_call(&lines).expect("an ask to recover");
    assert_eq!(prompt(&call), "New?");
}

#[test]
fn a_malformed_line_is_recorded_and_the_rest_is_read() {
    let mut session_text = text(&branched()[..3]);
    session_text.push_str("{not json\n[1]\n{\"type\":\"message\"}\n");
    session_text.push_str(&text(&branched()[3..]));
    let session = Session::parse(&session_text);
    assert_eq!(
        session.problems,
        [
            Problem::NotAnObject { line: 4 },
            Problem::NotAnObject { line: 5 },
            Problem::NoId { line: 6 }
        ]
    );
    assert_eq!(session.last_id(), Some("b3"));
}

fn journaled_call() -> Call {
    Call::parse(
        Tool::AskUser,
        &arguments("New?"),
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || "r1".into(),
    )
    .expect("valid arguments")
}

/// `lines` with `records` appended the way the program appends them: each after the last.
fn appended(lines: &[Value], records: &[Record]) -> String {
    let mut session_text = text(lines);
    for (index, record) in records.iter().enumerate() {
        let parent = Session::parse(&session_text).last_id().map(str::to_owned);
        let placement = Placement {
            id: format!("j{index}"),
            parent_id: parent,
            timestamp: "2026-01-01T00:00:05.000Z".into(),
        };
        session_text.push_str(&record.line(&placement));
        session_text.push('\n');
    }
    session_text
}

#[test]
fn a_journaled_ask_is_recovered_under_its_request_id_with_its_drafts() {
    let call = journaled_call();
    let mut drafts = vec![crate::contract::answers::Draft::default()];
    drafts[0].custom_text = "speed".into();
    drafts[0].custom_selected = true;
    let records = [
        append::payload(&call, Some("b3".into()), 5).unwrap(),
        append::history_request(&call, "new", "2026-01-01T00:00:05.000Z".into()).unwrap(),
        append::drafts(&call, &drafts).unwrap(),
    ];
    let session = Session::parse(&appended(&branched(), &records));
    let recovery = recoverable(&session.active_branch()).expect("an ask to recover");
    assert_eq!(recovery.request_id.as_deref(), Some("r1"));
    let again = asked_again(&recovery);
    assert_eq!(again.request_id(), Some("r1"));
    assert_eq!(recovery.drafts_for(&again), Some(drafts));
}

#[test]
fn a_call_without_a_request_id_is_not_journaled() {
    let call = Call::parse(
        Tool::AskUserQuestion,
        &json!({"questions": [{"question": "Auth?"}]}),
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || "unused".into(),
    )
    .expect("valid arguments");
    assert!(append::payload(&call, None, 5).is_none());
    assert!(append::history_request(&call, "t1", "now".into()).is_none());
    assert!(append::drafts(&call, &[]).is_none());
}

#[test]
fn a_recovered_ask_once_dismissed_is_not_recovered_again() {
    let records = [append::pending_dismissed("new", Some("r1"))];
    let session = Session::parse(&appended(&branched(), &records));
    assert!(recoverable(&session.active_branch()).is_none());
}

fn request() -> HistoryRequest {
    let call = Call::parse(
        Tool::AskUser,
        &json!({"questions": [
            {"id": "a", "prompt": "A?", "options": [{"value": "x"}]},
            {"id": "b", "prompt": "B?", "options": [{"value": "z"}]},
            {"id": "c", "prompt": "C?", "options": [{"value": "y"}]},
        ]}),
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || "r1".into(),
    )
    .expect("valid arguments");
    let record = append::history_request(&call, "t1", "now".into()).unwrap();
    assert_eq!(record.custom_type, HISTORY_REQUEST);
    records::read(&record.data).expect("a request record")
}

fn completed(result: Value) -> HistoryCompleted {
    HistoryCompleted {
        version: 1,
        request_id: "r1".into(),
        result: Some(result),
        error: None,
    }
}

fn status_list(completion: Option<&HistoryCompleted>) -> Vec<HistoryStatus> {
    statuses(&request(), completion)
        .into_iter()
        .map(|(_, status)| status)
        .collect()
}

#[test]
fn a_question_without_a_completion_is_waiting_and_a_failed_form_is_an_error() {
    use HistoryStatus::{Error, Waiting};
    assert_eq!(status_list(None), [Waiting; 3]);
    let failed = HistoryCompleted {
        error: Some("the terminal went away".into()),
        result: None,
        ..completed(Value::Null)
    };
    assert_eq!(status_list(Some(&failed)), [Error; 3]);
}

#[test]
fn a_submitted_question_is_answered_with_values_or_written_text_and_skipped_without() {
    use HistoryStatus::{Answered, Skipped};
    let result = json!({"cancelled": false, "mode": "submit", "answers": {
        "a": {"values": ["x"]}, "b": {"values": [], "customText": "because"},
        "c": {"values": [], "customText": "  "}}});
    assert_eq!(
        status_list(Some(&completed(result))),
        [Answered, Answered, Skipped]
    );
}

#[test]
fn every_question_of_a_cancelled_form_is_cancelled() {
    let result = json!({"cancelled": true, "mode": "submit", "answers": {"a": {"values": ["x"]}}});
    assert_eq!(
        status_list(Some(&completed(result))),
        [HistoryStatus::Cancelled; 3]
    );
}

#[test]
fn in_elaborate_mode_affected_or_noted_questions_need_clarification() {
    use HistoryStatus::{Answered, Clarification};
    let result = json!({"cancelled": false, "mode": "elaborate",
        "answers": {"c": {"values": ["y"]}},
        "continuation": {"affectedQuestionIds": ["a"]},
        "elaboration": {"items": [{"target": "question", "question": {"id": "b"}, "note": "?"}]}});
    assert_eq!(
        status_list(Some(&completed(result))),
        [Clarification, Clarification, Answered]
    );
    let no_items = json!({"cancelled": false, "mode": "elaborate", "answers": {},
        "elaboration": {"items": []}});
    assert_eq!(status_list(Some(&completed(no_items))), [Clarification; 3]);
}

#[test]
fn a_queued_forms_end_and_its_delivery_are_recorded_under_its_request_id() {
    use crate::contract::background::{BackgroundAnswer, Outcome};
    let failed = BackgroundAnswer {
        request_id: "r1".to_owned(),
        outcome: Outcome::Error("the host closed".to_owned()),
    };
    let record = append::background_completed(&failed);
    assert_eq!(record.custom_type, "ask:history-completed");
    assert_eq!(
        record.data,
        json!({"version": 1, "requestId": "r1", "error": "the host closed"})
    );
    assert_eq!(append::background_delivered(&[]), None);
    let delivered = append::background_delivered(&["r1".to_owned(), "r2".to_owned()]);
    assert_eq!(
        delivered.map(|record| (record.custom_type, record.data)),
        Some((
            "ask:background-delivered",
            json!({"version": 1, "requestIds": ["r1", "r2"]})
        ))
    );
}

/// `branched()` whose last message asks two calls at once, `first` then `second`.
fn two_calls_in_one_message() -> Vec<Value> {
    let mut lines = branched();
    let mut message = assistant_call("b3", "b2", "first", "First?");
    let content = message["message"]["content"]
        .as_array_mut()
        .expect("content");
    content.push(
        json!({"type": "toolCall", "id": "second", "name": "ask_user",
        "arguments": arguments("Second?")}),
    );
    lines[4] = message;
    lines
}

fn saved_ask(prompt: &str, request_id: &str, tool_call_id: &str) -> [Record; 2] {
    let call = Call::parse(
        Tool::AskUser,
        &arguments(prompt),
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || request_id.into(),
    )
    .expect("valid arguments");
    [
        append::payload(&call, Some("b3".into()), 5).unwrap(),
        append::history_request(&call, tool_call_id, "2026-01-01T00:00:05.000Z".into()).unwrap(),
    ]
}

#[test]
fn of_two_calls_in_one_message_each_is_recovered_from_its_own_payload() {
    let [second_payload, second_request] = saved_ask("Saved second?", "r2", "second");
    let [first_payload, first_request] = saved_ask("Saved first?", "r1", "first");
    let records = [second_payload, second_request, first_payload, first_request];
    let session = Session::parse(&appended(&two_calls_in_one_message(), &records));
    let recovery = recoverable(&session.active_branch()).expect("an ask to recover");
    let call = asked_again(&recovery);
    assert_eq!(
        (
            recovery.tool_call_id.as_str(),
            call.request_id(),
            prompt(&call)
        ),
        ("second", Some("r2"), "Saved second?")
    );
}

#[test]
fn a_payload_no_request_names_is_not_taken_for_one_of_two_calls_in_its_message() {
    let [payload, _] = saved_ask("Saved?", "r1", "first");
    let session = Session::parse(&appended(&two_calls_in_one_message(), &[payload]));
    let recovery = recoverable(&session.active_branch()).expect("an ask to recover");
    let again = asked_again(&recovery);
    assert_eq!(prompt(&again), "Second?");
}

/// The result `result` of the journaled call, completed in the journal as an ask completes it,
/// given again by the recovery.
fn given_again(call: &Call, result: &crate::contract::ToolResult) -> Value {
    let document = result.to_json();
    let records = [
        append::payload(call, Some("b3".into()), 5).unwrap(),
        append::history_request(call, "new", "2026-01-01T00:00:05.000Z".into()).unwrap(),
        append::history_completed(call, document["details"].clone()).unwrap(),
    ];
    let session = Session::parse(&appended(&branched(), &records));
    let recovery = recoverable(&session.active_branch()).expect("an ask to recover");
    let again = asked_again(&recovery);
    let details = recovery.completed.expect("the completion is found");
    again.recorded(details).expect("an ask_user call").to_json()
}

#[test]
fn an_answered_ask_whose_result_never_reached_the_host_gives_the_same_result_again() {
    let call = journaled_call();
    for response in [
        json!({"kind": "answer", "answers": {"why": {"values": ["cheap"], "note": "for now",
            "optionNotes": {"cheap": "hosted"}}}}),
        json!({"kind": "answer", "mode": "elaborate", "answers": {"why": {"note": "which?"}}}),
        json!({"kind": "answer", "answers": {"why": {"customText": "both"}}}),
        json!({"kind": "cancel"}),
    ] {
        let result = call.answer_remote(&response).expect("a valid response");
        assert_eq!(given_again(&call, &result), result.to_json(), "{response}");
    }
    let mut drafts = vec![crate::contract::answers::Draft::default()];
    drafts[0].custom_text = "speed".into();
    drafts[0].custom_selected = true;
    let cancelled = call.cancelled(Some(&drafts));
    assert_eq!(given_again(&call, &cancelled), cancelled.to_json());
}
