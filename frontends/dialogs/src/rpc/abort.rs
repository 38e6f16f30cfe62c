//! Stopping what is in progress: Pi's `abort`, which stops everything the agent waits on, and
//! this program's `abort_ask`, which stops one call.
//!
//! Pi's `abort` ends the agent's operation, and so every tool call it waits on: the open
//! foreground call ends as cancelled with the answers so far (its completed event, then its
//! result), every waiting call is answered cancelled without events, and every
//! `wait_for_answers` ends writing nothing. Background forms are not the operation's: as the
//! background queue says, an aborted wait leaves them queued, and an open one stays open with
//! its `herdr:blocked` status. `abort_ask` does the same to the one call, or wait, it names.

use pi_agent_ask_core::queue::Action;

use super::{Environment, Outgoing, Session, Turn, cancelled_before_start};

impl<E: Environment> Session<E> {
    /// Pi's `abort`: every foreground call and every wait ends; the lock then passes on.
    pub(super) fn abort_everything(&mut self, out: &mut Vec<Outgoing>) {
        for wait in std::mem::take(&mut self.waits) {
            self.queue.abort_wait(&wait);
        }
        // The waiting calls leave the line first, so cancelling the open one passes the lock
        // to a background form, never to a call about to be cancelled.
        let waiting: Vec<_> = self.waiting.drain(..).collect();
        for call in &waiting {
            let _in_line = self.queue.foreground_done(&call.id);
        }
        let mut actions: Vec<Action> = Vec::new();
        if let Some(open) = self
            .open
            .as_mut()
            .filter(|open| matches!(open.turn, Turn::Foreground))
        {
            open.flow.cancel();
            actions = self.end_open(out);
        }
        for call in waiting {
            out.push(cancelled_before_start(&mut self.env, call, self.input));
        }
        self.apply(actions, out);
    }

    /// `abort_ask`: the wait, the open foreground call or the waiting call with this id ends;
    /// an id naming none of them (or a background form) changes nothing.
    pub(super) fn abort_ask(&mut self, id: &str, out: &mut Vec<Outgoing>) {
        if self.queue.is_waiting(id) {
            self.queue.abort_wait(id);
            self.waits.retain(|wait| wait != id);
        } else if let Some(open) = self
            .open
            .as_mut()
            .filter(|open| open.id == id && matches!(open.turn, Turn::Foreground))
        {
            open.flow.cancel();
            self.finish_open(out);
        } else if let Some(call) = self
            .waiting
            .iter()
            .position(|call| call.id == id)
            .and_then(|position| self.waiting.remove(position))
        {
            let _in_line = self.queue.foreground_done(id);
            out.push(cancelled_before_start(&mut self.env, call, self.input));
        }
    }
}
