//! Keys: a code and its modifiers, as the terminal sends them and as keymaps name them (Pi's
//! key-id syntax, `ctrl+c`, `shift+tab`, `pageDown`, `?`, is in [`syntax`]).

use serde::{Deserialize, Serialize};

mod syntax;

pub use syntax::{KeyParseError, KeyParseProblem};

/// A key without modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KeyCode {
    /// A printable character; space is `Char(' ')`.
    ///
    /// Normalization rule (applied by [`Key::new`], [`Key::from_char`] and parsing): a letter is
    /// stored lower-case, with `shift` in the modifiers when the user typed it upper-case, so a
    /// typed `N`, the id `N` and the id `shift+n` are the same key. For any other character
    /// (digits, punctuation, space excepted) the shift is already part of the character and is
    /// dropped: `shift+?` is `?`. Control characters are never stored here; see
    /// [`Key::from_char`].
    Char(char),
    /// Return.
    Enter,
    /// Escape; the id `esc` (or `escape`).
    Esc,
    /// Tab (with `shift` for back-tab).
    Tab,
    /// Backspace.
    Backspace,
    /// Forward delete.
    Delete,
    /// Insert.
    Insert,
    /// Left arrow.
    Left,
    /// Right arrow.
    Right,
    /// Up arrow.
    Up,
    /// Down arrow.
    Down,
    /// Home.
    Home,
    /// End.
    End,
    /// Page up.
    PageUp,
    /// Page down.
    PageDown,
    /// A function key, `F(1)` to `F(24)`.
    F(u8),
}

/// The highest function key a key id can name (`f24`).
pub const MAX_FUNCTION_KEY: u8 = 24;

/// The named keys with their printed id; the first name of a code is its canonical form.
///
/// Escape prints as `esc`, the spelling the default keymaps of the settings file use; `escape`
/// parses too, and so does `return` for `enter`.
pub(super) const NAMED_KEYS: &[(&str, KeyCode)] = &[
    ("enter", KeyCode::Enter),
    ("return", KeyCode::Enter),
    ("esc", KeyCode::Esc),
    ("escape", KeyCode::Esc),
    ("tab", KeyCode::Tab),
    ("space", KeyCode::Char(' ')),
    ("backspace", KeyCode::Backspace),
    ("delete", KeyCode::Delete),
    ("insert", KeyCode::Insert),
    ("left", KeyCode::Left),
    ("right", KeyCode::Right),
    ("up", KeyCode::Up),
    ("down", KeyCode::Down),
    ("home", KeyCode::Home),
    ("end", KeyCode::End),
    ("pageUp", KeyCode::PageUp),
    ("pageDown", KeyCode::PageDown),
];

impl KeyCode {
    /// The canonical id of a named key, `None` for characters other than space.
    fn name(self) -> Option<&'static str> {
        NAMED_KEYS
            .iter()
            .find(|(_, code)| *code == self)
            .map(|(name, _)| *name)
    }

    /// Looks up a key name case-insensitively (`pagedown`, `pageDown`, `F5`).
    fn from_name(name: &str) -> Option<Self> {
        if let Some((_, code)) = NAMED_KEYS
            .iter()
            .find(|(known, _)| known.eq_ignore_ascii_case(name))
        {
            return Some(*code);
        }
        let number = name.strip_prefix(['f', 'F'])?;
        if number.is_empty() || !number.bytes().all(|b| b.is_ascii_digit()) || number.len() > 2 {
            return None;
        }
        number.parse().ok().map(KeyCode::F)
    }
}

/// Modifier keys held with a key.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Modifiers {
    /// Control.
    pub ctrl: bool,
    /// Alt (Option on macOS).
    pub alt: bool,
    /// Shift.
    pub shift: bool,
}

impl Modifiers {
    /// No modifier held.
    pub const NONE: Self = Self {
        ctrl: false,
        alt: false,
        shift: false,
    };
    /// Control alone.
    pub const CTRL: Self = Self {
        ctrl: true,
        ..Self::NONE
    };
    /// Alt alone.
    pub const ALT: Self = Self {
        alt: true,
        ..Self::NONE
    };
    /// Shift alone.
    pub const SHIFT: Self = Self {
        shift: true,
        ..Self::NONE
    };

    /// Whether no modifier is held.
    pub const fn is_empty(self) -> bool {
        !self.ctrl && !self.alt && !self.shift
    }
}

/// A key press: a code and its modifiers.
///
/// Build keys with [`Key::new`] or [`Key::from_char`] (or parse them) so that they are
/// normalized as [`KeyCode::Char`] describes; keys are compared field by field.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Key {
    /// The key itself.
    pub code: KeyCode,
    /// The modifiers held with it.
    pub mods: Modifiers,
}

impl Key {
    /// A normalized key: see [`KeyCode::Char`] for the rule.
    pub fn new(code: KeyCode, mods: Modifiers) -> Self {
        let KeyCode::Char(c) = code else {
            return Self { code, mods };
        };
        let typed = Self::from_char(c);
        Self {
            code: typed.code,
            mods: Modifiers {
                ctrl: mods.ctrl || typed.mods.ctrl,
                alt: mods.alt,
                shift: typed.mods.shift || (mods.shift && shift_is_kept(typed.code)),
            },
        }
    }

    /// A key without modifiers, for named keys such as [`KeyCode::Enter`].
    pub const fn plain(code: KeyCode) -> Self {
        Self {
            code,
            mods: Modifiers::NONE,
        }
    }

    /// The key a terminal means by typing the character `c`.
    ///
    /// Upper-case letters become lower-case with `shift`. Control characters map to the key that
    /// sends them: typed text reads `\n` as enter and BS, like DEL, as backspace; every other
    /// control character is the key [`Key::from_control_byte`] says a terminal means by it. Any
    /// other character is a plain `Char`.
    pub fn from_char(c: char) -> Self {
        match c {
            '\n' => Self::plain(KeyCode::Enter),
            '\u{7f}' | '\u{8}' => Self::plain(KeyCode::Backspace),
            '\0'..='\u{1f}' => Self::from_control_byte(c as u8),
            _ => match single_lowercase(c) {
                Some(lower) if lower != c => Self {
                    code: KeyCode::Char(lower),
                    mods: Modifiers::SHIFT,
                },
                _ => Self::plain(KeyCode::Char(c)),
            },
        }
    }

    /// The key the program reads when this one is pressed on a terminal. A terminal sends
    /// `ctrl` with a letter or symbol as one control byte, which loses `shift` and which some
    /// named keys send too: `ctrl+m` arrives as `enter`, `ctrl+i` as `tab`, `ctrl+[` as `esc`,
    /// `ctrl+shift+a` as `ctrl+a`, `ctrl+\` as `ctrl+4`, `ctrl+8` as `backspace`; `ctrl` with a
    /// character that has no control byte (`ctrl+1`, `ctrl+.`) sends the character alone or
    /// nothing. Enter, esc, tab, backspace and space send one byte whatever `ctrl` or `shift` is
    /// held with them: `shift+enter` arrives as `enter`, `ctrl+esc` as `esc`, `ctrl+tab` as
    /// `tab`, `ctrl+backspace` as `ctrl+h`, `shift+space` as `space`. Every other key arrives as
    /// itself.
    #[must_use]
    pub fn as_a_terminal_sends_it(self) -> Self {
        let Modifiers { ctrl, shift, alt } = self.mods;
        let bare = |code: KeyCode, shift: bool| Self {
            code,
            mods: Modifiers {
                ctrl: false,
                shift,
                alt,
            },
        };
        match self.code {
            KeyCode::Enter if ctrl || shift => bare(KeyCode::Enter, false),
            KeyCode::Esc if ctrl || shift => bare(KeyCode::Esc, false),
            // BS, which reads as `ctrl+h`, where a terminal sends anything for it.
            KeyCode::Backspace if ctrl => Self {
                code: KeyCode::Char('h'),
                mods: Modifiers {
                    ctrl: true,
                    shift: false,
                    alt,
                },
            },
            // `shift+tab` is a key of its own (`ESC [ Z`); `ctrl` adds nothing to it.
            KeyCode::Tab if ctrl => bare(KeyCode::Tab, shift),
            KeyCode::Backspace if shift && !ctrl => bare(KeyCode::Backspace, false),
            KeyCode::Char(' ') if shift && !ctrl => bare(KeyCode::Char(' '), false),
            KeyCode::Char(c) if ctrl => {
                let byte = match c {
                    'a'..='z' => c as u8 - 0x60,
                    '@' | '2' | ' ' => 0,
                    '[' | '3' => 0x1b,
                    '\\' | '4' => 0x1c,
                    ']' | '5' => 0x1d,
                    '^' | '6' => 0x1e,
                    '_' | '7' | '/' | '-' => 0x1f,
                    '8' | '?' => 0x7f,
                    // No control byte: the character alone, or nothing.
                    _ => return bare(KeyCode::Char(c), shift),
                };
                let sent = Self::from_control_byte(byte);
                Self {
                    mods: Modifiers { alt, ..sent.mods },
                    ..sent
                }
            }
            _ => self,
        }
    }

    /// The key a terminal means by the control byte `byte` sent alone: `\r` is
    /// enter, `\t` tab, ESC esc, NUL `ctrl+space`, the rest `ctrl+` a letter (`\n` is `ctrl+j`,
    /// BS `ctrl+h`, since the backspace key sends DEL) or `ctrl+4` to `ctrl+7`; any other byte
    /// is the key [`Key::from_char`] makes of it.
    pub fn from_control_byte(byte: u8) -> Self {
        match byte {
            b'\r' => Self::plain(KeyCode::Enter),
            b'\t' => Self::plain(KeyCode::Tab),
            0x1b => Self::plain(KeyCode::Esc),
            0 => Self::new(KeyCode::Char(' '), Modifiers::CTRL),
            0x01..=0x1a => Self::new(KeyCode::Char(char::from(byte + 0x60)), Modifiers::CTRL),
            0x1c..=0x1f => Self::new(
                KeyCode::Char(char::from(byte - 0x1c + b'4')),
                Modifiers::CTRL,
            ),
            _ => Self::from_char(char::from(byte)),
        }
    }

    /// The same key normalized, for keys built field by field.
    #[must_use]
    pub fn normalized(self) -> Self {
        Self::new(self.code, self.mods)
    }

    /// The character this key types into an editor, if it types one (no ctrl or alt held).
    pub fn typed_char(self) -> Option<char> {
        let KeyCode::Char(c) = self.code else {
            return None;
        };
        if self.mods.ctrl || self.mods.alt {
            return None;
        }
        if self.mods.shift {
            let mut upper = c.to_uppercase();
            return match (upper.next(), upper.next()) {
                (Some(single), None) => Some(single),
                _ => Some(c),
            };
        }
        Some(c)
    }
}

/// Whether `shift` means something beside this code once normalized: for letters (stored
/// lower-case by then) and space it does; for other characters the shift is already in the
/// character.
fn shift_is_kept(code: KeyCode) -> bool {
    match code {
        KeyCode::Char(c) => c == ' ' || c.is_lowercase(),
        _ => true,
    }
}

/// The lower-case form of `c` when it is a single character.
fn single_lowercase(c: char) -> Option<char> {
    let mut lower = c.to_lowercase();
    match (lower.next(), lower.next()) {
        (Some(single), None) => Some(single),
        _ => None,
    }
}
