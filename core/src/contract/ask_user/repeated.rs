//! Which options repeat a value an earlier option has: found by sorting positions, so no set
//! of the values is built.
//!
//! The positions are sorted by a hash of the value, then by position: two numbers compared,
//! where comparing the values themselves would reach each text through its option (and values
//! that share a long start, like `option-1` to `option-10000`, take a `memcmp` each). Equal
//! values then lie in one run of equal hashes; only a run of more than two, rare unless many
//! options share a value or hashes collide, is sorted again by value.

use std::hash::BuildHasher as _;

use foldhash::fast::FixedState;

/// The positions among `positions` whose value (`value` of the position) an earlier one has,
/// in order; `hash` tells values apart first ([`value_hash`] outside tests).
pub(super) fn repeated_positions<'a>(
    positions: impl Iterator<Item = usize>,
    value: impl Fn(usize) -> &'a str,
    hash: impl Fn(&str) -> u64,
) -> Vec<usize> {
    // Room for as many positions as there may be, at once: a vector that doubled as they came
    // would hold up to twice as many at the peak of reading a question.
    let mut hashed = Vec::with_capacity(positions.size_hint().1.unwrap_or_default());
    hashed.extend(positions.map(|at| (hash(value(at)), at)));
    hashed.sort_unstable();
    let mut repeated = Vec::new();
    for run in hashed.chunk_by_mut(|one, other| one.0 == other.0) {
        if run.len() > 2 {
            run.sort_unstable_by(|&(_, one), &(_, other)| {
                value(one).cmp(value(other)).then(one.cmp(&other))
            });
        }
        repeated.extend(
            run.windows(2)
                .filter(|pair| value(pair[0].1) == value(pair[1].1))
                .map(|pair| pair[1].1),
        );
    }
    repeated.sort_unstable();
    repeated
}

/// A hash of a value, the same in every run (a fixed seed): a fast one, as a question of a few
/// options hashes each value once for a sort of a few comparisons.
pub(super) fn value_hash(value: &str) -> u64 {
    FixedState::with_seed(0).hash_one(value)
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    /// Each position whose value an earlier position has, found by comparing every pair.
    fn repeated_by_pairs(values: &[&str]) -> Vec<usize> {
        (0..values.len())
            .filter(|&at| values[..at].contains(&values[at]))
            .collect()
    }

    #[rstest]
    #[case::every_hash_the_same(|_: &str| 7)]
    #[case::hashes_by_length(|text: &str| text.len() as u64)]
    #[case::hashes_by_first_byte(|text: &str| u64::from(text.as_bytes()[0]))]
    #[case::the_real_hash(value_hash)]
    fn values_whose_hashes_collide_are_told_apart_by_their_texts(#[case] hash: fn(&str) -> u64) {
        let values = [
            "b", "a", "ab", "b", "ba", "a", "ab", "c", "b", "cd", "ba", "ab",
        ];
        assert_eq!(
            repeated_positions(0..values.len(), |at| values[at], hash),
            repeated_by_pairs(&values)
        );
        assert_eq!(repeated_by_pairs(&values), [3, 5, 6, 8, 10, 11]);
    }

    #[test]
    fn positions_left_out_take_no_part() {
        let values = ["a", "b", "a", "a", "b"];
        let kept = [1, 2, 3, 4];
        assert_eq!(
            repeated_positions(kept.into_iter(), |at| values[at], |_| 0),
            [3, 4]
        );
    }
}
