//! The moves' bytes and their weighing, checked.

use super::*;
use crate::encode::Addressing;

#[test]
fn a_count_is_written_in_decimal_whatever_its_digits() {
    for count in [2, 7, 9, 10, 42, 99, 100, 120, 999, 1000, 4321, u16::MAX] {
        let mut out = Vec::new();
        csi(&mut out, count, b'C');
        assert_eq!(out, format!("\x1b[{count}C").into_bytes(), "{count}");
    }
}

#[test]
fn a_move_to_the_next_row_that_reprints_nothing_is_the_one_weighed_among_all() {
    for addressing in [Addressing::Absolute, Addressing::Relative] {
        let mut encoder = Encoder::new(ratatui::layout::Size::new(1000, 1000));
        encoder.set_addressing(addressing);
        let columns = [0, 3, 5, 9, 10, 11, 50, 99, 100, 101, 115, 998];
        let rows = [0, 8, 9, 98, 99, 998];
        let mut moves = 0;
        for (x, to_x, y) in columns
            .iter()
            .flat_map(|&x| columns.map(move |to_x| (x, to_x)))
            .flat_map(|(x, to_x)| rows.map(move |y| (x, to_x, y)))
        {
            let (from, to) = (Position::new(x, y), Position::new(to_x, y + 1));
            if !is_next_row_without_reprint(from, to) {
                continue;
            }
            let (mut weighed, mut quick) = (Vec::new(), Vec::new());
            encoder.weighed_move(&mut weighed, from, to, Some(&[]));
            next_row_without_reprint(&mut quick, from, to, encoder.absolute_len(to));
            assert_eq!(quick, weighed, "{addressing:?}: {from:?} -> {to:?}");
            moves += 1;
        }
        assert!(moves > 100, "{moves} moves compared");
    }
}

#[test]
fn a_move_is_weighed_by_the_bytes_it_writes() {
    let counts = [1, 2, 9, 10, 99, 100, 999, 1000, 9999, 10000, u16::MAX];
    for count in counts {
        let mut out = Vec::new();
        csi(&mut out, count, b'B');
        assert_eq!(csi_len(count), out.len(), "{count}");
    }
    for (x, y) in counts.iter().flat_map(|&x| counts.map(|y| (x - 1, y - 1))) {
        let mut out = Vec::new();
        absolute(&mut out, Position::new(x, y));
        assert_eq!(absolute_len(Position::new(x, y)), out.len(), "{x}, {y}");
    }
}

#[test]
fn a_move_right_past_the_text_written_on_a_row_takes_the_weighed_bytes_and_leaves_it_packed() {
    use crate::cell::{Ink, Shade};
    use crate::encode::Erase;
    use crate::fresh::{FreshRun, Glyphs};
    use ratatui::style::Color;

    let green = Shade {
        fg: Ink::of(Color::Green),
        ..Shade::BLANK
    };
    for shade in [Shade::BLANK, green] {
        for gap in [1, 3, 4, 5, 9, 30] {
            // Two encoders alike: "abc" written straight onto the blank row 1 from column 2.
            let written = || {
                let mut encoder = Encoder::new(ratatui::layout::Size::new(60, 3));
                let mut out = Vec::new();
                encoder.erase(&mut out, Erase::All);
                let run = FreshRun {
                    x: 2,
                    text: "abc",
                    cells: 3,
                    glyphs: Glyphs::Ascii,
                    shade,
                };
                assert!(encoder.write_fresh(&mut out, 1, 0, &[run]));
                encoder
            };
            let (from, to) = (Position::new(5, 1), Position::new(5 + gap, 1));
            let mut quick = written();
            assert_eq!(quick.cursor, Some(from));
            let mut moved = Vec::new();
            quick.move_to(&mut moved, to);
            assert_eq!(quick.cursor, Some(to));
            assert!(
                quick.shadow.row(1).is_none(),
                "the text written stays packed"
            );
            let mut weighed = written();
            weighed.shadow.unpack_near(1, 0, 60);
            let mut expected = Vec::new();
            weighed.shortest_move(&mut expected, from, to, weighed.shadow.cells(1));
            assert_eq!(moved, expected, "{gap} cells right in {shade:?}");
        }
    }
}
