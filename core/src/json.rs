//! JSON text as the program writes it: the same documents `serde_json` writes, with every
//! character a terminal or a line-based reader could act on escaped.
//!
//! `serde_json` escapes the C0 controls, `"` and `\`. A result is often shown in a terminal
//! and read by hosts that split lines, so strings also escape DEL, the C1 controls (which a
//! terminal honouring UTF-8 C1 would execute), the bidirectional marks (LRM, RLM and ALM),
//! embedding, override and
//! isolate controls (which reorder what a person reads), and U+2028 and U+2029 (which some
//! readers take as line breaks). The value is unchanged: a JSON reader reads the escapes back
//! as the same characters.

use std::io;

use serde::Serialize;
use serde_json::ser::{CompactFormatter, Formatter, PrettyFormatter};

/// Whether a character inside a string is written as a `\u` escape beyond what JSON requires.
/// Each such character starts with the byte `0x7f`, `0xc2`, `0xd8` or `0xe2` in UTF-8, which
/// only ever start a character: a string is searched for those bytes, not decoded
/// character by character.
pub const fn needs_escape(c: char) -> bool {
    matches!(
        c,
        '\u{7f}'..='\u{9f}'
            | '\u{61c}'
            | '\u{200e}'
            | '\u{200f}'
            | '\u{2028}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}'
    )
}

/// Compact JSON text of `value`.
pub fn to_string(value: &impl Serialize) -> String {
    write(value, CompactFormatter)
}

/// Indented JSON text of `value` (two spaces, as `serde_json::to_string_pretty`).
pub fn to_string_pretty(value: &impl Serialize) -> String {
    write(value, PrettyFormatter::new())
}

/// [`to_string_pretty`] written straight to `writer`, so a long document is never held whole.
pub fn write_pretty(writer: impl io::Write, value: &impl Serialize) -> io::Result<()> {
    let mut serializer = serde_json::Serializer::with_formatter(
        writer,
        Escaping {
            inner: PrettyFormatter::new(),
        },
    );
    value.serialize(&mut serializer).map_err(io::Error::from)
}

/// Appends JSON text `text`, written by a writer that escapes only what JSON requires, to
/// `out` with every [`needs_escape`] character escaped: the same document, as this module
/// writes it. Outside its strings a JSON text is ASCII without DEL, so only characters inside
/// strings change. `text` may end inside a character (a chunk of a stream); those bytes are
/// not appended, and their count is returned, for the caller to put before the next chunk.
pub fn escape_text(text: &[u8], out: &mut Vec<u8>) -> usize {
    let (mut written, mut from) = (0, 0);
    let mut starts = Starts::new(text);
    while let Some(at) = starts.next_from(from) {
        let width = match text[at] {
            0x7f => 1,
            0xc2 | 0xd8 => 2,
            _ => 3,
        };
        let Some(encoded) = text.get(at..at + width) else {
            out.extend_from_slice(&text[written..at]);
            return text.len() - at;
        };
        from = at + width;
        let escaped = std::str::from_utf8(encoded)
            .ok()
            .and_then(|c| c.chars().next())
            .filter(|&c| needs_escape(c));
        if let Some(c) = escaped {
            out.extend_from_slice(&text[written..at]);
            out.extend_from_slice(format!("\\u{:04x}", u32::from(c)).as_bytes());
            written = from;
        }
    }
    out.extend_from_slice(&text[written..]);
    0
}

/// Where the bytes that start a [`needs_escape`] character lie in a text, in order. Three of
/// them (`0x7f`, `0xc2`, `0xe2`) are found by one search and ALM's `0xd8` by another; each
/// search runs again only once the scan has passed what it found, so a text is searched
/// twice over at most, however many candidates it holds.
struct Starts<'a> {
    bytes: &'a [u8],
    common: Ahead,
    arabic: Ahead,
}

/// What a search found ahead of the scan.
#[derive(Clone, Copy)]
enum Ahead {
    /// Not searched yet, or passed.
    Unknown,
    /// A byte at this index.
    At(usize),
    /// None left in the text.
    Never,
}

impl<'a> Starts<'a> {
    fn new(bytes: &'a [u8]) -> Self {
        Self {
            bytes,
            common: Ahead::Unknown,
            arabic: Ahead::Unknown,
        }
    }

    /// The first candidate at or after `from`.
    fn next_from(&mut self, from: usize) -> Option<usize> {
        let rest = &self.bytes[from..];
        let common = ahead(&mut self.common, from, || {
            memchr::memchr3(0x7f, 0xc2, 0xe2, rest)
        });
        let arabic = ahead(&mut self.arabic, from, || memchr::memchr(0xd8, rest));
        match (common, arabic) {
            (Some(one), Some(other)) => Some(one.min(other)),
            (one, other) => one.or(other),
        }
    }
}

/// The index `cached` holds when it is still ahead of `from`; else `search` of the text from
/// `from` on, kept.
fn ahead(cached: &mut Ahead, from: usize, search: impl FnOnce() -> Option<usize>) -> Option<usize> {
    match *cached {
        Ahead::At(at) if at >= from => Some(at),
        Ahead::Never => None,
        _ => {
            let found = search().map(|at| from + at);
            *cached = found.map_or(Ahead::Never, Ahead::At);
            found
        }
    }
}

fn write<F: Formatter>(value: &impl Serialize, formatter: F) -> String {
    let mut bytes = Vec::new();
    let mut serializer =
        serde_json::Serializer::with_formatter(&mut bytes, Escaping { inner: formatter });
    if value.serialize(&mut serializer).is_err() {
        return "null".to_owned();
    }
    String::from_utf8(bytes).unwrap_or_else(|_| "null".to_owned())
}

/// A formatter that lays out as `inner` does and escapes [`needs_escape`] characters.
struct Escaping<F> {
    inner: F,
}

impl<F: Formatter> Formatter for Escaping<F> {
    fn write_string_fragment<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        fragment: &str,
    ) -> io::Result<()> {
        let bytes = fragment.as_bytes();
        let (mut written, mut from) = (0, 0);
        let mut starts = Starts::new(bytes);
        while let Some(at) = starts.next_from(from) {
            let Some(c) = fragment[at..].chars().next() else {
                break;
            };
            from = at + c.len_utf8();
            if needs_escape(c) {
                writer.write_all(&bytes[written..at])?;
                write!(writer, "\\u{:04x}", u32::from(c))?;
                written = from;
            }
        }
        writer.write_all(&bytes[written..])
    }

    fn begin_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.inner.begin_array(writer)
    }

    fn end_array<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.inner.end_array(writer)
    }

    fn begin_array_value<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.inner.begin_array_value(writer, first)
    }

    fn end_array_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.inner.end_array_value(writer)
    }

    fn begin_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.inner.begin_object(writer)
    }

    fn end_object<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.inner.end_object(writer)
    }

    fn begin_object_key<W: ?Sized + io::Write>(
        &mut self,
        writer: &mut W,
        first: bool,
    ) -> io::Result<()> {
        self.inner.begin_object_key(writer, first)
    }

    fn end_object_key<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.inner.end_object_key(writer)
    }

    fn begin_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.inner.begin_object_value(writer)
    }

    fn end_object_value<W: ?Sized + io::Write>(&mut self, writer: &mut W) -> io::Result<()> {
        self.inner.end_object_value(writer)
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use super::*;

    #[test]
    fn controls_a_terminal_could_act_on_leave_as_escapes() {
        let text = "a\u{7f}b\u{85}c\u{9b}d\u{202e}e\u{2066}f\u{2028}g\u{200e}h\u{200f}i\u{61c}";
        let written = to_string(&json!({ "text": text }));
        assert_eq!(
            written,
            r#"{"text":"a\u007fb\u0085c\u009bd\u202ee\u2066f\u2028g\u200eh\u200fi\u061c"}"#
        );
        assert!(!written.chars().any(|c| c.is_control() || needs_escape(c)));
    }

    #[test]
    fn escaped_text_reads_back_as_the_same_value() {
        let value = json!({"k\u{202a}ey": ["\u{1b}[31m", "\u{9d}0;x\u{7}", "é ✓ 日本"]});
        let back: Value = serde_json::from_str(&to_string_pretty(&value)).unwrap();
        assert_eq!(back, value);
    }

    /// `text`'s JSON string with the escapes found by looking at each character in turn.
    fn escaped_char_by_char(text: &str) -> String {
        let mut plain = serde_json::to_string(text).unwrap();
        for c in text.chars().filter(|c| needs_escape(*c)) {
            plain = plain.replace(c, &format!("\\u{:04x}", u32::from(c)));
        }
        plain
    }

    proptest::proptest! {
        #[test]
        fn every_character_to_escape_is_found_by_its_first_byte(
            text in "[a \\u{7e}-\\u{a1}\\u{2000}\\u{200d}-\\u{2010}\\u{2027}-\\u{202f}\\u{2065}-\\u{206a}\\u{600}-\\u{63f}é日\"\\\\\n]{0,40}",
        ) {
            proptest::prop_assert_eq!(to_string(&text), escaped_char_by_char(&text));
        }

        #[test]
        fn a_document_escaped_in_chunks_is_the_document_this_module_writes(
            text in "[a \\u{7e}-\\u{a1}\\u{2000}\\u{200d}-\\u{2010}\\u{2027}-\\u{202f}\\u{2065}-\\u{206a}\\u{600}-\\u{63f}é日\"\\\\\n]{0,40}",
            cuts in proptest::collection::vec(0_usize..200, 0..6),
        ) {
            let value = json!({"text": text, "list": [text]});
            let plain = serde_json::to_vec(&value).unwrap();
            let mut cuts: Vec<usize> = cuts.into_iter().map(|cut| cut % (plain.len() + 1)).collect();
            cuts.sort_unstable();
            let (mut escaped, mut carried, mut from) = (Vec::new(), Vec::new(), 0);
            for cut in cuts.into_iter().chain([plain.len()]) {
                carried.extend_from_slice(&plain[from..cut.max(from)]);
                from = cut.max(from);
                let left = escape_text(&carried, &mut escaped);
                carried.drain(..carried.len() - left);
            }
            proptest::prop_assert!(carried.is_empty());
            proptest::prop_assert_eq!(String::from_utf8(escaped).unwrap(), to_string(&value));
        }
    }

    #[test]
    fn documents_without_such_characters_are_written_as_serde_json_writes_them() {
        let value = json!({"a": [1, {"b": "c"}], "d": null, "e": "line\nbreak"});
        assert_eq!(to_string(&value), serde_json::to_string(&value).unwrap());
        assert_eq!(
            to_string_pretty(&value),
            serde_json::to_string_pretty(&value).unwrap()
        );
    }
}
