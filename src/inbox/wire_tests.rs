use serde_json::json;

use pi_agent_ask_core::contract::Tool;
use pi_agent_ask_core::contract::rules::ImagePaste;
use pi_agent_ask_core::journal::drafts::DraftRecord;

use super::*;
use crate::away::{ArgumentsText, Asker, AwayRequest};

fn request() -> AwayRequest {
    AwayRequest {
        id: "req-1".to_owned(),
        tool: Tool::AskUserQuestion,
        arguments: ArgumentsText::of(&json!({"questions": [{"question": "Auth?"}]})),
        settings: Some(json!({"version": 5})),
        settings_notices: vec![
            "/home/dev/ask.json: keymaps.main.confrim: unknown action".to_owned(),
        ],
        asker: Asker {
            program: "pi".to_owned(),
            cwd: "/work/project".to_owned(),
            pid: 42,
        },
        drafts: Some(vec![DraftRecord {
            custom_text: "OAuth, but ask security first".to_owned(),
            custom_selected: true,
            ..DraftRecord::default()
        }]),
        images: ImagePaste::Unsupported,
        behind: 2,
        holds: true,
    }
}

#[test]
fn an_ask_reads_back_as_it_was_sent() {
    let line = ask_line(&request());
    assert!(line.ends_with('\n') && !line[..line.len() - 1].contains('\n'));
    let document: Value = serde_json::from_str(&line).expect("JSON");
    assert_eq!(document["v"], json!(1));
    assert_eq!(document["type"], json!("ask"));
    assert_eq!(document["tool"], json!("ask_user_question"));
    assert_eq!(
        document["origin"],
        json!({"program": "pi", "cwd": "/work/project", "pid": 42})
    );
    assert_eq!(parse_ask(line.trim_end().as_bytes()), Ok(request()));
}

#[test]
fn an_ask_that_says_nothing_of_images_takes_them_and_one_that_says_something_else_is_refused() {
    let mut document: Value = serde_json::from_str(&ask_line(&request())).expect("JSON");
    document
        .as_object_mut()
        .expect("an object")
        .remove("images");
    let read = parse_ask(document.to_string().as_bytes()).expect("an ask");
    assert_eq!(
        read.images,
        ImagePaste::FromClipboard,
        "as an older asker sends it"
    );
    document["images"] = json!("sometimes");
    assert_eq!(
        parse_ask(document.to_string().as_bytes()),
        Err(WireError::Field("images"))
    );
}

#[test]
fn a_result_and_an_error_read_back_as_they_were_sent() {
    let result = json!({"content": [], "isError": false});
    for reason in [ReplyReason::FormEnded, ReplyReason::InboxClosing] {
        let line = result_line("req-1", &result, reason);
        assert_eq!(
            parse_reply(line.as_bytes()),
            Ok(Reply::Result {
                id: "req-1".to_owned(),
                result: result.clone(),
                reason,
            })
        );
    }
    assert!(
        !result_line("req-1", &result, ReplyReason::FormEnded).contains("closing"),
        "an answer's line is as it always was"
    );
    assert!(result_line("req-1", &result, ReplyReason::InboxClosing).contains(r#""closing":true"#));
    let mut document: Value =
        serde_json::from_str(&result_line("req-1", &result, ReplyReason::FormEnded)).unwrap();
    document["closing"] = json!("yes");
    assert_eq!(
        parse_reply(document.to_string().as_bytes()),
        Err(WireError::Field("closing"))
    );
    let line = error_line("no");
    assert_eq!(
        parse_reply(line.as_bytes()),
        Ok(Reply::Error("no".to_owned()))
    );
}

#[test]
fn a_taken_over_line_reads_back_as_it_was_sent_and_needs_its_id() {
    assert_eq!(
        parse_reply(taken_over_line("req-1").as_bytes()),
        Ok(Reply::TakenOver {
            id: "req-1".to_owned()
        })
    );
    assert_eq!(
        parse_reply(br#"{"v":1,"type":"taken_over"}"#),
        Err(WireError::Field("id"))
    );
}

#[test]
fn another_version_is_refused_by_name() {
    let line = br#"{"v":2,"type":"ask","id":"x"}"#;
    assert_eq!(parse_ask(line), Err(WireError::Version("2".to_owned())));
    let line = br#"{"type":"ask","id":"x"}"#;
    assert_eq!(
        parse_ask(line),
        Err(WireError::Version("(none)".to_owned()))
    );
}

#[test]
fn an_asks_arguments_travel_as_text_escaped_as_the_program_writes_json_and_read_back_whole() {
    let arguments = json!({"questions": [{"question": "Override \u{202e}here \u{9b}31m?",
        "options": [{"label": "Yes"}]}]});
    let request = AwayRequest {
        arguments: ArgumentsText::of(&arguments),
        ..request()
    };
    let line = ask_line(&request);
    assert!(line.contains(r"Override \u202ehere \u009b31m?"), "{line}");
    assert!(
        !line.contains('\u{202e}') && !line.contains('\u{9b}'),
        "{line}"
    );
    let read = parse_ask(line.trim_end().as_bytes()).expect("an ask");
    assert_eq!(read.arguments.text(), request.arguments.text());
    assert_eq!(
        serde_json::from_str::<Value>(read.arguments.text()).expect("JSON"),
        arguments
    );
}

#[test]
fn lines_that_are_not_asks_are_refused_not_taken() {
    assert_eq!(parse_ask(b"not json"), Err(WireError::NotJson));
    assert_eq!(parse_ask(b"[1]"), Err(WireError::NotJson));
    assert_eq!(
        parse_ask(br#"{"v":1,"type":"result"}"#),
        Err(WireError::Type("\"result\"".to_owned()))
    );
    let mut missing =
        serde_json::to_value(serde_json::from_str::<Value>(&ask_line(&request())).expect("JSON"))
            .expect("a value");
    missing["tool"] = json!("ask_everyone");
    assert_eq!(
        parse_ask(missing.to_string().as_bytes()),
        Err(WireError::Field("tool"))
    );
    missing["tool"] = json!("ask_user");
    missing["arguments"] = json!("questions");
    assert_eq!(
        parse_ask(missing.to_string().as_bytes()),
        Err(WireError::Field("arguments"))
    );
}

#[test]
fn an_ask_that_says_nothing_of_forms_behind_it_has_none_behind() {
    let mut document: Value = serde_json::from_str(&ask_line(&request())).expect("JSON");
    assert_eq!(document["behind"], json!(2));
    document
        .as_object_mut()
        .expect("an object")
        .remove("behind");
    let read = parse_ask(document.to_string().as_bytes()).expect("an ask");
    assert_eq!(read.behind, 0, "as an older asker sends it");
    document["behind"] = json!(-1);
    assert_eq!(
        parse_ask(document.to_string().as_bytes()),
        Err(WireError::Field("behind"))
    );
}

#[test]
fn the_lines_after_an_ask_read_back_as_they_were_sent() {
    let withdraw = withdraw_line("req-1");
    assert_eq!(
        parse_after_ask(withdraw.trim_end().as_bytes()),
        Ok(AfterAsk::Withdraw {
            id: "req-1".to_owned()
        })
    );
    let behind = behind_line("req-1", 3);
    assert_eq!(
        behind,
        "{\"v\":1,\"type\":\"behind\",\"id\":\"req-1\",\"count\":3}\n"
    );
    assert_eq!(
        parse_after_ask(behind.trim_end().as_bytes()),
        Ok(AfterAsk::Behind {
            id: "req-1".to_owned(),
            count: 3
        })
    );
    assert_eq!(
        parse_after_ask(br#"{"v":1,"type":"behind","id":"req-1"}"#),
        Err(WireError::Field("count"))
    );
    assert!(parse_after_ask(br#"{"v":1,"type":"ask","id":"req-1"}"#).is_err());
}

#[test]
fn an_ask_that_says_nothing_of_holding_is_handed_nothing_and_a_held_line_reads_back() {
    let mut document: Value = serde_json::from_str(&ask_line(&request())).expect("JSON");
    assert_eq!(document["holds"], json!(true));
    document.as_object_mut().expect("an object").remove("holds");
    let read = parse_ask(document.to_string().as_bytes()).expect("an ask");
    assert!(
        !read.holds,
        "as an older asker sends it, which knows no held line"
    );
    document["holds"] = json!("yes");
    assert_eq!(
        parse_ask(document.to_string().as_bytes()),
        Err(WireError::Field("holds"))
    );
    let drafts = vec![DraftRecord {
        custom_text: "typed so far".to_owned(),
        ..DraftRecord::default()
    }];
    assert_eq!(
        parse_reply(held_line("req-1", &drafts).trim_end().as_bytes()),
        Ok(Reply::Held {
            id: "req-1".to_owned(),
            drafts
        })
    );
    assert_eq!(
        parse_reply(br#"{"v":1,"type":"held","id":"req-1"}"#),
        Err(WireError::Field("drafts"))
    );
}
