//! What a paste puts into an answer: its text, tabs and line breaks. A paste is text the person
//! chose to give, but the control characters it may carry (a log's colour codes, a key pressed
//! while a paste was still arriving) are invisible on the screen and meaningless to the agent,
//! so they are left out, escape sequences whole, rather than kept for the agent to read.

use std::borrow::Cow;

/// ESC, which starts an escape sequence.
const ESC: char = '\u{1b}';
/// BEL, which ends a string sequence (OSC) as the string terminator does.
const BEL: char = '\u{7}';
/// The 8-bit control sequence introducer (C1 CSI), the same as `ESC [`.
const C1_CSI: char = '\u{9b}';
/// The 8-bit string terminator (C1 ST), the same as `ESC \`.
const C1_ST: char = '\u{9c}';

/// `text` as a paste leaves it in an answer: `\r\n` and a lone `\r` become `\n`; tabs and line
/// breaks stay; escape sequences (`ESC [ … final`, `ESC O x`, `ESC ] … BEL` and the other
/// string sequences up to their terminator, `ESC` with intermediates and a final) go whole, as
/// their 8-bit forms do; every other C0 control, DEL and C1 control goes.
///
/// Returns the input borrowed when nothing had to change.
pub fn pasted(text: &str) -> Cow<'_, str> {
    let Some(first) = text.find(|c: char| c == '\r' || is_dropped(c)) else {
        return Cow::Borrowed(text);
    };
    let mut kept = String::with_capacity(text.len());
    kept.push_str(&text[..first]);
    let mut chars = text[first..].chars().peekable();
    while let Some(c) = chars.next() {
        match c {
            '\r' => {
                chars.next_if_eq(&'\n');
                kept.push('\n');
            }
            ESC => skip_escape(&mut chars),
            C1_CSI => skip_control_sequence(&mut chars),
            c if starts_string(c) => skip_string(&mut chars),
            c if is_dropped(c) => {}
            c => kept.push(c),
        }
    }
    Cow::Owned(kept)
}

/// Whether `c` never reaches an answer from a paste (`\r` becomes a line break instead).
fn is_dropped(c: char) -> bool {
    c.is_control() && !matches!(c, '\t' | '\n' | '\r')
}

/// Whether `c` is an 8-bit control that opens a string: DCS, SOS, OSC, PM or APC.
fn starts_string(c: char) -> bool {
    matches!(c, '\u{90}' | '\u{98}' | '\u{9d}' | '\u{9e}' | '\u{9f}')
}

type Chars<'a> = std::iter::Peekable<std::str::Chars<'a>>;

/// Skips what follows an ESC: a control sequence after `[`, a string after `]`, `P`, `X`, `^`
/// or `_`, one character after `O`, else intermediates (space to `/`) and a final character
/// (`0` to `~`). An ESC followed by nothing of these is dropped alone.
fn skip_escape(chars: &mut Chars<'_>) {
    match chars.peek() {
        Some('[') => {
            chars.next();
            skip_control_sequence(chars);
        }
        Some(']' | 'P' | 'X' | '^' | '_') => {
            chars.next();
            skip_string(chars);
        }
        Some('O') => {
            chars.next();
            chars.next_if(|c| ('\u{40}'..='\u{7e}').contains(c));
        }
        _ => {
            while chars.next_if(|c| (' '..='/').contains(c)).is_some() {}
            chars.next_if(|c| ('0'..='~').contains(c));
        }
    }
}

/// Skips a control sequence's parameter and intermediate characters and its final character;
/// a character outside them ends the sequence unskipped.
fn skip_control_sequence(chars: &mut Chars<'_>) {
    while chars.next_if(|c| (' '..='?').contains(c)).is_some() {}
    chars.next_if(|c| ('@'..='~').contains(c));
}

/// Skips a string sequence up to its terminator: BEL, ST (`ESC \`) or the 8-bit ST. A paste
/// that ends first ends it.
fn skip_string(chars: &mut Chars<'_>) {
    while let Some(c) = chars.next() {
        match c {
            BEL | C1_ST => return,
            ESC if chars.next_if_eq(&'\\').is_some() => return,
            _ => {}
        }
    }
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::*;

    #[rstest]
    #[case::plain_text("fn main() {}", "fn main() {}")]
    #[case::unicode_and_bidi_text("日本語 café 👍🏽 \u{200f}שלום", "日本語 café 👍🏽 \u{200f}שלום")]
    #[case::tabs_and_line_breaks("a\tb\nc\r\nd\re", "a\tb\nc\nd\ne")]
    #[case::colour_codes("\u{1b}[1;31merror\u{1b}[0m: x", "error: x")]
    #[case::private_mode("\u{1b}[?2004hon", "on")]
    #[case::title_by_bel("\u{1b}]0;title\u{7}after", "after")]
    #[case::hyperlink_by_st("\u{1b}]8;;https://x\u{1b}\\link\u{1b}]8;;\u{1b}\\", "link")]
    #[case::charset_and_keypad("\u{1b}(Bx\u{1b}=y\u{1b}OAz", "xyz")]
    #[case::eight_bit_forms("\u{9b}31mred\u{9d}0;t\u{9c}!\u{85}", "red!")]
    #[case::suspend_key_and_other_controls("ab\u{1a}c\u{0}d\u{7}\u{8}\u{7f}e", "abcde")]
    #[case::lone_escape_at_the_end("end\u{1b}", "end")]
    #[case::escape_before_a_letter_of_text("\u{1b}é", "é")]
    #[case::unterminated_string("keep\u{1b}]0;never ends", "keep")]
    fn a_paste_keeps_text_tabs_and_line_breaks_and_leaves_out_controls(
        #[case] paste: &str,
        #[case] kept: &str,
    ) {
        assert_eq!(pasted(paste), kept);
    }

    #[test]
    fn a_clean_paste_is_borrowed() {
        assert!(matches!(pasted("one\ttwo\nthree"), Cow::Borrowed(_)));
    }
}
