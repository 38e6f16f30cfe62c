//! What a form is built from: the request, the user's settings and the ids passed in.

use crate::contract::ask_user::Request;
use crate::contract::question_tool::QuestionRequest;
use crate::input::Keymaps;
use crate::settings::Behaviour;

/// The request a form asks, tagged with the tool whose rules it follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormRequest {
    /// An `ask_user` request: review tab, notes, type changes, elaboration.
    AskUser(Request),
    /// An `ask_user_question` request: `Other` row, submit gating, no notes.
    AskUserQuestion(QuestionRequest),
}

/// The settings a form runs with; an open form can take new ones
/// ([`super::Form::apply_config`]).
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FormConfig {
    /// The behaviour switches of the settings file.
    pub behaviour: Behaviour,
    /// Which keys trigger which action.
    pub keymaps: Keymaps,
}

/// Ids the frontend passes in, since the core makes none itself.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct FlowIds {
    /// The request id `ask_user` results carry.
    pub request_id: String,
}
