//! The questionnaires both keystroke benches time, so the core's figures and the terminal
//! path's are for the same forms: the demo, a question with 500 options, a preview of 1 MiB of
//! text beside a small one, and a question answered with 1 MiB of written text, its editor closed
//! and open.

use std::fmt::Write as _;

use pi_agent_ask_core::contract::ask_user::ParseOptions;
use pi_agent_ask_core::contract::{Call, Tool};
use pi_agent_ask_core::form::{Form, FormConfig};
use pi_agent_ask_core::{Input, Size, Surface};
use serde_json::{Value, json};

/// The demo questionnaire the program ships.
pub fn demo() -> Value {
    serde_json::from_str(include_str!("../../fixtures/demo.json")).expect("demo is JSON")
}

/// The form for `arguments`.
pub fn form(arguments: &Value) -> Form {
    let call = Call::parse_saved(Tool::AskUser, arguments, ParseOptions::default(), "bench")
        .expect("valid arguments");
    Form::new(call, &FormConfig::default())
}

/// One question with 500 options, each with a description that wraps on a narrow screen.
pub fn many_options() -> Value {
    let options: Vec<Value> = (1..=500)
        .map(|n| {
            json!({
                "value": format!("option-{n}"),
                "label": format!("Option {n}"),
                "description": "A description long enough to wrap once or twice on a narrow screen"
            })
        })
        .collect();
    json!({"questions": [{"id": "many", "prompt": "Pick one of five hundred", "options": options}]})
}

/// A preview question: 1 MiB of code lines beside a small preview.
pub fn big_preview() -> Value {
    let mut text = String::new();
    let mut n = 0;
    while text.len() < 1024 * 1024 {
        let _ = writeln!(
            text,
            "{n:>6}  fn preview_line_{n}() -> usize {{ {n} * 2 }} // a long enough line of code"
        );
        n += 1;
    }
    json!({"questions": [{"id": "big", "prompt": "Pick a version", "type": "preview", "options": [
        {"value": "big", "label": "One mebibyte", "preview": text},
        {"value": "small", "label": "Small", "preview": "small"}
    ]}]})
}

/// A question answered with 1 MiB of log lines pasted into its written answer and saved, back
/// on the question's tab with the written row highlighted: a key that moves the highlight off
/// it or onto it lays that row out again, three rows of the text.
pub fn long_answer_form() -> Form {
    let mut form = long_answer_editor();
    for id in ["enter", "shift+tab"] {
        form.handle(Input::Key(id.parse().expect("a key")));
    }
    form
}

/// The review of the same question answered with 1 MiB of log lines, paged 40 pages down, where
/// a page shows the summary's rows from deep in the answer.
pub fn long_answer_review() -> Form {
    let mut form = long_answer_editor();
    form.handle(Input::Key("enter".parse().expect("a key")));
    for _ in 0..40 {
        form.draw(Size::new(120, 40));
        form.handle(Input::Key("pageDown".parse().expect("a key")));
    }
    form
}

/// The same question with 1 MiB of log lines (about 21,000 lines) pasted into its written
/// answer's editor, left open: a key typed there edits a text of that size.
pub fn long_answer_editor() -> Form {
    let mut text = String::new();
    let mut n = 0;
    while text.len() < 1024 * 1024 {
        let _ = writeln!(text, "log line {n}: something happened at step {n}");
        n += 1;
    }
    editor_holding(text)
}

/// The same question with one line of 100,000 characters pasted into its written answer's
/// editor, left open, the cursor at its end: a step left or right there is taken beside a
/// long run of text.
pub fn long_line_editor() -> Form {
    editor_holding("a long line of words ".repeat(100_000 / 21 + 1)[..100_000].to_owned())
}

/// The same with one line of 100,000 CJK characters, each two cells wide, none of them a
/// place a line may break without one: laid out by the segmenter, not as ASCII.
pub fn wide_line_editor() -> Form {
    editor_holding("漢字かな".repeat(25_000))
}

/// The written answer's editor of a two-option question, open and holding `text`.
fn editor_holding(text: String) -> Form {
    let arguments = json!({"questions": [{"id": "log", "prompt": "What did the build print?",
    "options": [
        {"value": "clean", "label": "Nothing unusual"},
        {"value": "warnings", "label": "Warnings"}
    ]}]});
    let mut form = form(&arguments);
    let key = |id: &str| Input::Key(id.parse().expect("a key"));
    for input in [key("up"), key("enter"), Input::Paste(text)] {
        form.handle(input);
    }
    form
}
