//! Ending the flow: every result comes from the call.

use super::Form;
use super::state::{Notice, Phase};
use crate::contract::ToolResult;
use crate::effect::Effect;

impl Form {
    /// Submits, unless the rules need every question answered and one is not.
    pub(super) fn try_submit(&mut self) -> Vec<Effect> {
        if self.refuse_submit() {
            return Vec::new();
        }
        self.finish_submit()
    }

    /// Whether submitting now would be refused (the rules need every question answered and
    /// one is not); if so, says why.
    pub(super) fn refuse_submit(&mut self) -> bool {
        let refused = self.rules().submit_needs_every_answer && !self.all_answered();
        if refused {
            self.state.notice = Some(Notice::AnswerEveryQuestion);
        }
        refused
    }

    /// Finishes with the answers.
    pub(super) fn finish_submit(&mut self) -> Vec<Effect> {
        let result = self.call.submit(&self.state.drafts);
        self.finish(vec![Effect::Finish(result)])
    }

    /// Finishes asking the agent to clarify (a tool without elaboration submits).
    pub(super) fn finish_elaborate(&mut self) -> Vec<Effect> {
        let result = self.call.elaborate(&self.state.drafts);
        self.finish(vec![Effect::Finish(result)])
    }

    /// Finishes as cancelled, keeping the answers so far, and stops the agent.
    pub(super) fn finish_cancelled(&mut self) -> Vec<Effect> {
        let result = self.cancelled_result();
        self.finish(vec![Effect::StopAgent, Effect::Finish(result)])
    }

    fn finish(&mut self, effects: Vec<Effect>) -> Vec<Effect> {
        self.state.phase = Phase::Finished;
        effects
    }
}

impl Form {
    /// The cancelled result with the answers collected so far: what the flow gives when the
    /// user cancels, or when it is ended from outside (a signal, an abort, a crash).
    pub fn cancelled_result(&self) -> ToolResult {
        self.call.cancelled(Some(&self.state.drafts))
    }
}
