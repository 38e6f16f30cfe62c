//! What the bytes at the start of the terminal's input are: a key, a mouse report, the start
//! of a bracketed paste, something to skip, or the start of a sequence not all here yet.
//!
//! The sequences are the ones crossterm reads, decoded the same way: control bytes are
//! ctrl+letter, `ESC` before a key adds alt, CSI and SS3 sequences name the special keys, and
//! SGR, rxvt and X10 reports are mouse events. A sequence broken by a byte that cannot belong
//! to it is skipped up to that byte, which is then read again as what it is, so a key typed
//! into a cut report still counts.

use crossterm::event::{
    Event, KeyCode, KeyEvent, KeyModifiers, MouseButton, MouseEvent, MouseEventKind,
};

/// The escape byte that starts every sequence.
pub(super) const ESC: u8 = 0x1b;

/// The longest control sequence read; a longer one is garbage and is skipped.
const MAX_SEQUENCE: usize = 64;

/// What the bytes at the start of a buffer are.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(super) enum Parsed {
    /// An event, and how many bytes it took.
    Event(Event, usize),
    /// The start of a bracketed paste, this many bytes long.
    PasteStart(usize),
    /// Bytes that mean nothing here (an unknown or broken sequence, a stray paste end, a
    /// cursor position report): this many are skipped.
    Skip(usize),
    /// The start of a sequence whose rest has not arrived yet.
    Incomplete,
}

/// Reads the input at the start of `bytes`.
pub(super) fn parse(bytes: &[u8]) -> Parsed {
    match bytes {
        [] | [ESC] => Parsed::Incomplete,
        [ESC, b'[', ..] => csi(bytes),
        [ESC, b'O', ..] => ss3(bytes),
        // rxvt sends alt with a key of its own sequence as `ESC` before that sequence.
        [ESC, ESC, b'[' | b'O', ..] => with_alt(&parse(&bytes[1..])),
        [ESC, ESC, ..] => key(KeyCode::Esc, KeyModifiers::NONE, 1),
        [ESC, rest @ ..] => with_alt(&plain(rest)),
        _ => plain(bytes),
    }
}

/// A key read after an `ESC` as that key with alt, the `ESC` counted; the `ESC` alone (the
/// escape key) when what follows is no key.
fn with_alt(after_escape: &Parsed) -> Parsed {
    match *after_escape {
        Parsed::Event(Event::Key(mut event), taken) => {
            event.modifiers |= KeyModifiers::ALT;
            Parsed::Event(Event::Key(event), taken + 1)
        }
        Parsed::Incomplete => Parsed::Incomplete,
        _ => key(KeyCode::Esc, KeyModifiers::NONE, 1),
    }
}

/// What a byte that is not UTF-8 is typed as.
pub(super) const REPLACEMENT_CHARACTER: char = '\u{FFFD}';

/// A key press event taking `taken` bytes.
fn key(code: KeyCode, modifiers: KeyModifiers, taken: usize) -> Parsed {
    Parsed::Event(Event::Key(KeyEvent::new(code, modifiers)), taken)
}

/// A control byte or a UTF-8 character.
fn plain(bytes: &[u8]) -> Parsed {
    match bytes[0] {
        b'\r' => key(KeyCode::Enter, KeyModifiers::NONE, 1),
        b'\t' => key(KeyCode::Tab, KeyModifiers::NONE, 1),
        0x7f => key(KeyCode::Backspace, KeyModifiers::NONE, 1),
        0 => key(KeyCode::Char(' '), KeyModifiers::CONTROL, 1),
        c @ 0x01..=0x1a => key(
            KeyCode::Char(char::from(c - 1 + b'a')),
            KeyModifiers::CONTROL,
            1,
        ),
        c @ 0x1c..=0x1f => key(
            KeyCode::Char(char::from(c - 0x1c + b'4')),
            KeyModifiers::CONTROL,
            1,
        ),
        _ => character(bytes),
    }
}

/// A UTF-8 character; an upper-case letter comes with shift, as crossterm reports it.
fn character(bytes: &[u8]) -> Parsed {
    let length = match bytes[0] {
        0x00..=0x7f => 1,
        0xc2..=0xdf => 2,
        0xe0..=0xef => 3,
        0xf0..=0xf4 => 4,
        _ => return not_utf8(),
    };
    let Some(encoded) = bytes.get(..length) else {
        let continued = bytes[1..].iter().all(|byte| byte & 0xc0 == 0x80);
        return if continued {
            Parsed::Incomplete
        } else {
            not_utf8()
        };
    };
    match std::str::from_utf8(encoded)
        .ok()
        .and_then(|s| s.chars().next())
    {
        Some(c) if c.is_uppercase() => key(KeyCode::Char(c), KeyModifiers::SHIFT, length),
        Some(c) => key(KeyCode::Char(c), KeyModifiers::NONE, length),
        None => not_utf8(),
    }
}

/// A byte that starts no UTF-8 character (a terminal set to Latin-1 sends `é` as `0xe9`):
/// typed as U+FFFD, so the person sees that something they typed did not come through, rather
/// than nothing.
pub(super) fn not_utf8() -> Parsed {
    key(KeyCode::Char(REPLACEMENT_CHARACTER), KeyModifiers::NONE, 1)
}

/// `ESC O` and a key: the cursor keys and F1 to F4 in application mode. `ESC O` before
/// anything else is alt+shift+o, and what follows is read again.
fn ss3(bytes: &[u8]) -> Parsed {
    let Some(&which) = bytes.get(2) else {
        return Parsed::Incomplete;
    };
    let code = match which {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'P'..=b'S' => KeyCode::F(1 + which - b'P'),
        // rxvt's ctrl+arrows.
        b'a'..=b'd' => {
            let arrows = [KeyCode::Up, KeyCode::Down, KeyCode::Right, KeyCode::Left];
            return key(arrows[usize::from(which - b'a')], KeyModifiers::CONTROL, 3);
        }
        _ => {
            return key(
                KeyCode::Char('O'),
                KeyModifiers::ALT | KeyModifiers::SHIFT,
                2,
            );
        }
    };
    key(code, KeyModifiers::NONE, 3)
}

/// `ESC [`, parameters and a final byte; or an X10 mouse report, or a Linux console F key.
fn csi(bytes: &[u8]) -> Parsed {
    match bytes.get(2) {
        None => return Parsed::Incomplete,
        Some(b'M') => return x10_mouse(bytes),
        Some(b'[') => {
            return match bytes.get(3) {
                None => Parsed::Incomplete,
                Some(&which @ b'A'..=b'E') => {
                    key(KeyCode::F(1 + which - b'A'), KeyModifiers::NONE, 4)
                }
                Some(_) => Parsed::Skip(3),
            };
        }
        Some(_) => {}
    }
    for (at, &byte) in bytes.iter().enumerate().skip(2) {
        match byte {
            _ if at >= MAX_SEQUENCE => return Parsed::Skip(at),
            // rxvt's shifted editing keys end in `$`, which is an intermediate byte elsewhere:
            // after digits alone it ends the key, or the key typed next would be taken in.
            b'$' if at > 2 && bytes[2..at].iter().all(u8::is_ascii_digit) => {
                return rxvt_key(&bytes[2..at], KeyModifiers::SHIFT, at + 1);
            }
            0x20..=0x3f => {}
            0x40..=0x7e => return csi_sequence(&bytes[2..at], byte, at + 1),
            _ => return Parsed::Skip(at),
        }
    }
    Parsed::Incomplete
}

/// A whole CSI sequence of `taken` bytes with these parameters and final byte.
fn csi_sequence(parameters: &[u8], last: u8, taken: usize) -> Parsed {
    let text = std::str::from_utf8(parameters).unwrap_or_default();
    if let Some(report) = text.strip_prefix('<') {
        return sgr_mouse(report, last, taken);
    }
    if text.starts_with(['?', '>', '=']) {
        return Parsed::Skip(taken);
    }
    let numbers: Vec<Option<u16>> = text
        .split(';')
        .map(|part| part.split(':').next().and_then(|n| n.parse().ok()))
        .collect();
    let modifiers = modifiers(numbers.get(1).copied().flatten());
    let code = match last {
        b'A' => KeyCode::Up,
        b'B' => KeyCode::Down,
        b'C' => KeyCode::Right,
        b'D' => KeyCode::Left,
        b'H' => KeyCode::Home,
        b'F' => KeyCode::End,
        b'P' => KeyCode::F(1),
        b'Q' => KeyCode::F(2),
        // With a row and a column it is the answer to a cursor position request.
        b'R' if numbers.len() < 2 => KeyCode::F(3),
        b'S' => KeyCode::F(4),
        b'Z' => return key(KeyCode::BackTab, KeyModifiers::SHIFT, taken),
        b'~' if text == "200" => return Parsed::PasteStart(taken),
        b'~' => match numbers.first().copied().flatten().and_then(tilde_key) {
            Some(code) => code,
            None => return Parsed::Skip(taken),
        },
        b'M' => return rxvt_mouse(&numbers, taken),
        b'^' => return rxvt_key(parameters, KeyModifiers::CONTROL, taken),
        b'@' => {
            return rxvt_key(
                parameters,
                KeyModifiers::CONTROL | KeyModifiers::SHIFT,
                taken,
            );
        }
        b'I' if text.is_empty() => return Parsed::Event(Event::FocusGained, taken),
        b'O' if text.is_empty() => return Parsed::Event(Event::FocusLost, taken),
        _ => return Parsed::Skip(taken),
    };
    key(code, modifiers, taken)
}

/// rxvt's editing and function keys with modifiers: `ESC [ n` then `^` (ctrl), `$` (shift) or
/// `@` (both), `n` as in `ESC [ n ~`.
fn rxvt_key(parameters: &[u8], modifiers: KeyModifiers, taken: usize) -> Parsed {
    let number = std::str::from_utf8(parameters)
        .ok()
        .and_then(|text| text.parse().ok());
    match number.and_then(tilde_key) {
        Some(code) => key(code, modifiers, taken),
        None => Parsed::Skip(taken),
    }
}

/// The key `ESC [ n ~` names.
fn tilde_key(number: u16) -> Option<KeyCode> {
    let f = |n: u16| u8::try_from(n).ok().map(KeyCode::F);
    match number {
        1 | 7 => Some(KeyCode::Home),
        2 => Some(KeyCode::Insert),
        3 => Some(KeyCode::Delete),
        4 | 8 => Some(KeyCode::End),
        5 => Some(KeyCode::PageUp),
        6 => Some(KeyCode::PageDown),
        11..=15 => f(number - 10),
        17..=21 => f(number - 11),
        23..=26 => f(number - 12),
        28..=29 => f(number - 15),
        31..=34 => f(number - 17),
        _ => None,
    }
}

/// The modifiers a key sequence's second parameter names (1 + a bit mask).
fn modifiers(parameter: Option<u16>) -> KeyModifiers {
    let mask = parameter.unwrap_or(1).saturating_sub(1);
    let mut modifiers = KeyModifiers::NONE;
    for (bit, modifier) in [
        (1, KeyModifiers::SHIFT),
        (2, KeyModifiers::ALT),
        (4, KeyModifiers::CONTROL),
        (8, KeyModifiers::SUPER),
        (16, KeyModifiers::HYPER),
        (32, KeyModifiers::META),
    ] {
        if mask & bit != 0 {
            modifiers |= modifier;
        }
    }
    modifiers
}

/// `ESC [ < button ; column ; row` and `M` (pressed) or `m` (released).
fn sgr_mouse(report: &str, last: u8, taken: usize) -> Parsed {
    let numbers: Vec<Option<u16>> = report.split(';').map(|n| n.parse().ok()).collect();
    let (&[Some(button), Some(column), Some(row)], b'M' | b'm') = (&numbers[..], last) else {
        return Parsed::Skip(taken);
    };
    let Some((kind, modifiers)) = u8::try_from(button).ok().and_then(mouse_button) else {
        return Parsed::Skip(taken);
    };
    let kind = match (kind, last) {
        (MouseEventKind::Down(button), b'm') => MouseEventKind::Up(button),
        (kind, _) => kind,
    };
    mouse(kind, modifiers, column, row, taken)
}

/// `ESC [ button+32 ; column ; row M`.
fn rxvt_mouse(numbers: &[Option<u16>], taken: usize) -> Parsed {
    let [Some(button), Some(column), Some(row)] = numbers[..] else {
        return Parsed::Skip(taken);
    };
    let button = u8::try_from(button).ok().and_then(|b| b.checked_sub(32));
    match button.and_then(mouse_button) {
        Some((kind, modifiers)) => mouse(kind, modifiers, column, row, taken),
        None => Parsed::Skip(taken),
    }
}

/// `ESC [ M` and three bytes: the button, column and row, each plus 32.
fn x10_mouse(bytes: &[u8]) -> Parsed {
    let Some(&[button, column, row]) = bytes.get(3..6) else {
        return Parsed::Incomplete;
    };
    let position = |byte: u8| u16::from(byte.saturating_sub(32));
    match button.checked_sub(32).and_then(mouse_button) {
        Some((kind, modifiers)) => mouse(kind, modifiers, position(column), position(row), 6),
        None => Parsed::Skip(6),
    }
}

/// A mouse event at a 1-based `column` and `row`.
fn mouse(
    kind: MouseEventKind,
    modifiers: KeyModifiers,
    column: u16,
    row: u16,
    taken: usize,
) -> Parsed {
    let event = MouseEvent {
        kind,
        column: column.saturating_sub(1),
        row: row.saturating_sub(1),
        modifiers,
    };
    Parsed::Event(Event::Mouse(event), taken)
}

/// What a mouse report's button byte says: the action, and the modifiers held.
fn mouse_button(code: u8) -> Option<(MouseEventKind, KeyModifiers)> {
    let number = (code & 0b11) | ((code & 0b1100_0000) >> 4);
    let dragging = code & 0b10_0000 != 0;
    let kind = match (number, dragging) {
        (0, false) => MouseEventKind::Down(MouseButton::Left),
        (1, false) => MouseEventKind::Down(MouseButton::Middle),
        (2, false) => MouseEventKind::Down(MouseButton::Right),
        (0, true) => MouseEventKind::Drag(MouseButton::Left),
        (1, true) => MouseEventKind::Drag(MouseButton::Middle),
        (2, true) => MouseEventKind::Drag(MouseButton::Right),
        (3, false) => MouseEventKind::Up(MouseButton::Left),
        (3..=5, true) => MouseEventKind::Moved,
        (4, false) => MouseEventKind::ScrollUp,
        (5, false) => MouseEventKind::ScrollDown,
        (6, false) => MouseEventKind::ScrollLeft,
        (7, false) => MouseEventKind::ScrollRight,
        _ => return None,
    };
    let mut modifiers = KeyModifiers::NONE;
    for (bit, modifier) in [
        (0b100, KeyModifiers::SHIFT),
        (0b1000, KeyModifiers::ALT),
        (0b1_0000, KeyModifiers::CONTROL),
    ] {
        if code & bit != 0 {
            modifiers |= modifier;
        }
    }
    Some((kind, modifiers))
}
