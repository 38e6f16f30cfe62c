//! The guard against lines too long for `rmcp`: cuts, stand-ins, and what is read of a
//! message's beginning and end.

use serde_json::Value;
use tokio::io::AsyncReadExt as _;

use super::*;

fn through(input: &[u8]) -> Vec<u8> {
    let mut guarded = LongLines::new(input);
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
    let input =
        b"{\"id\":1,\"method\":\"m\"}\n\n{\"id\":2}\r\n\"a\r b\"\nno line break at the end\r";
    assert_eq!(
        through(input),
        b"{\"id\":1,\"method\":\"m\"}\n\n{\"id\":2}\n\"a\r b\"\nno line break at the end\r"
    );
}

#[test]
fn a_line_too_long_is_cut_and_a_request_under_its_id_follows_it() {
    let params = "x".repeat(LONGEST_LINE);
    let long = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":7,\"method\":\"tools/call\",\"params\":{{\"name\":\"{params}\"}}}}"
    );
    let input = format!("{{\"id\":1,\"method\":\"m\"}}\n{long}\n{{\"id\":2}}\n");
    let out = through(input.as_bytes());
    let lines: Vec<&[u8]> = out.split(|&byte| byte == b'\n').collect();
    assert_eq!(lines[0], b"{\"id\":1,\"method\":\"m\"}");
    assert_eq!(lines[1].len(), LONGEST_LINE, "cut where lines end");
    assert!(long.as_bytes().starts_with(lines[1]));
    let stand_in: Value = serde_json::from_slice(lines[2]).expect("JSON");
    assert_eq!(
        stand_in,
        json!({"jsonrpc": "2.0", "id": 7, "method": TOO_LONG,
               "params": {"method": "tools/call", "bytes": long.len()}})
    );
    assert_eq!(lines[3], b"{\"id\":2}");
}

#[test]
fn a_reply_too_long_is_followed_by_an_error_reply_under_its_id() {
    let content = "x".repeat(LONGEST_LINE);
    let long = format!(
        "{{\"jsonrpc\":\"2.0\",\"id\":3,\"result\":{{\"action\":\"accept\",\"content\":{{\"q1\":\"{content}\"}}}}}}"
    );
    let out = through(format!("{long}\n").as_bytes());
    let lines: Vec<&[u8]> = out.split(|&byte| byte == b'\n').collect();
    assert_eq!(lines[0].len(), LONGEST_LINE);
    let stand_in: Value = serde_json::from_slice(lines[1]).expect("JSON");
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
    assert_eq!(
        through(nameless.as_bytes()).len(),
        LONGEST_LINE + 1,
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
            method: Some("tools/call".to_owned()),
            meta: Some(json!({"v": [1]})),
        }
    );
    let late = br#"{"jsonrpc":"2.0","params":{"arguments":{"questions":[{"id":"#;
    assert_eq!(beginning_of(late), Beginning::default());
    assert_eq!(beginning_of(b"not json"), Beginning::default());
    assert_eq!(beginning_of(br#"{"id":null,"method":"x","#).id, None);
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

/// What follows `long`, a line too long to take, once it is cut.
fn stand_in_for(long: &str) -> Value {
    let out = through(format!("{long}\n").as_bytes());
    let after_cut = out
        .split(|&byte| byte == b'\n')
        .nth(1)
        .expect("a line after the cut");
    serde_json::from_slice(after_cut).expect("JSON")
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
        json!(TOO_LONG),
        "not taken for a reply: {stand_in}"
    );
    assert_eq!(stand_in["params"]["method"], json!("tools/call"));
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
        r#"{"jsonrpc":"2.0","id":1,"method":"server/discover","params":{}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/roots/list_changed"}"#,
        r#"{"jsonrpc":"2.0","id":5,"result":{}}"#,
        r#"{"jsonrpc":"2.0","id":2,"method":"ping"}"#,
        "not json",
        r#"{"jsonrpc":"2.0","id":3,"method":"tools/list","params":{}}"#,
        r#"{"jsonrpc":"2.0","method":"notifications/cancelled","params":{"requestId":3}}"#,
    ];
    let input = lines.join("\n") + "\n";
    let kept = [0, 3, 4, 5, 6].map(|at| lines[at]).join("\n") + "\n";
    assert_eq!(
        String::from_utf8(through(input.as_bytes())).expect("UTF-8"),
        kept,
        "after the first other request, everything passes"
    );
}
