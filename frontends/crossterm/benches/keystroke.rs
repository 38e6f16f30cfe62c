//! One keystroke handled plus one frame drawn at 120×40 and written the way the program writes
//! it: the core form, the painter's row comparison and the lean backend's encoding, into a byte buffer. For
//! the questionnaires of `core/benches/payloads.rs`, which the core's bench times too.

#[path = "../../../core/benches/payloads.rs"]
mod payloads;

use std::hint::black_box;

use criterion::{Criterion, criterion_group, criterion_main};
use payloads::{
    big_preview, demo, form, long_answer_editor, long_answer_form, long_answer_review,
    long_line_editor, many_options, wide_line_editor,
};
use pi_agent_ask_core::form::Form;
use pi_agent_ask_core::keys::Key;
use pi_agent_ask_core::{Input, Surface};
use pi_agent_ask_crossterm::encode::Erase;
use pi_agent_ask_crossterm::painter::{Painter, Viewport};
use pi_agent_ask_crossterm::{LeanBackend, ScreenSize, Theme};
use ratatui::layout::Size;

fn keystroke_and_frame(c: &mut Criterion, name: &str, mut form: Form, keys: &[&str]) {
    let keys: Vec<Key> = keys.iter().map(|key| key.parse().expect("a key")).collect();
    let size = Size::new(120, 40);
    let backend = LeanBackend::new(std::io::sink(), ScreenSize::Fixed(size));
    let mut terminal = Painter::new(backend, Viewport::Fullscreen).expect("a painter");
    terminal
        .target_mut()
        .clear_region(Erase::All)
        .expect("a cleared screen");
    let theme = Theme::colored();
    terminal
        .draw(&theme, |size| form.draw(size))
        .expect("the first frame");
    let mut step = 0;
    c.bench_function(name, |b| {
        b.iter(|| {
            let key = keys[step % keys.len()];
            step += 1;
            black_box(form.handle(Input::Key(key)));
            terminal
                .draw(&theme, |size| form.draw(size))
                .expect("a frame")
        });
    });
}

fn benches(c: &mut Criterion) {
    keystroke_and_frame(
        c,
        "terminal, demo: down/up + frame",
        form(&demo()),
        &["down", "up"],
    );
    keystroke_and_frame(
        c,
        "terminal, 500 options: down/up + frame",
        form(&many_options()),
        &["down", "up"],
    );
    keystroke_and_frame(
        c,
        "terminal, 1 MiB preview: down/up + frame",
        form(&big_preview()),
        &["down", "up"],
    );
    keystroke_and_frame(
        c,
        "terminal, 1 MiB written answer: up/down + frame",
        long_answer_form(),
        &["up", "down"],
    );
    keystroke_and_frame(
        c,
        "terminal, 1 MiB written answer, its editor open: x/backspace + frame",
        long_answer_editor(),
        &["x", "backspace"],
    );
    keystroke_and_frame(
        c,
        "terminal, a line of 100,000 characters in its editor: left/right + frame",
        long_line_editor(),
        &["left", "right"],
    );
    keystroke_and_frame(
        c,
        "terminal, a line of 100,000 CJK characters in its editor: left/right + frame",
        wide_line_editor(),
        &["left", "right"],
    );
    keystroke_and_frame(
        c,
        "terminal, 1 MiB written answer on the review, 40 pages down: pageDown/pageUp + frame",
        long_answer_review(),
        &[
            "pageDown", "pageDown", "pageDown", "pageUp", "pageUp", "pageUp",
        ],
    );
}

criterion_group!(keystroke_benches, benches);
criterion_main!(keystroke_benches);
