//! `rpc --session FILE` ended by a signal and taken up again: a signal the host sends just
//! before it closes the input is the signal, not the input's end; a background form a session
//! before left open is asked again from its first question, and a session ended again before
//! it was answered journals the drafts it was given, with the answers of the questions not
//! asked again.

#![cfg(unix)]

mod support;

use serde_json::{Value, json};
use support::pi_session::{calling_ask_user, records};
use support::rpc_process::{Rpc, signal_term};

fn arguments() -> Value {
    json!({"background": true, "questions": [
        {"id": "cache", "label": "Cache", "prompt": "Which cache?",
            "options": [{"value": "redis", "label": "Redis"}, {"value": "none", "label": "None"}]},
        {"id": "region", "label": "Region", "prompt": "Which region?",
            "options": [{"value": "eu", "label": "Europe"}, {"value": "us", "label": "America"}]}
    ]})
}

/// The drafts of the form with `None` chosen for the cache and the region not answered.
fn cache_answered() -> Value {
    json!([{"selected": [1], "customSelected": false}, {"customSelected": false}])
}

#[test]
fn a_form_asked_again_and_ended_again_keeps_the_answers_it_was_not_asked_again() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("session.jsonl");
    std::fs::write(&path, calling_ask_user(&arguments())).expect("the session is written");

    let mut first = Rpc::on_session(&path);
    first.send(&json!({"type": "ask", "id": "bg-1", "arguments": arguments()}));
    first.until("result");
    let cache = first.until("extension_ui_request");
    first.send(&json!({"type": "extension_ui_response", "id": cache["id"], "value": "None"}));
    let region = first.until("extension_ui_request");
    assert_eq!(region["title"], "Which region?");
    signal_term(&first);
    assert_eq!(first.close(), 143);
    let journal = std::fs::read_to_string(&path).expect("the session reads");
    let drafts = records(&journal, "ask:drafts");
    assert_eq!(drafts.len(), 1, "{journal}");
    assert_eq!(drafts[0]["drafts"], cache_answered());

    // Asked again from its first question, and ended again before any answer.
    let mut second = Rpc::on_session(&path);
    let cache = second.until("extension_ui_request");
    assert_eq!(cache["title"], "Which cache?");
    signal_term(&second);
    assert_eq!(second.close(), 143);
    let journal = std::fs::read_to_string(&path).expect("the session reads");
    let drafts = records(&journal, "ask:drafts");
    assert_eq!(
        drafts.last().map(|entry| &entry["drafts"]),
        Some(&cache_answered()),
        "the second session lost the first one's answer:\n{journal}"
    );

    // Answered in the third: the region now, and the cache again.
    let mut third = Rpc::on_session(&path);
    let cache = third.until("extension_ui_request");
    third.send(&json!({"type": "extension_ui_response", "id": cache["id"], "value": "Redis"}));
    let region = third.until("extension_ui_request");
    third.send(&json!({"type": "extension_ui_response", "id": region["id"], "value": "America"}));
    third.until("pi-agent-ask:completed");
    third.send(&json!({"type": "ask", "id": "wait", "tool": "wait_for_answers", "arguments": {}}));
    let waited = third.until("result");
    let answers = &waited["result"]["details"]["results"][0]["result"]["answers"];
    assert_eq!(answers["cache"]["values"], json!(["redis"]), "{waited}");
    assert_eq!(answers["region"]["values"], json!(["us"]), "{waited}");
    assert_eq!(third.close(), 0);
}

#[test]
fn a_signal_sent_just_before_the_input_closes_ends_the_session_as_the_signal_every_time() {
    let dir = tempfile::tempdir().expect("a folder");
    let path = dir.path().join("session.jsonl");
    let foreground = json!({"questions": arguments()["questions"].clone()});
    for attempt in 0..10 {
        std::fs::write(&path, calling_ask_user(&foreground)).expect("the session is written");
        let mut rpc = Rpc::on_session(&path);
        rpc.send(&json!({"type": "ask", "id": "call-1", "arguments": foreground}));
        rpc.until("extension_ui_request");
        signal_term(&rpc);
        // Closed at once: the input's end is ready as the signal is taken.
        assert_eq!(rpc.close(), 143, "attempt {attempt}");
        let journal = std::fs::read_to_string(&path).expect("the session reads");
        assert!(
            records(&journal, "ask:history-completed").is_empty(),
            "attempt {attempt}: the ask was journaled as ended by the input's end:\n{journal}"
        );
    }
}
