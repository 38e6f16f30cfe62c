//! Making payload text safe to show: no control character or escape sequence reaches a
//! terminal raw, every one becomes a visible placeholder.

use std::borrow::Cow;

use super::ascii::is_printable_ascii;

/// What a tab becomes: four spaces, whatever column it stands at (the text does not know where
/// it will be drawn).
pub const TAB: &str = "    ";

/// What a line break becomes in single-line text ([`sanitize_line`]).
pub const LINE_BREAK_MARK: char = '↵';

/// What a C1 control (U+0080–U+009F) or a bidirectional override or isolate becomes.
pub const INVISIBLE_CONTROL_MARK: char = '\u{FFFD}';

/// How line breaks are treated.
#[derive(Clone, Copy, PartialEq, Eq)]
enum LineBreaks {
    /// Kept as `\n` (from `\n`, `\r\n`, U+2028 and U+2029).
    Keep,
    /// Shown as [`LINE_BREAK_MARK`].
    Mark,
}

/// Sanitizes multi-line text: line breaks (`\n`, `\r\n`, U+2028 LINE SEPARATOR, U+2029
/// PARAGRAPH SEPARATOR) become `\n`; everything else as [`sanitize_line`] does.
///
/// Returns the input borrowed when nothing had to change.
pub fn sanitize(text: &str) -> Cow<'_, str> {
    sanitize_with(text, LineBreaks::Keep)
}

/// Sanitizes text shown on one line.
///
/// - a line break (`\n`, `\r\n`, U+2028, U+2029) becomes [`LINE_BREAK_MARK`] `↵`;
/// - a tab becomes [`TAB`] (four spaces);
/// - ESC and the other C0 controls (a lone `\r` included) become their Unicode control
///   pictures, U+2400 plus the code (`␛`, `␀`, `␍`), and DEL becomes `␡`, so an escape sequence
///   shows as inert text such as `␛[31m`;
/// - C1 controls (U+0080–U+009F) and the bidirectional embedding, override and isolate controls
///   (U+202A–U+202E, U+2066–U+2069), which could reorder what the user sees, become
///   [`INVISIBLE_CONTROL_MARK`] `�`.
///
/// Returns the input borrowed when nothing had to change.
pub fn sanitize_line(text: &str) -> Cow<'_, str> {
    sanitize_with(text, LineBreaks::Mark)
}

/// Splits multi-line text at its line breaks and sanitizes each line for one-line display.
/// Clean lines are borrowed from the input.
pub fn sanitize_lines(text: &str) -> impl Iterator<Item = Cow<'_, str>> {
    text.split(['\n', '\u{2028}', '\u{2029}'])
        .map(|line| sanitize_line(line.strip_suffix('\r').unwrap_or(line)))
}

/// Whether `c` is shown as something else.
fn needs_replacement(c: char) -> bool {
    matches!(
        c,
        '\0'..='\u{1f}'
            | '\u{7f}'..='\u{9f}'
            | '\u{202a}'..='\u{202e}'
            | '\u{2066}'..='\u{2069}'
            | '\u{2028}'
            | '\u{2029}'
    )
}

fn sanitize_with(text: &str, breaks: LineBreaks) -> Cow<'_, str> {
    if is_printable_ascii(text) {
        return Cow::Borrowed(text);
    }
    let Some(first) = text.find(needs_replacement) else {
        return Cow::Borrowed(text);
    };
    let mut clean = String::with_capacity(text.len() + 8);
    clean.push_str(&text[..first]);
    let mut chars = text[first..].chars().peekable();
    while let Some(c) = chars.next() {
        if !needs_replacement(c) {
            clean.push(c);
            continue;
        }
        match c {
            '\r' if chars.peek() == Some(&'\n') => {}
            '\n' | '\u{2028}' | '\u{2029}' => match breaks {
                LineBreaks::Keep => clean.push('\n'),
                LineBreaks::Mark => clean.push(LINE_BREAK_MARK),
            },
            '\t' => clean.push_str(TAB),
            '\u{7f}' => clean.push('\u{2421}'),
            '\0'..='\u{1f}' => clean.push(control_picture(c)),
            _ => clean.push(INVISIBLE_CONTROL_MARK),
        }
    }
    Cow::Owned(clean)
}

/// The Unicode control picture of a C0 control (U+2400 + code).
fn control_picture(c: char) -> char {
    char::from_u32(0x2400 + u32::from(c)).unwrap_or(INVISIBLE_CONTROL_MARK)
}

#[cfg(test)]
mod tests {
    use std::borrow::Cow;

    use rstest::rstest;

    use super::{sanitize, sanitize_line, sanitize_lines};

    #[rstest]
    #[case("plain ascii")]
    #[case("")]
    #[case("中文 and emoji 👍🏽 and e\u{301}")]
    #[case("zero\u{200d}width joiner stays")]
    fn clean_text_is_borrowed(#[case] text: &str) {
        assert!(matches!(sanitize_line(text), Cow::Borrowed(t) if t == text));
        assert!(matches!(sanitize(text), Cow::Borrowed(t) if t == text));
    }

    #[rstest]
    #[case("\u{1b}[31mred\u{1b}[0m", "␛[31mred␛[0m")]
    #[case("a\0b", "a␀b")]
    #[case("bell\u{7}", "bell␇")]
    #[case("del\u{7f}", "del␡")]
    #[case("c1\u{85}\u{9b}31m", "c1��31m")]
    #[case("a\tb", "a    b")]
    #[case("one\ntwo", "one↵two")]
    #[case("one\r\ntwo", "one↵two")]
    #[case("lone\rcr", "lone␍cr")]
    #[case("sep\u{2028}par\u{2029}end", "sep↵par↵end")]
    #[case("abc\u{202e}fed\u{202c}", "abc�fed�")]
    #[case("\u{2066}isolate\u{2069}", "�isolate�")]
    #[case("中\u{1b}文", "中␛文")]
    fn controls_become_visible_in_one_line(#[case] text: &str, #[case] shown: &str) {
        assert_eq!(sanitize_line(text), shown);
    }

    #[rstest]
    #[case("one\ntwo", "one\ntwo")]
    #[case("one\r\ntwo\r\n", "one\ntwo\n")]
    #[case("sep\u{2028}par", "sep\npar")]
    #[case("tab\there\n\u{1b}", "tab    here\n␛")]
    fn multi_line_keeps_breaks_as_newlines(#[case] text: &str, #[case] shown: &str) {
        assert_eq!(sanitize(text), shown);
    }

    #[test]
    fn lines_are_split_then_sanitized() {
        let lines: Vec<Cow<'_, str>> = sanitize_lines("a\r\nb\tc\n\u{1b}x\u{2028}").collect();
        assert_eq!(lines, ["a", "b    c", "␛x", ""]);
        assert!(matches!(lines[0], Cow::Borrowed(_)));
    }
}
