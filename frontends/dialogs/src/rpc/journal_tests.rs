//! When the session tells its journal what happened, in the journal's order.

use pi_agent_ask_core::contract::ask_user::{NoPreviewFiles, ParseOptions};
use pi_agent_ask_core::contract::{Call, InvalidCall, Tool};
use serde_json::{Value, json};

use super::{Environment, Moment, Outgoing, Session};

/// Counted ids, and every journal entry as a short line naming what it is about.
#[derive(Default)]
struct Recording {
    ids: u32,
    kept: Vec<String>,
}

impl Environment for Recording {
    fn new_id(&mut self) -> String {
        self.ids += 1;
        format!("id-{}", self.ids)
    }

    fn now(&mut self) -> u64 {
        0
    }

    fn parse_call(&mut self, tool: Tool, arguments: &Value) -> Result<Call, InvalidCall> {
        Call::parse(
            tool,
            arguments,
            ParseOptions::default(),
            &mut NoPreviewFiles,
            || self.new_id(),
        )
    }

    fn journal(&mut self, entry: Moment<'_>) {
        let line = match entry {
            Moment::Asked { call, tool_call_id } => format!(
                "asked {tool_call_id} {}",
                call.request_id().unwrap_or_default()
            ),
            Moment::Answered { call, result } => format!(
                "answered {} cancelled={}",
                call.request_id().unwrap_or_default(),
                result.to_json()["details"]["cancelled"]
            ),
            Moment::BackgroundAnswered(answer) => format!("background {}", answer.request_id),
            Moment::Delivered(ids) => format!("delivered {}", ids.join(",")),
            Moment::Interrupted { call, drafts } => format!(
                "drafts {} {}",
                call.request_id().unwrap_or_default(),
                drafts.iter().filter(|draft| draft.is_answered()).count()
            ),
        };
        self.kept.push(line);
    }
}

fn send(session: &mut Session<Recording>, line: &Value) -> Vec<Value> {
    session
        .handle_line(line.to_string().as_bytes())
        .iter()
        .map(Outgoing::to_json)
        .collect()
}

fn kept(session: Session<Recording>) -> Vec<String> {
    session.into_environment().kept
}

fn two_questions(background: bool) -> Value {
    json!({"background": background, "questions": [
        {"id": "a", "prompt": "First?", "options": [{"value": "y", "label": "Yes"}]},
        {"id": "b", "prompt": "Second?", "options": [{"value": "n", "label": "No"}]}
    ]})
}

fn reply(id: &str, value: &str) -> Value {
    json!({"type": "extension_ui_response", "id": id, "value": value})
}

#[test]
fn a_foreground_call_is_journaled_before_its_dialog_and_its_end_before_its_result() {
    let mut session = Session::new(Recording::default());
    let asked = send(
        &mut session,
        &json!({"type": "ask", "id": "c1", "arguments": two_questions(false)}),
    );
    assert_eq!(asked[1]["type"], "extension_ui_request");
    assert_eq!(session.env.kept, ["asked c1 id-1"]);
    send(&mut session, &reply("id-2", "Yes"));
    assert_eq!(session.env.kept.len(), 1, "nothing while the form waits");
    let ended = send(&mut session, &reply("id-3", "No"));
    assert_eq!(ended.last().unwrap()["type"], "result");
    assert_eq!(
        kept(session),
        ["asked c1 id-1", "answered id-1 cancelled=false"]
    );
}

#[test]
fn a_queued_form_is_journaled_before_its_receipt_and_delivered_once_the_wait_is_written() {
    let mut session = Session::new(Recording::default());
    let queued = send(
        &mut session,
        &json!({"type": "ask", "id": "bg", "arguments": two_questions(true)}),
    );
    assert_eq!(queued[0]["result"]["details"]["status"], "queued");
    assert_eq!(session.env.kept, ["asked bg id-1"]);
    send(&mut session, &reply("id-2", "Yes"));
    send(&mut session, &reply("id-3", "No"));
    assert_eq!(session.env.kept[1..], ["background id-1"]);
    let wait = json!({"type": "ask", "id": "w", "tool": "wait_for_answers", "arguments": {}});
    let waited = send(&mut session, &wait);
    assert_eq!(waited[0]["id"], "w");
    assert_eq!(
        session.env.kept.len(),
        2,
        "not delivered before it is written"
    );
    session.lines_written();
    session.lines_written();
    assert_eq!(
        kept(session),
        ["asked bg id-1", "background id-1", "delivered id-1"]
    );
}

#[test]
fn a_signal_journals_the_open_forms_drafts_and_nothing_of_what_was_never_asked() {
    let mut session = Session::new(Recording::default());
    send(
        &mut session,
        &json!({"type": "ask", "id": "c1", "arguments": two_questions(false)}),
    );
    send(
        &mut session,
        &json!({"type": "ask", "id": "bg", "arguments": two_questions(true)}),
    );
    send(&mut session, &reply("id-2", "Yes"));
    let wait = json!({"type": "ask", "id": "w", "tool": "wait_for_answers", "arguments": {}});
    send(&mut session, &wait);
    let closing = session.interrupted();
    let results = closing
        .iter()
        .map(Outgoing::to_json)
        .filter(|line| line["type"] == "result")
        .count();
    assert_eq!(
        results, 2,
        "the cancelled call and the wait still get their results"
    );
    session.lines_written();
    assert_eq!(
        kept(session),
        ["asked c1 id-1", "asked bg id-3", "drafts id-1 1"]
    );
}

/// Asks `c1` and `c2`, each with two questions: the first opens, the second waits.
fn ask_two(session: &mut Session<Recording>) {
    for id in ["c1", "c2"] {
        send(
            session,
            &json!({"type": "ask", "id": id, "arguments": two_questions(false)}),
        );
    }
}

/// The journal of [`ask_two`]'s calls, both ended as cancelled.
const BOTH_ENDED_CANCELLED: [&str; 4] = [
    "asked c1 id-1",
    "answered id-1 cancelled=true",
    "asked c2 id-3",
    "answered id-3 cancelled=true",
];

#[test]
fn the_end_of_input_journals_each_call_as_ended() {
    let mut session = Session::new(Recording::default());
    ask_two(&mut session);
    session.end_of_input();
    assert_eq!(kept(session), BOTH_ENDED_CANCELLED);
}

#[test]
fn pi_abort_journals_the_calls_it_ends() {
    let mut session = Session::new(Recording::default());
    ask_two(&mut session);
    let aborted = send(&mut session, &json!({"type": "abort"}));
    let ids: Vec<&Value> = aborted
        .iter()
        .filter(|line| line["type"] == "result")
        .map(|line| &line["id"])
        .collect();
    assert_eq!(ids, ["c1", "c2"]);
    assert_eq!(kept(session), BOTH_ENDED_CANCELLED);
}

#[test]
fn invalid_arguments_are_not_journaled() {
    let mut session = Session::new(Recording::default());
    let answered = send(
        &mut session,
        &json!({"type": "ask", "id": "c1", "arguments": {"questions": []}}),
    );
    assert_eq!(answered.len(), 1, "the invalid-input result alone");
    assert_eq!(
        answered[0]["result"]["details"]["error"]["kind"],
        "invalid_input"
    );
    assert!(kept(session).is_empty());
}
