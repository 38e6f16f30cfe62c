//! `@` references in a real terminal: the walk of `--cwd` runs on a thread of the program and
//! its matches reach the screen while the form waits for keys. Skipped, with a message, where
//! tmux is not installed.

mod support;

use serde_json::json;
use support::asking::{Asking, read_result};

/// The written answer of a form asking for a file, `--cwd` a project holding `src/main.rs`,
/// typed by `write` and submitted; `None` where tmux is not installed.
fn written_answer(write: impl FnOnce(&Asking)) -> Option<serde_json::Value> {
    let term = Asking::start(100, 30)?;
    let project = term.tmux.path("project");
    std::fs::create_dir_all(project.join("src")).expect("the project is made");
    std::fs::write(project.join("src/main.rs"), "fn main() {}\n").expect("a file is written");
    term.write_arguments(
        "arguments.json",
        &json!({"questions": [{
            "id": "file", "label": "File", "prompt": "Which file should change?",
            "options": [{"value": "none", "label": "None"}]
        }]}),
    );
    term.launch(&format!(
        "ask arguments.json --ui tui --cwd {}",
        project.display()
    ));
    term.tmux.wait_for_text("Which file should change?");
    term.press(&["Down", "Enter"], "Type your answer");
    write(&term);
    term.press(&["Enter"], "Review your answers");
    term.tmux.keys(&["Enter"]);
    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    let (_, details) = read_result(document);
    Some(details["answers"]["file"]["customText"].clone())
}

#[test]
fn paths_found_off_the_drawing_path_show_and_tab_inserts_one() {
    let answer = written_answer(|term| {
        term.tmux.text("see @mai");
        term.tmux.wait_for_text("› src/main.rs");
        term.press(&["Tab"], "see @src/main.rs");
    });
    if let Some(answer) = answer {
        assert_eq!(answer, json!("see @src/main.rs"));
    }
}

#[test]
fn enter_typed_before_the_paths_came_inserts_the_best_of_them() {
    let answer = written_answer(|term| {
        // One write: the `enter` is read with the text, before any walk could answer.
        term.tmux.text("see @mai\r");
        term.tmux.wait_for_text("see @src/main.rs");
    });
    if let Some(answer) = answer {
        assert_eq!(answer, json!("see @src/main.rs"));
    }
}
