use pi_agent_ask_core::contract::ask_user::{NoPreviewFiles, ParseOptions};
use pi_agent_ask_core::contract::{Call, InvalidCall, Tool};
use serde_json::{Value, json};

use super::replies::NAMES_NO_OPTION;
use super::{Environment, Outgoing, ProtocolError, Session, UiRequest};
use crate::Level;

#[derive(Default)]
struct Counting {
    ids: u32,
    ticks: u32,
}

impl Environment for Counting {
    fn new_id(&mut self) -> String {
        self.ids += 1;
        format!("id-{}", self.ids)
    }

    fn now(&mut self) -> u64 {
        self.ticks += 1;
        u64::from(self.ticks)
    }

    fn parse_call(&mut self, tool: Tool, arguments: &Value) -> Result<Call, InvalidCall> {
        let options = ParseOptions::default();
        Call::parse(tool, arguments, options, &mut NoPreviewFiles, || {
            self.new_id()
        })
    }
}

fn send(session: &mut Session<Counting>, line: &Value) -> Vec<Value> {
    session
        .handle_line(line.to_string().as_bytes())
        .iter()
        .map(Outgoing::to_json)
        .collect()
}

fn question(text: &str) -> Value {
    json!({"questions": [{"question": text, "options": [{"label": "Yes"}, {"label": "No"}]}]})
}

fn ask(id: &str, text: &str) -> Value {
    json!({"type": "ask", "id": id, "tool": "ask_user_question", "arguments": question(text)})
}

#[test]
fn a_second_ask_waits_for_the_first_to_finish() {
    let mut session = Session::new(Counting::default());
    let first = send(&mut session, &ask("c1", "First?"));
    assert_eq!(first.len(), 2);
    assert_eq!(first[1]["title"], "First?");
    assert!(send(&mut session, &ask("c2", "Second?")).is_empty());
    let answered = send(
        &mut session,
        &json!({"type": "extension_ui_response", "id": "id-1", "value": "Yes"}),
    );
    let kinds: Vec<&str> = answered
        .iter()
        .map(|line| {
            line["channel"]
                .as_str()
                .unwrap_or_else(|| line["type"].as_str().unwrap())
        })
        .collect();
    assert_eq!(
        kinds,
        [
            "pi-agent-ask:completed",
            "result",
            "pi-agent-ask:started",
            "extension_ui_request"
        ]
    );
    assert_eq!(answered[3]["title"], "Second?");
}

#[test]
fn a_response_to_no_open_dialog_is_ignored() {
    let mut session = Session::new(Counting::default());
    send(&mut session, &ask("c1", "First?"));
    let line = json!({"type": "extension_ui_response", "id": "nope", "value": "Yes"});
    assert!(send(&mut session, &line).is_empty());
    assert!(!session.is_idle());
}

#[test]
fn a_response_without_a_value_is_a_failed_response_and_the_same_dialog_again() {
    let mut session = Session::new(Counting::default());
    let first = send(&mut session, &ask("c1", "First?"));
    let wrong = send(
        &mut session,
        &json!({"type": "extension_ui_response", "id": "id-1", "value": 2}),
    );
    assert_eq!(
        wrong[0],
        json!({"type": "response", "id": "id-1", "command": "extension_ui_response",
            "success": false,
            "error": "extension_ui_response: an answer to select needs a string \"value\", \"confirmed\" or \"cancelled\": true"})
    );
    let mut again = first[1].clone();
    again["id"] = json!("id-2");
    assert_eq!(wrong[1..], [again]);
    let stale = json!({"type": "extension_ui_response", "id": "id-1", "value": "No"});
    assert!(send(&mut session, &stale).is_empty());
    let right = send(
        &mut session,
        &json!({"type": "extension_ui_response", "id": "id-2", "value": "No"}),
    );
    assert_eq!(
        right[1]["result"]["content"][0]["text"],
        "Q1: user selected: 2. No"
    );
}

#[test]
fn a_select_reply_naming_no_option_is_written_or_asked_again_never_left_waiting() {
    let mut session = Session::new(Counting::default());
    let first = send(&mut session, &ask("c1", "First?"));
    let blank = send(
        &mut session,
        &json!({"type": "extension_ui_response", "id": "id-1", "value": ""}),
    );
    let notice = json!({"type": "extension_ui_request", "id": "id-2", "method": "notify",
        "message": NAMES_NO_OPTION, "notifyType": "warning"});
    let mut again = first[1].clone();
    again["id"] = json!("id-3");
    assert_eq!(blank, [notice, again]);
    let written = send(
        &mut session,
        &json!({"type": "extension_ui_response", "id": "id-3", "value": "Maybe later"}),
    );
    assert_eq!(
        written[1]["result"]["content"][0]["text"],
        "Q1: user wrote: Maybe later"
    );
    assert!(session.is_idle());
}

#[test]
fn the_same_call_id_cannot_be_asked_twice_at_once() {
    let mut session = Session::new(Counting::default());
    send(&mut session, &ask("c1", "First?"));
    assert_eq!(
        send(&mut session, &ask("c1", "Again?")),
        [
            json!({"type": "response", "id": "c1", "command": "ask", "success": false,
            "error": "ask: call \"c1\" is already open or waiting"})
        ]
    );
}

#[test]
fn end_of_input_cancels_the_open_call_and_every_waiting_one() {
    let mut session = Session::new(Counting::default());
    send(&mut session, &ask("c1", "First?"));
    send(&mut session, &ask("c2", "Second?"));
    let closing: Vec<Value> = session
        .end_of_input()
        .iter()
        .map(Outgoing::to_json)
        .collect();
    assert_eq!(closing.len(), 3);
    assert_eq!(closing[1]["id"], "c1");
    assert_eq!(closing[2]["id"], "c2");
    assert_eq!(closing[2]["result"]["details"]["cancelled"], true);
    assert!(session.is_idle());
}

#[test]
fn confirm_and_notify_requests_have_pi_shapes() {
    let confirm = Outgoing::UiRequest {
        id: "u1".into(),
        request: UiRequest::Confirm {
            title: "Clear?".into(),
            message: "All is lost.".into(),
        },
    };
    assert_eq!(
        confirm.to_line(),
        r#"{"type":"extension_ui_request","id":"u1","method":"confirm","title":"Clear?","message":"All is lost."}"#
    );
    let notify = UiRequest::Notify {
        message: "Done".into(),
        level: Some(Level::Warning),
    };
    assert!(!notify.expects_response());
    let line = Outgoing::UiRequest {
        id: "u2".into(),
        request: notify,
    };
    assert_eq!(
        line.to_line(),
        r#"{"type":"extension_ui_request","id":"u2","method":"notify","message":"Done","notifyType":"warning"}"#
    );
}

#[test]
fn line_separators_are_escaped_on_the_way_out() {
    let line = Outgoing::Failed(ProtocolError::parse("a\u{2028}b\u{2029}c")).to_line();
    assert_eq!(
        line,
        r#"{"type":"response","command":"parse","success":false,"error":"a\u2028b\u2029c"}"#
    );
    let value: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(value["error"], "a\u{2028}b\u{2029}c");
}

#[test]
fn rpc_lines_escape_del_c1_and_bidirectional_controls() {
    let text = "a\u{7f}b\u{85}c\u{9b}d\u{202e}e\u{2067}f";
    let line = Outgoing::Failed(ProtocolError::parse(text)).to_line();
    assert_eq!(
        line,
        r#"{"type":"response","command":"parse","success":false,"error":"a\u007fb\u0085c\u009bd\u202ee\u2067f"}"#
    );
    let value: Value = serde_json::from_str(&line).unwrap();
    assert_eq!(value["error"], text);
}

fn background_ask(id: &str, prompt: &str) -> Value {
    json!({"type": "ask", "id": id, "arguments": {"background": true, "questions": [
        {"id": "q", "prompt": prompt, "options": [{"value": "yes", "label": "Yes"}]}
    ]}})
}

fn kinds(lines: &[Value]) -> Vec<&str> {
    lines
        .iter()
        .map(|line| {
            line["channel"]
                .as_str()
                .unwrap_or_else(|| line["type"].as_str().unwrap())
        })
        .collect()
}

#[test]
fn a_submit_ends_a_background_form_without_a_result_line_of_its_own() {
    let mut session = Session::new(Counting::default());
    let queued = send(&mut session, &background_ask("bg", "Ready?"));
    assert_eq!(queued[0]["result"]["details"]["status"], "queued");
    let submit = json!({"type": "submit", "version": 1, "requestId": "r", "flowId": "tool:bg",
        "response": {"kind": "answer", "answers": {"q": {"values": ["yes"]}}}});
    let submitted = send(&mut session, &submit);
    assert_eq!(
        kinds(&submitted),
        [
            "pi-agent-ask:submit-result",
            "pi-agent-ask:completed",
            "herdr:blocked"
        ]
    );
    let waited = send(
        &mut session,
        &json!({"type": "ask", "id": "w", "tool": "wait_for_answers", "arguments": {}}),
    );
    assert_eq!(waited[0]["id"], "w");
    assert_eq!(
        waited[0]["result"]["details"]["results"][0]["result"]["answers"]["q"]["values"],
        json!(["yes"])
    );
    assert!(session.is_idle());
}

#[test]
fn an_abort_ask_naming_the_ask_that_queued_a_form_changes_nothing() {
    let mut session = Session::new(Counting::default());
    send(&mut session, &background_ask("bg", "Ready?"));
    assert!(send(&mut session, &json!({"type": "abort_ask", "callId": "bg"})).is_empty());
    let answered = send(
        &mut session,
        &json!({"type": "extension_ui_response", "id": "id-2", "value": "Yes"}),
    );
    assert_eq!(
        kinds(&answered),
        ["pi-agent-ask:completed", "herdr:blocked"]
    );
}

#[test]
fn an_ask_user_question_asking_for_background_is_asked_in_the_foreground() {
    let mut session = Session::new(Counting::default());
    let mut arguments = question("Now?");
    arguments["background"] = json!(true);
    let line =
        json!({"type": "ask", "id": "c", "tool": "ask_user_question", "arguments": arguments});
    let opened = send(&mut session, &line);
    assert_eq!(
        kinds(&opened),
        ["pi-agent-ask:started", "extension_ui_request"]
    );
}

#[test]
fn a_wait_id_may_not_repeat_while_it_waits() {
    let mut session = Session::new(Counting::default());
    send(&mut session, &background_ask("bg", "Ready?"));
    let wait = json!({"type": "ask", "id": "w", "tool": "wait_for_answers", "arguments": {}});
    assert!(send(&mut session, &wait).is_empty());
    assert_eq!(
        send(&mut session, &wait),
        [
            json!({"type": "response", "id": "w", "command": "ask", "success": false,
            "error": "ask: call \"w\" is already open or waiting"})
        ]
    );
}

#[test]
fn confirmed_dismisses_a_select_as_pi_reads_it() {
    let mut session = Session::new(Counting::default());
    send(&mut session, &ask("c1", "First?"));
    let answered = send(
        &mut session,
        &json!({"type": "extension_ui_response", "id": "id-1", "confirmed": true}),
    );
    assert_eq!(kinds(&answered), ["pi-agent-ask:completed", "result"]);
    assert_eq!(answered[1]["result"]["details"]["cancelled"], true);
}

#[test]
fn pi_abort_ends_the_foreground_calls_and_the_waits_and_leaves_background_forms_open() {
    let mut session = Session::new(Counting::default());
    send(&mut session, &background_ask("bg", "Ready?"));
    let wait = json!({"type": "ask", "id": "w", "tool": "wait_for_answers", "arguments": {}});
    send(&mut session, &wait);
    send(&mut session, &ask("c1", "After?"));
    let aborted = send(&mut session, &json!({"type": "abort", "id": "req_1"}));
    assert_eq!(kinds(&aborted), ["result", "response"]);
    assert_eq!(aborted[0]["id"], "c1");
    assert_eq!(
        aborted[1],
        json!({"type": "response", "id": "req_1", "command": "abort", "success": true})
    );
    let answered = send(
        &mut session,
        &json!({"type": "extension_ui_response", "id": "id-2", "value": "Yes"}),
    );
    assert_eq!(
        kinds(&answered),
        ["pi-agent-ask:completed", "herdr:blocked"],
        "the aborted wait is not answered"
    );
    let waited = send(
        &mut session,
        &json!({"type": "ask", "id": "w", "tool": "wait_for_answers", "arguments": {}}),
    );
    assert_eq!(
        waited[0]["result"]["details"]["results"][0]["result"]["answers"]["q"]["values"],
        json!(["yes"])
    );
}

#[test]
fn pi_abort_without_an_id_is_answered_without_one() {
    let mut session = Session::new(Counting::default());
    assert_eq!(
        send(&mut session, &json!({"type": "abort"})),
        [json!({"type": "response", "command": "abort", "success": true})]
    );
}
