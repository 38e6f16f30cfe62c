//! `@` references in a real terminal: the walk of `--cwd` runs on a thread of the program and
//! its matches reach the screen while the form waits for keys. Skipped, with a message, where
//! tmux is not installed.

mod support;

use serde_json::json;
use support::asking::{Asking, read_result};

#[test]
fn paths_found_off_the_drawing_path_show_and_tab_inserts_one() {
    let Some(term) = Asking::start(100, 30) else {
        return;
    };
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
    term.tmux.text("see @mai");
    term.tmux.wait_for_text("› src/main.rs");
    term.press(&["Tab"], "see @src/main.rs");
    term.press(&["Enter"], "Review your answers");
    term.tmux.keys(&["Enter"]);
    let (document, exit) = term.finish();
    assert_eq!(exit, 0);
    let (_, details) = read_result(document);
    assert_eq!(
        details["answers"]["file"]["customText"],
        json!("see @src/main.rs")
    );
}
