//! The style changes written lately, kept with their bytes.

use super::{PARAMS_ROOM, changes};
use crate::cell::Shade;
use arrayvec::ArrayVec;

/// How many changes are kept: a frame goes back and forth between a handful of styles (a
/// label's, its number's and marker's, a hint's key and word).
const KEPT: usize = 8;

/// Room for a whole `ESC[...m`: the introducer, the parameters and the final `m`.
const SEQUENCE_ROOM: usize = PARAMS_ROOM + 3;

/// The last few style changes written, each with its whole `ESC[...m`: finding a change again
/// costs a few comparisons, building its parameters a few hundred instructions. The changes
/// are kept on the heap, room for all of them taken with the first: a kilobyte held inline
/// would be copied, and take room on the stack, wherever the encoder that owns it is moved
/// while the terminal is set up.
#[derive(Debug, Default)]
pub struct Recent {
    kept: Vec<Change>,
    /// The entry the next new change replaces once every one is taken.
    next: usize,
}

/// One change from a style to another, and the bytes that make it.
#[derive(Debug)]
struct Change {
    from: Shade,
    to: Shade,
    bytes: ArrayVec<u8, SEQUENCE_ROOM>,
}

impl Recent {
    /// The `ESC[...m` that turns `from` into `to`, as [`changes`] builds its parameters.
    pub fn sequence(&mut self, from: &Shade, to: &Shade) -> &[u8] {
        let found = self
            .kept
            .iter()
            .position(|change| change.from == *from && change.to == *to);
        let at = found.unwrap_or_else(|| self.keep(from, to));
        &self.kept[at].bytes
    }

    /// Builds and keeps the change from `from` to `to`, in the place of the oldest once every
    /// place is taken; returns where it is.
    fn keep(&mut self, from: &Shade, to: &Shade) -> usize {
        let mut bytes = ArrayVec::new();
        bytes.extend(*b"\x1b[");
        bytes.extend(changes(from, to).as_bytes().iter().copied());
        bytes.push(b'm');
        let change = Change {
            from: *from,
            to: *to,
            bytes,
        };
        if self.kept.len() == KEPT {
            let at = self.next;
            self.kept[at] = change;
            self.next = (at + 1) % KEPT;
            at
        } else {
            self.kept.reserve_exact(KEPT - self.kept.len());
            self.kept.push(change);
            self.kept.len() - 1
        }
    }
}

#[cfg(test)]
mod tests {
    use ratatui::style::{Color, Modifier};

    use super::*;
    use crate::cell::Ink;

    #[test]
    fn a_change_kept_or_built_again_has_the_same_bytes() {
        let shades: Vec<Shade> = [Color::Reset, Color::Cyan, Color::Rgb(1, 2, 3)]
            .into_iter()
            .flat_map(|fg| {
                [Modifier::empty(), Modifier::BOLD, Modifier::REVERSED].map(|modifier| Shade {
                    fg: Ink::of(fg),
                    modifier,
                    ..Shade::BLANK
                })
            })
            .collect();
        let mut recent = Recent::default();
        // Every pair three times over, more pairs than are kept: some are found, most built.
        for _ in 0..3 {
            for from in &shades {
                for to in &shades {
                    let expected = [b"\x1b[", changes(from, to).as_bytes(), b"m"].concat();
                    assert_eq!(recent.sequence(from, to), expected, "{from:?} to {to:?}");
                    assert_eq!(recent.sequence(from, to), expected, "{from:?} to {to:?}");
                }
            }
        }
        assert_eq!(recent.kept.len(), KEPT);
    }
}
