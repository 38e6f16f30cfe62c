//! Draw commands: what a frame shows, in semantic terms a frontend maps to its own output.
//!
//! A [`Frame`] is a list of text runs at cell positions. Every run's text is already sanitized
//! (no control characters or escape sequences) and fits the frame from its position, so a
//! frontend can paint it without measuring or filtering. Draw code builds frames with a
//! [`Canvas`], which keeps that promise, lays the screen out with [`Rect`]s and its text in
//! [`Line`]s of [`Span`]s.

mod canvas;
mod first_lines;
mod kept;
mod lines;
mod rect;

#[cfg(test)]
mod canvas_tests;
#[cfg(test)]
mod lines_tests;

use compact_str::CompactString;
use serde::{Deserialize, Serialize};

pub use canvas::Canvas;
pub use first_lines::{KeptFirstLines, push_wrapped, wrap_each, wrap_first, wrap_spans_first};
pub use kept::KeptPart;
pub use lines::{
    Line, Span, cap_lines, indented, line_width, owned_lines, put_line, put_line_within, put_lines,
    put_rule, put_rule_marked, wrap_paragraphs, wrap_spans, wrap_text,
};
pub use rect::Rect;

/// A size in terminal cells.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Size {
    /// Columns.
    pub width: u16,
    /// Rows.
    pub height: u16,
}

impl Size {
    /// A size of `width` columns by `height` rows.
    pub const fn new(width: u16, height: u16) -> Self {
        Self { width, height }
    }
}

/// A cell position, 0-based from the top-left corner.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Pos {
    /// Column.
    pub x: u16,
    /// Row.
    pub y: u16,
}

impl Pos {
    /// The cell at column `x`, row `y`.
    pub const fn new(x: u16, y: u16) -> Self {
        Self { x, y }
    }
}

/// What a run of text means; a frontend's theme turns roles into colours.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Role {
    /// Ordinary text.
    #[default]
    Text,
    /// Titles, the active tab, the cursor row marker.
    Accent,
    /// Secondary text such as descriptions and hints.
    Muted,
    /// Text that is present but out of focus.
    Dim,
    /// Cautions such as `(recommended)` or a pending confirmation.
    Warning,
    /// Problems the user must fix.
    Error,
    /// Answered markers and confirmations.
    Success,
    /// The highlighted row or action.
    Selected,
    /// Rules, frames and separators.
    Border,
}

/// Text attributes that go with a role; every frontend can show them without colour.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Attrs {
    /// Heavier weight.
    pub bold: bool,
    /// Slanted.
    pub italic: bool,
    /// Underlined.
    pub underline: bool,
    /// Foreground and background swapped; keeps a selection visible without colour.
    pub reverse: bool,
}

/// The complete style of a text run.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash, Serialize, Deserialize)]
pub struct Style {
    /// What the text means.
    pub role: Role,
    /// How it is emphasised.
    pub attrs: Attrs,
}

impl Style {
    /// A plain style of the given role.
    pub const fn new(role: Role) -> Self {
        Self {
            role,
            attrs: Attrs {
                bold: false,
                italic: false,
                underline: false,
                reverse: false,
            },
        }
    }

    /// The same style in bold.
    #[must_use]
    pub const fn bold(mut self) -> Self {
        self.attrs.bold = true;
        self
    }

    /// The same style in italics.
    #[must_use]
    pub const fn italic(mut self) -> Self {
        self.attrs.italic = true;
        self
    }

    /// The same style underlined.
    #[must_use]
    pub const fn underline(mut self) -> Self {
        self.attrs.underline = true;
        self
    }

    /// The same style reversed.
    #[must_use]
    pub const fn reverse(mut self) -> Self {
        self.attrs.reverse = true;
        self
    }
}

/// One drawing instruction.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, Deserialize)]
#[serde(tag = "kind", rename_all = "camelCase")]
pub enum DrawCmd {
    /// A run of sanitized text starting at `pos`, fitting within the frame's width.
    Text {
        /// Where the first cell of the run is.
        pos: Pos,
        /// The text; its display width never runs past the frame's right edge. Held inline
        /// when short, as most runs are (a marker, a label, a key hint), so a frame allocates
        /// only for its long runs.
        text: CompactString,
        /// How it looks.
        style: Style,
    },
}

impl DrawCmd {
    /// A run of `text` at `pos` in `style`, taken as it is: the caller keeps the promise that
    /// the text is sanitized and fits the frame (a [`Canvas`] does both).
    pub fn text(pos: Pos, text: impl Into<CompactString>, style: Style) -> Self {
        Self::Text {
            pos,
            text: text.into(),
            style,
        }
    }

    /// Moves the run `down` rows (up when negative); a row past the edges of `u16` stops there.
    pub(crate) fn move_down(&mut self, down: i32) {
        let Self::Text { pos, .. } = self;
        pos.y =
            u16::try_from(i32::from(pos.y) + down).unwrap_or(if down < 0 { 0 } else { u16::MAX });
    }
}

/// Everything one screen shows: the draw commands and where the text cursor is, if anywhere.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, Deserialize)]
pub struct Frame {
    /// The size the frame was drawn for.
    pub size: Size,
    /// The commands, painted in order; later runs overwrite earlier ones.
    pub cmds: Vec<DrawCmd>,
    /// Where a visible text cursor stands (an open editor), if any.
    pub cursor: Option<Pos>,
}

impl Frame {
    /// A frame of `size` showing `cmds`, with no text cursor.
    pub const fn new(size: Size, cmds: Vec<DrawCmd>) -> Self {
        Self {
            size,
            cmds,
            cursor: None,
        }
    }
}
