//! Input events: what a frontend hands the core, as plain data.
//!
//! Keys come as [`Key`]s (see [`crate::keys`]); the rest of what can happen to a surface (a
//! paste, a resize, the mouse, a timer, a save's outcome, new settings) is one [`Input`] each.

mod inbox;

use serde::{Deserialize, Serialize};

use crate::draw::{Pos, Size};
use crate::keys::Key;
use crate::settings::Settings;

pub use inbox::{Arrival, AskId, AskOrigin, InboxEvent};

/// A mouse action, in cell coordinates.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, Deserialize)]
pub enum Mouse {
    /// The primary button went down at a cell.
    Click(Pos),
    /// The wheel turned up over a cell.
    ScrollUp(Pos),
    /// The wheel turned down over a cell.
    ScrollDown(Pos),
}

/// A timer the core asked for with [`Effect::StartTimer`](crate::effect::Effect::StartTimer);
/// time is data that comes in, the core reads no clock.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Timer {
    /// The window in which a second press of the settings reset action confirms it.
    ResetConfirmation,
    /// The pause in the person's typing after which a form that appeared unbidden takes
    /// input (see [`crate::settling`]).
    Settling,
    /// How long an answer inbox keeps the front place, and the answered form on the screen,
    /// for the next ask of an asker that holds more back (an MCP server sends its queue one
    /// form at a time, the next within milliseconds).
    NextHeldBack,
    /// How often, at most, an answer inbox hands an asker what its form holds while the person
    /// works on it ([`Effect::Hold`](crate::effect::Effect::Hold)).
    HoldDrafts,
}

impl Timer {
    /// How long after it is started the timer fires, in milliseconds.
    pub const fn duration_ms(self) -> u64 {
        match self {
            Self::ResetConfirmation => 3_000,
            Self::Settling => 500,
            Self::NextHeldBack | Self::HoldDrafts => 1_000,
        }
    }
}

/// One input event for the core.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Input {
    /// A key was pressed (never a release or an auto-repeat report).
    Key(Key),
    /// Text was pasted in one piece (bracketed paste).
    Paste(String),
    /// The drawing area changed size.
    Resize(Size),
    /// A mouse action.
    Mouse(Mouse),
    /// A timer the core started has fired.
    TimerFired(Timer),
    /// The outcome of the last [`Effect::SaveSettings`](crate::effect::Effect::SaveSettings):
    /// `Err` carries the message to show, and the change is reverted.
    SettingsSaved(Result<(), String>),
    /// The settings in effect changed elsewhere (a reload): an open flow applies them at once,
    /// except `presentSingleAsMulti`, which only new flows use.
    Settings(Box<Settings>),
    /// An asker of an answer inbox arrived or went away; only the inbox surface acts on it.
    Inbox(InboxEvent),
    /// Paths the program found for an `@` reference asked for with
    /// [`Effect::FindFiles`](crate::effect::Effect::FindFiles).
    FileCandidates(FileCandidates),
    /// What a clipboard read asked for with
    /// [`Effect::ReadClipboardImage`](crate::effect::Effect::ReadClipboardImage) found.
    ClipboardImage(ClipboardImage),
}

/// The outcome of one clipboard image read.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ClipboardImage {
    /// The read this answers; only the editor that asked for it, still open, takes it.
    pub read: u64,
    /// The image's bytes as the clipboard gave them (PNG, JPEG, GIF or WebP), or why there
    /// are none.
    pub outcome: Result<Vec<u8>, ClipboardProblem>,
}

/// Why a clipboard read gave no image.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ClipboardProblem {
    /// The clipboard was read and holds no image.
    Empty,
    /// No clipboard could be read (no display, no helper program).
    Unavailable,
}

/// The best paths found so far for one `@` reference, best first; each batch replaces the one
/// before, so a long walk shows matches early and better ones as it goes.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileCandidates {
    /// The query this batch answers; a batch for an older query is dropped.
    pub generation: u64,
    /// Paths relative to the working directory, `/`-separated; directories end in `/`.
    pub paths: Vec<String>,
    /// How far the search has got: a search still going may send better paths.
    pub searched: Searched,
}

/// How far the search behind a batch of paths has got.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Searched {
    /// It is still walking: a better batch may follow.
    Partly,
    /// It is over, and it looked at the whole tree.
    Whole,
    /// It is over, its walk stopped at its bound of this many entries: the paths of a larger
    /// tree past them were not looked at, so "nothing matched" would say too much.
    Cut(usize),
}

impl Searched {
    /// Whether the search is over, so no better batch follows.
    pub const fn is_over(self) -> bool {
        !matches!(self, Self::Partly)
    }
}
