//! Arguments that break a tool's contract: the problems `check` reports, and the tool's own
//! answer to them.

use serde::Serialize;

use super::Call;
use crate::contract::issue::{InvalidInput, Issue};
use crate::contract::question_tool::{self, QuestionToolError};
use crate::contract::result;
use crate::contract::tool_result::ToolResult;

/// Arguments that break a tool's contract: nothing is asked.
#[derive(Clone, Debug, PartialEq)]
pub struct InvalidCall {
    issues: Vec<CheckIssue>,
    result: Box<ToolResult>,
}

/// One problem `check` reports: where (a property path, or `null` for a tool that names none)
/// and what.
#[derive(Clone, Debug, PartialEq, Eq, Serialize)]
pub struct CheckIssue {
    /// Where the problem is, e.g. `questions[0].options[1].value`; `None` prints as `null`.
    pub path: Option<String>,
    /// What is wrong.
    pub message: String,
}

impl InvalidCall {
    pub(super) fn ask_user(title: Option<String>, invalid: InvalidInput) -> Self {
        let result = ToolResult::AskUser(Box::new(result::invalid_input_result(title, &invalid)));
        let issues = invalid
            .issues
            .into_iter()
            .map(|issue| CheckIssue {
                path: Some(issue.path),
                message: issue.message,
            })
            .collect();
        Self {
            issues,
            result: Box::new(result),
        }
    }

    /// Arguments that could not be read at all, which only a deserializer of JSON text can
    /// give: the contract's answer to arguments that are not an object.
    pub(super) fn unreadable(_: serde_json::Error) -> Result<Call, Self> {
        Err(Self::ask_user(
            None,
            InvalidInput {
                issues: vec![Issue::new(
                    "",
                    "Arguments must be an object with a questions array",
                )],
            },
        ))
    }

    pub(super) fn ask_user_question(error: QuestionToolError) -> Self {
        Self {
            result: Box::new(ToolResult::AskUserQuestion(question_tool::invalid_result(
                &error.message,
            ))),
            issues: vec![CheckIssue {
                path: None,
                message: error.message,
            }],
        }
    }

    /// Every problem found, in the contract's order.
    pub fn issues(&self) -> &[CheckIssue] {
        &self.issues
    }

    /// The tool's answer to the call: its invalid-input result.
    pub const fn result(&self) -> &ToolResult {
        &self.result
    }

    /// The tool's answer, taken.
    pub fn into_result(self) -> ToolResult {
        *self.result
    }
}
