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
