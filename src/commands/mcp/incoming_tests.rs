//! What comes in, made fit for `rmcp`: lines held whole, stand-ins for those too long or
//! unreadable, what is read of a message's beginning and end, and what is set aside before
//! the session.

use serde_json::{Value, json};
use tokio::io::AsyncReadExt as _;

use super::*;
use peek::Kind;

/// A request that begins the session.
const INITIALIZE: &str = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"t","version":"1"}}}"#;

/// Checks that `text`, a JSON string, starts with `prefix`.
fn assert_starts_with(text: &Value, prefix: &str) {
    assert!(
        text.as_str().is_some_and(|text| text.starts_with(prefix)),
        "{text} does not start with {prefix:?}"
    );
}

/// The messages of `out`, a line each.
fn messages(out: &[u8]) -> Vec<Value> {
    String::from_utf8_lossy(out)
        .lines()
        .map(|line| serde_json::from_str(line).expect("JSON"))
        .collect()
}

fn through(input: &[u8]) -> Vec<u8> {
    let mut guarded = Incoming::new(input);
    let mut out = Vec::new();
    tokio::runtime::Builder::new_current_thread()
        .build()
        .expect("a runtime")
        .block_on(guarded.read_to_end(&mut out))
        .expect("read");
    out
}

#[test]
fn lines_that_fit_pass_unchanged_their_crlf_line_breaks_as_lf() {
    // A request first: the session has begun, so the reply after it passes too.
    let input = format!(
        "{INITIALIZE}\n\n{{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{{}}}}\r\n\"a\r b\"\nno line break at the end\r"
    );
    assert_eq!(
        String::from_utf8(through(input.as_bytes())).expect("UTF-8"),
        format!(
            "{INITIALIZE}\n\n{{\"jsonrpc\":\"2.0\",\"id\":2,\"result\":{{}}}}\n\"a\r b\"\nno line break at the end\r\n"
        ),
        "the last line is handed on as the input ends"
    );
}

#[test]
fn a_line_too_long_is_dropped_and_a_request_under_its_id_takes_its_place() {
    let params = "x".repeat(LONGEST_LINE);
    let long = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{{\"name\":\"{params}\"}}}}"
    );
    let first = INITIALIZE;
    let after = r#"{"jsonrpc":"2.0","id":2,"result":{}}"#;
    let out = through(format!("{first}\n{long}\n{after}\n").as_bytes());
    let lines: Vec<&[u8]> = out.split(|&byte| byte == b'\n').collect();
    assert_eq!(lines[0], first.as_bytes());
    let stand_in: Value = serde_json::from_slice(lines[1]).expect("JSON");
    assert_eq!(
        stand_in,
        json!({"jsonrpc": "2.0", "id": 7, "method": REFUSED, "params": {
            "code": -32600,
            "message": too_long_message("tools/call", long.len()),
        }})
    );
    assert_eq!(lines[2], after.as_bytes());
}

#[test]
fn a_reply_too_long_is_followed_by_an_error_reply_under_its_id() {
    let content = "x".repeat(LONGEST_LINE);
    let long = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{{\"action\":\"accept\",\"content\":{{\"q1\":\"{content}\"}}}}}}"
    );
    let stand_in = stand_in_for(&long);
    assert_eq!(
        stand_in,
        json!({"jsonrpc": "2.0", "id": 3, "error": {
            "code": -32600,
            "message": format!(
                "the reply message of {} bytes is longer than the 16777215 bytes a message \
                 may take (its line break aside)",
                long.len()
            ),
        }})
    );
    let nameless = format!("{{\"jsonrpc\":\"2.0\",\"result\":\"{content}\"}}\n");
    assert!(
        through(nameless.as_bytes()).is_empty(),
        "without an id nothing can stand in"
    );
}

#[test]
fn the_id_method_and_meta_are_read_from_the_beginning_when_they_come_before_the_rest() {
    let cut = br#"{"jsonrpc":"2.0","id":"a-1","method":"tools/call","params":{"_meta":{"v":[1]},"name":"ask"#;
    assert_eq!(
        beginning_of(cut),
        Beginning {
            id: Some(json!("a-1")),
            kind: Kind::Request,
            method: Some("tools/call".to_owned()),
            meta: Some(json!({"v": [1]})),
        }
    );
    let late = br#"{"jsonrpc":"2.0","params":{"arguments":{"questions":[{"id":"#;
    assert_eq!(beginning_of(late), Beginning::default());
    assert_eq!(beginning_of(b"not json"), Beginning::default());
    assert_eq!(beginning_of(br#"{"id":null,"method":"x","#).id, None);
    assert_eq!(
        beginning_of(br#"{"id":1.5,"method":"x"}"#).id,
        None,
        "no integer"
    );
    let nameless = beginning_of(br#"{"id":4,"method":5}"#);
    assert_eq!((nameless.kind, nameless.method), (Kind::Request, None));
    assert_eq!(beginning_of(br#"{"id":0,"result":{"a"#).kind, Kind::Reply);
}

#[test]
fn an_id_that_comes_late_at_the_top_level_is_read_from_the_end() {
    assert_eq!(
        id_at_end(br#"xx"}},"jsonrpc":"2.0","id":0}"#),
        Some(json!(0))
    );
    assert_eq!(id_at_end(br#"xx"}},"id":"a-1" }"#), Some(json!("a-1")));
    assert_eq!(
        id_at_end(br#"{"id":7,"params":{"x":{"id":3}}}"#),
        Some(json!(7)),
        "the message's, not one inside its params"
    );
    assert_eq!(id_at_end(br#"xx","a":{"id":1}}}"#), None, "inside a value");
    assert_eq!(id_at_end(br#"xx","id":1},"more":2"#), None, "not closed");
    assert_eq!(id_at_end(br#"xx"},"id":null}"#), None);
}

/// What takes the place of `line`, a line of input alone.
fn stand_in_for(line: &str) -> Value {
    let out = through(format!("{line}\n").as_bytes());
    assert_eq!(
        out.iter().position(|&byte| byte == b'\n'),
        Some(out.len() - 1),
        "one line"
    );
    serde_json::from_slice(&out).expect("JSON")
}

#[test]
fn a_reply_whose_id_comes_last_is_followed_by_an_error_reply_under_it() {
    let content = "x".repeat(LONGEST_LINE);
    let long = format!(
        "{{\"result\":{{\"action\":\"accept\",\"content\":{{\"q1\":\"{content}\"}}}},\"jsonrpc\":\"2.0\",\"id\":0}}"
    );
    let stand_in = stand_in_for(&long);
    assert_eq!(stand_in["id"], json!(0));
    assert_eq!(stand_in["error"]["code"], json!(-32600));
}

#[test]
fn a_meta_that_ends_the_params_or_comes_late_among_them_is_read_from_the_end() {
    let end = br#"xx"}]}},"_meta":{"v":"2026-07-28","c":{}}}}"#;
    assert_eq!(meta_at_end(end), Some(json!({"v": "2026-07-28", "c": {}})));
    let typescript = br#"xx"}},"_meta":{"v":1}},"jsonrpc":"2.0","id":7}"#;
    assert_eq!(
        meta_at_end(typescript),
        Some(json!({"v": 1})),
        "as TypeScript writes it"
    );
    let late = br#"xx","_meta":{"v":1},"more":true}}"#;
    assert_eq!(
        meta_at_end(late),
        Some(json!({"v": 1})),
        "a key of the params after it"
    );
    let inside = br#"xx","arguments":{"_meta":{"v":1}}}}"#;
    assert_eq!(meta_at_end(inside), None, "inside an argument");
    assert_eq!(meta_at_end(br#"{"_meta":{"v"#), None);
}

#[test]
fn a_request_whose_method_comes_after_its_params_is_answered_as_a_request() {
    let params = "x".repeat(LONGEST_LINE);
    let long = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":0,\"params\":{{\"name\":\"{params}\"}},\"method\":\"tools/call\"}}"
    );
    let stand_in = stand_in_for(&long);
    assert_eq!(
        stand_in["method"],
        json!(REFUSED),
        "not taken for a reply: {stand_in}"
    );
    assert_starts_with(&stand_in["params"]["message"], "the tools/call message of");
}

#[test]
fn a_line_break_written_crlf_is_not_counted_as_a_byte_of_the_message() {
    // 8,192-byte reads: the `\r` comes at the end of one, its `\n` alone in the next.
    let fits = format!("\"{}\"\r\n", "x".repeat(LONGEST_LINE - 2));
    let out = through(fits.as_bytes());
    assert_eq!(out.len(), LONGEST_LINE + 1, "the message whole, then `\\n`");
    assert!(out.ends_with(b"x\"\n"));
}

#[test]
fn notifications_and_replies_before_the_session_begins_are_set_aside() {
    let lines = [
        r#"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}"#,
        r#"{"jsonrpc":"2.0","id":5,"result":{}}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#,
        "not json",
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}"#,
        r#"{"jsonrpc":"2.0","id":4,"method":"tools/list","params":{"_meta":{"io.modelcontextprotocol/protocolVersion":"2026-07-28"}}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}"#,
    ];
    let input = lines.join("\n") + "\n";
    let kept = [0, 3, 4, 5, 7, 8].map(|at| lines[at]).join("\n") + "\n";
    assert_eq!(
        String::from_utf8(through(input.as_bytes())).expect("UTF-8"),
        kept,
        "discovery, ping and a request without the revision in its _meta begin nothing; after \
         one with it, everything passes"
    );
}

/// The session begun, then `line`: what comes of it.
fn after_a_request(line: &str) -> Value {
    let first = INITIALIZE;
    let out = through(format!("{first}\n{line}\n").as_bytes());
    let out = String::from_utf8(out).expect("UTF-8");
    let (before, rest) = out.split_once('\n').expect("two lines");
    assert_eq!(before, first);
    serde_json::from_str(rest).expect("JSON")
}

#[test]
fn a_request_rmcp_cannot_read_is_refused_under_its_id_saying_why() {
    let cases = [
        (
            r#"{"jsonrpc":"2.0","id":2,"method":"tools/call","params":["ask_user"]}"#,
            -32602,
            "tools/call: params must be an object, not an array",
        ),
        (
            r#"{"jsonrpc":"2.0","id":"b","method":"tools/list","params":7}"#,
            -32602,
            "tools/list: params must be an object, not a number",
        ),
        (
            r#"{"jsonrpc":"1.0","id":3,"method":"tools/list"}"#,
            -32600,
            r#"the tools/list request must say "jsonrpc": "2.0""#,
        ),
        (
            r#"{"id":4,"method":"ping"}"#,
            -32600,
            r#"the ping request must say "jsonrpc": "2.0""#,
        ),
    ];
    for (line, code, message) in cases {
        let stand_in = after_a_request(line);
        let sent: Value = serde_json::from_str(line).expect("JSON");
        assert_eq!(
            stand_in,
            json!({"jsonrpc": "2.0", "id": sent["id"], "method": REFUSED,
                   "params": {"code": code, "message": message}}),
            "{line}"
        );
    }
}

#[test]
fn a_request_broken_off_mid_json_is_refused_as_no_json_with_its_meta() {
    let line = r#"{"jsonrpc":"2.0","id":5,"method":"tools/call","params":{"_meta":{"v":1},"name":"ask_user","#;
    let stand_in = after_a_request(line);
    assert_eq!(stand_in["id"], json!(5));
    assert_eq!(stand_in["params"]["code"], json!(-32700));
    assert_eq!(stand_in["params"]["_meta"], json!({"v": 1}));
    assert_starts_with(
        &stand_in["params"]["message"],
        "the tools/call message is not JSON: ",
    );
}

#[test]
fn a_reply_rmcp_cannot_read_becomes_an_error_reply_that_ends_the_servers_request() {
    let stand_in = after_a_request(r#"{"jsonrpc":"2.0","id":0}"#);
    assert_eq!(stand_in["id"], json!(0));
    assert_eq!(stand_in["error"]["code"], json!(-32600));
    assert!(
        stand_in["error"]["message"].as_str().is_some_and(
            |message| message.starts_with("the reply message is neither a result nor an error")
        ),
        "{stand_in}"
    );
}

#[test]
fn a_request_whose_method_is_no_name_or_whose_meta_is_no_object_is_refused_under_its_id() {
    let nameless = after_a_request(r#"{"jsonrpc":"2.0","id":4,"method":5}"#);
    assert_eq!(nameless["id"], json!(4));
    assert_eq!(nameless["method"], json!(REFUSED));
    assert_eq!(
        nameless["params"],
        json!({"code": -32600, "message": "the request's method must be its name, a string"})
    );
    let meta =
        after_a_request(r#"{"jsonrpc":"2.0","id":2,"method":"ping","params":{"_meta":"x"}}"#);
    assert_eq!(
        meta["params"],
        json!({"code": -32602, "message": "ping: params._meta must be an object, not a string"}),
        "and the stand-in carries no `_meta` that is no object"
    );
}

#[test]
fn a_reply_broken_off_mid_json_ends_the_servers_request_with_an_error() {
    let stand_in = after_a_request(r#"{"jsonrpc":"2.0","id":0,"result":{"action":"acc"#);
    assert_eq!(stand_in["id"], json!(0));
    assert_eq!(stand_in["error"]["code"], json!(-32700));
    assert_starts_with(
        &stand_in["error"]["message"],
        "the reply message is not JSON: ",
    );
}

#[test]
fn a_batch_is_taken_message_by_message_so_each_request_is_answered_under_its_id() {
    let first = INITIALIZE;
    let batch = r#"[{"jsonrpc":"2.0","id":6,"method":"ping"},{"jsonrpc":"1.0","id":7,"method":"tools/list"},{"jsonrpc":"2.0","method":"notifications/cancelled","params":5}]"#;
    let out = through(format!("{first}\n{batch}\n").as_bytes());
    let lines = messages(&out);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(
        lines[1],
        json!({"jsonrpc": "2.0", "id": 6, "method": "ping"})
    );
    assert_eq!(lines[2]["id"], json!(7));
    assert_eq!(lines[2]["method"], json!(REFUSED));
}

#[test]
fn a_notification_rmcp_cannot_read_is_set_aside_since_nothing_answers_a_notification() {
    let first = INITIALIZE;
    let notification = r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":5}"#;
    let out = through(format!("{first}\n{notification}\n").as_bytes());
    assert_eq!(String::from_utf8(out).expect("UTF-8"), format!("{first}\n"));
}

#[test]
fn lines_that_name_no_id_or_that_rmcp_reads_pass_as_they_are() {
    let lines = [
        INITIALIZE,
        "[]",
        r#"{"jsonrpc":"2.0","id":{"a":1},"method":"tools/list"}"#,
        r#"{"jsonrpc":"2.0","id":9,"res"#,
        r#"{"jsonrpc":"2.0","id":10,"method":"bogus/method","params":{"any":[1]}}"#,
        "\u{feff}{\"jsonrpc\":\"2.0\",\"id\":11,\"method\":\"ping\"}",
        "42",
    ];
    let input = lines.join("\n") + "\n";
    assert_eq!(
        String::from_utf8(through(input.as_bytes())).expect("UTF-8"),
        input
    );
}

#[test]
fn a_batch_broken_off_hands_on_its_whole_messages_and_refuses_the_broken_one_under_its_id() {
    let batch = r#"[{"jsonrpc":"2.0","id":"x1","method":"ping"}, {"jsonrpc":"2.0","id":"x2","method":"ping""#;
    let out = through(format!("{INITIALIZE}\n{batch}\n").as_bytes());
    let lines = messages(&out);
    assert_eq!(lines.len(), 3, "{lines:?}");
    assert_eq!(
        lines[1],
        json!({"jsonrpc": "2.0", "id": "x1", "method": "ping"})
    );
    assert_eq!(lines[2]["id"], json!("x2"));
    assert_eq!(lines[2]["params"]["code"], json!(-32700));
}

#[test]
fn an_initialize_that_is_no_handshake_begins_nothing_and_the_notification_after_it_is_set_aside() {
    let broken = r#"{"jsonrpc":"2.0","id":1,"method":"initialize","params":{"protocolVersion":"2025-11-25","capabilities":{}}}"#;
    let lines = [
        broken,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
        INITIALIZE,
        r#"{"jsonrpc":"2.0","method":"notifications/initialized"}"#,
    ];
    let input = lines.join("\n") + "\n";
    let kept = [0, 2, 3].map(|at| lines[at]).join("\n") + "\n";
    assert_eq!(
        String::from_utf8(through(input.as_bytes())).expect("UTF-8"),
        kept,
        "the broken initialize goes on to be refused; the session begins with the good one"
    );
}
