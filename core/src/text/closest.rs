//! The known name a misspelt one likely meant, for messages that name a typo's fix.

/// The longest name a close known one is looked for: longer ones are no typo, and the edit
/// distance costs their length times each candidate's.
const LONGEST_TYPO: usize = 64;

/// The most edits (letters added, dropped, changed or swapped, case aside) a typo is away
/// from the name it meant.
const MOST_EDITS: usize = 2;

/// The name of `known` that `name` is closest to, when it is at most two edits
/// away, case aside; the first of equally close ones.
pub fn closest<'a>(name: &str, known: impl IntoIterator<Item = &'a str>) -> Option<&'a str> {
    if name.len() > LONGEST_TYPO {
        return None;
    }
    let lower = name.to_lowercase();
    known
        .into_iter()
        .map(|candidate| {
            let edits = strsim::damerau_levenshtein(&lower, &candidate.to_lowercase());
            (edits, candidate)
        })
        .filter(|(edits, _)| *edits <= MOST_EDITS)
        .min_by_key(|(edits, _)| *edits)
        .map(|(_, candidate)| candidate)
}

#[cfg(test)]
mod tests {
    use super::closest;

    #[test]
    fn a_typo_finds_the_name_it_meant_and_anything_else_finds_none() {
        let known = ["confirm", "cancel", "toggle"];
        assert_eq!(closest("confrm", known), Some("confirm"));
        assert_eq!(closest("Cancle", known), Some("cancel"));
        assert_eq!(closest("submit", known), None);
        assert_eq!(closest(&"c".repeat(500), known), None);
    }
}
