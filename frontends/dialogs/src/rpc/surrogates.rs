//! Lone UTF-16 surrogates in a host's JSON. A JavaScript host (Pi's own clients) can hold a
//! string with half of a surrogate pair, a pasted emoji cut in two, and `JSON.stringify` writes
//! it as a `\ud83d` escape that `JSON.parse` reads back. A Rust string cannot hold it, and
//! `serde_json` refuses the whole line. Such a line is read again with each lone surrogate as
//! U+FFFD, the character a UTF-8 encoder puts in its place, so the rest of what was sent
//! still counts.

/// `line` with every `\u` escape of a lone surrogate inside a string written as `\ufffd`, or
/// `None` when it has none.
pub fn replaced(line: &[u8]) -> Option<Vec<u8>> {
    let mut out = Vec::with_capacity(line.len());
    let mut replaced = false;
    let mut in_string = false;
    let mut at = 0;
    while at < line.len() {
        let byte = line[at];
        if !in_string {
            in_string = byte == b'"';
            out.push(byte);
            at += 1;
            continue;
        }
        match byte {
            b'"' => {
                in_string = false;
                out.push(byte);
                at += 1;
            }
            b'\\' if line.get(at + 1) == Some(&b'u') => {
                let unit = code_unit(line, at);
                let paired = match unit {
                    Some(0xD800..=0xDBFF) => {
                        matches!(code_unit(line, at + 6), Some(0xDC00..=0xDFFF))
                    }
                    _ => false,
                };
                match unit {
                    Some(0xD800..=0xDBFF) if paired => {
                        out.extend_from_slice(&line[at..at + 12]);
                        at += 12;
                    }
                    Some(0xD800..=0xDFFF) => {
                        out.extend_from_slice(b"\\ufffd");
                        replaced = true;
                        at += 6;
                    }
                    _ => {
                        out.extend_from_slice(&line[at..(at + 2).min(line.len())]);
                        at += 2;
                    }
                }
            }
            b'\\' => {
                out.extend_from_slice(&line[at..(at + 2).min(line.len())]);
                at += 2;
            }
            _ => {
                out.push(byte);
                at += 1;
            }
        }
    }
    replaced.then_some(out)
}

/// The UTF-16 code unit of the `\uXXXX` escape at `at`, when there is one.
fn code_unit(line: &[u8], at: usize) -> Option<u16> {
    let escape = line.get(at..at + 6)?;
    if &escape[..2] != b"\\u" {
        return None;
    }
    u16::from_str_radix(std::str::from_utf8(&escape[2..]).ok()?, 16).ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn text(line: &str) -> Option<String> {
        replaced(line.as_bytes()).map(|bytes| String::from_utf8(bytes).expect("UTF-8"))
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
        assert_eq!(text(r#"{"v":"\ud83d\ude00 fine"}"#), None);
    }

    #[test]
    fn an_escaped_backslash_before_u_is_text_not_an_escape() {
        assert_eq!(text(r#"{"v":"\\ud83d"}"#), None);
        assert_eq!(text(r#"{"\ud83d":1}"#).as_deref(), Some(r#"{"\ufffd":1}"#));
    }
}
