//! The parameters of one `ESC[...m` that turns one style into another.

use arrayvec::ArrayVec;
use ratatui::style::{Color, Modifier};

use crate::cell::{Ink, Shade};

mod recent;

pub use recent::Recent;

/// Each attribute with the parameter that sets it and the one that clears it.
const ATTRIBUTES: [(Modifier, u8, u8); 9] = [
    (Modifier::BOLD, 1, 22),
    (Modifier::DIM, 2, 22),
    (Modifier::ITALIC, 3, 23),
    (Modifier::UNDERLINED, 4, 24),
    (Modifier::SLOW_BLINK, 5, 25),
    (Modifier::RAPID_BLINK, 6, 25),
    (Modifier::REVERSED, 7, 27),
    (Modifier::HIDDEN, 8, 28),
    (Modifier::CROSSED_OUT, 9, 29),
];

/// Room for the parameters of one `ESC[...m`. The longest change clears seven attributes
/// (21 bytes), sets nine (18) and two RGB colours (18 each): 75 bytes.
const PARAMS_ROOM: usize = 96;

/// The `;`-separated parameters of one `ESC[...m`, built on the stack: a frame sets a style
/// for every change of colour, and none of them allocates.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct Params(ArrayVec<u8, PARAMS_ROOM>);

impl Params {
    /// The parameters as text.
    pub fn as_bytes(&self) -> &[u8] {
        &self.0
    }

    fn len(&self) -> usize {
        self.0.len()
    }

    /// Appends one parameter. The room above holds every change, so nothing is ever cut.
    fn push(&mut self, value: u16) {
        if !self.0.is_empty() {
            let _ = self.0.try_push(b';');
        }
        let _ = self
            .0
            .try_extend_from_slice(itoa::Buffer::new().format(value).as_bytes());
    }
}

/// The shorter of the parameters changing only what differs from `from` to `to`, and a reset
/// followed by everything `to` has.
pub fn changes(from: &Shade, to: &Shade) -> Params {
    if *to == Shade::BLANK {
        // A bare reset, shorter than anything else.
        return Params::default();
    }
    let step = step(from, to);
    // A reset to any other style names at least one more parameter (`0;1` or longer), so a
    // shorter step wins without the reset being built.
    if step.len() < FRESH_SHORTEST {
        return step;
    }
    let fresh = fresh(to);
    if fresh.len() <= step.len() {
        fresh
    } else {
        step
    }
}

/// The fewest bytes of a reset followed by a style other than the default: `0;1`.
const FRESH_SHORTEST: usize = 3;

/// A reset, then `to`'s attributes and colours; an empty list is a reset by itself.
fn fresh(to: &Shade) -> Params {
    let mut params = Params::default();
    params.push(0);
    add_attributes(&mut params, to.modifier);
    if to.fg != Ink::RESET {
        colour(&mut params, to.fg, Layer::Foreground);
    }
    if to.bg != Ink::RESET {
        colour(&mut params, to.bg, Layer::Background);
    }
    if params.as_bytes() == b"0" {
        Params::default()
    } else {
        params
    }
}

/// Only the differences from `from` to `to`.
fn step(from: &Shade, to: &Shade) -> Params {
    let mut params = Params::default();
    let removed = from.modifier - to.modifier;
    let mut cleared = Modifier::empty();
    let mut offs_named = 0u32;
    for (modifier, _, off) in ATTRIBUTES {
        if !removed.contains(modifier) {
            continue;
        }
        if offs_named & (1 << off) == 0 {
            offs_named |= 1 << off;
            params.push(u16::from(off));
        }
        cleared |= ATTRIBUTES
            .iter()
            .filter(|(_, _, other)| *other == off)
            .fold(Modifier::empty(), |all, (m, _, _)| all | *m);
    }
    let kept = from.modifier & to.modifier;
    add_attributes(
        &mut params,
        (to.modifier - from.modifier) | (kept & cleared),
    );
    if from.fg != to.fg {
        colour(&mut params, to.fg, Layer::Foreground);
    }
    if from.bg != to.bg {
        colour(&mut params, to.bg, Layer::Background);
    }
    params
}

fn add_attributes(params: &mut Params, modifier: Modifier) {
    for (attribute, on, _) in ATTRIBUTES {
        if modifier.contains(attribute) {
            params.push(u16::from(on));
        }
    }
}

/// Which side of the cell a colour paints.
#[derive(Clone, Copy)]
enum Layer {
    Foreground,
    Background,
}

/// The parameters setting `ink` on `layer`: the short forms for the sixteen named colours.
fn colour(params: &mut Params, ink: Ink, layer: Layer) {
    let base: u16 = match layer {
        Layer::Foreground => 30,
        Layer::Background => 40,
    };
    match ink.color() {
        Color::Indexed(index) if index < 8 => params.push(base + u16::from(index)),
        Color::Indexed(index) if index < 16 => params.push(base + 60 + u16::from(index - 8)),
        Color::Indexed(index) => {
            params.push(base + 8);
            params.push(5);
            params.push(u16::from(index));
        }
        Color::Rgb(r, g, b) => {
            params.push(base + 8);
            params.push(2);
            for part in [r, g, b] {
                params.push(u16::from(part));
            }
        }
        _ => params.push(base + 9),
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shade(fg: Color, modifier: Modifier) -> Shade {
        Shade {
            fg: Ink::of(fg),
            modifier,
            ..Shade::BLANK
        }
    }

    #[test]
    fn a_return_to_the_default_is_a_bare_reset() {
        let from = shade(Color::Cyan, Modifier::BOLD);
        assert_eq!(changes(&from, &Shade::BLANK).as_bytes(), b"");
    }

    #[test]
    fn only_what_differs_is_named() {
        let from = shade(Color::Cyan, Modifier::BOLD);
        let to = shade(Color::Cyan, Modifier::empty());
        assert_eq!(changes(&from, &to).as_bytes(), b"22");
        assert_eq!(changes(&to, &from).as_bytes(), b"1");
    }

    #[test]
    fn clearing_bold_keeps_dim() {
        let from = shade(Color::Reset, Modifier::BOLD | Modifier::DIM);
        let to = shade(Color::Reset, Modifier::DIM);
        assert_eq!(changes(&from, &to).as_bytes(), b"0;2");
    }

    #[test]
    fn colours_take_their_short_forms() {
        let to = shade(Color::DarkGray, Modifier::empty());
        assert_eq!(changes(&Shade::BLANK, &to).as_bytes(), b"90");
        let rgb = shade(Color::Rgb(1, 2, 3), Modifier::empty());
        assert_eq!(changes(&Shade::BLANK, &rgb).as_bytes(), b"38;2;1;2;3");
        let indexed = shade(Color::Indexed(200), Modifier::empty());
        assert_eq!(changes(&Shade::BLANK, &indexed).as_bytes(), b"38;5;200");
    }

    #[test]
    fn the_longest_change_fits_its_room() {
        let every = ATTRIBUTES
            .iter()
            .fold(Modifier::empty(), |all, (m, _, _)| all | *m);
        let from = Shade {
            fg: Ink::of(Color::Rgb(255, 255, 255)),
            bg: Ink::of(Color::Rgb(255, 255, 255)),
            modifier: every,
        };
        let to = Shade {
            fg: Ink::of(Color::Rgb(254, 254, 254)),
            bg: Ink::of(Color::Rgb(254, 254, 254)),
            modifier: every - Modifier::BOLD,
        };
        let stepped = step(&from, &to);
        assert_eq!(
            stepped.as_bytes(),
            b"22;2;38;2;254;254;254;48;2;254;254;254"
        );
        let fresh = fresh(&to);
        assert_eq!(
            fresh.as_bytes(),
            b"0;2;3;4;5;6;7;8;9;38;2;254;254;254;48;2;254;254;254"
        );
        assert!(fresh.len() < PARAMS_ROOM);
        let bare = Shade {
            modifier: Modifier::empty(),
            ..to
        };
        assert!(step(&from, &bare).len() < PARAMS_ROOM);
    }

    #[test]
    fn the_change_is_the_shorter_of_the_step_and_a_fresh_start_for_every_pair_of_shades() {
        let inks = [
            Color::Reset,
            Color::Cyan,
            Color::DarkGray,
            Color::Indexed(200),
            Color::Rgb(1, 2, 3),
        ];
        let modifiers = [
            Modifier::empty(),
            Modifier::BOLD,
            Modifier::DIM,
            Modifier::BOLD | Modifier::DIM,
            Modifier::ITALIC | Modifier::REVERSED,
            Modifier::UNDERLINED,
        ];
        let shades: Vec<Shade> = inks
            .iter()
            .flat_map(|fg| inks.iter().map(move |bg| (*fg, *bg)))
            .flat_map(|(fg, bg)| {
                modifiers.iter().map(move |modifier| Shade {
                    fg: Ink::of(fg),
                    bg: Ink::of(bg),
                    modifier: *modifier,
                })
            })
            .collect();
        for from in &shades {
            for to in shades.iter().filter(|to| *to != from) {
                let (step, fresh) = (step(from, to), fresh(to));
                let shorter = if fresh.len() <= step.len() {
                    fresh
                } else {
                    step
                };
                assert_eq!(changes(from, to), shorter, "{from:?} -> {to:?}");
            }
        }
    }
}
