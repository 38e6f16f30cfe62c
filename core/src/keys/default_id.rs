//! Key ids read by the compiler: the default keymaps are written as the settings file writes
//! them (`ctrl+c`, `shift+tab`), and become [`Key`]s in the program itself, so a start neither
//! parses nor allocates them.
//!
//! The syntax is [`Key`]'s `FromStr`, restricted to what a default needs: modifiers, a named
//! key, a function key, or one printable ASCII character. Anything else stops the build.

use super::key::{Key, KeyCode, MAX_FUNCTION_KEY, Modifiers, NAMED_KEYS};

impl Key {
    /// The key `id` names, read at compile time; the same key `id.parse()` gives.
    ///
    /// # Panics
    ///
    /// When `id` is not a valid key id in the restricted syntax; in a constant, that is a
    /// build error.
    pub(super) const fn from_default_id(id: &str) -> Self {
        let (mods, key) = split_modifiers(id.as_bytes());
        let mods = modifiers(mods);
        match code(key) {
            KeyCode::Char(c) if c.is_ascii_uppercase() => Self {
                code: KeyCode::Char(c.to_ascii_lowercase()),
                mods: Modifiers {
                    shift: true,
                    ..mods
                },
            },
            KeyCode::Char(c) => Self {
                code: KeyCode::Char(c),
                mods: Modifiers {
                    shift: mods.shift && (c == ' ' || c.is_ascii_lowercase()),
                    ..mods
                },
            },
            code => Self { code, mods },
        }
    }
}

/// Splits `ctrl+alt+x` into `ctrl+alt+` and `x`, keeping a lone or final `+` as the key.
const fn split_modifiers(id: &[u8]) -> (&[u8], &[u8]) {
    assert!(!id.is_empty(), "a default key id is empty");
    let mut at = id.len() - 1;
    while at > 0 && id[at - 1] != b'+' {
        at -= 1;
    }
    id.split_at(at)
}

/// The modifiers of `mods`, each word followed by its `+`.
const fn modifiers(mut mods: &[u8]) -> Modifiers {
    let mut held = Modifiers::NONE;
    while let Some(end) = position(mods, b'+') {
        let (word, rest) = mods.split_at(end);
        if same_ignoring_case(word, b"ctrl") && !held.ctrl {
            held.ctrl = true;
        } else if same_ignoring_case(word, b"alt") && !held.alt {
            held.alt = true;
        } else if same_ignoring_case(word, b"shift") && !held.shift {
            held.shift = true;
        } else {
            panic!("a default key id has an unknown or repeated modifier");
        }
        mods = rest.split_at(1).1;
    }
    held
}

/// The key part of an id: one printable ASCII character, a named key, or `f1`..`f24`.
const fn code(key: &[u8]) -> KeyCode {
    if let [c] = key {
        assert!(
            c.is_ascii_graphic() || *c == b' ',
            "a default key is a printable character"
        );
        return KeyCode::Char(*c as char);
    }
    let mut named = 0;
    while named < NAMED_KEYS.len() {
        let (name, code) = NAMED_KEYS[named];
        if same_ignoring_case(key, name.as_bytes()) {
            return code;
        }
        named += 1;
    }
    if let [b'f' | b'F', digits @ ..] = key {
        assert!(
            !digits.is_empty() && digits.len() <= 2,
            "a default key name is unknown"
        );
        let mut number = 0;
        let mut at = 0;
        while at < digits.len() {
            assert!(digits[at].is_ascii_digit(), "a default key name is unknown");
            number = number * 10 + (digits[at] - b'0');
            at += 1;
        }
        assert!(
            number >= 1 && number <= MAX_FUNCTION_KEY,
            "a default function key is out of range"
        );
        return KeyCode::F(number);
    }
    panic!("a default key name is unknown")
}

/// Where `byte` first is in `bytes`.
const fn position(bytes: &[u8], byte: u8) -> Option<usize> {
    let mut at = 0;
    while at < bytes.len() {
        if bytes[at] == byte {
            return Some(at);
        }
        at += 1;
    }
    None
}

/// Whether two ASCII words are equal ignoring case.
const fn same_ignoring_case(a: &[u8], b: &[u8]) -> bool {
    if a.len() != b.len() {
        return false;
    }
    let mut at = 0;
    while at < a.len() {
        if !a[at].eq_ignore_ascii_case(&b[at]) {
            return false;
        }
        at += 1;
    }
    true
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::Key;

    #[rstest]
    #[case("ctrl+c")]
    #[case("?")]
    #[case("+")]
    #[case("ctrl++")]
    #[case("shift+tab")]
    #[case("Shift+Tab")]
    #[case("shift+n")]
    #[case("N")]
    #[case("shift+?")]
    #[case("shift+space")]
    #[case("ctrl+alt+d")]
    #[case("alt+shift+ctrl+PageDown")]
    #[case("esc")]
    #[case("escape")]
    #[case("return")]
    #[case("f5")]
    #[case("F24")]
    #[case("ctrl+f1")]
    fn a_key_id_read_by_the_compiler_is_the_key_it_parses_to(#[case] id: &str) {
        assert_eq!(Key::from_default_id(id), id.parse::<Key>().unwrap());
    }

    #[rstest]
    #[case("")]
    #[case("ctrl+")]
    #[case("ctrl+ctrl+c")]
    #[case("hyper+c")]
    #[case("pgdn")]
    #[case("f0")]
    #[case("f25")]
    #[case("f123")]
    #[case("\t")]
    #[case("é")]
    fn an_id_the_compiler_cannot_read_is_refused(#[case] id: &str) {
        assert!(std::panic::catch_unwind(|| Key::from_default_id(id)).is_err());
    }
}
