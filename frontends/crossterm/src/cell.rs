//! What one cell of the screen shows: the vocabulary the painter and the encoder share.
//!
//! A frame is painted row by row into [`Cell`]s; the encoder keeps the same cells as its
//! belief of the screen and compares the two. Most cells hold one character, so that case
//! takes no allocation.

use pi_agent_ask_core::text::grapheme_width;
use ratatui::style::{Color, Modifier, Style};

/// Modifiers that show on a blank cell.
const SHOWN_ON_BLANK: Modifier = Modifier::REVERSED
    .union(Modifier::UNDERLINED)
    .union(Modifier::CROSSED_OUT);

/// A colour as a terminal is told it, packed in one word: the default colour, one of the 256
/// palette entries (the sixteen named colours are its first sixteen, and set with the same
/// bytes), or RGB. Every cell of a frame is compared with the screen's, and comparing two
/// words is what keeps that cheap.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Ink(u32);

/// The kind of an [`Ink`], in its top byte.
const PALETTE: u32 = 1 << 24;
const RGB: u32 = 2 << 24;

impl Ink {
    /// The terminal's default colour.
    pub const RESET: Self = Self(0);

    /// The ink of `color`.
    pub const fn of(color: Color) -> Self {
        let index = match color {
            Color::Reset => return Self::RESET,
            Color::Rgb(r, g, b) => {
                return Self(RGB | (r as u32) << 16 | (g as u32) << 8 | b as u32);
            }
            Color::Indexed(index) => index,
            Color::Black => 0,
            Color::Red => 1,
            Color::Green => 2,
            Color::Yellow => 3,
            Color::Blue => 4,
            Color::Magenta => 5,
            Color::Cyan => 6,
            Color::Gray => 7,
            Color::DarkGray => 8,
            Color::LightRed => 9,
            Color::LightGreen => 10,
            Color::LightYellow => 11,
            Color::LightBlue => 12,
            Color::LightMagenta => 13,
            Color::LightCyan => 14,
            Color::White => 15,
        };
        Self(PALETTE | index as u32)
    }

    /// The colour, a named one as its palette entry.
    pub const fn color(self) -> Color {
        let [kind, r, g, b] = self.0.to_be_bytes();
        match kind {
            0 => Color::Reset,
            1 => Color::Indexed(b),
            _ => Color::Rgb(r, g, b),
        }
    }
}

impl From<Color> for Ink {
    fn from(color: Color) -> Self {
        Self::of(color)
    }
}

/// A style as it is laid over the cells of a run: its colours made inks once for the run,
/// not once a cell.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Patch {
    fg: Option<Ink>,
    bg: Option<Ink>,
    add: Modifier,
    sub: Modifier,
}

impl From<Style> for Patch {
    fn from(style: Style) -> Self {
        Self {
            fg: style.fg.map(Ink::of),
            bg: style.bg.map(Ink::of),
            add: style.add_modifier,
            sub: style.sub_modifier,
        }
    }
}

/// A cell's colours and attributes.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Shade {
    /// The foreground colour.
    pub fg: Ink,
    /// The background colour.
    pub bg: Ink,
    /// Bold, reverse and the other attributes.
    pub modifier: Modifier,
}

impl Shade {
    /// The default style: what an erased cell has.
    pub const BLANK: Self = Self {
        fg: Ink::RESET,
        bg: Ink::RESET,
        modifier: Modifier::empty(),
    };

    /// This shade with `patch` laid over it: the colours it names replace these, its added
    /// and removed attributes change these, the rest stays.
    #[must_use]
    pub fn patched(self, patch: Patch) -> Self {
        Self {
            fg: patch.fg.unwrap_or(self.fg),
            bg: patch.bg.unwrap_or(self.bg),
            modifier: self.modifier.union(patch.add).difference(patch.sub),
        }
    }

    /// Whether a space written in this style shows as a blank cell of background `bg`.
    pub fn paints_blank_as(&self, bg: Ink) -> bool {
        self.bg == bg && !self.modifier.intersects(SHOWN_ON_BLANK)
    }
}

/// The text of a glyph.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Text {
    /// A single character: nearly every cell.
    Char(char),
    /// A grapheme of several characters (a letter with combining marks, an emoji sequence).
    Cluster(Box<str>),
}

impl Text {
    /// The text for one grapheme.
    pub fn of(grapheme: &str) -> Self {
        let mut chars = grapheme.chars();
        match (chars.next(), chars.next()) {
            (Some(only), None) => Self::Char(only),
            _ => Self::Cluster(grapheme.into()),
        }
    }

    /// Appends the text's UTF-8 bytes to `out`.
    pub fn write_to(&self, out: &mut Vec<u8>) {
        match self {
            Self::Char(ch) if ch.is_ascii() => out.push(*ch as u8),
            Self::Char(ch) => {
                let mut bytes = [0; 4];
                out.extend_from_slice(ch.encode_utf8(&mut bytes).as_bytes());
            }
            Self::Cluster(text) => out.extend_from_slice(text.as_bytes()),
        }
    }
}

/// A character or grapheme in a shade.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Glyph {
    /// What is written.
    pub text: Text,
    /// How it looks.
    pub shade: Shade,
}

impl Glyph {
    /// A space in the default style: what an erased cell holds.
    pub const BLANK: Self = Self {
        text: Text::Char(' '),
        shade: Shade::BLANK,
    };

    /// Whether the glyph shows nothing but its background.
    pub fn is_blank(&self) -> bool {
        self.text == Text::Char(' ') && !self.shade.modifier.intersects(SHOWN_ON_BLANK)
    }

    /// Whether the two show the same on a screen: equal, or both blank on one background.
    pub fn looks_like(&self, other: &Self) -> bool {
        // Every cell of a changed row is asked this, so the one-character case, nearly all of
        // them, is answered without the general comparison.
        match (&self.text, &other.text) {
            (Text::Char(mine), Text::Char(theirs)) => {
                (mine == theirs && self.shade == other.shade)
                    || (*mine == ' '
                        && *theirs == ' '
                        && self.shade.bg == other.shade.bg
                        && !self.shade.modifier.intersects(SHOWN_ON_BLANK)
                        && !other.shade.modifier.intersects(SHOWN_ON_BLANK))
            }
            (Text::Cluster(mine), Text::Cluster(theirs)) => {
                mine == theirs && self.shade == other.shade
            }
            _ => false,
        }
    }

    /// The glyph's text as one byte, when it is a printable ASCII character: text the encoder
    /// may write again to move the cursor over it.
    pub fn byte(&self) -> Option<u8> {
        match self.text {
            Text::Char(ch) if ch == ' ' || ch.is_ascii_graphic() => u8::try_from(ch).ok(),
            _ => None,
        }
    }

    /// The cells the glyph takes on the screen: one, or two for a wide one.
    /// It is measured as the core measures text when it lays a frame out.
    pub fn width(&self) -> u16 {
        let width = match &self.text {
            Text::Char(ch) if ch.is_ascii() => 1,
            Text::Char(ch) => grapheme_width(ch.encode_utf8(&mut [0; 4])),
            Text::Cluster(text) => grapheme_width(text),
        };
        if width >= 2 { 2 } else { 1 }
    }
}

/// One cell of a painted row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Cell {
    /// A glyph starts here.
    Glyph(Glyph),
    /// The right half of the wide glyph just left of it.
    Covered,
}

impl Cell {
    /// A blank cell in the default style.
    pub const BLANK: Self = Self::Glyph(Glyph::BLANK);
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn one_character_needs_no_allocation() {
        assert_eq!(Text::of("x"), Text::Char('x'));
        assert_eq!(Text::of("e\u{301}"), Text::Cluster("e\u{301}".into()));
    }

    #[test]
    fn blanks_on_one_background_look_alike_whatever_their_foreground() {
        let cyan = Glyph {
            text: Text::Char(' '),
            shade: Shade {
                fg: Ink::of(Color::Cyan),
                ..Shade::BLANK
            },
        };
        assert!(cyan.looks_like(&Glyph::BLANK));
        let underlined = Glyph {
            shade: Shade {
                modifier: Modifier::UNDERLINED,
                ..Shade::BLANK
            },
            ..Glyph::BLANK
        };
        assert!(!underlined.looks_like(&Glyph::BLANK));
    }

    #[test]
    fn looking_alike_is_being_equal_or_blank_on_one_background() {
        let texts = [Text::Char(' '), Text::Char('x'), Text::of("e\u{301}")];
        let inks = [
            Ink::RESET,
            Ink::of(Color::Cyan),
            Ink::of(Color::Rgb(1, 2, 3)),
        ];
        let modifiers = [
            Modifier::empty(),
            Modifier::BOLD,
            Modifier::UNDERLINED,
            Modifier::REVERSED,
        ];
        let mut glyphs = Vec::new();
        for text in &texts {
            for fg in inks {
                for bg in inks {
                    for modifier in modifiers {
                        let shade = Shade { fg, bg, modifier };
                        glyphs.push(Glyph {
                            text: text.clone(),
                            shade,
                        });
                    }
                }
            }
        }
        for one in &glyphs {
            for other in &glyphs {
                let expected = one == other
                    || (one.is_blank() && other.is_blank() && one.shade.bg == other.shade.bg);
                assert_eq!(one.looks_like(other), expected, "{one:?} and {other:?}");
            }
        }
    }

    #[test]
    fn a_style_patches_only_what_it_names() {
        let base = Shade {
            bg: Ink::of(Color::Blue),
            modifier: Modifier::BOLD,
            ..Shade::BLANK
        };
        let style = Style::new().fg(Color::Red).remove_modifier(Modifier::BOLD);
        let over = base.patched(Patch::from(style));
        assert_eq!(over.fg, Ink::of(Color::Red));
        assert_eq!(over.bg, Ink::of(Color::Blue));
        assert_eq!(over.modifier, Modifier::empty());
    }

    #[test]
    fn an_ink_gives_back_its_colour_and_a_named_one_its_palette_entry() {
        for color in [
            Color::Reset,
            Color::Indexed(200),
            Color::Rgb(1, 2, 3),
            Color::Rgb(255, 0, 255),
        ] {
            assert_eq!(Ink::of(color).color(), color);
        }
        assert_eq!(Ink::of(Color::Black).color(), Color::Indexed(0));
        assert_eq!(Ink::of(Color::DarkGray).color(), Color::Indexed(8));
        assert_eq!(Ink::of(Color::White).color(), Color::Indexed(15));
        assert_ne!(Ink::of(Color::Indexed(0)), Ink::RESET);
        assert_ne!(Ink::of(Color::Rgb(0, 0, 0)), Ink::of(Color::Indexed(0)));
    }

    #[test]
    fn wide_glyphs_take_two_cells() {
        let wide = Glyph {
            text: Text::Char('界'),
            shade: Shade::BLANK,
        };
        assert_eq!(wide.width(), 2);
        assert_eq!(Glyph::BLANK.width(), 1);
    }
}
