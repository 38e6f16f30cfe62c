//! Long lists are quick to move through: `home`/`end` reach the ends of a list in one press and
//! `pageUp`/`pageDown` move the highlight a page, each doing that one thing, as the footer
//! says; a keymap that binds one of those keys keeps it.

use serde_json::{Value, json};

use super::{Run, ask_user, three_questions};
use crate::draw::Size;
use crate::form::{Form, FormConfig};
use crate::keys::Keymaps;

/// One question with `count` options, every third with a description.
fn sixty(count: usize) -> Value {
    let options: Vec<Value> = (1..=count)
        .map(|n| {
            let mut option = json!({"value": format!("v{n}"), "label": format!("Option {n}")});
            if n % 3 == 0 {
                option["description"] = json!(format!("Description {n}"));
            }
            option
        })
        .collect();
    json!({"questions": [{"id": "many", "prompt": "Pick one of many", "options": options}]})
}

#[test]
fn end_and_home_reach_the_ends_of_a_long_list_in_one_press() {
    let mut run = Run::new(ask_user(&sixty(60)), "end");
    assert_eq!(
        run.form.state.cursors[0], 60,
        "the free-form row is the last"
    );
    assert!(
        run.screen().contains("› 61. ( ) Type your own"),
        "{}",
        run.screen()
    );
    run.keys("home");
    assert_eq!(run.form.state.cursors[0], 0);
    assert!(
        run.screen().contains("›  1. ( ) Option 1"),
        "{}",
        run.screen()
    );
}

#[test]
fn page_down_goes_to_the_bottom_of_the_page_then_turns_it() {
    let mut run = Run::new(ask_user(&sixty(60)), "");
    let first = run.screen();
    run.keys("pageDown");
    let bottom = run.form.state.cursors[0];
    assert!(bottom > 5, "a page is more than a few rows: {bottom}");
    let row_of = |screen: &str| {
        screen
            .lines()
            .position(|line| line.ends_with("( ) Option 2"))
    };
    assert_eq!(row_of(&run.screen()), row_of(&first), "no scrolling yet");
    run.keys("pageDown");
    let screen = run.screen();
    let label = format!("Option {}", bottom + 1);
    let top_row = screen
        .lines()
        .find(|line| line.contains(". ( ) "))
        .expect("a row");
    assert!(
        top_row.contains(&label),
        "the old bottom row is on top: {screen}"
    );
    assert!(run.form.state.cursors[0] > bottom);
}

#[test]
fn page_keys_stop_at_the_ends_instead_of_wrapping() {
    let mut run = Run::new(ask_user(&sixty(60)), "pageDown*20");
    assert_eq!(run.form.state.cursors[0], 60);
    run.keys("pageDown");
    assert_eq!(run.form.state.cursors[0], 60);
    run.keys("pageUp*20");
    assert_eq!(run.form.state.cursors[0], 0);
    run.keys("pageUp");
    assert_eq!(run.form.state.cursors[0], 0);
}

#[test]
fn sixty_options_take_a_few_page_presses_not_fifty_nine() {
    let mut run = Run::new(ask_user(&sixty(60)), "");
    let mut presses = 0;
    while run.form.state.cursors[0] < 60 {
        run.keys("pageDown");
        presses += 1;
    }
    assert!(presses <= 8, "{presses} presses");
}

#[test]
fn on_the_final_tab_home_and_end_move_among_the_actions() {
    let mut run = Run::new(ask_user(&three_questions()), "shift+tab end");
    assert_eq!(run.form.state.review_cursor, 2);
    run.keys("home");
    assert_eq!(run.form.state.review_cursor, 0);
}

#[test]
fn a_long_list_says_how_to_jump_in_the_footer() {
    let screen = Run::new(ask_user(&sixty(60)), "").screen();
    assert!(screen.contains("home/end/pageUp/pageDown jump"), "{screen}");
    let short = Run::new(ask_user(&three_questions()), "").screen();
    assert!(!short.contains("pageDown"), "{short}");
}

#[test]
fn the_footer_offers_the_jump_and_find_keys_exactly_when_the_list_scrolls() {
    // Twenty options with descriptions take more rows than 24 though they are fewer; sixty
    // options at 80x70 fit with room to spare though they are more than the screen's rows
    // less the rest of the form.
    let described: Vec<Value> = (1..=20)
        .map(|n| {
            json!({"value": format!("v{n}"), "label": format!("Option {n}"),
            "description": format!("What option {n} does")})
        })
        .collect();
    let arguments = json!({"questions": [{"id": "d", "prompt": "Pick", "options": described}]});
    for (size, scrolls) in [(Size::new(80, 24), true), (Size::new(80, 60), false)] {
        let run = Run::sized(ask_user(&arguments), size, "");
        let screen = run.screen();
        assert_eq!(screen.contains("more"), scrolls, "{size:?}:\n{screen}");
        assert_eq!(screen.contains("/ find"), scrolls, "{size:?}:\n{screen}");
    }
    let long_prompt: Vec<String> = (1..=40).map(|n| format!("line {n}")).collect();
    let mut tall = sixty(51);
    tall["questions"][0]["prompt"] = json!(long_prompt.join("\n"));
    let screen = Run::sized(ask_user(&tall), Size::new(80, 60), "").screen();
    assert!(
        screen.contains("/ find"),
        "51 rows under a long prompt at 80x60:\n{screen}"
    );
}

#[test]
fn a_keymap_that_binds_a_navigation_key_keeps_it() {
    let overrides = json!({"main": {"nextOption": ["down", "end"]}});
    let (keymaps, problems) = Keymaps::from_overrides(&overrides);
    assert!(problems.is_empty(), "{problems:?}");
    let config = FormConfig {
        keymaps,
        ..FormConfig::default()
    };
    let call = ask_user(&sixty(60)).call().clone();
    let run = Run::new(Form::new(call, &config), "end end");
    assert_eq!(run.form.state.cursors[0], 2, "end moves one row, as bound");
}
