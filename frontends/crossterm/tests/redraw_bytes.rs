//! What one keystroke costs on the wire: the bytes written to the terminal when the real demo
//! form, drawn at 120×40, moves its highlight one option down.

mod support;

use support::demo_form;

use pi_agent_ask_core::keys::Key;
use pi_agent_ask_core::{Input, Surface};
use pi_agent_ask_crossterm::encode::Erase;
use pi_agent_ask_crossterm::painter::{Painter, Viewport};
use pi_agent_ask_crossterm::{CountingWriter, LeanBackend, ScreenSize, Theme};
use ratatui::layout::Size;

/// The most bytes one move down may write.
const BUDGET: u64 = 80;

#[test]
fn moving_down_one_option_in_the_demo_at_120_by_40_writes_under_80_bytes() {
    let writer = CountingWriter::new(Vec::new());
    let count = writer.counter();
    let backend = LeanBackend::new(writer, ScreenSize::Fixed(Size::new(120, 40)));
    let mut terminal = Painter::new(backend, Viewport::Fullscreen).expect("a painter");
    terminal
        .target_mut()
        .clear_region(Erase::All)
        .expect("a cleared screen");
    let theme = Theme::colored();
    let mut form = demo_form();

    terminal
        .draw(&theme, |size| form.draw(size))
        .expect("frame 1 is drawn");
    let first = count.get();
    let down: Key = "down".parse().expect("a key");
    assert!(form.handle(Input::Key(down)).is_empty(), "down only moves");
    terminal
        .draw(&theme, |size| form.draw(size))
        .expect("frame 2 is drawn");
    let second = count.get() - first;

    println!("demo at 120x40: first frame {first} bytes, one move down {second} bytes");
    assert!(
        first > 1_000,
        "the first frame paints the whole form: {first}"
    );
    assert!(
        second < BUDGET,
        "one move down wrote {second} bytes, over the budget of {BUDGET}"
    );
}
