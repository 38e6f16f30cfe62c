//! The minimal writer changes bytes, never the picture: a scripted session through the demo is
//! replayed through a terminal emulator, and after every frame each cell it shows (text,
//! colours, bold, italic, underline, reverse) is the cell the whole frame paints.

mod support;

use std::fmt::Write as _;

use support::look::{assert_shows, assert_shows_but_clusters};
use support::{demo_form, erased_painter, form};

use pi_agent_ask_core::draw::Size as FrameSize;
use pi_agent_ask_core::keys::Key;
use pi_agent_ask_core::{Input, Surface};
use pi_agent_ask_crossterm::paint::paint_screen;
use pi_agent_ask_crossterm::{ScreenSize, Theme};
use ratatui::layout::Size;

/// One step of the session.
#[derive(Clone)]
enum Step {
    Key(&'static str),
    Type(&'static str),
    Paste(&'static str),
    Resize(u16, u16),
}

/// Which rows of a frame the emulator must show cell for cell.
#[derive(Clone, Copy)]
enum Compared {
    /// Every row.
    Every,
    /// Every cell but those of graphemes of several characters, which the emulator may draw
    /// wider.
    ButClusters,
}

/// Moves down and up, types a custom answer, reaches the preview question, switches its
/// preview, and resizes the screen.
const SCRIPT: &[Step] = &[
    Step::Key("down"),
    Step::Key("down"),
    Step::Key("up"),
    Step::Key("up"),
    Step::Key("up"),
    Step::Key("enter"),
    Step::Type("Use the existing MariaDB cluster"),
    Step::Key("backspace"),
    Step::Key("esc"),
    Step::Key("tab"),
    Step::Key("tab"),
    Step::Key("down"),
    Step::Key("down"),
    Step::Key("up"),
    Step::Resize(80, 24),
    Step::Key("down"),
    Step::Resize(100, 30),
    Step::Key("up"),
];

/// Replays `script` on `form` from a 120×40 screen, checking the emulator after every frame;
/// returns every byte written.
fn replay(mut form: pi_agent_ask_core::form::Form, script: &[Step], compared: Compared) -> Vec<u8> {
    let (mut width, mut height) = (120, 40);
    let mut parser = vt100::Parser::new(height, width, 0);
    let mut painter = erased_painter(Size::new(width, height));
    let theme = Theme::colored();
    let mut fed = 0;

    for step in 0..=script.len() {
        if let Some(action) = step.checked_sub(1).map(|at| &script[at]) {
            match action {
                Step::Key(name) => {
                    form.handle(Input::Key(name.parse::<Key>().expect("a key")));
                }
                Step::Type(text) => {
                    for c in text.chars() {
                        form.handle(Input::Key(Key::from_char(c)));
                    }
                }
                Step::Paste(text) => {
                    form.handle(Input::Paste((*text).to_owned()));
                }
                Step::Resize(w, h) => {
                    (width, height) = (*w, *h);
                    form.handle(Input::Resize(FrameSize::new(width, height)));
                    painter
                        .target_mut()
                        .set_screen(ScreenSize::Fixed(Size::new(width, height)));
                    parser.screen_mut().set_size(height, width);
                }
            }
        }
        painter
            .draw(&theme, |size| form.draw(size))
            .expect("a frame");
        let size = FrameSize::new(width, height);
        let drawn = paint_screen(&form.draw(size), &theme, Size::new(width, height));
        let bytes = painter.target().writer();
        parser.process(&bytes[fed..]);
        fed = bytes.len();
        match compared {
            Compared::Every => assert_shows(&parser, &drawn, step),
            Compared::ButClusters => assert_shows_but_clusters(&parser, &drawn, step),
        }
    }
    painter.target().writer().clone()
}

#[test]
fn every_frame_of_a_scripted_session_shows_exactly_what_was_drawn() {
    replay(demo_form(), SCRIPT, Compared::Every);
}

#[test]
fn a_list_and_a_summary_the_terminal_scrolls_show_exactly_what_was_drawn() {
    let options: Vec<_> = (1..=60)
        .map(|n| {
            serde_json::json!({
                "value": format!("v{n}"),
                "label": format!("Option number {n}"),
                "description": if n % 3 == 0 { format!("Every third option, {n}, says more on a line") } else { String::new() }
            })
        })
        .collect();
    let long_answer = (1..=200).fold(String::new(), |mut text, n| {
        let _ = writeln!(text, "log line {n}");
        text
    });
    let arguments = serde_json::json!({
        "questions": [
            {"id": "pick", "prompt": "Which option?", "type": "single", "options": options},
            {"id": "log", "prompt": "Paste the log", "type": "single",
             "options": [{"value": "none", "label": "No log"}]}
        ]
    });
    let mut script: Vec<Step> = std::iter::repeat_n(Step::Key("down"), 40).collect();
    script.extend(std::iter::repeat_n(Step::Key("up"), 25));
    script.extend([
        Step::Key("pagedown"),
        Step::Key("pagedown"),
        Step::Key("pageup"),
        Step::Key("end"),
        Step::Key("home"),
        Step::Resize(70, 20),
        Step::Key("up"),
        Step::Key("up"),
        Step::Key("tab"),
        Step::Paste(Box::leak(long_answer.into_boxed_str())),
        Step::Key("esc"),
        Step::Key("tab"),
    ]);
    script.extend(std::iter::repeat_n(Step::Key("down"), 12));
    script.extend(std::iter::repeat_n(Step::Key("up"), 6));
    let written = replay(form(&arguments), &script, Compared::Every);
    // Each scroll resets the scrolling region after it.
    let scrolls = written
        .windows(3)
        .filter(|bytes| *bytes == b"\x1b[r")
        .count();
    assert!(scrolls >= 10, "the terminal scrolled {scrolls} times");
}

#[test]
fn wide_and_combined_characters_show_exactly_as_drawn_as_the_highlight_moves_over_them() {
    let arguments = serde_json::json!({
        "questions": [{
            "id": "name",
            "prompt": "どの名前にしますか？ Which name?",
            "type": "single",
            "options": [
                {"value": "a", "label": "日本語の名前", "description": "漢字とかな"},
                {"value": "b", "label": "👍 thumbs and 🎉 party", "description": "emoji"},
                {"value": "c", "label": "cafe\u{301} and nai\u{308}ve", "description": "combining marks"},
                {"value": "d", "label": "ｱｲｳ half-width and 한국어", "description": "한글"}
            ]
        }]
    });
    let script = [
        Step::Key("down"),
        Step::Key("down"),
        Step::Key("down"),
        Step::Key("up"),
        Step::Resize(41, 12),
        Step::Key("up"),
        Step::Resize(37, 10),
        Step::Key("down"),
        Step::Resize(120, 40),
        Step::Key("up"),
    ];
    replay(form(&arguments), &script, Compared::Every);
}

#[test]
fn a_row_shows_exactly_as_drawn_but_for_a_grapheme_terminals_draw_wider() {
    let arguments = serde_json::json!({"questions": [{"id": "q", "prompt": "Which?",
        "options": [{"value": "a", "label": "Alpha"}]}]});
    let script = [
        Step::Key("up"),
        Step::Key("enter"),
        Step::Paste("AéB👍🏽CD"),
        Step::Key("left"),
        Step::Key("left"),
        Step::Key("backspace"),
        Step::Key("left"),
        Step::Key("backspace"),
        Step::Type("xy"),
    ];
    replay(form(&arguments), &script, Compared::ButClusters);
}

#[test]
fn text_after_a_family_or_a_flag_terminals_draw_wider_stands_where_it_was_drawn() {
    let arguments = serde_json::json!({"questions": [{"id": "q", "prompt": "Who?",
    "options": [
        {"value": "a", "label": "a\u{1F468}\u{200D}\u{1F469}\u{200D}\u{1F467}bcdef family"},
        {"value": "b", "label": "flags \u{1F1E9}\u{1F1EA}\u{1F1EB}\u{1F1F7} and more"}
    ]}]});
    let script = [
        Step::Key("down"),
        Step::Key("down"),
        Step::Key("enter"),
        Step::Type("a"),
        Step::Paste("\u{1F469}\u{1F3FD}\u{200D}\u{1F4BB}"),
        Step::Type("bcdef"),
        Step::Key("left"),
        Step::Key("left"),
        Step::Type("g"),
        Step::Key("home"),
        Step::Key("right"),
        Step::Key("right"),
        Step::Key("backspace"),
        Step::Type("hij"),
    ];
    replay(form(&arguments), &script, Compared::ButClusters);
}

#[test]
fn the_second_cell_of_a_grapheme_terminals_draw_narrower_shows_nothing_from_before() {
    let arguments = serde_json::json!({"questions": [{"id": "q", "prompt": "Which?",
    "type": "preview", "options": [
        {"value": "a", "label": "Letters", "preview": "abcd|k\nefgh|h\nxijklmnopq|hh"},
        {"value": "b", "label": "Hearts",
         "preview": "1\u{FE0F}\u{20E3}|k\n\u{2764}\u{FE0F}|h\nx\u{2764}\u{FE0F}\u{2764}\u{FE0F}\u{2764}\u{FE0F}\u{2764}\u{FE0F}|hh"}
    ]}]});
    let script = [
        Step::Key("down"),
        Step::Key("up"),
        Step::Key("down"),
        Step::Key("up"),
    ];
    replay(form(&arguments), &script, Compared::ButClusters);
}
