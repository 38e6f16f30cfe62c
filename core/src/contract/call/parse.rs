//! How a [`Call`] is made: from the arguments as a tree, as owned, as saved, or read as they
//! arrive.

use std::sync::Arc;

use serde::Deserialize as _;
use serde::de::Deserializer;
use serde_json::Value;

use super::super::ask_user::{
    NoPreviewFiles, ParseOptions, PreviewSource, ReadAskUser, read_ask_user,
};
use super::super::question_tool::parse_ask_user_question;
use super::super::rules::Rules;
use super::super::tool::Tool;
use super::{Arguments, Call, InvalidCall, Origin};

impl Call {
    /// Validates `arguments` for `tool`. `ask_user` reads its preview files through `files`
    /// and presents questions as `options` say; only a valid `ask_user` call asks `new_id` for
    /// its request id (the other tool's results carry none).
    pub fn parse(
        tool: Tool,
        arguments: &Value,
        options: ParseOptions,
        files: &mut dyn PreviewSource,
        new_id: impl FnOnce() -> String,
    ) -> Result<Self, InvalidCall> {
        Self::read(tool, arguments, options, files, new_id).unwrap_or_else(InvalidCall::unreadable)
    }

    /// Validates arguments saved earlier, whose preview files are loaded already (so nothing is
    /// read), under a request id known already: a call read back from a journal, or handed
    /// over by another process, gives results under the id it was first asked with.
    pub fn parse_saved(
        tool: Tool,
        arguments: &Value,
        options: ParseOptions,
        request_id: &str,
    ) -> Result<Self, InvalidCall> {
        Self::parse(tool, arguments, options, &mut NoPreviewFiles, || {
            request_id.to_owned()
        })
    }

    /// [`Call::parse`] taking the arguments, whose texts the call then keeps instead of copies.
    pub fn parse_owned(
        tool: Tool,
        arguments: Value,
        options: ParseOptions,
        files: &mut dyn PreviewSource,
        new_id: impl FnOnce() -> String,
    ) -> Result<Self, InvalidCall> {
        Self::read(tool, arguments, options, files, new_id).unwrap_or_else(InvalidCall::unreadable)
    }

    /// [`Call::parse`] reading the arguments from their JSON text as it goes: `ask_user` never
    /// holds them as a tree (a call handed over from another process as text).
    pub fn parse_text(
        tool: Tool,
        text: &str,
        options: ParseOptions,
        files: &mut dyn PreviewSource,
        new_id: impl FnOnce() -> String,
    ) -> Result<Self, InvalidCall> {
        let mut deserializer = serde_json::Deserializer::from_str(text);
        Self::read(tool, &mut deserializer, options, files, new_id)
            .and_then(|call| deserializer.end().map(|()| call))
            .unwrap_or_else(InvalidCall::unreadable)
    }

    /// [`Call::parse`] reading the arguments from `deserializer` as they arrive (JSON text read
    /// from a file, say): `ask_user` never holds them as a tree, only the request and what
    /// its saved arguments need beside it. The outer error is the deserializer's (not JSON).
    pub fn read<'de, D: Deserializer<'de>>(
        tool: Tool,
        deserializer: D,
        options: ParseOptions,
        files: &mut dyn PreviewSource,
        new_id: impl FnOnce() -> String,
    ) -> Result<Result<Self, InvalidCall>, D::Error> {
        Ok(match tool {
            Tool::AskUser => match read_ask_user(deserializer, options, files)? {
                Ok(ReadAskUser { request, saved }) => Ok(Self {
                    origin: Origin::AskUser {
                        request_id: new_id(),
                    },
                    request: Arc::new(request),
                    rules: Rules::ask_user(),
                    arguments: Arc::new(Arguments::AskUser(saved)),
                }),
                Err(refusal) => Err(InvalidCall::ask_user(refusal.title, refusal.invalid)),
            },
            Tool::AskUserQuestion => {
                let arguments = Value::deserialize(deserializer)?;
                match parse_ask_user_question(&arguments) {
                    Ok(questions) => Ok(Self {
                        request: Arc::new(questions.to_request()),
                        rules: Rules::ask_user_question(questions.questions.len()),
                        origin: Origin::AskUserQuestion(questions),
                        arguments: Arc::new(Arguments::AsSent(arguments)),
                    }),
                    Err(error) => Err(InvalidCall::ask_user_question(error)),
                }
            }
        })
    }
}
