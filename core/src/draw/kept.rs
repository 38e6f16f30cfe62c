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
