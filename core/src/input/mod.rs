//! Input events: what a frontend hands the core, as plain data.

use serde::{Deserialize, Serialize};

use crate::draw::{Pos, Size};

/// A key without modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub enum KeyCode {
    /// A printable character; space is `Char(' ')`. Letters are stored lower-case, with
    /// `shift` in the modifiers when the user typed an upper-case letter.
    Char(char),
    /// Return.
    Enter,
    /// Escape.
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

/// A key press: a code and its modifiers.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Key {
    /// The key itself.
    pub code: KeyCode,
    /// The modifiers held with it.
    pub mods: Modifiers,
}

/// A mouse action, in cell coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mouse {
    /// The primary button went down at a cell.
    Click(Pos),
    /// The wheel turned up over a cell.
    ScrollUp(Pos),
    /// The wheel turned down over a cell.
    ScrollDown(Pos),
}

/// One input event for the core.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Input {
    /// A key was pressed (never a release or an auto-repeat report).
    Key(Key),
    /// Text was pasted in one piece (bracketed paste).
    Paste(String),
    /// The drawing area changed size.
    Resize(Size),
    /// A mouse action.
    Mouse(Mouse),
}
