//! The line editing done for a terminal whose own is off: what a line holds, what is echoed,
//! and what a reader of the lines sees.

use std::io::{BufRead, BufReader, Cursor};

use super::*;

/// Feeds `typed` to a new editor; returns what each finished key gave and the echo.
fn edit(typed: &[u8]) -> (Vec<Typed>, String) {
    let mut editor = LineEditor::new(EditKeys::default());
    let mut echo = Vec::new();
    let finished = typed
        .iter()
        .filter_map(|&byte| editor.feed(byte, &mut echo))
        .collect();
    (
        finished,
        String::from_utf8(echo).expect("the echo is UTF-8"),
    )
}

/// The lines typed on `keys` with the usual editing keys, echoed to `echo`, read as a prompt
/// reads them.
fn typed_lines<R: std::io::Read, W: std::io::Write>(
    keys: R,
    echo: W,
) -> BufReader<TypedLines<R, W>> {
    BufReader::new(TypedLines::new(keys, echo, EditKeys::default()))
}

#[test]
fn enter_finishes_the_line_typed_and_echoes_it_with_its_line_break() {
    let (typed, echo) = edit(b"postgres\r");
    assert_eq!(typed, vec![Typed::Line("postgres".to_owned())]);
    assert_eq!(echo, "postgres\n");
}

#[test]
fn ctrl_d_after_text_ends_the_input_at_once_carrying_the_text() {
    assert_eq!(edit(b"abc\x04").0, vec![Typed::End("abc".to_owned())]);
    assert_eq!(edit(b"\x04").0, vec![Typed::End(String::new())]);
}

#[test]
fn erase_keys_take_back_a_character_a_word_or_the_line_and_blank_their_cells() {
    let (typed, echo) = edit(b"abx\x7fc\r");
    assert_eq!(typed, vec![Typed::Line("abc".to_owned())]);
    assert_eq!(echo, "abx\x08 \x08c\n");
    assert_eq!(
        edit(b"ab\x08\x08\x08z\r").0,
        vec![Typed::Line("z".to_owned())]
    );
    assert_eq!(
        edit(b"one two  \x17three\r").0,
        vec![Typed::Line("one three".to_owned())]
    );
    let (typed, echo) = edit(b"gone\x15kept\r");
    assert_eq!(typed, vec![Typed::Line("kept".to_owned())]);
    assert_eq!(echo, "gone\x08\x08\x08\x08    \x08\x08\x08\x08kept\n");
}

#[test]
fn backspace_takes_back_a_whole_character_as_it_shows_an_accent_with_its_letter() {
    let (typed, echo) = edit("ab 👩\u{200d}💻\x7f\x7f\x7fZ\r".as_bytes());
    assert_eq!(typed, vec![Typed::Line("aZ".to_owned())]);
    assert!(
        echo.ends_with("\x08\x08  \x08\x08\x08 \x08\x08 \x08Z\n"),
        "{echo:?}"
    );
    let (typed, echo) = edit("cafe\u{301}\x7f\r".as_bytes());
    assert_eq!(typed, vec![Typed::Line("caf".to_owned())]);
    assert!(echo.ends_with("\x08 \x08\n"), "{echo:?}");
}

#[test]
fn an_escape_alone_at_the_end_of_a_read_starts_no_sequence_for_the_keys_after_it() {
    let mut lines = typed_lines(
        Chunks(vec![b"\x1b".to_vec(), b"Oracle\n".to_vec()]),
        Vec::new(),
    );
    let mut line = String::new();
    lines.read_line(&mut line).expect("a line");
    assert_eq!(line, "Oracle\n");
}

/// Input that arrives in the reads given, one at a time, as keys from a terminal do.
struct Chunks(Vec<Vec<u8>>);

impl std::io::Read for Chunks {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        if self.0.is_empty() {
            return Ok(0);
        }
        let chunk = self.0.remove(0);
        buf[..chunk.len()].copy_from_slice(&chunk);
        Ok(chunk.len())
    }
}

#[test]
fn a_wide_character_erases_both_its_cells_and_utf8_arrives_whole_byte_by_byte() {
    let (typed, echo) = edit("é日\x7f本\r".as_bytes());
    assert_eq!(typed, vec![Typed::Line("é本".to_owned())]);
    assert_eq!(echo, "é日\x08\x08  \x08\x08本\n");
    let (typed, _) = edit(b"a\xff\xc3b\r");
    assert_eq!(typed, vec![Typed::Line("a\u{fffd}\u{fffd}b".to_owned())]);
}

#[test]
fn escape_sequences_alt_keys_and_control_characters_are_dropped_and_never_echoed() {
    let (typed, echo) = edit(b"a\x1b[A\x1b[1;5Cb\x1bOPc\x07\x1bxd\r");
    assert_eq!(typed, vec![Typed::Line("abcd".to_owned())]);
    assert_eq!(echo, "abcd\n");
    assert_eq!(
        edit(b"one two\x1b\x7f\r").0,
        vec![Typed::Line("one ".to_owned())],
        "Alt+Backspace erases a word"
    );
    let (typed, echo) = edit("x\u{202e}y\tz\r".as_bytes());
    assert_eq!(typed, vec![Typed::Line("x\u{202e}y\tz".to_owned())]);
    assert!(!echo.contains('\u{202e}'), "{echo:?}");
    assert!(echo.ends_with("y z\n"), "{echo:?}");
}

#[test]
fn a_paste_of_several_lines_is_read_a_line_at_a_time_and_no_line_is_cut() {
    let long = "abcdefghi ".repeat(660);
    let typed = format!("{long}\nsecond\n");
    let mut echo = Vec::new();
    let mut lines = typed_lines(Cursor::new(typed.into_bytes()), &mut echo);
    let mut line = String::new();
    lines.read_line(&mut line).expect("a line");
    assert_eq!(line, format!("{long}\n"));
    line.clear();
    lines.read_line(&mut line).expect("a line");
    assert_eq!(line, "second\n");
    line.clear();
    assert_eq!(lines.read_line(&mut line).expect("the end"), 0);
    drop(lines);
    assert_eq!(echo.len(), 6_600 + "\nsecond\n".len());
}

#[test]
fn ctrl_d_after_text_reads_as_the_text_then_the_end_of_input_and_reading_goes_on_after() {
    let mut lines = typed_lines(Cursor::new(b"abc\x04next\n".to_vec()), Vec::new());
    let mut read = Vec::new();
    lines.read_until(b'\n', &mut read).expect("the text");
    assert_eq!(read, b"abc", "the text without a line break, then the end");
    read.clear();
    lines.read_until(b'\n', &mut read).expect("the next line");
    assert_eq!(read, b"next\n");
}

#[test]
fn a_bracketed_paste_keeps_its_line_breaks_and_control_bytes_as_text() {
    let (typed, echo) = edit(b"a\x1b[200~one\r\ntwo\rthree\nfour\x04\x15\x7f\x1b[201~b\r");
    assert_eq!(
        typed,
        vec![Typed::Line("aone\ntwo\nthree\nfourb".to_owned())],
        "Enter, Ctrl-D, Ctrl-U and DEL inside the paste are text or nothing, not keys"
    );
    assert_eq!(echo, "aone↵two↵three↵fourb\n");
}

#[test]
fn a_pasted_line_break_reaches_the_reader_within_its_line() {
    let mut lines = typed_lines(
        Cursor::new(b"\x1b[200~first\nsecond\x1b[201~\r3\r".to_vec()),
        Vec::new(),
    );
    let mut line = String::new();
    lines.read_line(&mut line).expect("a line");
    assert_eq!(pasted_line_breaks(line.trim_end()), "first\nsecond");
    line.clear();
    lines.read_line(&mut line).expect("a line");
    assert_eq!(
        line, "3\n",
        "the key typed after the paste is a line of its own"
    );
}

#[test]
fn a_paste_cut_off_by_a_stop_leaves_enter_ending_the_line_again() {
    let mut editor = LineEditor::new(EditKeys::default());
    let mut echo = Vec::new();
    for &byte in b"\x1b[200~cut off" {
        editor.feed(byte, &mut echo);
    }
    editor.cut_paste();
    let typed: Vec<Typed> = b" here\r"
        .iter()
        .filter_map(|&byte| editor.feed(byte, &mut echo))
        .collect();
    assert_eq!(typed, vec![Typed::Line("cut off here".to_owned())]);
}

/// The usual keys, the signal keys read by the editor (the terminal's own off).
fn with_signal_keys() -> EditKeys {
    EditKeys {
        signals: Some(SignalKeys {
            interrupt: Some(0x03),
            quit: Some(0x1c),
            suspend: Some(0x1a),
            raise: |_| {},
        }),
        ..EditKeys::default()
    }
}

#[test]
fn a_signal_key_typed_raises_its_signal_and_leaves_the_line_as_it_was() {
    let mut editor = LineEditor::new(with_signal_keys());
    let mut echo = Vec::new();
    let fed: Vec<Typed> = b"ab\x1a\x03\x1c"
        .iter()
        .filter_map(|&byte| editor.feed(byte, &mut echo))
        .collect();
    assert_eq!(
        fed,
        [SignalKey::Suspend, SignalKey::Interrupt, SignalKey::Quit].map(Typed::Signal)
    );
    assert_eq!(editor.take(), "ab");
}

#[test]
fn a_signal_key_inside_a_bracketed_paste_is_no_key() {
    let mut editor = LineEditor::new(with_signal_keys());
    let mut echo = Vec::new();
    let fed: Vec<Typed> = b"\x1b[200~a\x1a\x03\x1cb\x1b[201~\r"
        .iter()
        .filter_map(|&byte| editor.feed(byte, &mut echo))
        .collect();
    assert_eq!(fed, [Typed::Line("ab".to_owned())]);
}
