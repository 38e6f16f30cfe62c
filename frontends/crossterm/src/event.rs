//! Crossterm events translated into core [`Input`]s.
//!
//! Only key presses count (never releases or auto-repeat reports). Keys follow the core's
//! normalization: letters are lower-case with `shift` set when the user typed an upper-case
//! letter, and back-tab is `Tab` with `shift`. Mouse positions are made relative to the area the
//! form is drawn in; mouse actions outside it are dropped.

use crossterm::event::{
    Event, KeyCode as TermKeyCode, KeyEvent, KeyEventKind, KeyModifiers, MouseButton, MouseEvent,
    MouseEventKind,
};
use pi_agent_ask_core::draw::{Pos, Size};
use pi_agent_ask_core::input::{Input, Mouse};
use pi_agent_ask_core::keys::{Key, KeyCode, Modifiers};
use ratatui::layout::{Position, Rect};

/// Translates one terminal event into a core input, or `None` when the core has no use for it.
///
/// `area` is where the form is drawn on the screen (the whole screen, or the inline viewport);
/// mouse positions become relative to it.
pub fn translate(event: Event, area: Rect) -> Option<Input> {
    match event {
        Event::Key(key) => translate_key(key).map(Input::Key),
        Event::Paste(text) => Some(Input::Paste(text)),
        Event::Resize(width, height) => Some(Input::Resize(Size::new(width, height))),
        Event::Mouse(mouse) => translate_mouse(mouse, area).map(Input::Mouse),
        Event::FocusGained | Event::FocusLost => None,
    }
}

/// Translates a key event, keeping presses only and normalizing letters and back-tab.
pub fn translate_key(event: KeyEvent) -> Option<Key> {
    if event.kind != KeyEventKind::Press {
        return None;
    }
    let mut mods = Modifiers {
        ctrl: event.modifiers.contains(KeyModifiers::CONTROL),
        alt: event.modifiers.contains(KeyModifiers::ALT),
        shift: event.modifiers.contains(KeyModifiers::SHIFT),
    };
    let code = match event.code {
        TermKeyCode::Char(c) => {
            let (c, typed_upper_case) = lower_case_letter(c);
            mods.shift = if c.is_alphabetic() {
                mods.shift || typed_upper_case
            } else {
                false
            };
            KeyCode::Char(c)
        }
        TermKeyCode::Null => {
            mods.ctrl = true;
            KeyCode::Char(' ')
        }
        TermKeyCode::Enter => KeyCode::Enter,
        TermKeyCode::Esc => KeyCode::Esc,
        TermKeyCode::Tab => KeyCode::Tab,
        TermKeyCode::BackTab => {
            mods.shift = true;
            KeyCode::Tab
        }
        TermKeyCode::Backspace => KeyCode::Backspace,
        TermKeyCode::Delete => KeyCode::Delete,
        TermKeyCode::Insert => KeyCode::Insert,
        TermKeyCode::Left => KeyCode::Left,
        TermKeyCode::Right => KeyCode::Right,
        TermKeyCode::Up => KeyCode::Up,
        TermKeyCode::Down => KeyCode::Down,
        TermKeyCode::Home => KeyCode::Home,
        TermKeyCode::End => KeyCode::End,
        TermKeyCode::PageUp => KeyCode::PageUp,
        TermKeyCode::PageDown => KeyCode::PageDown,
        TermKeyCode::F(n @ 1..=24) => KeyCode::F(n),
        _ => return None,
    };
    Some(Key { code, mods })
}

/// Is this the suspend key (`ctrl+z`), which the runner handles itself?
pub fn is_suspend_key(key: &Key) -> bool {
    key.code == KeyCode::Char('z') && key.mods.ctrl && !key.mods.alt
}

/// Lower-cases an upper-case letter whose lower case is one character; says whether it did.
fn lower_case_letter(c: char) -> (char, bool) {
    if !c.is_uppercase() {
        return (c, false);
    }
    let mut lower = c.to_lowercase();
    match (lower.next(), lower.next()) {
        (Some(single), None) if single != c => (single, true),
        _ => (c, false),
    }
}

/// Translates a mouse event: a left-button press is a click, the wheel scrolls.
fn translate_mouse(event: MouseEvent, area: Rect) -> Option<Mouse> {
    let screen = Position::new(event.column, event.row);
    if !area.contains(screen) {
        return None;
    }
    let pos = Pos::new(screen.x - area.x, screen.y - area.y);
    match event.kind {
        MouseEventKind::Down(MouseButton::Left) => Some(Mouse::Click(pos)),
        MouseEventKind::ScrollUp => Some(Mouse::ScrollUp(pos)),
        MouseEventKind::ScrollDown => Some(Mouse::ScrollDown(pos)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use crossterm::event::KeyEventState;

    use super::*;

    const SCREEN: Rect = Rect::new(0, 0, 80, 24);

    fn press(code: TermKeyCode, modifiers: KeyModifiers) -> Event {
        Event::Key(KeyEvent::new(code, modifiers))
    }

    fn key(code: KeyCode, ctrl: bool, alt: bool, shift: bool) -> Input {
        Input::Key(Key {
            code,
            mods: Modifiers { ctrl, alt, shift },
        })
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
    fn plain_letters_and_digits_pass_through() {
        let a = press(TermKeyCode::Char('a'), KeyModifiers::NONE);
        assert_eq!(
            translate(a, SCREEN),
            Some(key(KeyCode::Char('a'), false, false, false))
        );
        let seven = press(TermKeyCode::Char('7'), KeyModifiers::NONE);
        assert_eq!(
            translate(seven, SCREEN),
            Some(key(KeyCode::Char('7'), false, false, false))
        );
    }

    #[test]
    fn upper_case_letters_become_lower_case_with_shift() {
        for modifiers in [KeyModifiers::NONE, KeyModifiers::SHIFT] {
            let event = press(TermKeyCode::Char('A'), modifiers);
            assert_eq!(
                translate(event, SCREEN),
                Some(key(KeyCode::Char('a'), false, false, true))
            );
        }
        let accented = press(TermKeyCode::Char('É'), KeyModifiers::SHIFT);
        assert_eq!(
            translate(accented, SCREEN),
            Some(key(KeyCode::Char('é'), false, false, true))
        );
        let alt = press(TermKeyCode::Char('X'), KeyModifiers::ALT);
        assert_eq!(
            translate(alt, SCREEN),
            Some(key(KeyCode::Char('x'), false, true, true))
        );
    }

    #[test]
    fn shifted_symbols_and_space_carry_no_shift() {
        let question = press(TermKeyCode::Char('?'), KeyModifiers::SHIFT);
        assert_eq!(
            translate(question, SCREEN),
            Some(key(KeyCode::Char('?'), false, false, false))
        );
        let space = press(TermKeyCode::Char(' '), KeyModifiers::NONE);
        assert_eq!(
            translate(space, SCREEN),
            Some(key(KeyCode::Char(' '), false, false, false))
        );
    }

    #[test]
    fn control_keys_keep_their_modifiers() {
        let ctrl_c = press(TermKeyCode::Char('c'), KeyModifiers::CONTROL);
        assert_eq!(
            translate(ctrl_c, SCREEN),
            Some(key(KeyCode::Char('c'), true, false, false))
        );
        let ctrl_space = press(TermKeyCode::Null, KeyModifiers::NONE);
        assert_eq!(
            translate(ctrl_space, SCREEN),
            Some(key(KeyCode::Char(' '), true, false, false))
        );
        let shift_down = press(TermKeyCode::Down, KeyModifiers::SHIFT);
        assert_eq!(
            translate(shift_down, SCREEN),
            Some(key(KeyCode::Down, false, false, true))
        );
    }

    #[test]
    fn back_tab_is_tab_with_shift() {
        for modifiers in [KeyModifiers::NONE, KeyModifiers::SHIFT] {
            let event = press(TermKeyCode::BackTab, modifiers);
            assert_eq!(
                translate(event, SCREEN),
                Some(key(KeyCode::Tab, false, false, true))
            );
        }
    }

    #[test]
    fn named_keys_map_one_to_one() {
        let pairs = [
            (TermKeyCode::Enter, KeyCode::Enter),
            (TermKeyCode::Esc, KeyCode::Esc),
            (TermKeyCode::Tab, KeyCode::Tab),
            (TermKeyCode::Backspace, KeyCode::Backspace),
            (TermKeyCode::Delete, KeyCode::Delete),
            (TermKeyCode::Insert, KeyCode::Insert),
            (TermKeyCode::Left, KeyCode::Left),
            (TermKeyCode::Right, KeyCode::Right),
            (TermKeyCode::Up, KeyCode::Up),
            (TermKeyCode::Down, KeyCode::Down),
            (TermKeyCode::Home, KeyCode::Home),
            (TermKeyCode::End, KeyCode::End),
            (TermKeyCode::PageUp, KeyCode::PageUp),
            (TermKeyCode::PageDown, KeyCode::PageDown),
            (TermKeyCode::F(1), KeyCode::F(1)),
            (TermKeyCode::F(24), KeyCode::F(24)),
        ];
        for (term, core) in pairs {
            let event = press(term, KeyModifiers::NONE);
            assert_eq!(
                translate(event, SCREEN),
                Some(key(core, false, false, false))
            );
        }
    }

    #[test]
    fn releases_repeats_and_unknown_keys_are_dropped() {
        for kind in [KeyEventKind::Release, KeyEventKind::Repeat] {
            let event = Event::Key(KeyEvent::new_with_kind_and_state(
                TermKeyCode::Char('a'),
                KeyModifiers::NONE,
                kind,
                KeyEventState::NONE,
            ));
            assert_eq!(translate(event, SCREEN), None);
        }
        assert_eq!(
            translate(press(TermKeyCode::CapsLock, KeyModifiers::NONE), SCREEN),
            None
        );
        assert_eq!(
            translate(press(TermKeyCode::F(25), KeyModifiers::NONE), SCREEN),
            None
        );
        assert_eq!(translate(Event::FocusGained, SCREEN), None);
    }

    #[test]
    fn paste_is_one_input() {
        let event = Event::Paste("two\nlines".to_owned());
        assert_eq!(
            translate(event, SCREEN),
            Some(Input::Paste("two\nlines".to_owned()))
        );
    }

    #[test]
    fn resize_reports_the_new_size() {
        assert_eq!(
            translate(Event::Resize(120, 40), SCREEN),
            Some(Input::Resize(Size::new(120, 40)))
        );
    }

    #[test]
    fn mouse_clicks_and_wheel_are_relative_to_the_area() {
        let inline = Rect::new(0, 10, 80, 8);
        let click = mouse(MouseEventKind::Down(MouseButton::Left), 5, 12);
        assert_eq!(
            translate(click, inline),
            Some(Input::Mouse(Mouse::Click(Pos::new(5, 2))))
        );
        let up = mouse(MouseEventKind::ScrollUp, 1, 10);
        assert_eq!(
            translate(up, inline),
            Some(Input::Mouse(Mouse::ScrollUp(Pos::new(1, 0))))
        );
        let down = mouse(MouseEventKind::ScrollDown, 79, 17);
        assert_eq!(
            translate(down, inline),
            Some(Input::Mouse(Mouse::ScrollDown(Pos::new(79, 7))))
        );
    }

    #[test]
    fn other_mouse_actions_and_outside_clicks_are_dropped() {
        let inline = Rect::new(0, 10, 80, 8);
        let above = mouse(MouseEventKind::Down(MouseButton::Left), 5, 9);
        assert_eq!(translate(above, inline), None);
        let right = mouse(MouseEventKind::Down(MouseButton::Right), 5, 12);
        assert_eq!(translate(right, inline), None);
        let release = mouse(MouseEventKind::Up(MouseButton::Left), 5, 12);
        assert_eq!(translate(release, inline), None);
        let moved = mouse(MouseEventKind::Moved, 5, 12);
        assert_eq!(translate(moved, inline), None);
    }

    #[test]
    fn ctrl_z_is_the_suspend_key() {
        let ctrl_z =
            translate_key(KeyEvent::new(TermKeyCode::Char('z'), KeyModifiers::CONTROL)).unwrap();
        assert!(is_suspend_key(&ctrl_z));
        let z = translate_key(KeyEvent::new(TermKeyCode::Char('z'), KeyModifiers::NONE)).unwrap();
        assert!(!is_suspend_key(&z));
    }
}
