//! The tool contracts: arguments in, validated requests and exact tool results out.
//!
//! Two tools share this module: `ask_user` (the full contract, [`ask_user`]) and
//! `ask_user_question` (the Claude-Code-shaped tool, [`question_tool`]). Both answer through the
//! same [`answers`] model, so a form, a dialog driver and a remote response all end in the same
//! result builders.

pub mod answers;
pub mod ask_user;
pub mod issue;
pub mod question_tool;
pub mod remote;
pub mod result;
pub mod schema;
pub mod tool_result;

pub use issue::{InvalidInput, Issue};
pub use schema::Tool;
pub use tool_result::{TextContent, ToolOutput, ToolResult};
