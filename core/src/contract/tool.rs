//! The tools this product serves, by the names agents call them.

use std::fmt;
use std::str::FromStr;

/// Which tool contract a call follows.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Tool {
    /// The full `ask_user` contract.
    #[default]
    AskUser,
    /// The Claude-Code-shaped `ask_user_question` tool.
    AskUserQuestion,
}

impl Tool {
    /// Every tool, in the order help texts list them.
    pub const ALL: [Self; 2] = [Self::AskUser, Self::AskUserQuestion];

    /// The tool's name as agents call it.
    pub const fn name(self) -> &'static str {
        match self {
            Self::AskUser => "ask_user",
            Self::AskUserQuestion => "ask_user_question",
        }
    }
}

impl Tool {
    /// What the tool is, in a few words, for help texts.
    pub const fn summary(self) -> &'static str {
        match self {
            Self::AskUser => "The full `ask_user` contract",
            Self::AskUserQuestion => "The Claude-Code-shaped `ask_user_question` tool",
        }
    }
}

impl Tool {
    /// What the model reads about the tool where it is offered (an MCP tool list): when to ask
    /// and how, so it asks once with related questions rather than in a string of single asks.
    pub const fn guidance(self) -> &'static str {
        match self {
            Self::AskUser => ASK_USER_GUIDANCE,
            Self::AskUserQuestion => ASK_USER_QUESTION_GUIDANCE,
        }
    }
}

const ASK_USER_GUIDANCE: &str = "Ask the user structured questions when the work depends on \
their preference or on a requirement you cannot find out yourself; do not ask what you can \
read from the code or the conversation. Each question offers options (single, multi, or preview \
with text or a previewFile inside the workspace); the user may also type their own answer and \
add notes. Bundle the next 2-3 related open questions into one call instead of a sequence of \
single-question calls, mark a recommended option when you have one, and wait for the answer \
before a step that depends on it. The result is structured: `answers` per question id, \
`cancelled` when the user dismissed the form or no UI could ask (then ask in your reply), and \
`mode: \"elaborate\"` when the user wants clarification first: answer the notes directly, then \
re-ask only the affected questions, preferring another structured ask over a plain-text list of \
choices.";

const ASK_USER_QUESTION_GUIDANCE: &str = "Ask the user 1-4 questions when the work depends on \
their choice and you cannot decide it from the code or the conversation. Each question has a \
short header and 2-4 options (or none, for a free-form answer); the user can always type \
something else. Bundle 2-3 related questions into one call rather than asking one at a time, \
and after a clarification prefer another structured question over a plain-text list of \
choices. The result text lists what the user selected or wrote; a cancelled or unavailable \
result means you should continue with what you know or ask in your reply.";

impl fmt::Display for Tool {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A name that is not one of the tools.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown tool {0:?} (expected ask_user or ask_user_question)")]
pub struct UnknownTool(pub String);

impl FromStr for Tool {
    type Err = UnknownTool;

    fn from_str(name: &str) -> Result<Self, Self::Err> {
        Self::ALL
            .into_iter()
            .find(|tool| tool.name() == name)
            .ok_or_else(|| UnknownTool(name.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_tool_name_reads_back_as_the_same_tool() {
        for tool in Tool::ALL {
            assert_eq!(tool.to_string().parse::<Tool>(), Ok(tool));
        }
    }

    #[test]
    fn an_unknown_tool_name_is_refused_with_the_name() {
        let error = "ask".parse::<Tool>().unwrap_err();
        assert_eq!(error, UnknownTool("ask".into()));
        assert!(error.to_string().contains("\"ask\""));
    }
}
