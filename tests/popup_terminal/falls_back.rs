//! Where no popup can open, the asker says why on standard error and answers without a UI at
//! once.

use std::time::{Duration, Instant};

use super::{Asking, PROMPT, start, stderr};

/// How long a run that cannot open a popup may take to answer without one.
const FALLBACK_WITHIN: Duration = Duration::from_secs(5);

/// Runs the asker where no popup can open and checks that it says `why` on standard error and
/// answers without a UI within [`FALLBACK_WITHIN`].
fn assert_falls_back(term: &Asking, vars: &str, why: &str) {
    let started = Instant::now();
    term.launch_recorded(vars, "ask arguments.json --ui popup");
    let (document, exit) = term.finish();
    assert!(
        started.elapsed() < FALLBACK_WITHIN,
        "the fallback took {:?}",
        started.elapsed()
    );
    assert_eq!(exit, 0);
    let message = stderr(term);
    assert!(
        message.contains(&format!("--ui popup: {why}; answering without a UI")),
        "{message:?}"
    );
    assert_eq!(message.lines().count(), 1, "{message:?}");
    let text = document["content"][0]["text"].as_str().unwrap_or_default();
    assert!(text.starts_with("Needs user input"), "{text}");
}

#[test]
fn without_an_attached_client_the_asker_says_so_and_answers_without_a_ui() {
    let Some((term, _)) = start(false) else {
        return;
    };
    assert_falls_back(&term, "", "tmux: no client is attached to the session");
}

#[test]
fn inside_a_popup_no_second_popup_opens() {
    let Some((term, Some(client))) = start(true) else {
        return;
    };
    assert_falls_back(&term, "PI_AGENT_ASK_POPUP=1", "already inside a popup");
    assert!(!client.screen().contains(PROMPT));
}
