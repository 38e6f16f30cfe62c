//! Effects: what the core asks a frontend to do, and the [`Surface`] every frontend drives.

use crate::contract::ToolResult;
use crate::contract::answers::Draft;
use crate::draw::{Frame, Size};
use crate::input::{AskId, Input, Timer};
use crate::settings::{Change, Notification};

/// A side effect the core cannot carry out itself; the frontend performs it.
#[derive(Clone, Debug, PartialEq)]
pub enum Effect {
    /// The flow is over; this is the tool result to hand the agent.
    Finish(ToolResult),
    /// The user cancelled or dismissed the whole form: stop the agent's current operation.
    StopAgent,
    /// Save this change to the settings file, then answer with
    /// [`Input::SettingsSaved`].
    SaveSettings(Change),
    /// Send [`Input::TimerFired`] with this timer once its
    /// duration has passed. Starting a timer that is already running restarts it: it fires
    /// once, a full duration after the last start.
    StartTimer(Timer),
    /// The surface is done and asks to be closed, with nothing to report: a surface opened
    /// alone (the settings overlay) ends its run; an overlay opened over a form returns to it.
    Close,
    /// The user asked for the ask settings (`global.settings`): open the settings overlay over
    /// this surface (see [`WithSettings`](crate::settings_panel::WithSettings), which does).
    OpenSettings,
    /// Tell the user, through the notification channels of the settings in effect, that a
    /// question waits for them; best effort, nothing comes back.
    Notify(Notification),
    /// An answer inbox is done with one ask: hand this result to its asker.
    Reply {
        /// The ask answered.
        ask: AskId,
        /// Its tool result.
        result: Box<ToolResult>,
        /// Whether its form ended it or the inbox closing did.
        reason: ReplyReason,
    },
    /// An answer inbox gave up one ask its asker recalled: hand the asker what the form
    /// held, one draft per question, so an interrupted ask can be resumed as it was left.
    HandBack {
        /// The ask recalled.
        ask: AskId,
        /// What its form held.
        drafts: Vec<Draft>,
    },
    /// What the form of an ask holds now, one draft per question, an open editor's text
    /// included: for its asker to keep, so that an inbox killed without a word (which can hand
    /// nothing back) leaves the asker what was typed. Sent at most once a
    /// [`Timer::HoldDrafts`], and only when it changed.
    Hold {
        /// The ask.
        ask: AskId,
        /// What its form holds.
        drafts: Vec<Draft>,
    },
    /// Find paths under the working directory matching an `@` reference typed in an editor,
    /// off the drawing path; answer with
    /// [`Input::FileCandidates`], as often as better
    /// matches are found. A newer query replaces this one.
    FindFiles(FileQuery),
    /// Read an image from the clipboard, off the drawing path, and answer with
    /// [`Input::ClipboardImage`] naming this read.
    ReadClipboardImage(ImageRead),
}

/// Why an answer inbox hands an ask its result.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum ReplyReason {
    /// Its form ended it: answered, dismissed or elaborated on.
    FormEnded,
    /// The inbox is closing and cancels every ask still waiting. An asker that held more asks
    /// back behind this one (an MCP server's queue), which the inbox counted as waiting,
    /// cancels them too.
    InboxClosing,
}

/// One clipboard image read the open editor waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ImageRead {
    /// Which read this is; the answer names it.
    pub read: u64,
}

/// What an `@` reference asks the program to find.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct FileQuery {
    /// The text after `@`, up to the cursor.
    pub query: String,
    /// Which query this is; the answers name it, so late answers to older ones are dropped.
    pub generation: u64,
    /// The directory to search when it is not the run's own working directory: an answer
    /// inbox's form searches where its asker runs.
    pub root: Option<String>,
}

/// Something a frontend can drive: it takes inputs, answers with effects and draws frames.
pub trait Surface {
    /// The effects of showing the surface, asked for once before its first frame (a form
    /// announces that a question waits). Nothing, by default.
    fn open(&mut self) -> Vec<Effect> {
        Vec::new()
    }

    /// Applies one input and returns the effects it caused, in order.
    fn handle(&mut self, input: Input) -> Vec<Effect>;

    /// Draws the current state for a screen of `size`.
    fn draw(&self, size: Size) -> Frame;
}
