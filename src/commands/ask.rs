//! `ask`: one ask flow for these tool arguments; prints the tool result.

use pi_agent_ask_core::contract::ask_user::AskUserCall;
use pi_agent_ask_core::contract::question_tool::{self, QuestionRequest};
use pi_agent_ask_core::contract::remote::{
    CustomTextRule, RemoteResponse, validate_remote_response,
};
use pi_agent_ask_core::contract::result::{self, Mode};
use pi_agent_ask_core::contract::{ToolResult, result::invalid_input_result};

use super::{Parsed, read_and_parse};
use std::path::Path;

use pi_agent_ask_core::form::FormRequest;

use crate::cli::{AskArgs, UiArg};
use crate::effects::{Effects, Ending};
use crate::files::read_json;
use crate::outcome::{Outcome, UsageError};
use crate::terminal;
use crate::tui::{self, Placement};

/// Asks (or answers from `--answer`) and prints the tool result; exit 0 even for error results.
pub fn run(args: &AskArgs) -> Result<Outcome, UsageError> {
    if args.answer.as_deref() == Some("-") && args.common.file == "-" {
        return Err(UsageError::new(
            "the tool arguments and --answer cannot both come from standard input",
        ));
    }
    let (arguments, parsed) = read_and_parse(&args.common)?;
    let response = args
        .answer
        .as_deref()
        .map(|source| read_json(source, "answer response"))
        .transpose()?;
    let surface = surface(args)?;
    let (result, exit) = match parsed {
        Parsed::AskUser(Err(invalid)) => (
            ToolResult::AskUser(Box::new(invalid_input_result(&arguments, &invalid))),
            0,
        ),
        Parsed::AskUser(Ok(call)) => ask_user(&call, response.as_ref(), surface)?,
        Parsed::AskUserQuestion(Err(error)) => (
            ToolResult::AskUserQuestion(question_tool::invalid_result(&error.message)),
            0,
        ),
        Parsed::AskUserQuestion(Ok(request)) => {
            ask_user_question(&request, response.as_ref(), surface)?
        }
    };
    Ok(Outcome::json(result.to_json(), exit))
}

fn new_request_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

fn ask_user(
    call: &AskUserCall,
    response: Option<&serde_json::Value>,
    surface: Surface<'_>,
) -> Result<(ToolResult, u8), UsageError> {
    let request = &call.request;
    let request_id = new_request_id();
    let output = if let Some(response) = response {
        match validate_remote_response(
            response,
            &request.answer_specs(),
            CustomTextRule::CombinesOnMulti,
        ) {
            Ok(RemoteResponse::Answer {
                mode: Mode::Submit,
                drafts,
            }) => result::submit_result(request, &request_id, &drafts),
            Ok(RemoteResponse::Answer {
                mode: Mode::Elaborate,
                drafts,
            }) => result::elaborate_result(request, &request_id, &drafts),
            Ok(RemoteResponse::Cancel) => result::cancelled_result(request, &request_id, None),
            Err(error) => result::invalid_answer_result(request, &request_id, &error.message),
        }
    } else {
        match surface {
            Surface::Dialogs => {
                let mut terminal = terminal::plain_dialogs();
                let result =
                    pi_agent_ask_dialogs::ask_user(request.clone(), &request_id, &mut terminal);
                return Ok((result, Effects::exit_status(Ending::Answered)));
            }
            Surface::NoUi => result::no_ui_result(request, &request_id),
            Surface::Tui { config, placement } => {
                let end = tui::ask(
                    FormRequest::AskUser(request.clone()),
                    request_id,
                    config,
                    placement,
                )?;
                return Ok((end.result, end.exit));
            }
        }
    };
    Ok((ToolResult::AskUser(Box::new(output)), 0))
}

fn ask_user_question(
    request: &QuestionRequest,
    response: Option<&serde_json::Value>,
    surface: Surface<'_>,
) -> Result<(ToolResult, u8), UsageError> {
    let output = if let Some(response) = response {
        match validate_remote_response(response, &request.answer_specs(), CustomTextRule::Exclusive)
        {
            Ok(RemoteResponse::Answer { drafts, .. }) => {
                question_tool::answered_result(request, &drafts)
            }
            Ok(RemoteResponse::Cancel) => question_tool::cancelled_result(request, &[]),
            Err(error) => question_tool::invalid_answer_result(request, &error.message),
        }
    } else {
        match surface {
            Surface::Dialogs => {
                let mut terminal = terminal::plain_dialogs();
                let result =
                    pi_agent_ask_dialogs::ask_user_question(request.clone(), &mut terminal);
                return Ok((result, Effects::exit_status(Ending::Answered)));
            }
            Surface::NoUi => question_tool::unavailable_result(request),
            Surface::Tui { config, placement } => {
                let end = tui::ask(
                    FormRequest::AskUserQuestion(request.clone()),
                    new_request_id(),
                    config,
                    placement,
                )?;
                return Ok((end.result, end.exit));
            }
        }
    };
    Ok((ToolResult::AskUserQuestion(output), 0))
}

/// Where an ask without `--answer` happens.
#[derive(Clone, Copy)]
enum Surface<'a> {
    /// The rich terminal questionnaire.
    Tui {
        /// The settings file.
        config: Option<&'a Path>,
        /// Full screen or inline.
        placement: Placement,
    },
    /// Plain line-by-line prompts on the terminal.
    Dialogs,
    /// Nowhere: the result tells the agent to ask another way.
    NoUi,
}

/// The surface for `--ui`: `auto` uses plain dialogs on a `TERM=dumb` terminal, the rich
/// questionnaire on any other terminal, and no UI without one.
fn surface(args: &AskArgs) -> Result<Surface<'_>, UsageError> {
    let tui = Surface::Tui {
        config: args.common.config.as_deref(),
        placement: args.inline.map_or(Placement::FullScreen, Placement::Inline),
    };
    Ok(match args.ui {
        UiArg::Tui if tui::available() => tui,
        UiArg::Tui => {
            return Err(UsageError::new(
                "--ui tui needs a terminal, and /dev/tty cannot be opened",
            ));
        }
        UiArg::Dialogs => Surface::Dialogs,
        UiArg::Auto if terminal::term_is_dumb() && terminal::tty_available() => Surface::Dialogs,
        UiArg::Auto if tui::available() => tui,
        UiArg::Auto | UiArg::None => Surface::NoUi,
    })
}
