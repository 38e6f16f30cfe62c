//! The parameters of one `ESC[...m` that turns one style into another.

use ratatui::style::{Color, Modifier};

use crate::cell::Shade;

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

/// The shorter of the parameters changing only what differs from `from` to `to`, and a reset
/// followed by everything `to` has.
pub fn changes(from: &Shade, to: &Shade) -> String {
    let step = step(from, to);
    let fresh = fresh(to);
    if fresh.len() <= step.len() {
        fresh
    } else {
        step
    }
}

/// A reset, then `to`'s attributes and colours; an empty list is a reset by itself.
fn fresh(to: &Shade) -> String {
    let mut params = Vec::new();
    add_attributes(&mut params, to.modifier);
    if to.fg != Color::Reset {
        colour(&mut params, to.fg, Layer::Foreground);
    }
    if to.bg != Color::Reset {
        colour(&mut params, to.bg, Layer::Background);
    }
    if params.is_empty() {
        String::new()
    } else {
        format!("0;{}", params.join(";"))
    }
}

/// Only the differences from `from` to `to`.
fn step(from: &Shade, to: &Shade) -> String {
    let mut params = Vec::new();
    let removed = from.modifier - to.modifier;
    let mut cleared = Modifier::empty();
    for (modifier, _, off) in ATTRIBUTES {
        if removed.contains(modifier) && !params.contains(&off.to_string()) {
            params.push(off.to_string());
        }
        if removed.contains(modifier) {
            cleared |= ATTRIBUTES
                .iter()
                .filter(|(_, _, other)| *other == off)
                .fold(Modifier::empty(), |all, (m, _, _)| all | *m);
        }
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
    params.join(";")
}

fn add_attributes(params: &mut Vec<String>, modifier: Modifier) {
    for (attribute, on, _) in ATTRIBUTES {
        if modifier.contains(attribute) {
            params.push(on.to_string());
        }
    }
}

/// Which side of the cell a colour paints.
#[derive(Clone, Copy)]
enum Layer {
    Foreground,
    Background,
}

/// The parameters setting `color` on `layer`: the short forms for the sixteen named colours.
fn colour(params: &mut Vec<String>, color: Color, layer: Layer) {
    let base: u16 = match layer {
        Layer::Foreground => 30,
        Layer::Background => 40,
    };
    let param = match color {
        Color::Reset => format!("{}", base + 9),
        Color::Indexed(index) if index < 8 => format!("{}", base + u16::from(index)),
        Color::Indexed(index) if index < 16 => format!("{}", base + 60 + u16::from(index - 8)),
        Color::Indexed(index) => format!("{};5;{index}", base + 8),
        Color::Rgb(r, g, b) => format!("{};2;{r};{g};{b}", base + 8),
        named => {
            let index = named_index(named);
            return colour(params, Color::Indexed(index), layer);
        }
    };
    params.push(param);
}

/// The palette index of a named colour.
fn named_index(color: Color) -> u8 {
    match color {
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
        _ => 15,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn shade(fg: Color, modifier: Modifier) -> Shade {
        Shade {
            fg,
            modifier,
            ..Shade::BLANK
        }
    }

    #[test]
    fn a_return_to_the_default_is_a_bare_reset() {
        let from = shade(Color::Cyan, Modifier::BOLD);
        assert_eq!(changes(&from, &Shade::BLANK), "");
    }

    #[test]
    fn only_what_differs_is_named() {
        let from = shade(Color::Cyan, Modifier::BOLD);
        let to = shade(Color::Cyan, Modifier::empty());
        assert_eq!(changes(&from, &to), "22");
        assert_eq!(changes(&to, &from), "1");
    }

    #[test]
    fn clearing_bold_keeps_dim() {
        let from = shade(Color::Reset, Modifier::BOLD | Modifier::DIM);
        let to = shade(Color::Reset, Modifier::DIM);
        assert_eq!(changes(&from, &to), "0;2");
    }

    #[test]
    fn colours_take_their_short_forms() {
        let to = shade(Color::DarkGray, Modifier::empty());
        assert_eq!(changes(&Shade::BLANK, &to), "90");
        let rgb = shade(Color::Rgb(1, 2, 3), Modifier::empty());
        assert_eq!(changes(&Shade::BLANK, &rgb), "38;2;1;2;3");
        let indexed = shade(Color::Indexed(200), Modifier::empty());
        assert_eq!(changes(&Shade::BLANK, &indexed), "38;5;200");
    }
}
