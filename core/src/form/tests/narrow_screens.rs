//! Narrow screens and resizes: the hints that always stay wrap rather than being cut, a
//! scrolling list keeps its find key, the find line's count is never cut, the highlighted
//! option's description shows whole where a third of the list holds it, and the review keeps
//! the text at its top across resizes.

use rstest::rstest;
use serde_json::json;

use super::{Run, ask_user, three_questions};
use crate::draw::Size;
use crate::effect::Surface;

/// Three questions, the second answered with a log of 1,000 short numbered lines, on the
/// review at `size`.
fn review_of_a_long_log(size: Size) -> Run {
    let question = |id: &str| {
        json!({"id": id, "prompt": format!("What about {id}? A prompt long enough to wrap on a narrow screen."),
            "options": [{"value": "a", "label": "Alpha"}, {"value": "b", "label": "Beta"}]})
    };
    let arguments =
        json!({"questions": [question("first"), question("second"), question("third")]});
    let mut run = Run::sized(ask_user(&arguments), size, "enter up enter");
    let log = (1..=1_000).fold(String::new(), |log, n| log + &format!("L{n:05}\n"));
    run.form.handle(crate::input::Input::Paste(log));
    run.keys("enter enter");
    run
}

/// The number of the first log line shown whole on the screen (the summary joins the lines
/// with `↵` and wraps them anywhere).
fn first_log_line(screen: &str) -> Option<usize> {
    screen
        .split(|c: char| c == '↵' || c.is_whitespace())
        .find_map(|word| {
            let number = word.strip_prefix('L')?;
            (number.len() == 5).then(|| number.parse().ok()).flatten()
        })
}

#[test]
fn a_resize_on_the_review_keeps_the_text_at_the_top_of_a_long_summary() {
    let mut run = review_of_a_long_log(Size::new(80, 24));
    run.keys("pageDown pageDown");
    let screen = run.screen();
    let top = first_log_line(&screen).expect("a log line on the review");
    assert!(top > 100, "paged down:\n{screen}");
    for size in [Size::new(30, 12), Size::new(120, 40), Size::new(80, 24)] {
        run.size = size;
        let screen = run.screen();
        // The row that held the old top's first cell is the new top: it starts at most a
        // row's worth of lines (7 cells each) earlier.
        let first = first_log_line(&screen).expect("a log line on the review");
        let row = usize::from(size.width) / 7 + 1;
        assert!(
            (top.saturating_sub(row)..=top).contains(&first),
            "L{top:05} at the top before, L{first:05} at {size:?}:\n{screen}"
        );
    }
    run.keys("pageUp");
    let screen = run.screen();
    assert!(
        first_log_line(&screen).is_some_and(|first| first < top),
        "the place still pages up:\n{screen}"
    );
}

/// The last `rows` rows of `screen` with anything on them, where the key hints are.
fn bottom_rows(screen: &str, rows: usize) -> String {
    let mut shown: Vec<&str> = screen
        .lines()
        .rev()
        .filter(|line| !line.trim().is_empty())
        .take(rows)
        .collect();
    shown.reverse();
    shown.join("\n")
}

#[rstest]
#[case::single_select(Size::new(25, 8), "", &["enter select", "esc cancel"])]
#[case::multi_select(Size::new(25, 8), "tab", &["space toggle", "enter confirm", "esc cancel"])]
#[case::review(Size::new(24, 8), "shift+tab", &["enter choose", "esc cancel"])]
fn a_narrow_screen_wraps_the_hints_that_always_stay_rather_than_cut_them(
    #[case] size: Size,
    #[case] script: &str,
    #[case] essential: &[&str],
) {
    let run = Run::sized(ask_user(&three_questions()), size, script);
    let screen = run.screen();
    let bottom = bottom_rows(&screen, 3);
    for hint in essential {
        assert!(bottom.contains(hint), "{hint} missing:\n{screen}");
    }
}

#[rstest]
#[case(Size::new(40, 12))]
#[case(Size::new(50, 10))]
fn a_scrolling_list_keeps_its_find_key_before_the_tab_keys(#[case] size: Size) {
    let options: Vec<_> = (1..=30)
        .map(|n| json!({"value": format!("o{n}"), "label": format!("Option {n}")}))
        .collect();
    let question = |id: &str| json!({"id": id, "prompt": "Pick one", "options": options});
    let arguments = json!({"questions": [question("a"), question("b")]});
    let run = Run::sized(ask_user(&arguments), size, "down");
    let screen = run.screen();
    assert!(
        bottom_rows(&screen, 2).contains("/ find"),
        "at {size:?}:\n{screen}"
    );
}

#[test]
fn the_highlighted_options_description_shows_whole_where_a_third_of_the_list_holds_it() {
    let description = "Every replica stays in sync; a conflict between two writers is resolved \
                       by certification and the loser transaction is rolled back, which the app \
                       must retry.";
    let options: Vec<_> = ["one", "two", "three", "four", "five", "six"]
        .iter()
        .map(|value| json!({"value": value, "description": description}))
        .collect();
    let arguments =
        json!({"questions": [{"id": "pick", "prompt": "Which one?", "options": options}]});
    let run = Run::sized(ask_user(&arguments), Size::new(70, 20), "down");
    let screen = run.screen();
    let highlighted = screen
        .lines()
        .position(|line| line.contains("› 2."))
        .expect("the highlighted row");
    let shown: String = screen.lines().skip(highlighted + 1).take(4).collect();
    assert!(shown.contains("must retry."), "{screen}");
    let first = screen.lines().position(|line| line.contains("1. ( )"));
    let cut = first.map(|first| screen.lines().nth(first + 2).unwrap_or_default());
    assert!(
        cut.is_some_and(|row| row.trim_end().ends_with('…')),
        "{screen}"
    );
}

#[rstest]
#[case::roomy(Size::new(40, 10), "/ three  ·  1/4")]
#[case::tight(Size::new(14, 8), "/ three 1/4")]
#[case::too_tight(Size::new(12, 8), "/ three")]
fn the_find_line_gives_its_count_in_less_room_or_not_at_all_but_never_cut(
    #[case] size: Size,
    #[case] shown: &str,
) {
    let arguments = json!({"questions": [{"id": "q", "prompt": "Pick", "options": [
        {"value": "three"}, {"value": "one"}, {"value": "two"}
    ]}]});
    let run = Run::sized(ask_user(&arguments), size, "/ 'three'");
    let screen = run.screen();
    let line = screen
        .lines()
        .find(|line| line.contains("/ three"))
        .unwrap_or_else(|| panic!("the find line:\n{screen}"));
    assert_eq!(line.trim(), shown, "{screen}");
}
