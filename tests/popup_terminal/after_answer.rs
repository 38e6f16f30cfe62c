//! Once its form is answered, a popup stays while the typing goes on, so keys meant for the
//! form never reach the pane under it.

use std::time::Duration;

use serde_json::json;

use super::{PROMPT, read_result, start, stderr, wait_for_the_popup};

#[test]
fn keys_typed_or_held_after_the_answer_never_reach_the_pane_under_the_popup() {
    let Some((term, Some(mut client))) = start(true) else {
        return;
    };
    term.launch_recorded("", "ask arguments.json --ui popup");
    wait_for_the_popup(&term, &client);
    client.type_bytes(b"\x1b[B");
    client.wait_for("SQLite highlighted", |screen| {
        screen.contains("› 2. ( ) SQLite")
    });
    client.type_bytes(b"\r");
    client.wait_for("the review", |screen| {
        screen.contains("Review your answers")
    });
    // The enter that submits, held down for two and a half seconds, then what a quick hand
    // types on, meant for the form.
    for _ in 0..50 {
        client.type_bytes(b"\r");
        std::thread::sleep(Duration::from_millis(50));
    }
    client.type_bytes(b"echo LEAKED-INTO-THE-PANE\r");
    client.wait_for("the popup saying the answer went", |screen| {
        screen.contains("Answer sent.")
    });
    let (document, exit) = term.finish();
    assert_eq!(exit, 0, "stderr: {}", stderr(&term));
    assert_eq!(
        read_result(document).1["answers"]["db"]["values"],
        json!(["sqlite"])
    );
    client.wait_for("the popup to close", |screen| !screen.contains(PROMPT));
    std::thread::sleep(Duration::from_millis(500));
    let pane = term.tmux.screen();
    assert!(
        !pane.contains("LEAKED-INTO-THE-PANE"),
        "the keys reached the pane:\n{pane}"
    );
}
