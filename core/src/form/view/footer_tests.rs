//! The footer's layout: asked for other rows, and the separator's counted cells.

use serde_json::json;

use super::{SEPARATOR, SEPARATOR_CELLS};
use crate::draw::Line;
use crate::form::tests::ask_user;
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
fn the_separator_takes_the_cells_counted_for_it() {
    assert_eq!(width(SEPARATOR), SEPARATOR_CELLS);
}
