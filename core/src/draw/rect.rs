//! Rectangles of cells and the splits that lay a screen out.

use serde::{Deserialize, Serialize};

use super::{Pos, Size};

/// A rectangle of cells: the top-left corner and the size.
///
/// The constructors keep `x + width` and `y + height` within `u16`, so [`Rect::right`] and
/// [`Rect::bottom`] never overflow. Splits never produce a rectangle larger than the one split:
/// asking for more rows or columns than there are gives all of them and leaves an empty rest.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Rect {
    /// Column of the left edge.
    pub x: u16,
    /// Row of the top edge.
    pub y: u16,
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
}

impl Rect {
    /// The rectangle at `x`, `y` of `width` by `height` cells, shrunk to stay within `u16`.
    pub const fn new(x: u16, y: u16, width: u16, height: u16) -> Self {
        Self {
            x,
            y,
            width: if width > u16::MAX - x {
                u16::MAX - x
            } else {
                width
            },
            height: if height > u16::MAX - y {
                u16::MAX - y
            } else {
                height
            },
        }
    }

    /// The whole area of a screen of `size`.
    pub const fn from_size(size: Size) -> Self {
        Self::new(0, 0, size.width, size.height)
    }

    /// The top-left cell.
    pub const fn pos(self) -> Pos {
        Pos::new(self.x, self.y)
    }

    /// The width and height.
    pub const fn size(self) -> Size {
        Size::new(self.width, self.height)
    }

    /// The column just right of the rectangle (exclusive end).
    pub const fn right(self) -> u16 {
        self.x + self.width
    }

    /// The row just below the rectangle (exclusive end).
    pub const fn bottom(self) -> u16 {
        self.y + self.height
    }

    /// Whether it holds no cell.
    pub const fn is_empty(self) -> bool {
        self.width == 0 || self.height == 0
    }

    /// Whether `pos` is one of its cells.
    pub const fn contains(self, pos: Pos) -> bool {
        pos.x >= self.x && pos.x < self.right() && pos.y >= self.y && pos.y < self.bottom()
    }

    /// The cells both rectangles share; empty (at the later corner) when they do not overlap.
    #[must_use]
    pub fn intersection(self, other: Self) -> Self {
        let x = self.x.max(other.x);
        let y = self.y.max(other.y);
        let right = self.right().min(other.right()).max(x);
        let bottom = self.bottom().min(other.bottom()).max(y);
        Self::new(x, y, right - x, bottom - y)
    }

    /// The first `rows` rows, and the rows below them.
    pub fn split_top(self, rows: u16) -> (Self, Self) {
        let rows = rows.min(self.height);
        (
            Self::new(self.x, self.y, self.width, rows),
            Self::new(self.x, self.y + rows, self.width, self.height - rows),
        )
    }

    /// The rows above the last `rows` rows, and those last rows.
    pub fn split_bottom(self, rows: u16) -> (Self, Self) {
        self.split_top(self.height - rows.min(self.height))
    }

    /// The first `columns` columns, and the columns right of them.
    pub fn split_left(self, columns: u16) -> (Self, Self) {
        let columns = columns.min(self.width);
        (
            Self::new(self.x, self.y, columns, self.height),
            Self::new(self.x + columns, self.y, self.width - columns, self.height),
        )
    }

    /// The columns left of the last `columns` columns, and those last columns.
    pub fn split_right(self, columns: u16) -> (Self, Self) {
        self.split_left(self.width - columns.min(self.width))
    }

    /// The rectangle with `columns` removed on the left and right and `rows` at the top and
    /// bottom; empty when the margins take everything.
    #[must_use]
    pub fn inset(self, columns: u16, rows: u16) -> Self {
        let width = self.width.saturating_sub(columns.saturating_mul(2));
        let height = self.height.saturating_sub(rows.saturating_mul(2));
        let x = if width == 0 { self.x } else { self.x + columns };
        let y = if height == 0 { self.y } else { self.y + rows };
        Self::new(x, y, width, height)
    }

    /// Row `index` (0-based) as a one-row rectangle; empty when there is no such row.
    #[must_use]
    pub fn row(self, index: u16) -> Self {
        if index < self.height {
            Self::new(self.x, self.y + index, self.width, 1)
        } else {
            Self::new(self.x, self.bottom(), self.width, 0)
        }
    }

    /// Every row, top to bottom, as one-row rectangles.
    pub fn rows(self) -> impl Iterator<Item = Self> {
        (0..self.height).map(move |index| self.row(index))
    }
}

#[cfg(test)]
mod tests {
    use rstest::rstest;

    use super::{Pos, Rect, Size};

    #[test]
    fn constructor_stays_within_u16() {
        let rect = Rect::new(u16::MAX - 2, 10, 100, u16::MAX);
        assert_eq!(rect.right(), u16::MAX);
        assert_eq!(rect.bottom(), u16::MAX);
    }

    #[rstest]
    #[case(Rect::new(0, 0, 10, 5), Rect::new(5, 2, 10, 10), Rect::new(5, 2, 5, 3))]
    #[case(
        Rect::new(0, 0, 10, 5),
        Rect::new(20, 20, 3, 3),
        Rect::new(20, 20, 0, 0)
    )]
    #[case(Rect::new(2, 2, 3, 3), Rect::new(0, 0, 80, 24), Rect::new(2, 2, 3, 3))]
    fn intersections(#[case] a: Rect, #[case] b: Rect, #[case] shared: Rect) {
        assert_eq!(a.intersection(b), shared);
        assert_eq!(b.intersection(a), shared);
    }

    #[test]
    fn splits_cover_the_whole_rectangle() {
        let area = Rect::from_size(Size::new(80, 24));
        assert_eq!(
            area.split_top(3),
            (Rect::new(0, 0, 80, 3), Rect::new(0, 3, 80, 21))
        );
        assert_eq!(
            area.split_bottom(2),
            (Rect::new(0, 0, 80, 22), Rect::new(0, 22, 80, 2))
        );
        assert_eq!(
            area.split_left(20),
            (Rect::new(0, 0, 20, 24), Rect::new(20, 0, 60, 24))
        );
        assert_eq!(
            area.split_right(30),
            (Rect::new(0, 0, 50, 24), Rect::new(50, 0, 30, 24))
        );
    }

    #[test]
    fn oversized_splits_take_everything() {
        let area = Rect::new(1, 1, 4, 2);
        assert_eq!(area.split_top(9), (area, Rect::new(1, 3, 4, 0)));
        assert_eq!(area.split_bottom(9), (Rect::new(1, 1, 4, 0), area));
        assert_eq!(area.split_left(9), (area, Rect::new(5, 1, 0, 2)));
    }

    #[rstest]
    #[case(Rect::new(0, 0, 10, 6), 1, 1, Rect::new(1, 1, 8, 4))]
    #[case(Rect::new(0, 0, 2, 2), 1, 1, Rect::new(0, 0, 0, 0))]
    #[case(Rect::new(3, 3, 10, 1), 2, 0, Rect::new(5, 3, 6, 1))]
    fn insets(#[case] area: Rect, #[case] columns: u16, #[case] rows: u16, #[case] inner: Rect) {
        assert_eq!(area.inset(columns, rows), inner);
    }

    #[test]
    fn rows_and_containment() {
        let area = Rect::new(2, 3, 4, 2);
        let rows: Vec<Rect> = area.rows().collect();
        assert_eq!(rows, [Rect::new(2, 3, 4, 1), Rect::new(2, 4, 4, 1)]);
        assert!(area.row(2).is_empty());
        assert!(area.contains(Pos::new(5, 4)));
        assert!(!area.contains(Pos::new(6, 4)));
        assert!(!Rect::default().contains(Pos::new(0, 0)));
    }
}
