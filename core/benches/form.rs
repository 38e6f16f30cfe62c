//! One keystroke handled plus one frame drawn at 120×40, for the demo questionnaire, a question
//! with 500 options and a preview of 1 MiB of text.

use std::fmt::Write as _;
use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use pi_agent_ask_core::contract::ask_user::{NoPreviewFiles, ParseOptions};
use pi_agent_ask_core::contract::{Call, Tool};
use pi_agent_ask_core::form::{Form, FormConfig};
use pi_agent_ask_core::keys::Key;
use pi_agent_ask_core::{Input, Size, Surface};
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

fn big_preview() -> Value {
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

fn keystroke_and_frame(c: &mut Criterion, name: &str, arguments: &Value, keys: &[&str]) {
    let mut form = form(arguments);
    let keys: Vec<Key> = keys.iter().map(|key| key.parse().expect("a key")).collect();
    let size = Size::new(120, 40);
    form.draw(size);
    let mut step = 0;
    c.bench_function(name, |b| {
        b.iter(|| {
            let key = keys[step % keys.len()];
            step += 1;
            black_box(form.handle(Input::Key(key)));
            black_box(form.draw(size))
        });
    });
}

fn benches(c: &mut Criterion) {
    let demo: Value =
        serde_json::from_str(include_str!("../../fixtures/demo.json")).expect("demo is JSON");
    keystroke_and_frame(c, "demo: down + frame", &demo, &["down"]);
    keystroke_and_frame(c, "500 options: down + frame", &many_options(), &["down"]);
    keystroke_and_frame(
        c,
        "1 MiB preview: pageDown/pageUp + frame",
        &big_preview(),
        &[
            "pageDown", "pageDown", "pageDown", "pageUp", "pageUp", "pageUp",
        ],
    );
}

criterion_group!(form_benches, benches);
criterion_main!(form_benches);
