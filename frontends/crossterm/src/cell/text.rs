//! What a cell holds, packed in one word, and the graphemes of several characters that such a
//! word names by number.

use indexmap::IndexSet;

/// What a cell holds, packed in one word so that a cell is a few plain words that copy and
/// compare cheaply: a character (nearly every cell), a grapheme of several characters by its
/// number in the painter's [`Clusters`], the right half of a wide glyph, or, in what the
/// encoder believes of the screen, something it cannot tell.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Text(u32);

/// The first word past every character, which names no character.
const PAST_CHARS: u32 = 0x11_0000;
/// The first word that numbers a cluster.
const FIRST_CLUSTER: u32 = 0x20_0000;

impl Text {
    /// The right half of a wide glyph.
    pub const COVERED: Self = Self(PAST_CHARS);
    /// A cell the encoder cannot tell.
    pub const UNKNOWN: Self = Self(PAST_CHARS + 1);

    /// The text of one character.
    pub const fn char(ch: char) -> Self {
        Self(ch as u32)
    }

    /// The text of one grapheme: its character, or its cluster's number in `clusters`.
    pub fn of(grapheme: &str, clusters: &mut Clusters) -> Self {
        let mut chars = grapheme.chars();
        match (chars.next(), chars.next()) {
            (Some(only), None) => Self::char(only),
            _ => clusters.number(grapheme),
        }
    }

    /// Whether the text is a grapheme of several characters: one whose width terminals
    /// disagree on (tmux draws a thumb with a skin tone as two glyphs, four cells), so the
    /// cursor may not stand where the cells say after it is written.
    pub fn is_cluster(self) -> bool {
        self.cluster().is_some()
    }

    /// The character, if the text is one.
    pub fn as_char(self) -> Option<char> {
        char::from_u32(self.0)
    }

    /// The text as one byte, when it is a printable ASCII character: text the encoder may
    /// write again to move the cursor over it.
    #[inline]
    pub fn byte(self) -> Option<u8> {
        u8::try_from(self.0)
            .ok()
            .filter(|byte| (b' '..=b'~').contains(byte))
    }

    /// Appends the text's UTF-8 bytes to `out`, a cluster's as `clusters` keeps them; the
    /// right half of a wide glyph and an unknown cell have none.
    pub fn write_to(self, clusters: &Clusters, out: &mut Vec<u8>) {
        if let Some(byte) = u8::try_from(self.0).ok().filter(u8::is_ascii) {
            out.push(byte);
        } else if let Some(ch) = self.as_char() {
            out.extend_from_slice(ch.encode_utf8(&mut [0; 4]).as_bytes());
        } else if let Some(cluster) = self.cluster().and_then(|number| clusters.get(number)) {
            out.extend_from_slice(cluster.as_bytes());
        }
    }

    /// The cluster's number, if the text is one.
    fn cluster(self) -> Option<usize> {
        self.0
            .checked_sub(FIRST_CLUSTER)
            .and_then(|number| usize::try_from(number).ok())
    }
}

impl std::fmt::Debug for Text {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match (*self, self.as_char(), self.cluster()) {
            (_, Some(ch), _) => write!(f, "{ch:?}"),
            (_, _, Some(number)) => write!(f, "cluster {number}"),
            (Self::COVERED, ..) => f.write_str("covered"),
            _ => f.write_str("unknown"),
        }
    }
}

/// The graphemes of several characters (a letter with combining marks, an emoji sequence)
/// that cells name by number, each kept once. The painter keeps them for as long as the
/// encoder's belief of the screen may name them, and starts afresh past [`Self::MOST`].
#[derive(Debug, Default)]
pub struct Clusters(IndexSet<Box<str>>);

impl Clusters {
    /// How many clusters are kept before the painter starts afresh.
    pub const MOST: usize = 4096;

    /// The text that names `grapheme`, kept from now on.
    fn number(&mut self, grapheme: &str) -> Text {
        let number = match self.0.get_index_of(grapheme) {
            Some(number) => number,
            None => self.0.insert_full(grapheme.into()).0,
        };
        Text(FIRST_CLUSTER.saturating_add(u32::try_from(number).unwrap_or(u32::MAX)))
    }

    /// The cluster numbered `number`.
    pub fn get(&self, number: usize) -> Option<&str> {
        self.0.get_index(number).map(AsRef::as_ref)
    }

    /// How many clusters are kept.
    pub fn len(&self) -> usize {
        self.0.len()
    }

    /// Whether none is.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Forgets every cluster.
    pub fn clear(&mut self) {
        self.0.clear();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_character_is_its_text_and_a_cluster_is_kept_once() {
        let mut clusters = Clusters::default();
        assert_eq!(Text::of("x", &mut clusters), Text::char('x'));
        assert!(clusters.is_empty());
        let accented = Text::of("e\u{301}", &mut clusters);
        assert_eq!(Text::of("e\u{301}", &mut clusters), accented);
        assert_ne!(Text::of("a\u{301}", &mut clusters), accented);
        assert_eq!(clusters.len(), 2);
        let mut written = Vec::new();
        accented.write_to(&clusters, &mut written);
        assert_eq!(written, "e\u{301}".as_bytes());
    }

    #[test]
    fn only_printable_ascii_is_a_byte_and_halves_and_unknowns_are_no_character() {
        assert_eq!(Text::char(' ').byte(), Some(b' '));
        assert_eq!(Text::char('~').byte(), Some(b'~'));
        for text in [
            Text::char('\u{7f}'),
            Text::char('\n'),
            Text::char('é'),
            Text::COVERED,
            Text::UNKNOWN,
        ] {
            assert_eq!(text.byte(), None, "{text:?}");
        }
        assert_eq!(Text::COVERED.as_char(), None);
        assert_eq!(Text::UNKNOWN.as_char(), None);
        let mut written = Vec::new();
        Text::COVERED.write_to(&Clusters::default(), &mut written);
        Text::UNKNOWN.write_to(&Clusters::default(), &mut written);
        assert!(written.is_empty());
    }
}
