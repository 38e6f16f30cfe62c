//! Lone UTF-16 surrogates in a host's JSON. A JavaScript host (Pi's clients, the MCP clients
//! written in TypeScript) can hold a string with half of a surrogate pair, an emoji cut in two,
//! and `JSON.stringify` writes it as a `\ud83d` escape that `JSON.parse` reads back. A Rust
//! string cannot hold it, and `serde_json` refuses the whole message. [`Mender`] rewrites each
//! such escape as `\ufffd`, the character a UTF-8 encoder puts in its place, so the rest of
//! what was sent still counts. The escape keeps its length, so a stream keeps its offsets.

/// Rewrites lone surrogate escapes in JSON lines as they stream by, holding back at most the
/// twelve bytes of an escape pair it has not decided on yet.
#[derive(Debug, Default)]
pub struct Mender {
    state: State,
    /// The bytes of an escape read so far, not yet handed on.
    held: Vec<u8>,
}

/// Where the mender stands in the JSON text.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum State {
    /// Outside strings.
    #[default]
    Outside,
    /// Inside a string.
    Inside,
    /// Right after a backslash inside a string.
    Escaped,
    /// Reading a `\u` escape, or a high surrogate's escape and what follows it.
    Unicode,
}

impl Mender {
    /// Hands `bytes` on to `out`, mended; bytes of an undecided escape wait for the next call
    /// or [`Mender::finish`]. A line break ends any string, as JSON lines hold none raw.
    pub fn mend(&mut self, bytes: &[u8], out: &mut Vec<u8>) {
        for &byte in bytes {
            if byte == b'\n' {
                self.finish(out);
                out.push(byte);
                continue;
            }
            match self.state {
                State::Outside => {
                    if byte == b'"' {
                        self.state = State::Inside;
                    }
                    out.push(byte);
                }
                State::Inside => {
                    self.state = match byte {
                        b'"' => State::Outside,
                        b'\\' => State::Escaped,
                        _ => State::Inside,
                    };
                    out.push(byte);
                }
                State::Escaped if byte == b'u' => {
                    // The backslash went out already; the escape is held from its `u` on.
                    self.held.push(byte);
                    self.state = State::Unicode;
                }
                State::Escaped => {
                    out.push(byte);
                    self.state = State::Inside;
                }
                State::Unicode => {
                    self.held.push(byte);
                    self.decide(out);
                }
            }
        }
    }

    /// Hands on whatever is held, as it is: the text ended before the escape did.
    pub fn finish(&mut self, out: &mut Vec<u8>) {
        out.append(&mut self.held);
        self.state = State::Outside;
    }

    /// With a byte more of a held escape: hands the escape on, mended where it is a lone
    /// surrogate, once that can be told. `held` is `uXXXX`, then for a high surrogate
    /// `\uXXXX` of what may be its low half.
    fn decide(&mut self, out: &mut Vec<u8>) {
        let first = unit(&self.held[1..]);
        match self.held.len() {
            len if len < 5 => {}
            5 => match first {
                Some(0xD800..=0xDBFF) => {}
                Some(0xDC00..=0xDFFF) => self.hand_on(out, 5, true),
                _ => self.hand_on(out, 5, false),
            },
            6 if self.held[5] == b'\\' => {}
            7 if self.held[6] == b'u' => {}
            len if len < 6 + 5 && self.held[5] == b'\\' && self.held[6] == b'u' => {}
            _ => {
                let low = self.held.get(7..11).and_then(unit);
                if matches!(low, Some(0xDC00..=0xDFFF)) {
                    self.hand_on(out, self.held.len(), false);
                } else {
                    // The high half stands alone; what followed it is read afresh.
                    let rest = self.held.split_off(5);
                    self.hand_on(out, 5, true);
                    self.state = State::Inside;
                    self.mend(&rest, out);
                }
            }
        }
    }

    /// Hands on the first `len` held bytes (the first escape written as U+FFFD when `lone`),
    /// and goes on inside the string.
    fn hand_on(&mut self, out: &mut Vec<u8>, len: usize, lone: bool) {
        if lone {
            out.extend_from_slice(b"ufffd");
            out.extend_from_slice(&self.held[5..len]);
        } else {
            out.extend_from_slice(&self.held[..len]);
        }
        self.held.drain(..len);
        self.state = State::Inside;
    }
}

/// The code unit four hex digits spell.
fn unit(digits: &[u8]) -> Option<u16> {
    let digits = digits.get(..4)?;
    u16::from_str_radix(std::str::from_utf8(digits).ok()?, 16).ok()
}

/// `line` with every lone surrogate escape mended, when it has any. Text with no escape of a
/// surrogate at all (`\uD800` to `\uDFFF`) is only looked through, never copied.
pub fn mended(line: &[u8]) -> Option<Vec<u8>> {
    // Backslashes are rare in most text: looked for a word at a time, not byte by byte.
    let surrogate_escape =
        |at: usize| matches!(line.get(at + 1..at + 3), Some([b'u', b'd' | b'D']));
    if !memchr::memchr_iter(b'\\', line).any(surrogate_escape) {
        return None;
    }
    let mut mender = Mender::default();
    let mut out = Vec::with_capacity(line.len());
    mender.mend(line, &mut out);
    mender.finish(&mut out);
    (out != line).then_some(out)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(line: &str) -> Option<String> {
        mended(line.as_bytes()).map(|bytes| String::from_utf8(bytes).expect("UTF-8"))
    }

    #[test]
    fn a_lone_surrogate_becomes_the_replacement_character_and_a_pair_stays() {
        assert_eq!(
            text(r#"{"value":"smile \ud83d"}"#).as_deref(),
            Some(r#"{"value":"smile \ufffd"}"#)
        );
        assert_eq!(
            text(r#"{"v":"\ude00 and \ud83d\ude00"}"#).as_deref(),
            Some(r#"{"v":"\ufffd and \ud83d\ude00"}"#)
        );
        assert_eq!(
            text(r#"{"v":"\ud83d\ud83d\ude00"}"#).as_deref(),
            Some(r#"{"v":"\ufffd\ud83d\ude00"}"#)
        );
        assert_eq!(
            text(r#"{"v":"\ud83d\n"}"#).as_deref(),
            Some(r#"{"v":"\ufffd\n"}"#)
        );
        assert_eq!(text(r#"{"v":"\ud83d\ude00 fine \u00e9"}"#), None);
    }

    #[test]
    fn an_escaped_backslash_before_u_is_text_not_an_escape() {
        assert_eq!(text(r#"{"v":"\\ud83d"}"#), None);
        assert_eq!(text(r#"{"\ud83d":1}"#).as_deref(), Some(r#"{"\ufffd":1}"#));
    }

    proptest::proptest! {
        #[test]
        fn mending_in_chunks_is_mending_whole_and_keeps_every_length(
            text in r#"[a"\\u]{0,3}(\\u[dD][89abAB]00|\\u[dD][cC]00|\\u00e9|x|"|\\\\){0,8}"#,
            cut in 0_usize..64,
        ) {
            let bytes = text.as_bytes();
            let cut = cut.min(bytes.len());
            let mut mender = Mender::default();
            let mut out = Vec::new();
            mender.mend(&bytes[..cut], &mut out);
            mender.mend(&bytes[cut..], &mut out);
            mender.finish(&mut out);
            let whole = mended(bytes).unwrap_or_else(|| bytes.to_vec());
            proptest::prop_assert_eq!(&out, &whole);
            proptest::prop_assert_eq!(out.len(), bytes.len());
        }
    }
}
