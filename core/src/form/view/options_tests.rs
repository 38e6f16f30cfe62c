//! An option row's number, right-aligned in its column.

use rstest::rstest;

use super::row_number;

#[rstest]
#[case(1, 2, "1. ")]
#[case(7, 3, " 7. ")]
#[case(10, 3, "10. ")]
#[case(42, 4, " 42. ")]
#[case(500, 4, "500. ")]
#[case(1234, 2, "1234. ")]
fn a_row_number_is_right_aligned_in_its_column(
    #[case] number: usize,
    #[case] cells: usize,
    #[case] expected: &str,
) {
    assert_eq!(row_number(number, cells, ""), expected);
    assert_eq!(
        row_number(number, cells, "( ) "),
        format!("{:>cells$} ( ) ", format!("{number}.")),
        "as the formatting machinery writes it"
    );
}
