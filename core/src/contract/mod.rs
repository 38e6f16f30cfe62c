//! The tool contracts: arguments in, validated requests and exact tool results out.
//!
//! Two tools share this module: `ask_user` (the full contract, [`ask_user`]) and
//! `ask_user_question` (the Claude-Code-shaped tool, [`question_tool`]). A [`Call`] holds either
//! and makes every decision that depends on the tool, so the surfaces above never ask which
//! tool they serve. Both tools ask the same normalized questions ([`request`]), follow
//! per-tool [`rules`], and answer through the same [`answers`] model, so a form, a dialog
//! driver and a remote response all end in the same result builders.
//!
//! The modules build on each other in this order, none importing a later one: [`tool`],
//! [`issue`] and [`output`]; [`trimmed`] and [`request`]; [`answers`]; [`remote`]; [`ask_user`], [`result`] and
//! [`question_tool`]; [`rules`] and [`tool_result`]; [`schema`] and [`call`]; [`background`]
//! and [`transcript`].

pub mod answers;
pub mod ask_user;
pub mod background;
pub mod call;
pub mod images;
pub mod issue;
pub mod output;
pub mod question_tool;
pub mod remote;
pub mod request;
pub mod result;
pub mod rules;
pub mod schema;
pub mod tool;
pub mod tool_result;
pub mod transcript;
pub mod trimmed;

pub use call::{ArgumentsView, Call, CheckIssue, InvalidCall, NormalizedRequest};
pub use issue::{InvalidInput, Issue};
pub use output::{Content, ImageContent, TextContent, ToolOutput};
pub use tool::{Tool, UnknownTool};
pub use tool_result::ToolResult;
