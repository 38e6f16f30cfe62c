//! The inbox closed on the server's asks: the open one, or a foreground call holding the lock,
//! and every ask in line behind it, which the inbox counted as waiting, end cancelled.

use std::sync::Arc;

use pi_agent_ask_core::contract::background::Outcome;
use pi_agent_ask_core::queue::Action;

use super::super::server::Shared;
use super::{State, carry_out};

/// The open form ended as the person closed the inbox it was shown in: its end is saved, and
/// every ask in line, which the inbox counted as waiting behind it, ends cancelled.
pub fn form_closed(shared: &Arc<Shared>, request_id: &str, outcome: Outcome) {
    let mut state = shared.background.state();
    state.withdrawable.retain(|_, form| form != request_id);
    let State { queue, drafts, .. } = &mut *state;
    let actions = queue.form_closed(request_id, outcome, |id| drafts.get(id).map(Vec::as_slice));
    finish_closed(shared, &mut state, actions.unwrap_or_default());
}

/// The person closed the inbox a foreground call holding the lock was asked in: every ask in
/// line, which the inbox counted as waiting behind it, ends cancelled.
pub fn close_line(shared: &Arc<Shared>) {
    let mut state = shared.background.state();
    let State { queue, drafts, .. } = &mut *state;
    let actions = queue.close_line(|id| drafts.get(id).map(Vec::as_slice));
    finish_closed(shared, &mut state, actions);
}

/// Carries out the actions of a closed line; the forms cancelled in it are done.
fn finish_closed(shared: &Arc<Shared>, state: &mut State, actions: Vec<Action>) {
    for action in actions {
        if let Action::SaveCompletion(answer) = &action {
            state.drafts.remove(&answer.request_id);
            state
                .withdrawable
                .retain(|_, form| *form != answer.request_id);
        }
        carry_out(shared, state, action);
    }
}
