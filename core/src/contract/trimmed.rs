//! Text trimmed of white space at both ends without being copied: the trimmed text is what an
//! option shows and a result reads, and the text as written, which the saved arguments hold
//! and whose first line keeps its indentation, is the same allocation. A preview of megabytes
//! is kept once, not once as written and once trimmed.

use std::fmt;
use std::ops::Deref;

use serde::{Deserialize, Deserializer, Serialize, Serializer};

/// `text` without the white space at its ends, as [`str::trim`] takes it away. Text that starts
/// and ends with a printable character that is not a space (almost every label and value) is
/// answered from its first and last bytes, without decoding a character.
#[inline]
pub fn trim(text: &str) -> &str {
    let kept = |byte: &u8| byte.is_ascii_graphic();
    let bytes = text.as_bytes();
    if bytes.first().is_some_and(kept) && bytes.last().is_some_and(kept) {
        text
    } else {
        trim_characters(text)
    }
}

/// [`str::trim`], out of the way of the bytes [`trim`] answers from.
#[inline(never)]
fn trim_characters(text: &str) -> &str {
    text.trim()
}

/// A text kept once, as written, with the bytes of white space trimming takes off its ends.
/// Boxed, so that an option without a preview spends a pointer on it, not the text's pointer,
/// length and ends.
#[derive(Clone, PartialEq, Eq)]
pub struct TrimmedText(Box<Kept>);

/// What a [`TrimmedText`] keeps.
#[derive(Clone, PartialEq, Eq)]
struct Kept {
    /// The text as written.
    written: Box<str>,
    /// The bytes of white space before the trimmed text.
    lead: u32,
    /// The bytes of white space after it.
    trail: u32,
}

impl TrimmedText {
    /// The text `written` trimmed, keeping `written` whole. White space of 4 GiB or more at
    /// one end cannot be counted here; such a text is kept trimmed, as a copy, and reads back
    /// as written without it.
    pub fn new(written: String) -> Self {
        let trimmed = trim(&written);
        let start = trimmed.as_ptr() as usize - written.as_ptr() as usize;
        let end = start + trimmed.len();
        let lengths = (u32::try_from(start), u32::try_from(written.len() - end));
        match lengths {
            (Ok(lead), Ok(trail)) => Self(Box::new(Kept {
                written: written.into_boxed_str(),
                lead,
                trail,
            })),
            _ => Self::exact(written[start..end].into()),
        }
    }

    /// A text that is already trimmed (as a normalized request read back holds it).
    fn exact(text: Box<str>) -> Self {
        Self(Box::new(Kept {
            written: text,
            lead: 0,
            trail: 0,
        }))
    }

    /// The text as written, white space and all.
    pub fn as_written(&self) -> &str {
        &self.0.written
    }

    /// The trimmed text.
    pub fn as_str(&self) -> &str {
        let Kept {
            written,
            lead,
            trail,
        } = &*self.0;
        &written[*lead as usize..written.len() - *trail as usize]
    }
}

impl Deref for TrimmedText {
    type Target = str;

    fn deref(&self) -> &str {
        self.as_str()
    }
}

impl From<&str> for TrimmedText {
    fn from(text: &str) -> Self {
        Self::new(text.to_owned())
    }
}

impl From<String> for TrimmedText {
    fn from(text: String) -> Self {
        Self::new(text)
    }
}

impl fmt::Debug for TrimmedText {
    fn fmt(&self, formatter: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_str(), formatter)
    }
}

/// Written as the trimmed text: what a normalized option holds.
impl Serialize for TrimmedText {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.serialize_str(self.as_str())
    }
}

/// Read as a normalized option wrote it: the text is taken as it is, already trimmed.
impl<'de> Deserialize<'de> for TrimmedText {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        Box::<str>::deserialize(deserializer).map(Self::exact)
    }
}

#[cfg(test)]
mod tests {
    use proptest::prelude::*;
    use rstest::rstest;

    use super::*;

    #[rstest]
    #[case::bare("fn main() {}", "fn main() {}")]
    #[case::a_final_line_break("fn main() {}\n", "fn main() {}")]
    #[case::indented("    let x = 1;\n  \n", "let x = 1;")]
    #[case::unicode_spaces("\u{3000}é\u{a0}", "é")]
    #[case::blank(" \n\t", "")]
    #[case::empty("", "")]
    fn a_text_reads_trimmed_and_keeps_itself_as_written(
        #[case] written: &str,
        #[case] trimmed: &str,
    ) {
        let text = TrimmedText::from(written);
        assert_eq!(&*text, trimmed);
        assert_eq!(text.as_written(), written);
        assert_eq!(trim(written), trimmed);
    }

    #[test]
    fn a_trimmed_text_is_written_and_read_back_as_its_trimmed_text() {
        let text = TrimmedText::from("  two lines\nof code\n");
        let json = serde_json::to_string(&text).expect("text");
        assert_eq!(json, r#""two lines\nof code""#);
        let back: TrimmedText = serde_json::from_str(&json).expect("text");
        assert_eq!(back.as_written(), "two lines\nof code");
        assert_eq!(back, TrimmedText::from("two lines\nof code"));
    }

    proptest! {
        #[test]
        fn trimming_agrees_with_the_standard_library(text in "[ \t\n\u{a0}\u{2003}a-z{}é]{0,12}") {
            prop_assert_eq!(trim(&text), text.trim());
            let kept = TrimmedText::from(text.as_str());
            prop_assert_eq!(&*kept, text.trim());
            prop_assert_eq!(kept.as_written(), text.as_str());
        }
    }
}
