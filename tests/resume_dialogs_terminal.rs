//! A journaled ask resumed in the plain prompts (`resume --ui dialogs`), in a real terminal in
//! tmux: the prompts take up what the form held, asking only the questions without an answer
//! before their review, and a second interruption journals the drafts with nothing of the first
//! lost. Skipped, with a message, where tmux is not installed.

#![cfg(unix)]

mod support;

use serde_json::{Value, json};
use support::asking::{Asking, read_result};
use support::pi_session::{calling_ask_user, records};

const CACHE: &str = "Which cache should the service use?";
const REGION: &str = "Which region should it run in?";

fn arguments() -> Value {
    json!({"questions": [
        {"id": "cache", "label": "Cache", "prompt": CACHE,
            "options": [{"value": "redis", "label": "Redis"}, {"value": "none", "label": "None"}]},
        {"id": "region", "label": "Region", "prompt": REGION,
            "options": [{"value": "eu", "label": "Europe"}, {"value": "us", "label": "America"}]}
    ]})
}

/// The drafts the questionnaire journals below: `None` chosen with a note on it, the region
/// not answered.
fn first_drafts() -> Value {
    json!([
        {"selected": [1], "customSelected": false, "optionNotes": {"1": "keep it simple"}},
        {"customSelected": false}
    ])
}

fn terminate(term: &Asking) {
    support::send_signal(term.recorded_pid(), "TERM");
}

/// Asks `session.jsonl`'s call in the questionnaire, chooses `None` with a note, and ends it
/// with SIGTERM, which journals its drafts; gives the session's path.
fn interrupted_in_the_questionnaire(term: &Asking) -> std::path::PathBuf {
    let session_path = term.tmux.path("session.jsonl");
    std::fs::write(&session_path, calling_ask_user(&arguments())).expect("the session is written");
    term.write_arguments("arguments.json", &arguments());
    term.launch_recorded(
        "",
        "ask arguments.json --ui tui --session session.jsonl --tool-call-id call-1",
    );
    term.tmux.wait_for_text(CACHE);
    term.press(&["Down", "Space"], "(•) None");
    term.tmux.keys(&["n"]);
    term.tmux.wait_for_text("enter save");
    term.tmux.text("keep it simple");
    term.press(&["Enter"], "keep it simple");
    terminate(term);
    let (_, exit) = term.finish();
    assert_eq!(exit, 143);
    let journal = std::fs::read_to_string(&session_path).expect("the session reads");
    assert_eq!(records(&journal, "ask:drafts")[0]["drafts"], first_drafts());
    session_path
}

#[test]
fn plain_prompts_resuming_a_form_ask_only_the_questions_without_an_answer_then_review_them_all() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    interrupted_in_the_questionnaire(&term);
    term.launch_recorded("", "resume --session session.jsonl --ui dialogs");
    let screen = term.tmux.wait_for_text("Question 2 of 2");
    assert!(screen.contains(REGION), "{screen}");
    assert!(
        !screen.contains(CACHE),
        "the answered question was asked again:\n{screen}"
    );
    term.tmux.text("2");
    let review = term.press(&["Enter"], "Review your answers:");
    assert!(review.contains("Cache: None"), "{review}");
    assert!(review.contains("Region: America"), "{review}");
    term.tmux.text("1");
    term.press(&["Enter"], "exit=");
    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    assert_eq!(document["recovered"], json!(true), "{document}");
    let (_, details) = read_result(document["result"].clone());
    assert_eq!(details["cancelled"], json!(false));
    assert_eq!(details["answers"]["cache"]["values"], json!(["none"]));
    assert_eq!(details["answers"]["region"]["values"], json!(["us"]));
}

#[test]
fn plain_prompts_interrupted_again_untouched_journal_nothing_new_and_lose_nothing() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let session_path = interrupted_in_the_questionnaire(&term);
    term.launch_recorded("", "resume --session session.jsonl --ui dialogs");
    term.tmux.wait_for_text("Question 2 of 2");
    terminate(&term);
    let (_, exit) = term.finish();
    assert_eq!(exit, 143);
    let journal = std::fs::read_to_string(&session_path).expect("the session reads");
    let drafts = records(&journal, "ask:drafts");
    // Nothing was answered since they opened: an entry of the same drafts would only look
    // newer than what a surface kept aside.
    assert_eq!(drafts.len(), 1, "{journal}");
    assert_eq!(drafts[0]["drafts"], first_drafts(), "{journal}");

    term.launch_recorded("", "resume --session session.jsonl --ui tui");
    term.tmux.wait_for_text(CACHE);
    let screen = term.tmux.wait_for_text("(•) None");
    assert!(screen.contains("keep it simple"), "{screen}");
}

#[test]
fn plain_prompts_interrupted_again_after_an_answer_journal_it_with_the_drafts_they_were_given() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    let session_path = interrupted_in_the_questionnaire(&term);
    term.launch_recorded("", "resume --session session.jsonl --ui dialogs");
    term.tmux.wait_for_text("Question 2 of 2");
    term.tmux.text("2");
    term.press(&["Enter"], "Review your answers:");
    terminate(&term);
    let (_, exit) = term.finish();
    assert_eq!(exit, 143);
    let journal = std::fs::read_to_string(&session_path).expect("the session reads");
    let drafts = records(&journal, "ask:drafts");
    assert_eq!(drafts.len(), 2, "{journal}");
    assert_eq!(drafts[1]["drafts"][0], first_drafts()[0], "{journal}");
    assert_eq!(drafts[1]["drafts"][1]["selected"], json!([1]), "{journal}");
}
