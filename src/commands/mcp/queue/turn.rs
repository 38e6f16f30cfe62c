//! A foreground call's turn at the input lock the background forms share, so a form never
//! opens over another.

use std::sync::Arc;

use rmcp::RoleServer;
use rmcp::service::RequestContext;
use tokio::sync::oneshot;

use super::super::asking::InOrder;
use super::super::progress::Progress;
use super::super::server::Shared;
use super::carry_out;
use crate::commands::new_request_id;

/// A foreground call's turn at the input lock; dropping it gives the lock back, or leaves the
/// line when the turn never came.
pub struct Turn {
    shared: Arc<Shared>,
    id: String,
}

impl Drop for Turn {
    fn drop(&mut self) {
        let mut state = self.shared.background.state();
        state.grants.remove(&self.id);
        let actions = state.queue.foreground_done(&self.id);
        for action in actions.unwrap_or_default() {
            carry_out(&self.shared, &mut state, action);
        }
    }
}

/// Waits for a foreground call's turn at the input lock, reporting progress meanwhile; `None`
/// when the call was cancelled or the input ended first. `in_order`, the call's turn in the
/// order calls came, is given up once the call is in line.
pub async fn turn(
    shared: &Arc<Shared>,
    context: &RequestContext<RoleServer>,
    in_order: Option<InOrder<'_>>,
) -> Option<Turn> {
    let id = new_request_id();
    let (sender, receiver) = oneshot::channel();
    let turn = Turn {
        shared: Arc::clone(shared),
        id: id.clone(),
    };
    {
        let mut state = shared.background.state();
        state.grants.insert(id.clone(), sender);
        let actions = state.queue.foreground_wants_lock(id);
        for action in actions {
            carry_out(shared, &mut state, action);
        }
    }
    drop(in_order);
    let mut input_ended = shared.background.input_ended.clone();
    let mut progress = Progress::new(
        context,
        shared.config.progress_every,
        "the user to finish the form before this one",
    );
    let mut receiver = receiver;
    loop {
        tokio::select! {
            // A turn granted as the input ends is taken: the call is asked, or answered without
            // a UI, rather than told it was cancelled.
            biased;
            granted = &mut receiver => return granted.ok().map(|()| turn),
            () = context.ct.cancelled() => return None,
            () = async {
                let _ = input_ended.wait_for(|ended| *ended).await;
            } => return None,
            () = progress.due() => progress.report(context).await,
        }
    }
}
