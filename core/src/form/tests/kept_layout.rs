//! The list's rows, preview panes and screen parts kept across frames: a frame drawn from kept
//! layout is the frame the same state draws with everything laid out afresh, with the same
//! mouse regions.

use std::fmt::Write as _;

use proptest::prelude::*;
use serde_json::{Value, json};

use super::{ask_user, three_questions};
use crate::draw::Size;
use crate::effect::Surface;
use crate::input::Input;

/// A long multiple-choice list with descriptions, one recommended option and a custom row.
fn long_multi() -> Value {
    let options: Vec<Value> = (1..=40)
        .map(|n| {
            json!({
                "value": format!("v{n}"),
                "label": format!("Option {n}"),
                "description": "A description long enough to wrap on a narrow screen or two",
                "recommended": n == 3
            })
        })
        .collect();
    json!({"questions": [{"id": "many", "prompt": "Pick some", "type": "multi", "options": options}]})
}

/// A preview question whose previews wrap, scroll, and hold text that sanitizing changes.
fn long_previews() -> Value {
    let lines = |tag: &str| -> String {
        let mut text = String::new();
        for n in 1..=60 {
            let words = "word ".repeat(n % 9);
            let _ = writeln!(text, "{tag} line {n}: {words} \u{1b}[31m│ é\tend");
        }
        text
    };
    json!({"questions": [{"id": "pick", "prompt": "Pick a layout", "type": "preview", "options": [
        {"value": "a", "label": "Layout A", "preview": lines("alpha")},
        {"value": "b", "label": "Layout B", "preview": lines("beta")},
        {"value": "c", "label": "Layout C", "preview": "short"}
    ]}]})
}

/// Two questions whose prompts take many rows, so that they scroll in a window on most
/// screens, and a tab bar that marks answers and notes.
fn long_prompts() -> Value {
    let prompt = |topic: &str| -> String {
        (1..=14)
            .map(|n| format!("{topic} consideration {n}: weigh it against the others"))
            .collect::<Vec<_>>()
            .join("\n")
    };
    json!({"title": "Long prompts", "questions": [
        {"id": "one", "label": "First", "prompt": prompt("cost"), "options": [
            {"value": "a", "label": "A"}, {"value": "b", "label": "B"}]},
        {"id": "two", "label": "Second", "prompt": prompt("speed"), "type": "multi", "options": [
            {"value": "c", "label": "C"}, {"value": "d", "label": "D"}]}
    ]})
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]
    #[test]
    fn a_frame_drawn_from_kept_layout_is_the_frame_laid_out_afresh(
        payload in 0..4_usize,
        width in 8u16..150,
        height in 4u16..45,
        keys in proptest::collection::vec(
            prop::sample::select(vec![
                "down", "up", "space", "enter", "esc", "n", "shift+n", "x", "y", "backspace",
                "pageDown", "pageUp", "tab", "shift+tab", "end", "home", "/", "1", "3", "t",
                "shift+down", "shift+up",
            ]),
            0..40,
        ),
        resize in any::<bool>(),
    ) {
        let arguments = [three_questions(), long_multi(), long_previews(), long_prompts()];
        let mut form = ask_user(&arguments[payload]);
        let mut size = Size::new(width, height);
        form.draw(size);
        for (step, key) in keys.iter().enumerate() {
            form.handle(Input::Key(key.parse().expect("a key")));
            if resize && step % 7 == 6 {
                size = Size::new(size.height.max(8) * 2, size.width.clamp(4, 45));
            }
            let kept = form.draw(size);
            let kept_regions = form.mouse_regions();
            form.forget_kept_layout();
            let afresh = form.draw(size);
            prop_assert_eq!(&kept, &afresh, "after {:?} at {:?}", &keys[..=step], size);
            prop_assert_eq!(kept_regions, form.mouse_regions(), "regions after {:?}", &keys[..=step]);
        }
    }
}
