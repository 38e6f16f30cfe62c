//! The session journal: what an ask leaves in a Pi session file, read back along the active
//! branch.
//!
//! A Pi session is a JSON-lines file of entries chained by `parentId`; the branch the user is
//! on is the chain from the last entry up ([`Session::active_branch`]). An ask records its
//! arguments (`ask:payload`), its normalized questions (`ask:history-request`), an open form's
//! drafts when it is interrupted (`ask:drafts`) and its outcome (`ask:history-completed`); a
//! recovered ask that was answered or cancelled is marked `ask:pending-dismissed`. From those
//! the journal derives each question's status ([`status`]) and the interrupted ask to reopen
//! ([`recovery`]); a queued form's end is `ask:history-completed` too, and its delivery to the
//! agent `ask:background-delivered`, from which the background queue is rebuilt ([`backlog`]).
//! Everything here is data: ids and times come in from the program.
//!
//! The modules build on each other in this order: [`entry`]; [`branch`] and [`from_end`];
//! [`drafts`]; [`records`]; [`status`]; [`recovery`], [`backlog`] and [`append`].

pub mod append;
pub mod backlog;
pub mod branch;
pub mod drafts;
pub mod entry;
pub mod from_end;
pub mod moment;
pub mod records;
pub mod recovery;
pub mod status;

#[cfg(test)]
mod tests;

pub use branch::Branch;
pub use entry::{Entry, EntryKind, Problem, Session, ToolCall};
pub use moment::Moment;
pub use recovery::{Recovery, recoverable};
