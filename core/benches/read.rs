//! Reading a call's arguments from JSON text as the program reads a file: the demo, and one
//! question of 10,000 options, whose reading is most of the time to its first frame.

#[allow(
    dead_code,
    reason = "of the keystroke benches' payloads this one reads only the demo"
)]
mod payloads;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use payloads::demo;
use pi_agent_ask_core::contract::ask_user::{NoPreviewFiles, ParseOptions};
use pi_agent_ask_core::contract::{Call, Tool};
use serde_json::{Value, json};

fn read(c: &mut Criterion, name: &str, arguments: &Value) {
    let text = arguments.to_string();
    c.bench_function(name, |b| {
        b.iter(|| {
            let mut deserializer = serde_json::Deserializer::from_str(black_box(&text));
            let call = Call::read(
                Tool::AskUser,
                &mut deserializer,
                ParseOptions::default(),
                &mut NoPreviewFiles,
                || "bench".to_owned(),
            );
            black_box(call.expect("JSON").expect("valid arguments"))
        });
    });
}

/// One question of `count` options of a value and a label each, as the peer benchmark
/// generates them.
fn generated_options(count: usize) -> Value {
    let options: Vec<Value> = (1..=count)
        .map(|n| json!({"value": format!("option-{n}"), "label": format!("Option {n}")}))
        .collect();
    json!({"questions": [{"id": "language", "prompt": "Which language should the service use?", "options": options}]})
}

fn benches(c: &mut Criterion) {
    read(c, "read the demo", &demo());
    read(c, "read 10,000 options", &generated_options(10_000));
}

criterion_group!(read_benches, benches);
criterion_main!(read_benches);
