//! The background queue: `ask_user` forms the agent queued (`background: true`) instead of
//! waiting for, as a pure state machine. Its inputs are the surface's events (a call queued, a
//! form finished, a wait begun or aborted, a foreground ask wanting or giving back the input
//! lock) and its outputs are [`Action`]s, so every surface queues, asks and delivers alike.
//!
//! The rules:
//! - A queued call is already validated (it is a [`Call`]); it is saved, then answered with
//!   its [`Receipt`], whose `pendingRequests` counts every form not yet finished, this one too.
//! - One input lock is shared by background forms and foreground asks; whoever asks for it
//!   while it is held waits in one FIFO line, so forms open one at a time in the order queued.
//! - A finished form is saved before it is delivered, and its blocked status is cleared.
//! - A wait is answered once no form is outstanding (at once when none is), with every
//!   finished form not delivered before, those queued while it waited too; none is delivered
//!   twice. An aborted wait leaves every form where it was.
//! - The user cancelling a form ends only that form; the rest of the line goes on. Closing the
//!   surface that showed the open form and counted the line as waiting behind it (an inbox)
//!   cancels the whole line: the person saw those asks waiting and closed on them.

mod action;

use std::collections::VecDeque;

use crate::contract::Call;
use crate::contract::answers::Draft;
use crate::contract::background::{BackgroundAnswer, Delivery, Outcome, Receipt, WaitResult};

pub use action::{Action, BLOCKED_CHANNEL, BLOCKED_LABEL, Blocked};

/// An event the queue cannot take in its state.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum QueueError {
    /// The call waits for its answer; only a background call is queued.
    #[error("this call is not a background call")]
    NotBackground,
    /// A form finished that is not the open one.
    #[error("form {0} is not the open background form")]
    NotOpen(String),
    /// A foreground ask gave back a lock it neither holds nor waits for.
    #[error("foreground ask {0} neither holds nor waits for the input lock")]
    NotForeground(String),
}

/// One turn at the input lock.
#[derive(Debug)]
enum Turn {
    /// A queued background form.
    Form(Box<Call>),
    /// A foreground ask, by the id it asked under.
    Foreground(String),
}

/// Who holds the input lock.
#[derive(Debug)]
enum Holder {
    /// Nobody: the next turn may take it.
    Free,
    /// The background form with this request id is open.
    Form(String),
    /// The foreground ask with this id is asking.
    Foreground(String),
}

/// The queue of one session: the line at the input lock, its holder, finished forms not yet
/// delivered, and the waits.
#[derive(Debug)]
pub struct Queue {
    line: VecDeque<Turn>,
    holder: Holder,
    undelivered: Vec<BackgroundAnswer>,
    waiters: Vec<String>,
}

impl Default for Queue {
    fn default() -> Self {
        Self::new()
    }
}

impl Queue {
    /// An empty queue with the lock free.
    pub const fn new() -> Self {
        Self {
            line: VecDeque::new(),
            holder: Holder::Free,
            undelivered: Vec::new(),
            waiters: Vec::new(),
        }
    }

    /// How many background forms are queued or open: the receipt's `pendingRequests`.
    pub fn pending(&self) -> usize {
        let queued = self
            .line
            .iter()
            .filter(|turn| matches!(turn, Turn::Form(_)))
            .count();
        queued + usize::from(matches!(self.holder, Holder::Form(_)))
    }

    /// How many asks wait in line for the input lock, queued forms and foreground calls: what
    /// an asker showing the open form elsewhere (an inbox) holds back behind it.
    pub fn waiting(&self) -> usize {
        self.line.len()
    }

    /// The request id of the open background form, if one is open.
    pub fn open_form(&self) -> Option<&str> {
        match &self.holder {
            Holder::Form(request_id) => Some(request_id),
            Holder::Free | Holder::Foreground(_) => None,
        }
    }

    /// Queues a validated background call: it is saved, then given its receipt, then opened
    /// if the lock is free.
    pub fn enqueue(&mut self, call: Call) -> Result<Vec<Action>, QueueError> {
        let request_id = match (call.delivery(), call.request_id()) {
            (Delivery::Background, Some(request_id)) => request_id.to_owned(),
            _ => return Err(QueueError::NotBackground),
        };
        let receipt = Receipt::new(call.request(), &request_id, self.pending() + 1);
        self.line.push_back(Turn::Form(Box::new(call)));
        let mut actions = vec![Action::SaveRequest { request_id }, Action::Receipt(receipt)];
        self.next_turn(&mut actions);
        Ok(actions)
    }

    /// A form that ended before a restart and was never delivered (see
    /// [`crate::journal::backlog`]): the next wait delivers it with the rest. Nothing is saved;
    /// its end is in the journal already, or is saved by the caller first.
    pub fn restore_finished(&mut self, answer: BackgroundAnswer) {
        self.undelivered.push(answer);
    }

    /// The open form ended (answered, dismissed, elaborated on, or failed): it is saved, its
    /// blocked status cleared, waits answered when nothing is left, and the next turn opened.
    pub fn form_finished(
        &mut self,
        request_id: &str,
        outcome: Outcome,
    ) -> Result<Vec<Action>, QueueError> {
        let mut actions = self.end_open_form(request_id, outcome)?;
        self.deliver(&mut actions);
        self.next_turn(&mut actions);
        Ok(actions)
    }

    /// The open form's end, saved and its blocked status cleared, the lock let go; not yet
    /// delivered.
    fn end_open_form(
        &mut self,
        request_id: &str,
        outcome: Outcome,
    ) -> Result<Vec<Action>, QueueError> {
        if self.open_form() != Some(request_id) {
            return Err(QueueError::NotOpen(request_id.to_owned()));
        }
        self.holder = Holder::Free;
        let answer = BackgroundAnswer {
            request_id: request_id.to_owned(),
            outcome,
        };
        let actions = vec![
            Action::SaveCompletion(answer.clone()),
            Action::Blocked(Blocked::Cleared),
        ];
        self.undelivered.push(answer);
        Ok(actions)
    }

    /// The client withdrew the call that queued form `request_id`, which waits in line: it
    /// leaves the line and ends with `why` (saved, and delivered as any end is). `None` for a
    /// form not in line (open, finished, or unknown).
    pub fn withdraw(&mut self, request_id: &str, why: &str) -> Option<Vec<Action>> {
        let position = self.line.iter().position(
            |turn| matches!(turn, Turn::Form(call) if call.request_id() == Some(request_id)),
        )?;
        self.line.remove(position);
        let answer = BackgroundAnswer {
            request_id: request_id.to_owned(),
            outcome: Outcome::Error(why.to_owned()),
        };
        let mut actions = vec![Action::SaveCompletion(answer.clone())];
        self.undelivered.push(answer);
        self.deliver(&mut actions);
        Some(actions)
    }

    /// The person closed the surface a foreground ask holding the lock was shown on, which
    /// counted every ask in line as waiting behind it (an inbox): each leaves the line
    /// cancelled, as that ask was (see [`Queue::form_closed`] for an open form). A queued form
    /// ends with its cancelled result, keeping the `drafts` it would have opened with (saved,
    /// and delivered as any end is); a foreground ask is [`Action::Dismiss`]ed. Asks that join
    /// the line later are asked as usual.
    pub fn close_line<'a>(&mut self, drafts: impl Fn(&str) -> Option<&'a [Draft]>) -> Vec<Action> {
        let mut actions = Vec::new();
        self.cancel_line(drafts, &mut actions);
        self.deliver(&mut actions);
        actions
    }

    /// The open form ended (cancelled, or answered just before) as the person closed the
    /// surface it was shown on, which counted the line as waiting behind it: its end is saved,
    /// then the line closed as [`Queue::close_line`] closes it, then the waits answered.
    pub fn form_closed<'a>(
        &mut self,
        request_id: &str,
        outcome: Outcome,
        drafts: impl Fn(&str) -> Option<&'a [Draft]>,
    ) -> Result<Vec<Action>, QueueError> {
        let mut actions = self.end_open_form(request_id, outcome)?;
        self.cancel_line(drafts, &mut actions);
        self.deliver(&mut actions);
        Ok(actions)
    }

    /// Every ask in line leaves it cancelled, forms keeping their `drafts`.
    fn cancel_line<'a>(
        &mut self,
        drafts: impl Fn(&str) -> Option<&'a [Draft]>,
        actions: &mut Vec<Action>,
    ) {
        for turn in std::mem::take(&mut self.line) {
            match turn {
                Turn::Foreground(id) => actions.push(Action::Dismiss { id }),
                Turn::Form(call) => {
                    let request_id = call.request_id().unwrap_or_default().to_owned();
                    let cancelled = call.cancelled(drafts(&request_id));
                    let answer = BackgroundAnswer {
                        request_id,
                        outcome: Outcome::of(&cancelled),
                    };
                    actions.push(Action::SaveCompletion(answer.clone()));
                    self.undelivered.push(answer);
                }
            }
        }
    }

    /// A wait for answers began under `waiter`: answered at once when no form is outstanding,
    /// else once the last one finishes.
    pub fn wait(&mut self, waiter: String) -> Vec<Action> {
        self.waiters.push(waiter);
        let mut actions = Vec::new();
        self.deliver(&mut actions);
        actions
    }

    /// The wait under `waiter` was aborted: it is forgotten, and every form stays queued, open
    /// or finished-but-undelivered as it was.
    pub fn abort_wait(&mut self, waiter: &str) {
        self.waiters.retain(|id| id != waiter);
    }

    /// Whether nothing is queued, open, holding the lock or waiting.
    pub fn is_idle(&self) -> bool {
        self.line.is_empty() && matches!(self.holder, Holder::Free) && self.waiters.is_empty()
    }

    /// Whether a wait is registered under `waiter`.
    pub fn is_waiting(&self, waiter: &str) -> bool {
        self.waiters.iter().any(|id| id == waiter)
    }

    /// A foreground ask wants the input lock: granted at once when free, else in its turn.
    pub fn foreground_wants_lock(&mut self, id: String) -> Vec<Action> {
        self.line.push_back(Turn::Foreground(id));
        let mut actions = Vec::new();
        self.next_turn(&mut actions);
        actions
    }

    /// A foreground ask ended: it gives the lock back, or leaves the line if it was waiting.
    pub fn foreground_done(&mut self, id: &str) -> Result<Vec<Action>, QueueError> {
        let mut actions = Vec::new();
        match &self.holder {
            Holder::Foreground(holder) if holder == id => {
                self.holder = Holder::Free;
                self.next_turn(&mut actions);
            }
            _ => {
                let position = self
                    .line
                    .iter()
                    .position(|turn| matches!(turn, Turn::Foreground(waiting) if waiting == id))
                    .ok_or_else(|| QueueError::NotForeground(id.to_owned()))?;
                self.line.remove(position);
            }
        }
        Ok(actions)
    }

    /// Gives a free lock to the first turn in line.
    fn next_turn(&mut self, actions: &mut Vec<Action>) {
        if !matches!(self.holder, Holder::Free) {
            return;
        }
        match self.line.pop_front() {
            None => {}
            Some(Turn::Foreground(id)) => {
                self.holder = Holder::Foreground(id.clone());
                actions.push(Action::Grant { id });
            }
            Some(Turn::Form(call)) => {
                let request_id = call.request_id().unwrap_or_default().to_owned();
                self.holder = Holder::Form(request_id);
                actions.push(Action::Open(call));
                actions.push(Action::Blocked(Blocked::Active));
            }
        }
    }

    /// Answers the waits once no form is outstanding: the first with every undelivered end,
    /// any other with none, since each end is delivered once.
    fn deliver(&mut self, actions: &mut Vec<Action>) {
        if self.pending() > 0 {
            return;
        }
        for waiter in std::mem::take(&mut self.waiters) {
            let results = std::mem::take(&mut self.undelivered);
            actions.push(Action::Deliver {
                waiter,
                result: WaitResult::new(results),
            });
        }
    }
}

#[cfg(test)]
mod tests;
