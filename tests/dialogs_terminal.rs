//! `ask --ui dialogs` in a real terminal: plain prompts on `/dev/tty`, typed into a tmux pane,
//! the result in `result.json`. Skipped, with a message, where tmux is not installed.

mod support;

use std::time::{Duration, Instant};

use serde_json::{Value, json};
use support::asking::{Asking, read_result};
use support::pi_session::{calling_ask_user, records};

/// How many lines the long preview has.
const PREVIEW_LINES: usize = 3000;

/// Ten questions titled `Release plan`: a multi-select second, a preview question third whose
/// first option's preview is [`PREVIEW_LINES`] lines long, single choices otherwise.
fn release_plan() -> Value {
    let long: Vec<String> = (1..=PREVIEW_LINES).map(|n| format!("row {n}")).collect();
    let questions: Vec<Value> = (1..=10)
        .map(|n| match n {
            2 => json!({"id": "checks", "label": "Checks", "type": "multi",
                "prompt": "Which checks run?", "options": [
                    {"value": "unit", "label": "Unit"}, {"value": "lint", "label": "Lint"}]}),
            3 => json!({"id": "config", "label": "Config", "type": "preview",
                "prompt": "Which config file?", "options": [
                    {"value": "big", "label": "Big", "preview": long.join("\n")},
                    {"value": "small", "label": "Small", "preview": "port = 1"}]}),
            _ => json!({"id": format!("q{n}"), "label": format!("Step {n}"),
                "prompt": format!("Ready for step {n}?"), "options": [
                    {"value": "yes", "label": "Yes"}, {"value": "no", "label": "No"}]}),
        })
        .collect();
    json!({"title": "Release plan", "questions": questions})
}

/// Types `line` and Enter, then waits for `text`.
fn answer(term: &Asking, line: &str, text: &str) -> String {
    if !line.is_empty() {
        term.tmux.text(line);
    }
    term.press(&["Enter"], text)
}

#[test]
fn plain_prompts_announce_each_question_shorten_a_long_preview_confirm_an_empty_answer_and_review()
{
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.write_arguments("arguments.json", &release_plan());
    term.launch("ask arguments.json --ui dialogs");
    let screen = term.tmux.wait_for_text("Question 1 of 10");
    assert!(
        screen.contains("Release plan\nQuestion 1 of 10\n"),
        "{screen}"
    );
    answer(&term, "1", "Question 2 of 10");
    answer(&term, "", "Cancel all the questions?");
    let screen = answer(
        &term,
        "n",
        "Answer y for yes or n for no (Ctrl-D cancels): n",
    );
    assert!(!term.tmux.shell_is_idle(), "declining ended the program");
    assert!(screen.contains("Which checks run?"), "{screen}");
    term.tmux.wait_for("the question asked again", |screen| {
        screen.matches("an empty line (Ctrl-D cancels):").count() == 2
    });
    term.tmux.text("lint");
    term.tmux.keys(&["Enter"]);
    answer(&term, "", "Question 3 of 10");
    let screen = term
        .tmux
        .wait_for_text("or ? to read everything (Ctrl-D cancels):");
    assert!(screen.contains("  (2992 more lines)"), "{screen}");
    assert!(screen.contains("2992 lines not shown"), "{screen}");
    answer(&term, "2", "Question 4 of 10");
    for n in 5..=10 {
        answer(&term, "1", &format!("Question {n} of 10"));
    }
    let review = answer(&term, "2", "Review your answers:");
    for line in [
        "Checks: Lint",
        "Config: Small",
        "Step 4: Yes",
        "Step 10: No",
    ] {
        assert!(review.contains(line), "{line:?} missing from:\n{review}");
    }
    answer(&term, "1", "exit=");

    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    let (_, details) = read_result(document);
    assert_eq!(details["cancelled"], json!(false));
    let answers = details["answers"].as_object().expect("answers");
    assert_eq!(answers.len(), 10);
    assert_eq!(answers["checks"]["values"], json!(["lint"]));
    assert_eq!(answers["config"]["values"], json!(["small"]));
    let everything = term
        .tmux
        .run(&["capture-pane", "-p", "-t", "main", "-S", "-"]);
    assert!(
        !everything.lines().any(|line| line.trim() == "row 9"),
        "the hidden preview lines reached the terminal"
    );
}

fn two_questions() -> Value {
    json!({"questions": [
        {"id": "stack", "label": "Stack", "prompt": "Which stack?", "options": [
            {"value": "rust", "label": "Rust"}, {"value": "go", "label": "Go"}]},
        {"id": "ci", "label": "CI", "prompt": "Which CI?", "options": [
            {"value": "gh", "label": "GitHub"}, {"value": "gl", "label": "GitLab"}]}]})
}

/// Two questions; the first answered `1` (`Rust`), then the second waits for its line.
fn answered_first_of_two() -> Option<Asking> {
    answered_first_of_two_with("", |_| {})
}

/// [`answered_first_of_two`], `options` added to the command line, `prepare` run on the
/// terminal's folder first.
fn answered_first_of_two_with(options: &str, prepare: impl FnOnce(&Asking)) -> Option<Asking> {
    let term = Asking::start(100, 30)?;
    term.write_arguments("arguments.json", &two_questions());
    prepare(&term);
    term.launch(&format!("ask arguments.json --ui dialogs{options}"));
    term.tmux.wait_for_text("Question 1 of 2");
    answer(&term, "1", "Question 2 of 2");
    term.tmux.wait_for("the second prompt", |screen| {
        screen.matches("(Ctrl-D cancels):").count() == 2
    });
    Some(term)
}

/// Sends `signal` to the program with `kill`.
fn kill(term: &Asking, signal: &str) {
    support::send_signal(term.program_pid(), signal);
}

/// The program ended at once with `exit`, its prompt line ended, and its result cancelled with
/// the first answer kept.
fn assert_cancelled_keeping_the_first_answer(term: &Asking, exit: i32, since: Instant) {
    let (document, status) = term.finish();
    assert!(
        since.elapsed() < Duration::from_secs(3),
        "the signal took {:?} to end the wait",
        since.elapsed()
    );
    assert_eq!(status, exit);
    let screen = term.tmux.screen();
    assert!(
        screen.lines().any(|line| line == format!("exit={exit}")),
        "the status was not echoed on a line of its own:\n{screen}"
    );
    let (text, details) = read_result(document);
    assert!(text.starts_with("User cancelled"), "{text}");
    assert_eq!(details["cancelled"], json!(true));
    assert_eq!(details["answers"]["stack"]["values"], json!(["rust"]));
    assert!(details["answers"].get("ci").is_none(), "{details}");
}

#[test]
fn sigterm_while_a_plain_prompt_waits_prints_the_answers_so_far_and_exits_143() {
    let Some(term) = answered_first_of_two() else {
        return;
    };
    let since = Instant::now();
    kill(&term, "TERM");
    assert_cancelled_keeping_the_first_answer(&term, 143, since);
}

#[test]
fn ctrl_c_while_a_plain_prompt_waits_prints_the_answers_so_far_and_exits_130() {
    // Half a line typed: the terminal echoed it, and the prompt's line still ends.
    let Some(term) = answered_first_of_two() else {
        return;
    };
    term.tmux.text("Git");
    term.tmux.wait_for_text("(Ctrl-D cancels): Git");
    let since = Instant::now();
    term.tmux.keys(&["C-c"]);
    assert_cancelled_keeping_the_first_answer(&term, 130, since);
}

#[test]
fn sighup_while_a_plain_prompt_waits_prints_the_answers_so_far_and_exits_129() {
    let Some(term) = answered_first_of_two() else {
        return;
    };
    let since = Instant::now();
    kill(&term, "HUP");
    assert_cancelled_keeping_the_first_answer(&term, 129, since);
}

#[test]
fn a_signal_journals_the_plain_prompts_answers_so_far_as_drafts() {
    let written = |term: &Asking| {
        std::fs::write(
            term.tmux.path("session.jsonl"),
            calling_ask_user(&two_questions()),
        )
        .expect("the session is written");
    };
    let options = " --session session.jsonl --tool-call-id call-1";
    let Some(term) = answered_first_of_two_with(options, written) else {
        return;
    };
    let session = term.tmux.path("session.jsonl");
    let since = Instant::now();
    kill(&term, "TERM");
    assert_cancelled_keeping_the_first_answer(&term, 143, since);
    let journal = std::fs::read_to_string(&session).expect("the session reads");
    let drafts = records(&journal, "ask:drafts");
    assert_eq!(drafts.len(), 1, "{journal}");
    assert_eq!(
        drafts[0]["drafts"],
        json!([{"selected": [0], "customSelected": false}, {"customSelected": false}])
    );
    assert!(
        records(&journal, "ask:history-completed").is_empty(),
        "{journal}"
    );
}

#[test]
fn a_line_typed_but_not_entered_when_a_signal_ends_the_prompts_never_reaches_the_shell() {
    let Some(term) = answered_first_of_two() else {
        return;
    };
    term.tmux.text("echo LEAK''ED");
    term.tmux.wait_for_text("(Ctrl-D cancels): echo LEAK''ED");
    let since = Instant::now();
    kill(&term, "TERM");
    assert_cancelled_keeping_the_first_answer(&term, 143, since);
    term.tmux.keys(&["Enter"]);
    term.tmux.text("echo after");
    term.tmux.keys(&["Enter"]);
    let screen = term.tmux.wait_for("the next command's output", |screen| {
        screen.lines().any(|line| line == "after")
    });
    assert!(
        !screen.lines().any(|line| line == "LEAKED"),
        "the cut-off line ran in the shell:\n{screen}"
    );
}

#[test]
fn a_host_that_stops_reading_the_output_ends_the_plain_prompts_and_journals_the_answers_so_far() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
    term.write_arguments("arguments.json", &two_questions());
    std::fs::write(
        term.tmux.path("session.jsonl"),
        calling_ask_user(&two_questions()),
    )
    .expect("the session is written");
    let reader = format!("sleep 3608.{}", std::process::id());
    term.tmux.type_line(&format!(
        "clear; {{ HOME=\"$PWD\" {} ask arguments.json --ui dialogs --session session.jsonl \
         --tool-call-id call-1 --config \"$PWD/settings.json\"; echo \"exit=$?\" >&2; }} \
         | {reader}",
        env!("CARGO_BIN_EXE_pi-agent-ask")
    ));
    term.tmux.wait_for_text("Question 1 of 2");
    answer(&term, "1", "Question 2 of 2");
    let since = Instant::now();
    let killed = std::process::Command::new("pkill")
        .args(["-f", &format!("^{reader}$")])
        .status()
        .expect("pkill runs");
    assert!(killed.success(), "the reader was running");
    let screen = term.tmux.wait_for("the exit status", |screen| {
        support::asking::exit_status(screen).is_some()
    });
    assert!(
        since.elapsed() < Duration::from_secs(3),
        "the prompt waited {:?} for a host that was gone",
        since.elapsed()
    );
    assert_eq!(support::asking::exit_status(&screen), Some(141), "{screen}");
    let journal = std::fs::read_to_string(term.tmux.path("session.jsonl")).expect("read");
    let drafts = records(&journal, "ask:drafts");
    assert_eq!(drafts.len(), 1, "{journal}");
    assert_eq!(
        drafts[0]["drafts"],
        json!([{"selected": [0], "customSelected": false}, {"customSelected": false}])
    );
}

#[test]
fn a_pasted_answer_of_several_lines_stays_one_answer_and_answers_no_later_prompt() {
    let Some(term) = answered_first_of_two() else {
        return;
    };
    // The second question's `Type your own`, then a paste whose lines would each be a choice.
    answer(&term, "3", "Type your answer");
    term.tmux.paste("Both, in order:\n2\n1");
    term.tmux.wait_for("the paste echoed", |screen| {
        screen.contains("Both, in order:↵2↵1")
    });
    answer(&term, "", "Review your answers");
    answer(&term, "1", "exit=");
    let (document, status) = term.finish();
    assert_eq!(status, 0);
    let (_, details) = read_result(document);
    assert_eq!(
        details["answers"]["ci"]["customText"],
        json!("Both, in order:\n2\n1"),
        "{details}"
    );
    assert_eq!(details["answers"]["stack"]["values"], json!(["rust"]));
}

#[test]
fn a_pasted_carriage_return_and_line_feed_is_one_line_break() {
    let Some(term) = answered_first_of_two() else {
        return;
    };
    answer(&term, "3", "Type your answer");
    term.tmux
        .run(&["set-buffer", "-b", "crlf", "first\r\nsecond"]);
    term.tmux
        .run(&["paste-buffer", "-r", "-p", "-b", "crlf", "-t", "main"]);
    term.tmux
        .wait_for("the paste echoed", |screen| screen.contains("first↵second"));
    answer(&term, "", "Review your answers");
    answer(&term, "1", "exit=");
    let (document, _) = term.finish();
    let (_, details) = read_result(document);
    assert_eq!(
        details["answers"]["ci"]["customText"],
        json!("first\nsecond")
    );
}

#[test]
fn a_paste_still_arriving_when_a_signal_ends_the_prompts_never_reaches_the_shell() {
    let Some(term) = answered_first_of_two() else {
        return;
    };
    answer(&term, "3", "Type your answer");
    term.tmux.paste_shell_lines();
    kill(&term, "TERM");
    let (_, status) = term.finish();
    assert_eq!(status, 143);
    term.tmux.assert_no_pasted_line_ran();
}
