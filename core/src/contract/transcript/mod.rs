//! How a call and its result read in an agent's transcript: the call as a headline with a body
//! indented under it, the result as a status and one line per answer. Both are [`Line`]s of
//! spans with the semantic roles of [`crate::draw`], so a host prints them plain or in its own
//! colours.
//!
//! A call is read from its arguments as they stream in: any field may be missing or of another
//! type, and what cannot be read is left out (a missing label or header falls back as the
//! contract's normalization does), so the lines are never an error. A result is read from its
//! details, which drive the rendering; the model's text is only looked at to tell the no-UI
//! result of `ask_user` from a cancel, which its details cannot.

mod ask_user;
mod lines;
mod question_tool;
#[cfg(test)]
mod tests;

use serde_json::Value;

use super::tool::Tool;
use super::tool_result::ToolResult;
use crate::draw::Line;

/// The lines of a call of `tool` with these arguments, complete or still streaming.
pub fn call_lines(tool: Tool, arguments: &Value) -> Vec<Line<'static>> {
    match tool {
        Tool::AskUser => ask_user::call_lines(arguments),
        Tool::AskUserQuestion => question_tool::call_lines(arguments),
    }
}

/// The lines of a tool result: its status, then what was answered, noted or refused.
pub fn result_lines(result: &ToolResult) -> Vec<Line<'static>> {
    match result {
        ToolResult::AskUser(output) => ask_user::result_lines(output),
        ToolResult::AskUserQuestion(output) => question_tool::result_lines(output),
    }
}
