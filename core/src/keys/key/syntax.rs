//! Pi's key-id syntax: a [`Key`] printed as its canonical id and parsed from one.

use std::fmt;
use std::str::FromStr;

use thiserror::Error;

use crate::json;

use super::{Key, KeyCode, MAX_FUNCTION_KEY, Modifiers};

impl fmt::Display for Key {
    /// Prints the canonical key id: modifiers in the order `ctrl+alt+shift+`, then the key name
    /// (`esc`, `pageDown`, `f5`, `space`) or the character itself (`?`, `n`, `+`). Escape prints
    /// as `esc` and return as `enter`, the spellings of the documented default keymaps; the
    /// aliases `escape` and `return` only parse. Printing then parsing gives the same key.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let key = self.normalized();
        for (held, name) in [
            (key.mods.ctrl, "ctrl+"),
            (key.mods.alt, "alt+"),
            (key.mods.shift, "shift+"),
        ] {
            if held {
                f.write_str(name)?;
            }
        }
        match (key.code.name(), key.code) {
            (Some(name), _) => f.write_str(name),
            (None, KeyCode::F(n)) => write!(f, "f{n}"),
            (None, KeyCode::Char(c)) => write!(f, "{c}"),
            (None, _) => unreachable!("every other code has a name"),
        }
    }
}

/// Why a key id did not parse.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[error("invalid key {}: {problem}", json::to_string(.input))]
pub struct KeyParseError {
    /// The key id as written.
    pub input: String,
    /// What is wrong with it.
    pub problem: KeyParseProblem,
}

/// The ways a key id can be wrong.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum KeyParseProblem {
    /// Nothing was written.
    #[error("the key id is empty")]
    Empty,
    /// Modifiers were written but no key after them (`ctrl+`).
    #[error("a key is missing after the modifiers")]
    MissingKey,
    /// A word before a `+` is not `ctrl`, `alt` or `shift`.
    #[error("unknown modifier {}; expected ctrl, alt or shift", json::to_string(.0))]
    UnknownModifier(String),
    /// The same modifier was written twice (`ctrl+ctrl+c`).
    #[error("modifier {} is written twice", json::to_string(.0))]
    DuplicateModifier(String),
    /// The key is neither a known name nor a single character.
    #[error("unknown key name {}", json::to_string(.0))]
    UnknownKeyName(String),
    /// A function key outside `f1`..`f24`.
    #[error("function keys go from f1 to f{MAX_FUNCTION_KEY}")]
    FunctionKeyOutOfRange,
    /// A single control character was written as the key.
    #[error("{} is a control character; use its name (enter, tab, esc...)", json::to_string(.0))]
    ControlCharacter(char),
}

impl FromStr for Key {
    type Err = KeyParseError;

    /// Parses a key id. Modifier and key names are case-insensitive (`Ctrl+PageDown`), but a
    /// single character is taken as written: `N` is `shift+n`. A `+` key is written `+` or, after
    /// modifiers, `ctrl++`.
    fn from_str(input: &str) -> Result<Self, Self::Err> {
        let fail = |problem| KeyParseError {
            input: input.to_owned(),
            problem,
        };
        if input.is_empty() {
            return Err(fail(KeyParseProblem::Empty));
        }
        let (modifier_part, key_part) = split_modifiers(input);
        let mut mods = Modifiers::NONE;
        for word in modifier_part.iter().flat_map(|part| part.split('+')) {
            let slot = if word.eq_ignore_ascii_case("ctrl") {
                &mut mods.ctrl
            } else if word.eq_ignore_ascii_case("alt") {
                &mut mods.alt
            } else if word.eq_ignore_ascii_case("shift") {
                &mut mods.shift
            } else {
                return Err(fail(KeyParseProblem::UnknownModifier(word.to_owned())));
            };
            if *slot {
                return Err(fail(KeyParseProblem::DuplicateModifier(word.to_owned())));
            }
            *slot = true;
        }
        let code = parse_code(key_part).map_err(fail)?;
        Ok(Self::new(code, mods))
    }
}

/// Splits `ctrl+alt+x` into `Some("ctrl+alt")` and `x`, keeping a final `+` as the key.
fn split_modifiers(input: &str) -> (Option<&str>, &str) {
    if input == "+" {
        return (None, input);
    }
    if let Some(mods) = input.strip_suffix("++") {
        return (Some(mods), "+");
    }
    match input.rsplit_once('+') {
        Some((mods, key)) => (Some(mods), key),
        None => (None, input),
    }
}

/// Parses the key part of an id: a single character or a key name.
fn parse_code(key: &str) -> Result<KeyCode, KeyParseProblem> {
    let mut chars = key.chars();
    match (chars.next(), chars.next()) {
        (None, _) => Err(KeyParseProblem::MissingKey),
        (Some(c), None) if c.is_control() => Err(KeyParseProblem::ControlCharacter(c)),
        (Some(c), None) => Ok(KeyCode::Char(c)),
        _ => match KeyCode::from_name(key) {
            Some(KeyCode::F(n)) if !(1..=MAX_FUNCTION_KEY).contains(&n) => {
                Err(KeyParseProblem::FunctionKeyOutOfRange)
            }
            Some(code) => Ok(code),
            None => Err(KeyParseProblem::UnknownKeyName(key.to_owned())),
        },
    }
}
