//! The list's rows kept across frames: a frame drawn from kept rows is the frame the same
//! state draws with every row laid out afresh.

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

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]
    #[test]
    fn a_frame_drawn_from_kept_rows_is_the_frame_laid_out_afresh(
        long in any::<bool>(),
        width in 8u16..130,
        height in 4u16..45,
        keys in proptest::collection::vec(
            prop::sample::select(vec![
                "down", "up", "space", "enter", "esc", "n", "shift+n", "x", "y", "backspace",
                "pageDown", "pageUp", "tab", "shift+tab", "end", "home", "/", "1", "3", "t",
            ]),
            0..40,
        ),
        resize in any::<bool>(),
    ) {
        let mut form = ask_user(&if long { long_multi() } else { three_questions() });
        let mut size = Size::new(width, height);
        form.draw(size);
        for (step, key) in keys.iter().enumerate() {
            form.handle(Input::Key(key.parse().expect("a key")));
            if resize && step % 7 == 6 {
                size = Size::new(size.height.max(8) * 2, size.width.clamp(4, 45));
            }
            let kept = form.draw(size);
            form.forget_kept_rows();
            let afresh = form.draw(size);
            prop_assert_eq!(&kept, &afresh, "after {:?} at {:?}", &keys[..=step], size);
        }
    }
}
