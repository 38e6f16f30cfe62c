use crossterm::event::{MouseButton, MouseEvent, MouseEventKind};

use super::*;

const T0: Duration = Duration::from_secs(1);

fn key(code: KeyCode, modifiers: KeyModifiers) -> Event {
    Event::Key(KeyEvent::new(code, modifiers))
}

fn plain(c: char) -> Event {
    key(KeyCode::Char(c), KeyModifiers::NONE)
}

fn ctrl(c: char) -> Event {
    key(KeyCode::Char(c), KeyModifiers::CONTROL)
}

fn decoded(bytes: &[u8]) -> Vec<Event> {
    Decoder::new().feed(bytes, T0)
}

fn mouse(kind: MouseEventKind, column: u16, row: u16) -> Event {
    Event::Mouse(MouseEvent {
        kind,
        column,
        row,
        modifiers: KeyModifiers::NONE,
    })
}

#[test]
fn characters_and_control_bytes_are_keys() {
    assert_eq!(
        decoded("aÉ€\r\t\x7f\x03\0".as_bytes()),
        vec![
            plain('a'),
            key(KeyCode::Char('É'), KeyModifiers::SHIFT),
            plain('€'),
            key(KeyCode::Enter, KeyModifiers::NONE),
            key(KeyCode::Tab, KeyModifiers::NONE),
            key(KeyCode::Backspace, KeyModifiers::NONE),
            ctrl('c'),
            ctrl(' '),
        ]
    );
}

#[test]
fn escape_sequences_name_the_special_keys() {
    let none = KeyModifiers::NONE;
    assert_eq!(
        decoded(b"\x1b[A\x1bOB\x1b[1;5C\x1b[3~\x1b[5;2~\x1b[Z\x1bOP\x1b[15~\x1b[[A"),
        vec![
            key(KeyCode::Up, none),
            key(KeyCode::Down, none),
            key(KeyCode::Right, KeyModifiers::CONTROL),
            key(KeyCode::Delete, none),
            key(KeyCode::PageUp, KeyModifiers::SHIFT),
            key(KeyCode::BackTab, KeyModifiers::SHIFT),
            key(KeyCode::F(1), none),
            key(KeyCode::F(5), none),
            key(KeyCode::F(1), none),
        ]
    );
}

#[test]
fn escape_before_a_key_adds_alt_and_a_lone_escape_is_the_esc_key_once_nothing_follows() {
    let mut decoder = Decoder::new();
    assert_eq!(
        decoder.feed(b"\x1bx\x1b\x1b", T0),
        vec![
            key(KeyCode::Char('x'), KeyModifiers::ALT),
            key(KeyCode::Esc, KeyModifiers::NONE),
        ]
    );
    assert_eq!(decoder.deadline(), Some(T0 + SEQUENCE_WAIT));
    assert_eq!(
        decoder.expire(T0 + SEQUENCE_WAIT),
        vec![key(KeyCode::Esc, KeyModifiers::NONE)]
    );
    assert_eq!(decoder.deadline(), None);
}

#[test]
fn an_arrow_cut_after_its_escape_is_the_arrow_and_an_escape_before_a_key_is_the_esc_key() {
    let mut decoder = Decoder::new();
    assert_eq!(decoder.feed(b"\x1b", T0), vec![]);
    assert_eq!(
        decoder.feed(b"[B", T0 + SEQUENCE_WAIT / 2),
        vec![key(KeyCode::Down, KeyModifiers::NONE)]
    );
    assert_eq!(decoder.feed(b"\x1b", T0), vec![]);
    assert_eq!(
        decoder.feed(b"j", T0 + SEQUENCE_WAIT / 2),
        vec![key(KeyCode::Esc, KeyModifiers::NONE), plain('j')],
        "a key typed right after Esc is no alt key"
    );
    assert_eq!(decoder.feed(b"\x1b", T0), vec![]);
    assert_eq!(
        decoder.feed(b"\x1b[A", T0 + SEQUENCE_WAIT / 2),
        vec![
            key(KeyCode::Esc, KeyModifiers::NONE),
            key(KeyCode::Up, KeyModifiers::NONE)
        ]
    );
}

#[test]
fn mouse_reports_are_mouse_events() {
    assert_eq!(
        decoded(b"\x1b[<0;5;3M\x1b[<0;5;3m\x1b[<65;1;1M\x1b[M\x20\x25\x23\x1b[96;2;2M"),
        vec![
            mouse(MouseEventKind::Down(MouseButton::Left), 4, 2),
            mouse(MouseEventKind::Up(MouseButton::Left), 4, 2),
            mouse(MouseEventKind::ScrollDown, 0, 0),
            mouse(MouseEventKind::Down(MouseButton::Left), 4, 2),
            mouse(MouseEventKind::ScrollUp, 1, 1),
        ]
    );
}

#[test]
fn a_paste_is_one_event_even_when_it_arrives_in_pieces() {
    let mut decoder = Decoder::new();
    assert_eq!(decoder.feed(b"a\x1b[200~two\n", T0), vec![plain('a')]);
    assert_eq!(decoder.feed("lines ✓\x1b[2".as_bytes(), T0), vec![]);
    assert_eq!(
        decoder.feed(b"01~b", T0),
        vec![Event::Paste("two\nlines ✓".to_owned()), plain('b')]
    );
    assert_eq!(decoder.deadline(), None);
}

#[test]
fn cursor_reports_unknown_sequences_and_stray_paste_ends_make_nothing() {
    assert_eq!(
        decoded(b"\x1b[12;5R\x1b[?1;2c\x1b[99x\x1b[201~q"),
        vec![plain('q')]
    );
}

#[test]
fn nothing_waits_when_nothing_is_kept() {
    let mut decoder = Decoder::new();
    decoder.feed(b"abc", T0);
    assert_eq!(decoder.deadline(), None);
    assert_eq!(decoder.expire(T0 + PASTE_WAIT * 10), vec![]);
}

#[test]
fn a_cut_csi_start_waits_briefly_then_is_alt_bracket() {
    let mut decoder = Decoder::new();
    assert_eq!(decoder.feed(b"\x1b[", T0), vec![]);
    assert_eq!(decoder.deadline(), Some(T0 + SEQUENCE_WAIT));
    assert_eq!(decoder.expire(T0 + SEQUENCE_WAIT / 2), vec![]);
    assert_eq!(
        decoder.expire(T0 + SEQUENCE_WAIT),
        vec![key(KeyCode::Char('['), KeyModifiers::ALT)]
    );
    assert_eq!(decoder.deadline(), None);
}

#[test]
fn the_rest_of_a_cut_sequence_arriving_in_time_completes_it() {
    let mut decoder = Decoder::new();
    assert_eq!(decoder.feed(b"\x1b[1;", T0), vec![]);
    assert_eq!(
        decoder.feed(b"2A", T0 + SEQUENCE_WAIT / 2),
        vec![key(KeyCode::Up, KeyModifiers::SHIFT)]
    );
    assert_eq!(decoder.feed(&[0xc3], T0), vec![]);
    assert_eq!(decoder.feed(&[0xa9], T0), vec![plain('é')]);
}

#[test]
fn a_cut_report_is_dropped_and_the_keys_after_it_count() {
    let mut decoder = Decoder::new();
    assert_eq!(decoder.feed(b"\x1b[<0;12", T0), vec![]);
    assert_eq!(decoder.expire(T0 + SEQUENCE_WAIT), vec![]);
    assert_eq!(decoder.feed(b"b", T0 + PASTE_WAIT), vec![plain('b')]);
    assert_eq!(decoder.feed(b"\x1b[1;\x03", T0), vec![ctrl('c')]);
    assert_eq!(decoder.feed(b"\x1b[1;\x1b", T0), vec![]);
    assert_eq!(
        decoder.expire(T0 + SEQUENCE_WAIT),
        vec![key(KeyCode::Esc, KeyModifiers::NONE)]
    );
}

#[test]
fn a_byte_that_is_not_utf8_is_typed_as_the_replacement_character_not_dropped() {
    let mut decoder = Decoder::new();
    assert_eq!(decoder.feed(&[0xc3], T0), vec![], "the rest may come");
    assert_eq!(decoder.expire(T0 + SEQUENCE_WAIT), vec![plain('\u{fffd}')]);
    assert_eq!(
        decoder.feed(&[0xc3, b'b', 0xff], T0),
        vec![plain('\u{fffd}'), plain('b'), plain('\u{fffd}')]
    );
    assert_eq!(
        decoder.feed(b"R\xe9ponse", T0),
        [plain('R'), plain('\u{fffd}')]
            .into_iter()
            .chain("ponse".chars().map(plain))
            .collect::<Vec<_>>(),
        "Latin-1's é"
    );
    assert_eq!(decoder.deadline(), None);
}

#[test]
fn ctrl_c_after_a_paste_start_with_no_end_is_taken_as_a_key() {
    let mut decoder = Decoder::new();
    assert_eq!(decoder.feed(b"\x1b[200~", T0), vec![]);
    assert_eq!(decoder.deadline(), Some(T0 + PASTE_WAIT));
    let later = T0 + PASTE_WAIT / 2;
    assert_eq!(decoder.feed(b"x\x03", later), vec![]);
    assert_eq!(decoder.deadline(), Some(later + PASTE_WAIT));
    assert_eq!(decoder.expire(T0 + PASTE_WAIT), vec![]);
    assert_eq!(
        decoder.expire(later + PASTE_WAIT),
        vec![plain('x'), ctrl('c')]
    );
    assert_eq!(decoder.deadline(), None);
}

#[test]
fn an_escape_after_a_stray_paste_start_is_the_esc_key() {
    let mut decoder = Decoder::new();
    assert_eq!(decoder.feed(b"\x1b[200~\x1b", T0), vec![]);
    assert_eq!(
        decoder.expire(T0 + PASTE_WAIT),
        vec![key(KeyCode::Esc, KeyModifiers::NONE)]
    );
    assert_eq!(decoder.deadline(), None);
}

#[test]
fn every_control_byte_reads_as_the_key_the_core_says_a_terminal_sends_by_it() {
    for byte in (0_u8..0x20).chain([0x7f]).filter(|&byte| byte != 0x1b) {
        let events = decoded(&[byte]);
        let [Event::Key(event)] = events.as_slice() else {
            panic!("byte {byte:#04x} decoded as {events:?}");
        };
        assert_eq!(
            crate::event::translate_key(*event),
            Some(pi_agent_ask_core::keys::Key::from_control_byte(byte)),
            "byte {byte:#04x}"
        );
    }
}

#[test]
fn rxvt_keys_with_modifiers_are_keys_and_never_take_the_next_one_in() {
    use crossterm::event::KeyModifiers as M;
    assert_eq!(
        decoded(b"\x1b[7^\x1b[8^"),
        [
            key(KeyCode::Home, M::CONTROL),
            key(KeyCode::End, M::CONTROL)
        ]
    );
    assert_eq!(
        decoded(b"\x1b[7$X\x1b[3$"),
        [
            key(KeyCode::Home, M::SHIFT),
            plain('X'),
            key(KeyCode::Delete, M::SHIFT)
        ]
    );
    assert_eq!(
        decoded(b"\x1b[5@"),
        [key(KeyCode::PageUp, M::CONTROL | M::SHIFT)]
    );
}

#[test]
fn rxvt_ctrl_arrows_and_alt_before_a_sequence_are_keys_not_letters_or_escape() {
    use crossterm::event::KeyModifiers as M;
    assert_eq!(
        decoded(b"\x1bOd\x1bOc\x1bOa\x1bOb"),
        [
            key(KeyCode::Left, M::CONTROL),
            key(KeyCode::Right, M::CONTROL),
            key(KeyCode::Up, M::CONTROL),
            key(KeyCode::Down, M::CONTROL)
        ]
    );
    assert_eq!(
        decoded(b"\x1b\x1b[DX"),
        [key(KeyCode::Left, M::ALT), plain('X')]
    );
}

const MS: Duration = Duration::from_millis(1);

#[test]
fn alt_enter_and_alt_backspace_whose_escape_came_alone_are_still_alt_keys() {
    for (second, code) in [(b'\r', KeyCode::Enter), (0x7f, KeyCode::Backspace)] {
        let mut decoder = Decoder::new();
        assert_eq!(decoder.feed(&[ESC], T0), vec![]);
        assert_eq!(
            decoder.feed(&[second], T0 + 5 * MS),
            vec![key(code, KeyModifiers::ALT)]
        );
    }
}

#[test]
fn the_rest_of_a_key_cut_later_than_the_wait_is_dropped_and_the_wait_grows_to_read_the_next() {
    let esc = key(KeyCode::Esc, KeyModifiers::NONE);
    let down = key(KeyCode::Down, KeyModifiers::NONE);
    let mut decoder = Decoder::new();
    assert_eq!(decoder.feed(&[ESC], T0), vec![]);
    assert_eq!(decoder.expire(T0 + SEQUENCE_WAIT), vec![esc.clone()]);
    assert_eq!(
        decoder.feed(b"[Bx", T0 + 200 * MS),
        vec![plain('x')],
        "`[B` is no text"
    );
    let t1 = T0 + 2 * LATE_REST_WINDOW;
    assert_eq!(decoder.feed(&[ESC], t1), vec![]);
    assert_eq!(
        decoder.deadline(),
        Some(t1 + 300 * MS),
        "half as long again"
    );
    assert_eq!(decoder.feed(b"[B", t1 + 200 * MS), vec![down]);
    for _ in 0..5 {
        let later = t1 + 3 * LATE_REST_WINDOW;
        decoder.feed(&[ESC], later);
        decoder.expire(later + LONGEST_SEQUENCE_WAIT);
        decoder.feed(b"[A", later + LATE_REST_WINDOW);
    }
    decoder.feed(&[ESC], T0);
    assert_eq!(
        decoder.deadline(),
        Some(T0 + LONGEST_SEQUENCE_WAIT),
        "never longer than {LONGEST_SEQUENCE_WAIT:?}"
    );
}

#[test]
fn the_late_rest_of_a_mouse_report_or_of_a_key_cut_after_its_bracket_is_dropped() {
    let mut decoder = Decoder::new();
    decoder.feed(&[ESC], T0);
    decoder.expire(T0 + SEQUENCE_WAIT);
    assert_eq!(decoder.feed(b"[<0;12;5M", T0 + 150 * MS), vec![]);
    let t1 = T0 + 2 * LATE_REST_WINDOW;
    decoder.feed(b"\x1b[", t1);
    let given_up = t1 + LONGEST_SEQUENCE_WAIT;
    assert_eq!(
        decoder.expire(given_up),
        vec![key(KeyCode::Char('['), KeyModifiers::ALT)]
    );
    assert_eq!(decoder.feed(b"D", given_up + 100 * MS), vec![]);
}

#[test]
fn keys_typed_after_an_esc_are_never_taken_for_the_rest_of_a_key() {
    let mut decoder = Decoder::new();
    decoder.feed(&[ESC], T0);
    decoder.expire(T0 + SEQUENCE_WAIT);
    assert_eq!(
        decoder.feed(b"[", T0 + 200 * MS),
        vec![plain('[')],
        "a person types one key a read"
    );
    assert_eq!(
        decoder.feed(b"B", T0 + 300 * MS),
        vec![key(KeyCode::Char('B'), KeyModifiers::SHIFT)]
    );
    decoder.feed(&[ESC], T0);
    decoder.expire(T0 + SEQUENCE_WAIT);
    assert_eq!(
        decoder.feed(b"[B", T0 + LATE_REST_WINDOW + 100 * MS),
        vec![plain('['), key(KeyCode::Char('B'), KeyModifiers::SHIFT)],
        "too late to be a cut key's"
    );
}
