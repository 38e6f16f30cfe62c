use std::os::unix::fs::DirBuilderExt as _;
use std::time::Instant;

use pi_agent_ask_core::contract::Tool;
use pi_agent_ask_core::contract::rules::ImagePaste;
use serde_json::json;

use super::*;
use crate::away::{ArgumentsText, Asker, AwayRequest};
use crate::cancel::{Cancel, Wake};
use crate::inbox::client::{InboxAnswer, InboxError, ask_on};
use crate::inbox::place::place_in;
use crate::inbox::wire::ask_line;

const WAIT: Duration = Duration::from_secs(5);

/// A started inbox in a private folder of its own.
fn inbox() -> (tempfile::TempDir, Server) {
    let dir = tempfile::tempdir().expect("a folder");
    let folder = dir.path().join("inboxes");
    std::fs::DirBuilder::new()
        .mode(0o700)
        .create(&folder)
        .expect("the folder is made");
    let place = place_in(folder, "test", Folder::Find).expect("a place");
    let server = Server::start_at(place, "test").expect("the inbox starts");
    (dir, server)
}

fn request(id: &str) -> AwayRequest {
    AwayRequest {
        id: id.to_owned(),
        tool: Tool::AskUser,
        arguments: ArgumentsText::of(
            &json!({"questions": [{"id": "db", "prompt": "Which?", "options": [{"value": "pg"}]}]}),
        ),
        settings: None,
        settings_notices: Vec::new(),
        asker: Asker {
            program: "agent".to_owned(),
            cwd: "/work".to_owned(),
            pid: 1,
        },
        drafts: None,
        images: ImagePaste::default(),
        behind: 0,
        holds: true,
    }
}

fn connect(server: &Server) -> UnixStream {
    UnixStream::connect(&server.place.socket).expect("the inbox listens")
}

/// The events that come next, waiting for the first.
fn events(server: &mut Server) -> Vec<InboxEvent> {
    let cancel = Cancel::new().expect("a token");
    let deadline = Instant::now() + WAIT;
    loop {
        let woke = cancel.wait(server.fd(), Some(WAIT)).expect("the wait");
        assert_eq!(woke, Wake::Ready, "no event came");
        let taken: Vec<_> = server
            .take()
            .into_iter()
            .map(|input| match input {
                Input::Inbox(event) => event,
                other => panic!("not an inbox event: {other:?}"),
            })
            .collect();
        if !taken.is_empty() {
            return taken;
        }
        assert!(Instant::now() < deadline, "no event came");
    }
}

fn arrived(event: &InboxEvent) -> &str {
    match event {
        InboxEvent::Arrived(arrival) => &arrival.ask.0,
        InboxEvent::Withdrawn(_) | InboxEvent::Recalled(_) => panic!("taken back, not arrived"),
        InboxEvent::Behind { .. } => panic!("a count, not an arrival"),
    }
}

#[test]
fn an_ask_is_answered_on_its_own_connection() {
    let (_dir, mut server) = inbox();
    let stream = connect(&server);
    let asking = std::thread::spawn(move || {
        let cancel = Cancel::new().expect("a token");
        ask_on(stream, &request("req-1"), &cancel)
    });
    let events = events(&mut server);
    let [InboxEvent::Arrived(arrival)] = events.as_slice() else {
        panic!("one arrival, got {events:?}");
    };
    assert_eq!(arrival.ask, AskId("req-1".to_owned()));
    assert_eq!(arrival.origin.program, "agent");
    let result = arrival.call.cancelled(None);
    server
        .replies()
        .reply(&arrival.ask, &result, ReplyReason::InboxClosing);
    let answered = asking.join().expect("the asker").expect("a result");
    assert_eq!(
        answered,
        InboxAnswer::Result {
            result: result.to_json(),
            reason: ReplyReason::InboxClosing
        },
        "the asker hears that the inbox's closing cancelled its ask"
    );
    let InboxAnswer::Result {
        result: answered, ..
    } = answered
    else {
        unreachable!("a result, checked above");
    };
    assert_eq!(answered["details"]["requestId"], json!("req-1"));
}

#[test]
fn a_closed_connection_withdraws_its_ask() {
    let (_dir, mut server) = inbox();
    let mut stream = connect(&server);
    stream
        .write_all(ask_line(&request("gone")).as_bytes())
        .expect("sent");
    assert_eq!(arrived(&events(&mut server)[0]), "gone");
    drop(stream);
    assert_eq!(
        events(&mut server),
        [InboxEvent::Withdrawn(AskId("gone".to_owned()))]
    );
}

#[test]
fn a_reconnect_with_the_same_id_keeps_the_ask_when_the_old_connection_closes() {
    let (_dir, mut server) = inbox();
    let mut old = connect(&server);
    old.write_all(ask_line(&request("same")).as_bytes())
        .expect("sent");
    let first = events(&mut server);
    assert_eq!(arrived(&first[0]), "same");
    let new = connect(&server);
    let asking = std::thread::spawn(move || {
        let cancel = Cancel::new().expect("a token");
        ask_on(new, &request("same"), &cancel)
    });
    assert_eq!(arrived(&events(&mut server)[0]), "same");
    drop(old);
    let quiet = Cancel::new().expect("a token");
    let woke = quiet
        .wait(server.fd(), Some(Duration::from_millis(200)))
        .expect("the wait");
    assert_eq!(woke, Wake::Timeout, "the old connection withdrew the ask");
    let InboxEvent::Arrived(arrival) = &first[0] else {
        unreachable!("an arrival, checked above");
    };
    let result = arrival.call.no_ui();
    server
        .replies()
        .reply(&arrival.ask, &result, ReplyReason::FormEnded);
    let answered = asking.join().expect("the asker").expect("a result");
    assert_eq!(
        answered,
        InboxAnswer::Result {
            result: result.to_json(),
            reason: ReplyReason::FormEnded
        }
    );
}

#[test]
fn an_asker_still_connected_when_another_takes_its_ask_id_is_told_and_let_go() {
    let (_dir, mut server) = inbox();
    let mut old = connect(&server);
    old.write_all(ask_line(&request("twice")).as_bytes())
        .expect("sent");
    assert_eq!(arrived(&events(&mut server)[0]), "twice");
    let new = connect(&server);
    let asking = std::thread::spawn(move || {
        let cancel = Cancel::new().expect("a token");
        ask_on(new, &request("twice"), &cancel)
    });
    let mut told = String::new();
    old.set_read_timeout(Some(Duration::from_secs(5)))
        .expect("a timeout");
    std::io::Read::read_to_string(&mut old, &mut told).expect("the older connection ends");
    let told: serde_json::Value = serde_json::from_str(told.trim()).expect("one line");
    assert_eq!(told["type"], "taken_over");
    assert_eq!(told["id"], "twice");
    let InboxEvent::Arrived(arrival) = &events(&mut server)[0] else {
        panic!("the newer asker's arrival");
    };
    let result = arrival.call.no_ui();
    server
        .replies()
        .reply(&arrival.ask, &result, ReplyReason::FormEnded);
    let answered = asking.join().expect("the asker").expect("a result");
    assert_eq!(
        answered,
        InboxAnswer::Result {
            result: result.to_json(),
            reason: ReplyReason::FormEnded
        }
    );
}

#[test]
fn a_second_inbox_of_the_same_name_refuses_to_start() {
    let (_dir, server) = inbox();
    let again = Server::start_at(server.place.clone(), "test");
    assert!(matches!(again, Err(StartError::Running(name)) if name == "test"));
}

#[test]
fn an_asker_ended_from_outside_takes_its_ask_back_with_what_the_form_held() {
    let (_dir, mut server) = inbox();
    let stream = connect(&server);
    let cancel = Cancel::new().expect("a token");
    let waiting = cancel.clone();
    let asking = std::thread::spawn(move || ask_on(stream, &request("keep-me"), &waiting));
    assert_eq!(arrived(&events(&mut server)[0]), "keep-me");
    cancel.cancel();
    let ask = AskId("keep-me".to_owned());
    assert_eq!(events(&mut server), [InboxEvent::Recalled(ask.clone())]);
    let mut draft = Draft::default();
    draft.select(0);
    draft.note = "only if it is managed".to_owned();
    server.replies().hand_back(&ask, &[draft]);
    let ended = asking.join().expect("the asker").expect("an answer");
    assert_eq!(
        ended,
        InboxAnswer::Withdrawn(Some(vec![DraftRecord {
            selected: vec![0],
            note: "only if it is managed".to_owned(),
            ..DraftRecord::default()
        }]))
    );
}

#[test]
fn an_asker_whose_inbox_goes_away_keeps_what_its_form_last_held() {
    let (_dir, mut server) = inbox();
    let stream = connect(&server);
    let cancel = Cancel::new().expect("a token");
    let asking = std::thread::spawn(move || ask_on(stream, &request("held"), &cancel));
    assert_eq!(arrived(&events(&mut server)[0]), "held");
    let ask = AskId("held".to_owned());
    let replies = server.replies();
    for text in ["typed", "typed so far"] {
        let mut draft = Draft::default();
        draft.custom_text = text.to_owned();
        replies.hold(&ask, &[draft]);
    }
    // The held lines are written off the run loop; then the connection ends, as it does for
    // an inbox killed.
    let outbox = Arc::clone(&server.shared.lock()["held"].outbox);
    outbox.wait_written(Instant::now() + WAIT);
    outbox.finish(String::new(), Ending::Shut);
    let ended = asking.join().expect("the asker");
    let Err(InboxError::Gone(Some(held))) = ended else {
        panic!("the inbox went away, having handed what the form held: {ended:?}");
    };
    assert_eq!(
        held[0].custom_text, "typed so far",
        "the last one it was handed"
    );
}
