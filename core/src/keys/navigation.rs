//! The keys that move through long content: to the ends of a list, a page of it, and a page of
//! the text above it.
//!
//! They are in no keymap, so the settings file's documented `keymaps` section is the same
//! with them as without; a keymap that binds one of these keys to an action takes it over,
//! because surfaces look the keymaps up first.

use super::key::{Key, KeyCode, Modifiers};

/// What a navigation key asks for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Navigation {
    /// `home`: the first row of a list.
    First,
    /// `end`: the last row of a list.
    Last,
    /// `pageUp`: a page up the list (or the pane that pages in its place).
    PageUp,
    /// `pageDown`: a page down the list (or the pane that pages in its place).
    PageDown,
    /// `shift+up`: a page up the text above the list (a prompt that does not fit).
    TextUp,
    /// `shift+down`: a page down the text above the list.
    TextDown,
}

impl Navigation {
    /// The key ids of the list keys, as hints print them.
    pub const LIST_HINT: &'static str = "home/end/pageUp/pageDown";
    /// The key ids of the page keys, as hints print them.
    pub const PAGE_HINT: &'static str = "pageUp/pageDown";
    /// The key ids of the text keys, as hints print them.
    pub const TEXT_HINT: &'static str = "shift+up/down";

    /// What `key` asks for, if it is a navigation key. The key is normalized first; the page
    /// and end keys count without modifiers only, the text keys with `shift` alone.
    pub fn of(key: &Key) -> Option<Self> {
        let key = key.normalized();
        let plain = key.mods.is_empty();
        let shift = key.mods == Modifiers::SHIFT;
        match key.code {
            KeyCode::Home if plain => Some(Self::First),
            KeyCode::End if plain => Some(Self::Last),
            KeyCode::PageUp if plain => Some(Self::PageUp),
            KeyCode::PageDown if plain => Some(Self::PageDown),
            KeyCode::Up if shift => Some(Self::TextUp),
            KeyCode::Down if shift => Some(Self::TextDown),
            _ => None,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn of(id: &str) -> Option<Navigation> {
        Navigation::of(&id.parse().expect("a key id"))
    }

    #[test]
    fn the_navigation_keys_are_the_page_end_and_shifted_arrow_keys() {
        assert_eq!(of("home"), Some(Navigation::First));
        assert_eq!(of("end"), Some(Navigation::Last));
        assert_eq!(of("pageUp"), Some(Navigation::PageUp));
        assert_eq!(of("pageDown"), Some(Navigation::PageDown));
        assert_eq!(of("shift+up"), Some(Navigation::TextUp));
        assert_eq!(of("shift+down"), Some(Navigation::TextDown));
    }

    #[test]
    fn other_modifiers_make_them_other_keys() {
        for id in [
            "up",
            "down",
            "ctrl+home",
            "shift+pageDown",
            "ctrl+shift+up",
            "alt+down",
        ] {
            assert_eq!(of(id), None, "{id}");
        }
    }
}
