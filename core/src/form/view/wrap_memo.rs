//! The rows the long lines of an open editor wrap to, kept from one frame to the next while a
//! line and the width stay the same: a cursor moving through a line of 100,000 characters, or
//! paging through it, costs a look at the line, not laying it out again.

use std::hash::BuildHasher as _;

use foldhash::fast::FixedState;

use crate::text::wrap;

/// Lines shorter than this many bytes are wrapped afresh each time, which costs less than
/// looking them up.
const KEPT_FROM: usize = 4096;

/// How many lines are kept: the cursor's and the few long ones around it a frame shows.
const KEPT_LINES: usize = 4;

/// The wrapped rows of the last long lines laid out.
#[derive(Debug, Default)]
pub struct WrapMemo {
    /// The lines kept, the one used last at the end.
    kept: Vec<Kept>,
}

/// One line's rows, as byte ranges of its text.
#[derive(Debug)]
struct Kept {
    /// The text's hash (with a fixed seed), its length and the width it was wrapped at: the
    /// same three are the same rows.
    key: (u64, usize, usize),
    rows: Vec<(usize, usize)>,
}

impl WrapMemo {
    /// The rows `text` wraps to in `columns` cells, as [`wrap`] gives them.
    pub fn rows<'a>(&mut self, text: &'a str, columns: usize) -> Vec<&'a str> {
        if text.len() < KEPT_FROM {
            return wrap(text, columns);
        }
        let key = (FixedState::with_seed(0).hash_one(text), text.len(), columns);
        if let Some(at) = self.kept.iter().position(|kept| kept.key == key) {
            let kept = self.kept.remove(at);
            let rows = kept
                .rows
                .iter()
                .map(|&(start, end)| &text[start..end])
                .collect();
            self.kept.push(kept);
            return rows;
        }
        let rows = wrap(text, columns);
        let base = text.as_ptr() as usize;
        let ranges: Option<Vec<(usize, usize)>> = rows
            .iter()
            .map(|row| {
                let start = (row.as_ptr() as usize).checked_sub(base)?;
                let end = start + row.len();
                (end <= text.len()).then_some((start, end))
            })
            .collect();
        // Rows that are not pieces of the text (none are, from `wrap`) are not kept.
        if let Some(ranges) = ranges {
            if self.kept.len() == KEPT_LINES {
                self.kept.remove(0);
            }
            self.kept.push(Kept { key, rows: ranges });
        }
        rows
    }

    /// How many rows `text` wraps to in `columns` cells (at least one).
    pub fn count(&mut self, text: &str, columns: usize) -> usize {
        self.rows(text, columns).len().max(1)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;

    use super::{KEPT_FROM, WrapMemo};
    use crate::text::wrap;

    proptest! {
        #[test]
        fn kept_rows_are_the_rows_wrapping_gives(
            words in proptest::collection::vec("[a-z漢字é👍🏽 ]{1,12}", 400..700),
            columns in 1..90_usize,
            other_columns in 1..90_usize,
        ) {
            let text = words.join(" ");
            prop_assume!(text.len() >= KEPT_FROM);
            let mut memo = WrapMemo::default();
            for width in [columns, other_columns, columns] {
                prop_assert_eq!(memo.rows(&text, width), wrap(&text, width));
            }
            // The same length, another text: a space joined to its word.
            let joined = text.replacen(' ', "_", 1);
            prop_assert_eq!(memo.rows(&joined, columns), wrap(&joined, columns));
            let longer = format!("{text} x");
            prop_assert_eq!(memo.rows(&longer, columns), wrap(&longer, columns));
            prop_assert_eq!(memo.rows(&text, columns), wrap(&text, columns));
        }
    }
}
