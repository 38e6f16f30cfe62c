//! The frames of the terminal's keystroke bench, each kind drawn by a function of its own, so
//! that an instruction counter tells them apart: the demo's `down` and `up`, 500 options'
//! `down` and `up`, and the preview switch's frame that takes the big preview away and the one
//! that brings it back; then the same switch with the big preview cut to the lines its pane
//! shows, which puts the same rows on the screen from a thousandth of the payload; then the
//! highlight moved off and onto a written answer of 1 MiB, whose row shows three lines of it;
//! then a character typed into that answer's open editor and erased again; then a step left
//! and one right at the end of a line of 100,000 characters in an open editor, ASCII and CJK;
//! then a page down and one up on the review of that 1 MiB answer, 40 pages into it.
//! `benches/frame_instructions.py` runs this under `valgrind --tool=callgrind` and prints the
//! instructions of one keystroke and its frame for each.
//!
//! `cargo run --release -p pi-agent-ask-crossterm --example frame_instructions -- 1000` draws
//! 1,000 frames of each kind (the argument) into a byte sink, at 120×40.

#[path = "../../../core/benches/payloads.rs"]
mod payloads;

use std::hint::black_box;
use std::io::Sink;

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
use serde_json::Value;

/// The painter every case draws with, as the program's is but for its byte sink.
type Screen = Painter<LeanBackend<Sink>>;

/// One form on its screen, with the keys that move it.
struct Case {
    form: Form,
    screen: Screen,
    theme: Theme,
}

impl Case {
    /// `form` on an erased 120×40 screen, its first frame drawn.
    fn new(form: Form) -> Self {
        let backend = LeanBackend::new(std::io::sink(), ScreenSize::Fixed(Size::new(120, 40)));
        let mut screen = Painter::new(backend, Viewport::Fullscreen).expect("a painter");
        screen
            .target_mut()
            .clear_region(Erase::All)
            .expect("an erased screen");
        let mut case = Self {
            form,
            screen,
            theme: Theme::colored(),
        };
        case.frame();
        case
    }

    /// Handles `key` and draws the frame after it.
    fn key(&mut self, key: Key) {
        black_box(self.form.handle(Input::Key(key)));
        self.frame();
    }

    /// Draws the form's frame.
    fn frame(&mut self) {
        let Self {
            form,
            screen,
            theme,
        } = self;
        screen.draw(theme, |size| form.draw(size)).expect("a frame");
    }
}

/// Declares a function for each kind of frame, kept apart by the constant each hands to
/// `black_box`: functions with the same body would be folded into one.
macro_rules! kinds {
    ($($name:ident = $tag:literal),* $(,)?) => {
        $(
            #[inline(never)]
            fn $name(case: &mut Case, key: Key) {
                black_box($tag);
                case.key(key);
            }
        )*
    };
}

kinds! {
    demo_down = 1_u8,
    demo_up = 2_u8,
    options_down = 3_u8,
    options_up = 4_u8,
    preview_away = 5_u8,
    preview_back = 6_u8,
    short_away = 7_u8,
    short_back = 8_u8,
    answer_off = 9_u8,
    answer_on = 10_u8,
    editor_typed = 11_u8,
    editor_erased = 12_u8,
    line_left = 13_u8,
    line_right = 14_u8,
    wide_left = 15_u8,
    wide_right = 16_u8,
    review_down = 17_u8,
    review_up = 18_u8,
}

/// The lines of the big preview a 120×40 screen shows at once, and a few more.
const PANE_LINES: usize = 40;

/// [`big_preview`] with its big preview cut to its first [`PANE_LINES`] lines.
fn pane_preview() -> Value {
    let mut arguments = big_preview();
    let preview = &mut arguments["questions"][0]["options"][0]["preview"];
    let text = preview.as_str().expect("the big preview's text");
    let cut: String = text.split_inclusive('\n').take(PANE_LINES).collect();
    *preview = Value::String(cut);
    arguments
}

/// Draws `frames` pairs of frames of `arguments`' form, `down` with `first` and `up` with
/// `second`, after a few pairs not counted (the kept parts and panes filled).
/// A kind of frame: one of the functions `kinds!` makes.
type Kind = fn(&mut Case, Key);

/// Draws `frames` of each of two kinds on `form`, after a few not counted: `first` with the
/// key `keys.0`, `second` with `keys.1`.
fn run(form: Form, frames: usize, (first, second): (Kind, Kind), keys: (&str, &str)) {
    let (one, other): (Key, Key) = (
        keys.0.parse().expect("a key"),
        keys.1.parse().expect("a key"),
    );
    let mut case = Case::new(form);
    for _ in 0..3 {
        case.key(one);
        case.key(other);
    }
    for _ in 0..frames {
        first(&mut case, one);
        second(&mut case, other);
    }
}

fn main() {
    let frames = std::env::args()
        .nth(1)
        .map_or(Ok(1000), |count| count.parse())
        .expect("a count of frames");
    let down_up = ("down", "up");
    run(form(&demo()), frames, (demo_down, demo_up), down_up);
    run(
        form(&many_options()),
        frames,
        (options_down, options_up),
        down_up,
    );
    run(
        form(&big_preview()),
        frames,
        (preview_away, preview_back),
        down_up,
    );
    run(
        form(&pane_preview()),
        frames,
        (short_away, short_back),
        down_up,
    );
    run(
        long_answer_form(),
        frames,
        (answer_off, answer_on),
        ("up", "down"),
    );
    run(
        long_answer_editor(),
        frames,
        (editor_typed, editor_erased),
        ("x", "backspace"),
    );
    run(
        long_line_editor(),
        frames,
        (line_left, line_right),
        ("left", "right"),
    );
    run(
        wide_line_editor(),
        frames,
        (wide_left, wide_right),
        ("left", "right"),
    );
    run(
        long_answer_review(),
        frames,
        (review_down, review_up),
        ("pageDown", "pageUp"),
    );
}
