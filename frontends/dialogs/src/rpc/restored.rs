//! The background queue a journal left ([`Backlog`]), taken up by a session on the same
//! session file: the forms that finished but never reached the agent are delivered by the next
//! `wait_for_answers`, and the ones never finished are queued again in their order, the first
//! opening at once. Nothing of theirs is journaled again and no receipt is written: their
//! requests are saved already, and their calls were answered with their receipts long ago.
//!
//! A form asked again through dialogs starts from its first question: Pi's dialogs cannot show
//! a choice made before. Its flow still takes up the drafts its journal keeps
//! ([`DialogFlow::resumed`](pi_agent_ask_core::dialog::DialogFlow::resumed)): a question answered
//! again gets the new answer, and one it is not asked again (the session ended first) keeps
//! its draft, as do the notes, for the journal to keep again.

use pi_agent_ask_core::journal::Moment;
use pi_agent_ask_core::journal::backlog::{Backlog, Saved};
use pi_agent_ask_core::queue::Action;

use super::{Asks, Environment, Outgoing, QueuedForm, Session};

impl<E: Environment> Session<E> {
    /// Takes up `backlog` and returns the lines to write: the first form's dialog, with its
    /// events and blocked status, when one is asked again.
    pub fn restore(&mut self, backlog: Backlog) -> Vec<Outgoing> {
        let mut out = Vec::new();
        for finished in backlog.undelivered {
            // One found finished now (its arguments no longer read) is saved before delivery.
            if finished.saved == Saved::NotYet {
                self.env
                    .journal(Moment::BackgroundAnswered(&finished.answer));
            }
            self.forms.insert(
                finished.answer.request_id.clone(),
                QueuedForm {
                    call_id: String::new(),
                    asks: Asks::Finished(finished.request),
                    drafts: None,
                    saved: true,
                    delivered: false,
                },
            );
            self.queue.restore_finished(finished.answer);
        }
        for reopened in backlog.waiting {
            let Some(request_id) = reopened.call.request_id().map(str::to_owned) else {
                continue;
            };
            let form = QueuedForm {
                call_id: reopened.tool_call_id,
                asks: Asks::Call(Box::new(reopened.call.clone())),
                drafts: reopened.drafts,
                saved: false,
                delivered: false,
            };
            let Ok(actions) = self.queue.enqueue(reopened.call) else {
                continue;
            };
            self.forms.insert(request_id, form);
            let actions = actions
                .into_iter()
                .filter(|action| !matches!(action, Action::SaveRequest { .. } | Action::Receipt(_)))
                .collect();
            self.apply(actions, &mut out);
        }
        out
    }
}
