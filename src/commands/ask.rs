//! `ask`: one ask flow for these tool arguments; prints the tool result.

use pi_agent_ask_core::contract::ask_user::AskUserCall;
use pi_agent_ask_core::contract::question_tool::{self, QuestionRequest};
use pi_agent_ask_core::contract::remote::{
    CustomTextRule, RemoteResponse, validate_remote_response,
};
use pi_agent_ask_core::contract::result::{self, Mode};
use pi_agent_ask_core::contract::{ToolResult, result::invalid_input_result};

use super::{Parsed, read_and_parse};
use crate::cli::{AskArgs, UiArg};
use crate::files::read_json;
use crate::terminal;
use crate::{Outcome, UsageError};

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
    let result = match parsed {
        Parsed::AskUser(Err(invalid)) => {
            ToolResult::AskUser(Box::new(invalid_input_result(&arguments, &invalid)))
        }
        Parsed::AskUser(Ok(call)) => ask_user(&call, response.as_ref(), args.ui)?,
        Parsed::AskUserQuestion(Err(error)) => {
            ToolResult::AskUserQuestion(question_tool::invalid_result(&error.message))
        }
        Parsed::AskUserQuestion(Ok(request)) => {
            ask_user_question(&request, response.as_ref(), args.ui)?
        }
    };
    Ok(Outcome {
        document: result.to_json(),
        exit: 0,
    })
}

fn new_request_id() -> String {
    uuid::Uuid::new_v4().to_string()
}

fn ask_user(
    call: &AskUserCall,
    response: Option<&serde_json::Value>,
    ui: UiArg,
) -> Result<ToolResult, UsageError> {
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
        match surface(ui) {
            Surface::Dialogs => {
                let mut terminal = terminal::plain_dialogs();
                return Ok(pi_agent_ask_dialogs::ask_user(
                    request.clone(),
                    &request_id,
                    &mut terminal,
                ));
            }
            Surface::NoUi => result::no_ui_result(request, &request_id),
            Surface::Tui => return Err(unavailable_ui(ui)),
        }
    };
    Ok(ToolResult::AskUser(Box::new(output)))
}

fn ask_user_question(
    request: &QuestionRequest,
    response: Option<&serde_json::Value>,
    ui: UiArg,
) -> Result<ToolResult, UsageError> {
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
        match surface(ui) {
            Surface::Dialogs => {
                let mut terminal = terminal::plain_dialogs();
                return Ok(pi_agent_ask_dialogs::ask_user_question(
                    request.clone(),
                    &mut terminal,
                ));
            }
            Surface::NoUi => question_tool::unavailable_result(request),
            Surface::Tui => return Err(unavailable_ui(ui)),
        }
    };
    Ok(ToolResult::AskUserQuestion(output))
}

/// Where an ask without `--answer` happens.
enum Surface {
    /// The rich terminal questionnaire.
    Tui,
    /// Plain line-by-line prompts on the terminal.
    Dialogs,
    /// Nowhere: the result tells the agent to ask another way.
    NoUi,
}

/// The surface for `--ui`: `auto` uses plain dialogs on a `TERM=dumb` terminal.
fn surface(ui: UiArg) -> Surface {
    match ui {
        UiArg::Tui => Surface::Tui,
        UiArg::Dialogs => Surface::Dialogs,
        UiArg::Auto if terminal::term_is_dumb() && terminal::tty_available() => Surface::Dialogs,
        UiArg::Auto | UiArg::None => Surface::NoUi,
    }
}

fn unavailable_ui(ui: UiArg) -> UsageError {
    UsageError::new(format!("--ui {ui:?} is not available in this build").to_lowercase())
}
