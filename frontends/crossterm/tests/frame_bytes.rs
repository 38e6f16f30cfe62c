//! What frames cost on the wire at 120×40: a move down in a three-option question, its first
//! frame, and a switch of preview when the previews are over a mebibyte each.

mod support;

use support::{erased_painter, form};

use std::fmt::Write as _;

use pi_agent_ask_core::form::Form;
use pi_agent_ask_core::keys::Key;
use pi_agent_ask_core::{Input, Surface};
use pi_agent_ask_crossterm::Theme;
use ratatui::layout::Size;
use serde_json::json;

/// The most bytes one move down in the three-option question may write.
const MOVE_BUDGET: usize = 58;

/// The most bytes switching between two mebibyte previews may write.
const PREVIEW_BUDGET: usize = 400;

/// The bytes of the first frame and of the frame after one move down, at 120×40.
fn first_and_down(mut form: Form) -> (usize, Vec<u8>) {
    let size = Size::new(120, 40);
    let mut terminal = erased_painter(size);
    let theme = Theme::colored();
    terminal
        .draw(&theme, |size| form.draw(size))
        .expect("the first frame");
    let first = terminal.target().writer().len();
    let down: Key = "down".parse().expect("a key");
    form.handle(Input::Key(down));
    terminal
        .draw(&theme, |size| form.draw(size))
        .expect("the next frame");
    (first, terminal.target().writer()[first..].to_vec())
}

#[test]
fn one_move_down_in_a_three_option_question_writes_few_bytes() {
    let arguments = json!({
        "questions": [{
            "id": "language",
            "prompt": "Which language should the service use?",
            "type": "single",
            "options": [
                {"value": "rust", "label": "Rust"},
                {"value": "go", "label": "Go"},
                {"value": "python", "label": "Python"}
            ]
        }]
    });
    let (first, down) = first_and_down(form(&arguments));
    println!(
        "three options at 120x40: first frame {first} bytes, one move down {} bytes: {:?}",
        down.len(),
        String::from_utf8_lossy(&down)
    );
    assert!(
        down.len() <= MOVE_BUDGET,
        "one move down wrote {} bytes, over {MOVE_BUDGET}",
        down.len()
    );
}

#[test]
fn switching_between_mebibyte_previews_writes_only_the_screen() {
    let mut body = String::new();
    for line in 0..20_000 {
        let _ = writeln!(
            body,
            "line {line:05} of a long generated preview file, the same in both"
        );
    }
    assert!(body.len() > 1 << 20, "each preview is over a mebibyte");
    let preview = |name: &str| format!("# {name}.conf\n{body}");
    let arguments = json!({
        "questions": [{
            "id": "format",
            "prompt": "Which file should be written?",
            "type": "preview",
            "options": [
                {"value": "a", "label": "Alpha", "preview": preview("alpha")},
                {"value": "b", "label": "Beta", "preview": preview("beta")}
            ]
        }]
    });
    let (first, switch) = first_and_down(form(&arguments));
    println!(
        "mebibyte previews at 120x40: first frame {first} bytes, switch {} bytes",
        switch.len()
    );
    assert!(
        switch.len() <= PREVIEW_BUDGET,
        "switching previews wrote {} bytes, over {PREVIEW_BUDGET}",
        switch.len()
    );
}
