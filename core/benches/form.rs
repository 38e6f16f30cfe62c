//! One keystroke handled plus one frame drawn at 120×40, for the demo questionnaire, a question
//! with 500 options, a preview of 1 MiB of text, a written answer of 1 MiB and one of a single
//! line of 100,000 characters, ASCII and CJK.

mod payloads;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use payloads::{
    big_preview, demo, form, long_answer_editor, long_answer_form, long_answer_review,
    long_line_editor, many_options, wide_line_editor,
};
use pi_agent_ask_core::form::Form;
use pi_agent_ask_core::keys::Key;
use pi_agent_ask_core::{Input, Size, Surface};

fn keystroke_and_frame(c: &mut Criterion, name: &str, mut form: Form, keys: &[&str]) {
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
    keystroke_and_frame(c, "demo: down + frame", form(&demo()), &["down"]);
    keystroke_and_frame(
        c,
        "500 options: down + frame",
        form(&many_options()),
        &["down"],
    );
    keystroke_and_frame(
        c,
        "1 MiB preview: pageDown/pageUp + frame",
        form(&big_preview()),
        &[
            "pageDown", "pageDown", "pageDown", "pageUp", "pageUp", "pageUp",
        ],
    );
    keystroke_and_frame(
        c,
        "1 MiB written answer: up/down + frame",
        long_answer_form(),
        &["up", "down"],
    );
    keystroke_and_frame(
        c,
        "1 MiB written answer on the review, 40 pages down: pageDown/pageUp + frame",
        long_answer_review(),
        &[
            "pageDown", "pageDown", "pageDown", "pageUp", "pageUp", "pageUp",
        ],
    );
    keystroke_and_frame(
        c,
        "1 MiB written answer, its editor open: x/backspace + frame",
        long_answer_editor(),
        &["x", "backspace"],
    );
    keystroke_and_frame(
        c,
        "a line of 100,000 characters in its editor: left/right + frame",
        long_line_editor(),
        &["left", "right"],
    );
    keystroke_and_frame(
        c,
        "a line of 100,000 CJK characters in its editor: left/right + frame",
        wide_line_editor(),
        &["left", "right"],
    );
}

criterion_group!(form_benches, benches);
criterion_main!(form_benches);
