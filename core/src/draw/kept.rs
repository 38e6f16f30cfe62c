//! A part of the screen kept as drawn: its draw commands, put again on later frames while what
//! they were drawn from stays the same.
//!
//! Most of a screen stays as it was from one keystroke to the next (a title, a tab bar, a
//! prompt, the key hints), and laying such a part out again (wrapping, measuring, sanitizing)
//! costs far more than copying the commands it made. A [`KeptPart`] holds the commands one
//! part drew, with the key it was drawn for (everything the part shows depends on) and
//! whatever else its drawing left (`T`, such as the rows it took); the commands are put again
//! only on a canvas of the same size and clip, so they still fit it as drawn.

use super::{Canvas, DrawCmd, Rect, Size};

/// One part's commands as last drawn, with what they were drawn for.
#[derive(Debug)]
pub struct KeptPart<K, T> {
    drawn: Option<Drawn<K, T>>,
}

/// A part as drawn: for `key` on a canvas of `size` clipped to `clip`.
#[derive(Debug)]
struct Drawn<K, T> {
    key: K,
    size: Size,
    clip: Rect,
    cmds: Vec<DrawCmd>,
    left: T,
}

impl<K, T> Default for KeptPart<K, T> {
    fn default() -> Self {
        Self { drawn: None }
    }
}

impl<K: PartialEq, T> KeptPart<K, T> {
    /// Puts the kept commands on `canvas` when they were drawn for `key` on a canvas of its
    /// size and clip, and returns what their drawing left; `None`, and nothing put, otherwise.
    pub fn put(&self, canvas: &mut Canvas, key: &K) -> Option<&T> {
        let drawn = self.drawn.as_ref()?;
        let holds = drawn.key == *key && drawn.size == canvas.size() && drawn.clip == canvas.clip();
        holds.then(|| {
            canvas.put_kept(&drawn.cmds);
            &drawn.left
        })
    }

    /// Draws the part with `draw` and keeps what it drew, for `key`; returns what the drawing
    /// left. The part must not place the text cursor: only commands are kept.
    pub fn draw(&mut self, canvas: &mut Canvas, key: K, draw: impl FnOnce(&mut Canvas) -> T) -> &T {
        let (from, cursor) = (canvas.drawn(), canvas.cursor());
        let left = draw(canvas);
        debug_assert_eq!(canvas.cursor(), cursor, "a kept part places no cursor");
        let drawn = self.drawn.insert(Drawn {
            key,
            size: canvas.size(),
            clip: canvas.clip(),
            cmds: canvas.drawn_since(from).to_vec(),
            left,
        });
        &drawn.left
    }

    /// The key the kept commands were drawn for, when they were drawn on a canvas of `canvas`'s
    /// size and clip.
    pub fn drawn_for(&self, canvas: &Canvas) -> Option<&K> {
        let drawn = self.drawn.as_ref()?;
        (drawn.size == canvas.size() && drawn.clip == canvas.clip()).then_some(&drawn.key)
    }

    /// Moves the kept commands `down` rows (up when negative), keeps them for `key` instead,
    /// and puts them on `canvas`, as [`Self::put`] does; returns what their drawing left. The
    /// caller vouches that drawing the part for `key` makes the moved commands: they were
    /// drawn on a canvas of this size and clip ([`Self::drawn_for`]), none of them cut by the
    /// clip, and none is cut where they go. `None`, and nothing put, when none are kept.
    pub fn put_moved(&mut self, canvas: &mut Canvas, key: K, down: i32) -> Option<&T> {
        let drawn = self.drawn.as_mut()?;
        for cmd in &mut drawn.cmds {
            cmd.move_down(down);
        }
        drawn.key = key;
        canvas.put_kept(&drawn.cmds);
        Some(&drawn.left)
    }

    /// Forgets the kept commands, so that the part is drawn afresh next time.
    pub fn forget(&mut self) {
        self.drawn = None;
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::draw::{Pos, Role, Style};

    /// A part that puts `text` on the first row and leaves its length.
    fn draw_text(part: &mut KeptPart<u8, usize>, canvas: &mut Canvas, key: u8, text: &str) {
        part.draw(canvas, key, |canvas| {
            canvas.put(Pos::new(0, 0), text, Style::new(Role::Text));
            text.len()
        });
    }

    #[test]
    fn a_part_is_put_again_as_drawn_for_its_key() {
        let mut part = KeptPart::default();
        let mut first = Canvas::new(Size::new(10, 2));
        draw_text(&mut part, &mut first, 1, "kept");
        let mut next = Canvas::new(Size::new(10, 2));
        assert_eq!(part.put(&mut next, &1), Some(&4));
        assert_eq!(next.finish(), first.finish());
    }

    #[test]
    fn a_part_moved_is_the_part_drawn_where_it_goes() {
        let mut part = KeptPart::default();
        let mut first = Canvas::new(Size::new(10, 4));
        part.draw(&mut first, 1, |canvas| {
            canvas.put(Pos::new(2, 2), "low", Style::new(Role::Text));
            canvas.put(Pos::new(0, 3), "lower", Style::new(Role::Accent));
        });
        let mut moved = Canvas::new(Size::new(10, 4));
        assert_eq!(part.drawn_for(&moved), Some(&1));
        assert_eq!(part.put_moved(&mut moved, 2, -2), Some(&()));
        let mut drawn = Canvas::new(Size::new(10, 4));
        drawn.put(Pos::new(2, 0), "low", Style::new(Role::Text));
        drawn.put(Pos::new(0, 1), "lower", Style::new(Role::Accent));
        assert_eq!(moved.finish(), drawn.finish());
        let mut again = Canvas::new(Size::new(10, 4));
        assert_eq!(
            part.put(&mut again, &2),
            Some(&()),
            "kept where it went, for its key"
        );
        assert_eq!(part.drawn_for(&Canvas::new(Size::new(9, 4))), None);
    }

    #[test]
    fn a_part_is_not_put_for_another_key_size_or_clip() {
        let mut part = KeptPart::default();
        draw_text(&mut part, &mut Canvas::new(Size::new(10, 2)), 1, "kept");
        let mut other_key = Canvas::new(Size::new(10, 2));
        assert_eq!(part.put(&mut other_key, &2), None);
        let mut other_size = Canvas::new(Size::new(3, 2));
        assert_eq!(part.put(&mut other_size, &1), None);
        let mut clipped = Canvas::new(Size::new(10, 2));
        let put = clipped.with_clip(Rect::new(0, 0, 2, 1), |canvas| {
            part.put(canvas, &1).copied()
        });
        assert_eq!(put, None);
        for canvas in [other_key, other_size, clipped] {
            assert!(canvas.finish().cmds.is_empty(), "nothing is put");
        }
        part.forget();
        assert_eq!(part.put(&mut Canvas::new(Size::new(10, 2)), &1), None);
    }
}
