//! The footer's layout: asked for other rows, kept for the row before, and the separator's
//! counted cells.

use serde_json::json;

use super::{SEPARATOR, SEPARATOR_CELLS};
use crate::draw::Line;
use crate::form::tests::{Run, ask_user};
use crate::text::width;

fn footer(form: &crate::form::Form, columns: usize, rows: usize) -> Vec<Line<'static>> {
    form.with_footer_lines(columns, rows, 40, <[Line]>::to_vec)
}

#[test]
fn a_footer_asked_for_other_rows_is_laid_out_for_them() {
    let arguments = json!({"questions": [
        {"id": "a", "prompt": "A?", "type": "single", "options": [
            {"value": "x", "label": "X"}, {"value": "y", "label": "Y"}]},
        {"id": "b", "prompt": "B?", "type": "single", "options": [
            {"value": "z", "label": "Z"}]}
    ]});
    let fresh = |columns, rows| footer(&ask_user(&arguments), columns, rows);
    let form = ask_user(&arguments);
    for (columns, rows) in [
        (40, 3),
        (40, 1),
        (40, 3),
        (40, 2),
        (90, 2),
        (40, 2),
        (40, 1),
    ] {
        assert_eq!(
            footer(&form, columns, rows),
            fresh(columns, rows),
            "{columns} columns, {rows} rows"
        );
    }
    assert!(fresh(40, 3).len() > fresh(40, 1).len());
}

#[test]
fn moving_on_and_off_the_written_answers_row_lays_the_footer_out_twice_in_all() {
    let arguments = json!({"questions": [
        {"id": "a", "prompt": "A?", "type": "single", "options": [
            {"value": "x", "label": "X"}, {"value": "y", "label": "Y"}]}
    ]});
    let mut run = Run::new(ask_user(&arguments), "down");
    let laid_out = |run: &Run| {
        run.screen();
        run.form.memory.footer.borrow().laid_out()
    };
    let on_option = laid_out(&run);
    run.keys("down");
    let on_written_row = laid_out(&run);
    assert!(run.screen().contains("enter write"), "{}", run.screen());
    assert_ne!(on_option, on_written_row);
    for _ in 0..3 {
        run.keys("up");
        assert_eq!(laid_out(&run), on_option);
        assert!(run.screen().contains("enter select"), "{}", run.screen());
        run.keys("down");
        assert_eq!(laid_out(&run), on_written_row);
    }
}

#[test]
fn the_separator_takes_the_cells_counted_for_it() {
    assert_eq!(width(SEPARATOR), SEPARATOR_CELLS);
}

#[test]
fn a_long_hint_dropped_for_room_does_not_take_the_shorter_ones_of_its_priority_with_it() {
    use super::{Hint, Priority, fit_hints};
    let hint = |keys: &'static str, label, priority| Hint {
        keys: keys.into(),
        label,
        priority,
    };
    let hints = vec![
        hint("enter", "select", Priority::Essential),
        hint("home/end/pageUp/pageDown", "jump", Priority::Extra),
        hint("/", "find", Priority::Extra),
        hint("n", "note", Priority::Extra),
        hint("esc", "cancel", Priority::Essential),
    ];
    let text = |lines: Vec<Line<'static>>| -> Vec<String> {
        lines
            .iter()
            .map(|line| line.iter().map(crate::draw::Span::text).collect())
            .collect()
    };
    assert_eq!(
        text(fit_hints(&hints, 50, 1)),
        ["enter select  ·  / find  ·  n note  ·  esc cancel"],
        "the jump hint alone does not fit"
    );
    assert_eq!(
        text(fit_hints(&hints, 30, 1)),
        ["enter select  ·  esc cancel"],
        "none of them fits beside the essential two"
    );
}
