//! The list's rows as earlier frames laid them out, kept while what they show stays the same.
//!
//! Every frame lays out each row the list shows, and a keystroke that moves the highlight
//! changes two of them. A row that shows only the question's own text and whether it is
//! selected ([`RowLook::Plain`]) is laid out once for the list's size, its highlight and its
//! share of description rows, and drawn again from here; a row that shows a written answer or
//! a note is kept the same way until a draft changes ([`RowLook::Written`]); a row with an
//! editor open in it is laid out again every frame (once a frame, however often the frame asks
//! for it). A kept row also keeps the draw commands it was last put as, and is put again from
//! them where it stands as it stood, or moved a few rows up or down with them when the list
//! scrolled.

use std::collections::BTreeMap;
use std::collections::btree_map::Entry;

use super::super::Form;
use super::options::{Emphasis, Item};
use crate::contract::request::QuestionType;
use crate::draw::{Canvas, KeptPart, Rect, put_lines};

/// What of a row's look, besides its highlight, can change while the form is used.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum RowLook {
    /// An option with no note, or the custom answer's row with no answer written, and no
    /// editor open in it: it shows the question's own text (or the custom row's label) and
    /// whether it is selected, and its layout holds for as long as those do.
    Plain {
        /// Whether the option is selected.
        selected: bool,
    },
    /// The custom answer's row with an answer written, or an option with a note, and no
    /// editor open in it: it shows what the drafts hold, and its layout holds until they
    /// change.
    Written {
        /// The drafts' count of changes ([`Drafts::changes`](super::super::drafts::Drafts::changes)).
        changes: u64,
    },
    /// A row with an editor open in it: laid out again every frame.
    Editing,
}

impl Form {
    /// What row `row` of question `index` shows besides the question's own text.
    pub(super) fn row_look(&self, index: usize, row: usize) -> RowLook {
        let custom = row >= self.call.request().questions[index].options.len();
        let written = if custom {
            self.custom_written(index)
        } else {
            self.option_noted(index, row)
        };
        if self.editing_row(row, custom) {
            return RowLook::Editing;
        }
        if written {
            return RowLook::Written {
                changes: self.state.drafts.changes(),
            };
        }
        RowLook::Plain {
            selected: self.row_selected(index, row),
        }
    }
}

/// The rows kept for one list: a question's, laid out for a number of columns and rows.
#[derive(Default)]
pub(in crate::form) struct KeptRows {
    /// The question, its type as presented (which the type hotkey changes), and the columns
    /// and rows the kept rows were laid out for, once some are.
    list: Option<(usize, QuestionType, usize, usize)>,
    /// Each kept row by its number, the description rows it was laid out with and its
    /// highlight.
    rows: BTreeMap<(usize, usize, Emphasis), Kept>,
    /// The frame being drawn, counted.
    frame: u64,
}

impl std::fmt::Debug for KeptRows {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("KeptRows")
            .field("list", &self.list)
            .field("rows", &self.rows.len())
            .field("frame", &self.frame)
            .finish_non_exhaustive()
    }
}

/// One row as laid out, with what it was laid out as.
struct Kept {
    look: RowLook,
    /// The frame it was laid out in.
    frame: u64,
    item: Item<'static>,
    /// The commands it was last put as, by the rectangle it was put in; the value is the rows
    /// it took there.
    put: KeptPart<Rect, u16>,
}

/// What a row is laid out from, besides the question's own text and the list.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) struct RowKey {
    /// The row's number.
    pub row: usize,
    /// The rows its description may take.
    pub description_rows: usize,
    /// Whether it is highlighted.
    pub emphasis: Emphasis,
    /// What else it shows.
    pub look: RowLook,
}

impl KeptRows {
    /// The most rows kept for a list of `height` rows: a few screens' worth, so that paging
    /// through a long list does not keep every row it passed.
    fn most(height: usize) -> usize {
        4 * height + 16
    }

    /// Starts a frame's list: forgets the kept rows unless they were laid out for question
    /// `index` presented as `presented` in a list of `columns` × `height` cells, or so many are
    /// kept that a few screens' worth is passed.
    pub(super) fn follow(
        &mut self,
        index: usize,
        presented: QuestionType,
        columns: usize,
        height: usize,
    ) {
        self.frame += 1;
        let list = Some((index, presented, columns, height));
        if self.list != list || self.rows.len() > Self::most(height) {
            self.rows.clear();
            self.list = list;
        }
    }

    /// Forgets every kept row.
    #[cfg(test)]
    pub(super) fn clear(&mut self) {
        self.rows.clear();
    }

    /// The row `key` names as kept, laid out with `lay_out` first when it is not kept as
    /// that, or when its look changes every frame.
    pub(super) fn get_or_lay_out<'a>(
        &mut self,
        key: RowKey,
        lay_out: impl FnOnce() -> Item<'a>,
    ) -> &Item<'static> {
        &self.kept(key, lay_out).item
    }

    /// Puts the row `key` names (laid out with `lay_out` as [`Self::get_or_lay_out`] does)
    /// in `room` from its top: from the commands it was put as, when it was put in `room` on
    /// a canvas of this size and clip, or in a room as wide that it filled as many rows of
    /// (a list scrolled by a row moves every row it keeps). Returns the row and the rows it
    /// took.
    pub(super) fn put<'a>(
        &mut self,
        key: RowKey,
        lay_out: impl FnOnce() -> Item<'a>,
        canvas: &mut Canvas,
        room: Rect,
    ) -> (&Item<'static>, u16) {
        let Kept { item, put, .. } = self.kept(key, lay_out);
        if let Some(&drawn) = put.put(canvas, &room) {
            return (item, drawn);
        }
        let lines = item.lines.len();
        let moved = put
            .drawn_for(canvas)
            .and_then(|&was| rows_moved(was, room, lines, canvas.clip()));
        let drawn = moved.and_then(|down| put.put_moved(canvas, room, down).copied());
        let drawn = drawn.unwrap_or_else(|| {
            *put.draw(canvas, room, |canvas| {
                put_lines(canvas, room, 0, &item.lines)
            })
        });
        (item, drawn)
    }

    fn kept<'a>(&mut self, key: RowKey, lay_out: impl FnOnce() -> Item<'a>) -> &mut Kept {
        match self
            .rows
            .entry((key.row, key.description_rows, key.emphasis))
        {
            Entry::Occupied(entry) => {
                let kept = entry.into_mut();
                if !kept.holds(key, self.frame) {
                    *kept = Kept::new(key, self.frame, lay_out());
                }
                kept
            }
            Entry::Vacant(entry) => entry.insert(Kept::new(key, self.frame, lay_out())),
        }
    }
}

/// How many rows down (up when negative) a row of `lines` lines put in the room `was` moves
/// when put in `room` instead, where moving the commands it was put as makes what putting it
/// there does: the rooms start in the same column and are as wide, the row fills as many
/// rows of each, and the clip cuts none of them in either (it cuts the same columns in both).
fn rows_moved(was: Rect, room: Rect, lines: usize, clip: Rect) -> Option<i32> {
    let filled = |room: Rect| lines.min(usize::from(room.height));
    let inside = |room: Rect| {
        let bottom = usize::from(room.y) + filled(room);
        room.y >= clip.y && bottom <= usize::from(clip.bottom())
    };
    let alike = was.x == room.x && was.width == room.width && filled(was) == filled(room);
    (alike && inside(was) && inside(room)).then(|| i32::from(room.y) - i32::from(was.y))
}

impl Kept {
    /// `item`, laid out as `key` names in frame `frame`, kept.
    fn new(key: RowKey, frame: u64, item: Item<'_>) -> Self {
        Self {
            look: key.look,
            frame,
            item: item.into_owned(),
            put: KeptPart::default(),
        }
    }

    /// Whether the row was laid out with the look `key` names, in frame `frame` when that
    /// look changes every frame.
    fn holds(&self, key: RowKey, frame: u64) -> bool {
        self.look == key.look && (key.look != RowLook::Editing || self.frame == frame)
    }
}

#[cfg(test)]
mod tests {
    use super::rows_moved;
    use crate::draw::Rect;

    #[test]
    fn a_row_moves_only_into_a_room_as_wide_that_it_fills_as_far_uncut_by_the_clip() {
        let clip = Rect::new(0, 0, 20, 10);
        let was = Rect::new(2, 4, 10, 6);
        assert_eq!(rows_moved(was, Rect::new(2, 3, 10, 7), 2, clip), Some(-1));
        assert_eq!(rows_moved(was, Rect::new(2, 6, 10, 4), 2, clip), Some(2));
        assert_eq!(
            rows_moved(was, Rect::new(3, 3, 10, 7), 2, clip),
            None,
            "another column"
        );
        assert_eq!(
            rows_moved(was, Rect::new(2, 3, 9, 7), 2, clip),
            None,
            "narrower"
        );
        assert_eq!(
            rows_moved(was, Rect::new(2, 9, 10, 1), 2, clip),
            None,
            "fewer rows filled"
        );
        let below_four = Rect::new(0, 4, 20, 6);
        assert_eq!(
            rows_moved(was, Rect::new(2, 3, 10, 7), 2, below_four),
            None,
            "cut where it goes"
        );
        let below_five = Rect::new(0, 5, 20, 5);
        assert_eq!(
            rows_moved(was, Rect::new(2, 5, 10, 5), 2, below_five),
            None,
            "cut where it was"
        );
    }
}
