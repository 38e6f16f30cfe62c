//! A call's turn at the input lock: its arguments validated (unless they were when it arrived)
//! and its flow opened, or, when the turn never comes (an abort, the end of input), its
//! cancelled result at once.

use pi_agent_ask_core::contract::ToolResult;
use pi_agent_ask_core::dialog::DialogFlow;

use super::{Environment, HostInput, Moment, Outgoing, Waiting};

/// What a call's turn brings: a flow to ask, or at once a result for invalid arguments.
pub(super) enum Opening {
    Flow(Box<DialogFlow>),
    Answered(ToolResult),
}

/// Validates a call's arguments (unless they were when it arrived) and opens its flow.
pub(super) fn opening(env: &mut impl Environment, call: &mut Waiting) -> Opening {
    if let Some(parsed) = call.parsed.take() {
        return Opening::Flow(Box::new(DialogFlow::new(*parsed)));
    }
    match env.parse_call(call.tool, &call.arguments) {
        Ok(call) => Opening::Flow(Box::new(DialogFlow::new(call))),
        Err(invalid) => Opening::Answered(invalid.into_result()),
    }
}

/// The result of a call cancelled before its turn: nothing was asked, so no events. A valid
/// call is journaled as asked and ended, unless a signal ends the session (it stays unasked).
pub(super) fn cancelled_before_start(
    env: &mut impl Environment,
    mut call: Waiting,
    how: HostInput,
) -> Outgoing {
    let result = match opening(env, &mut call) {
        Opening::Flow(mut flow) => {
            let result = flow.cancel();
            if how != HostInput::Interrupted {
                let asked = flow.call();
                env.journal(Moment::Asked {
                    call: asked,
                    tool_call_id: &call.id,
                });
                env.journal(Moment::Answered {
                    call: asked,
                    result: &result,
                });
            }
            result
        }
        Opening::Answered(result) => result,
    };
    Outgoing::Result {
        id: call.id,
        result,
    }
}
