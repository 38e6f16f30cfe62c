//! How the values of options are read: checked as the command line is read, so that a value
//! no command can use is a usage error naming what would do.

use clap::builder::{PossibleValue, PossibleValuesParser, TypedValueParser};
use pi_agent_ask_core::Size;
use pi_agent_ask_core::contract::Tool;
use pi_agent_ask_headless::MAX_SCREEN_SIDE;

/// Reads a tool name; help and errors list the names with what each tool is.
#[derive(Clone, Copy, Debug)]
pub(super) struct ToolParser;

impl TypedValueParser for ToolParser {
    type Value = Tool;

    fn parse_ref(
        &self,
        command: &clap::Command,
        arg: Option<&clap::Arg>,
        value: &std::ffi::OsStr,
    ) -> Result<Tool, clap::Error> {
        let name = PossibleValuesParser::new(Self::names()).parse_ref(command, arg, value)?;
        name.parse::<Tool>()
            .map_err(|error| clap::Error::raw(clap::error::ErrorKind::InvalidValue, error))
    }

    fn possible_values(&self) -> Option<Box<dyn Iterator<Item = PossibleValue> + '_>> {
        Some(Box::new(Self::names().into_iter()))
    }
}

impl ToolParser {
    fn names() -> [PossibleValue; 2] {
        Tool::ALL.map(|tool| PossibleValue::new(tool.name()).help(tool.summary()))
    }
}

/// Reads `WIDTHxHEIGHT`, each side 1 to [`MAX_SCREEN_SIDE`]: a screen of no cells shows
/// nothing to check.
pub(super) fn parse_size(text: &str) -> Result<Size, String> {
    let problem = || {
        format!(
            "{text:?} is not a size like 80x24 (at least 1x1, at most \
             {MAX_SCREEN_SIDE}x{MAX_SCREEN_SIDE})"
        )
    };
    let (width, height) = text.split_once('x').ok_or_else(problem)?;
    let number = |part: &str| {
        part.parse::<u16>()
            .ok()
            .filter(|side| (1..=MAX_SCREEN_SIDE).contains(side))
            .ok_or_else(problem)
    };
    Ok(Size::new(number(width)?, number(height)?))
}

/// An inbox name, checked as the command line is read: a name no inbox can have is a usage
/// error whichever surface asks.
pub(super) fn inbox_name(name: &str) -> Result<String, String> {
    crate::inbox::place::check_name(name)
        .map(str::to_owned)
        .map_err(|error| error.to_string())
}

/// The rows of `--inline ROWS`, 1 to 65535. The value is optional, so a word that is no number
/// is most likely something else written after the flag (the arguments file): the error says
/// how to write it, in words that fit every command that takes the flag.
pub(super) fn inline_rows(text: &str) -> Result<u16, String> {
    match text.parse::<u16>() {
        Ok(0) => Err("the form needs at least one row".to_owned()),
        Ok(rows) => Ok(rows),
        Err(_) if !text.is_empty() && text.bytes().all(|byte| byte.is_ascii_digit()) => Err(
            format!("{text} is more than the 65535 rows a form may take"),
        ),
        Err(_) => Err(format!(
            "{text:?} is no number of rows: a bare `--inline` takes the word after it for its \
             rows, so put the flag last, or give the rows as `--inline=ROWS`"
        )),
    }
}
