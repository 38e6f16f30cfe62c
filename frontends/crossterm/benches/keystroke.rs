//! One keystroke handled plus one frame drawn at 120×40 and written the way the program writes
//! it: the core form, ratatui's diff and the lean backend's encoding, into a byte buffer. For
//! the demo questionnaire, a question with 500 options and two previews of 1 MiB each.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use pi_agent_ask_core::contract::ask_user::{NoPreviewFiles, ParseOptions};
use pi_agent_ask_core::contract::{Call, Tool};
use pi_agent_ask_core::form::{Form, FormConfig};
use pi_agent_ask_core::keys::Key;
use pi_agent_ask_core::{Input, Surface};
use pi_agent_ask_crossterm::paint::draw_frame;
use pi_agent_ask_crossterm::{LeanBackend, ScreenSize, Theme};
use ratatui::layout::{Rect, Size};
use ratatui::{Terminal, TerminalOptions, Viewport};
use serde_json::{Value, json};

fn form(arguments: &Value) -> Form {
    let call = Call::parse(
        Tool::AskUser,
        arguments,
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || "bench".into(),
    )
    .expect("valid arguments");
    Form::new(call, &FormConfig::default())
}

fn many_options() -> Value {
    let options: Vec<Value> = (1..=500)
        .map(|n| json!({"value": format!("option-{n}"), "label": format!("Option {n}")}))
        .collect();
    json!({"questions": [{"id": "many", "prompt": "Pick one of five hundred", "options": options}]})
}

fn mebibyte_previews() -> Value {
    let mut body = String::new();
    let mut line = 0;
    while body.len() < 1 << 20 {
        let _ = writeln!(body, "line {line:05} of a long generated preview file");
        line += 1;
    }
    json!({"questions": [{"id": "format", "prompt": "Which file?", "type": "preview", "options": [
        {"value": "a", "label": "Alpha", "preview": format!("# alpha\n{body}")},
        {"value": "b", "label": "Beta", "preview": format!("# beta\n{body}")}
    ]}]})
}

fn keystroke_and_frame(c: &mut Criterion, name: &str, arguments: &Value, keys: &[&str]) {
    let mut form = form(arguments);
    let keys: Vec<Key> = keys.iter().map(|key| key.parse().expect("a key")).collect();
    let size = Size::new(120, 40);
    let viewport = Viewport::Fixed(Rect::new(0, 0, size.width, size.height));
    let backend = LeanBackend::new(std::io::sink(), ScreenSize::Fixed(size));
    let mut terminal =
        Terminal::with_options(backend, TerminalOptions { viewport }).expect("a terminal");
    terminal.clear().expect("a cleared screen");
    let theme = Theme::colored();
    draw_frame(&mut terminal, &theme, |size| form.draw(size)).expect("the first frame");
    let mut step = 0;
    c.bench_function(name, |b| {
        b.iter(|| {
            let key = keys[step % keys.len()];
            step += 1;
            black_box(form.handle(Input::Key(key)));
            draw_frame(&mut terminal, &theme, |size| form.draw(size)).expect("a frame")
        });
    });
}

fn benches(c: &mut Criterion) {
    let demo: Value =
        serde_json::from_str(include_str!("../../../fixtures/demo.json")).expect("demo is JSON");
    keystroke_and_frame(c, "terminal, demo: down/up + frame", &demo, &["down", "up"]);
    keystroke_and_frame(
        c,
        "terminal, 500 options: down/up + frame",
        &many_options(),
        &["down", "up"],
    );
    keystroke_and_frame(
        c,
        "terminal, 1 MiB previews: down/up + frame",
        &mebibyte_previews(),
        &["down", "up"],
    );
}

criterion_group!(keystroke_benches, benches);
criterion_main!(keystroke_benches);
