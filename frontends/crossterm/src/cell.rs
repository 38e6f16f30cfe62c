//! What one cell of the screen shows: the vocabulary the painter and the encoder share.
//!
//! A frame is painted row by row into [`Cell`]s; the encoder keeps the same cells as its
//! belief of the screen and compares the two. A cell is a few plain words (its text packed
//! in one, a grapheme of several characters named by number), so copying and comparing the
//! cells of a changed row costs a few instructions each.

use ratatui::style::{Color, Modifier, Style};

mod text;

pub use text::{Clusters, Text};

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
    #[inline]
    pub fn paints_blank_as(&self, bg: Ink) -> bool {
        self.bg == bg && !self.modifier.intersects(SHOWN_ON_BLANK)
    }
}

/// One cell: a character or grapheme in a shade, the right half of a wide glyph (always in
/// the default shade, so two such halves are equal), or an unknown cell. It is `Copy`, and
/// two cells compare as a few words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cell {
    /// What is written.
    pub text: Text,
    /// How it looks.
    pub shade: Shade,
}

impl Cell {
    /// A space in the default style: what an erased cell holds.
    pub const BLANK: Self = Self::new(Text::char(' '), Shade::BLANK);
    /// The right half of a wide glyph.
    pub const COVERED: Self = Self::new(Text::COVERED, Shade::BLANK);
    /// A cell the encoder cannot tell.
    pub const UNKNOWN: Self = Self::new(Text::UNKNOWN, Shade::BLANK);

    /// A cell of `text` in `shade`.
    pub const fn new(text: Text, shade: Shade) -> Self {
        Self { text, shade }
    }

    /// Whether this is the right half of a wide glyph.
    #[inline]
    pub fn is_covered(&self) -> bool {
        self.text == Text::COVERED
    }

    /// Whether the cell shows nothing but its background.
    #[inline]
    pub fn is_blank(&self) -> bool {
        self.text == Text::char(' ') && !self.shade.modifier.intersects(SHOWN_ON_BLANK)
    }

    /// Whether the two show the same on a screen: equal, or both blank on one background.
    /// Two blanks hold the same text, so cells of different texts, as most compared cells
    /// that differ are, are told apart by one comparison.
    #[inline]
    pub fn looks_like(&self, other: &Self) -> bool {
        self.text == other.text
            && (self.shade == other.shade
                || (self.is_blank() && other.is_blank() && self.shade.bg == other.shade.bg))
    }

    /// The byte that writes the cell again in the terminal's current `style`, moving the
    /// cursor over it, when it is a printable ASCII character that style shows alike: the
    /// cell's own, or a blank's on the same background.
    #[inline]
    pub fn reprinted_in(&self, style: Shade) -> Option<u8> {
        if self.shade == style || (self.is_blank() && style.paints_blank_as(self.shade.bg)) {
            self.text.byte()
        } else {
            None
        }
    }
}

/// A painted row as the encoder takes it: its cells, how far the painting reached (every
/// cell from there on is blank), the clusters its cells name, and how many of its first cells
/// are known to show on the screen already.
#[derive(Clone, Copy, Debug)]
pub struct PaintedRow<'a> {
    /// The row's cells.
    pub cells: &'a [Cell],
    /// How far the painting reached.
    pub painted: usize,
    /// The clusters the cells name.
    pub clusters: &'a Clusters,
    /// The cells before this one are those the row showed in the frame drawn last, which the
    /// screen shows: the encoder need not compare them.
    pub unchanged_before: usize,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn blanks_on_one_background_look_alike_whatever_their_foreground() {
        let cyan = Cell::new(
            Text::char(' '),
            Shade {
                fg: Ink::of(Color::Cyan),
                ..Shade::BLANK
            },
        );
        assert!(cyan.looks_like(&Cell::BLANK));
        let underlined = Cell::new(
            Text::char(' '),
            Shade {
                modifier: Modifier::UNDERLINED,
                ..Shade::BLANK
            },
        );
        assert!(!underlined.looks_like(&Cell::BLANK));
    }

    #[test]
    fn looking_alike_is_being_equal_or_blank_on_one_background() {
        let texts = [
            Text::char(' '),
            Text::char('x'),
            Text::of("e\u{301}", &mut Clusters::default()),
            Text::COVERED,
            Text::UNKNOWN,
        ];
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
        let mut cells = vec![Cell::COVERED, Cell::UNKNOWN];
        for text in texts {
            for fg in inks {
                for bg in inks {
                    for modifier in modifiers {
                        let shade = Shade { fg, bg, modifier };
                        cells.push(Cell::new(text, shade));
                    }
                }
            }
        }
        for one in &cells {
            for other in &cells {
                let alike_text = one.text == other.text;
                let blank = |cell: &Cell| {
                    cell.text.as_char() == Some(' ')
                        && !cell.shade.modifier.intersects(SHOWN_ON_BLANK)
                };
                let expected = (alike_text && one.shade == other.shade)
                    || (blank(one) && blank(other) && one.shade.bg == other.shade.bg);
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
}
