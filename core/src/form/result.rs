//! Ending the flow: every result comes from the contract's builders.

use super::state::{Notice, Phase};
use super::{Form, Origin};
use crate::contract::ToolResult;
use crate::contract::question_tool;
use crate::contract::result::{cancelled_result, elaborate_result, submit_result};
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
        let refused = self.rules.submit_needs_every_answer && !self.all_answered();
        if refused {
            self.state.notice = Some(Notice::AnswerEveryQuestion);
        }
        refused
    }

    /// Finishes with the answers.
    pub(super) fn finish_submit(&mut self) -> Vec<Effect> {
        let drafts = &self.state.drafts;
        let result = match &self.origin {
            Origin::AskUser => ToolResult::AskUser(Box::new(submit_result(
                &self.request,
                &self.ids.request_id,
                drafts,
            ))),
            Origin::AskUserQuestion(request) => {
                ToolResult::AskUserQuestion(question_tool::answered_result(request, drafts))
            }
        };
        self.finish(vec![Effect::Finish(result)])
    }

    /// Finishes asking the agent to clarify (`ask_user` only; the other tool submits).
    pub(super) fn finish_elaborate(&mut self) -> Vec<Effect> {
        match &self.origin {
            Origin::AskUser => {
                let result =
                    elaborate_result(&self.request, &self.ids.request_id, &self.state.drafts);
                self.finish(vec![Effect::Finish(ToolResult::AskUser(Box::new(result)))])
            }
            Origin::AskUserQuestion(_) => self.finish_submit(),
        }
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
        let drafts = &self.state.drafts;
        match &self.origin {
            Origin::AskUser => ToolResult::AskUser(Box::new(cancelled_result(
                &self.request,
                &self.ids.request_id,
                Some(drafts),
            ))),
            Origin::AskUserQuestion(request) => {
                ToolResult::AskUserQuestion(question_tool::cancelled_result(request, drafts))
            }
        }
    }
}
