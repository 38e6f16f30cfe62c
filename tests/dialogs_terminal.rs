//! `ask --ui dialogs` in a real terminal: plain prompts on `/dev/tty`, typed into a tmux pane,
//! the result in `result.json`. Skipped, with a message, where tmux is not installed.

mod support;

use serde_json::{Value, json};
use support::asking::{Asking, read_result};

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
