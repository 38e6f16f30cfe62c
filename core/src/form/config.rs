//! What a form is built from: the request, the user's settings and the ids passed in.

use crate::contract::ask_user::Request;
use crate::contract::question_tool::QuestionRequest;
use crate::keys::Keymaps;
use crate::settings::{Behaviour, Notification};

/// The request a form asks, tagged with the tool whose rules it follows.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum FormRequest {
    /// An `ask_user` request: review tab, notes, type changes, elaboration.
    AskUser(Request),
    /// An `ask_user_question` request: `Other` row, submit gating, no notes.
    AskUserQuestion(QuestionRequest),
}

impl FormRequest {
    /// The "question waiting" notification for this request: it names the first question by
    /// its label, or by its prompt when the label is only the `Q1` fallback.
    pub fn waiting_notification(&self) -> Notification {
        let (label, prompt) = match self {
            Self::AskUser(request) => request
                .questions
                .first()
                .map(|question| (question.label.as_str(), question.prompt.as_str())),
            Self::AskUserQuestion(request) => request
                .questions
                .first()
                .map(|question| (question.header.as_str(), question.question.as_str())),
        }
        .unwrap_or_default();
        Notification::question_waiting(if label == "Q1" { prompt } else { label })
    }
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

#[cfg(test)]
mod tests {
    use serde_json::json;

    use super::FormRequest;
    use crate::contract::ask_user::{NoPreviewFiles, ParseOptions, parse_ask_user};
    use crate::contract::question_tool::parse_ask_user_question;

    fn ask_user(label: Option<&str>) -> FormRequest {
        let mut question =
            json!({"id": "db", "prompt": "Which database?", "options": [{"value": "pg"}]});
        if let Some(label) = label {
            question["label"] = json!(label);
        }
        let arguments = json!({"questions": [question]});
        let call = parse_ask_user(&arguments, ParseOptions::default(), &mut NoPreviewFiles)
            .expect("valid arguments");
        FormRequest::AskUser(call.request)
    }

    #[test]
    fn the_waiting_notification_names_the_first_question_label() {
        let notification = ask_user(Some("Database")).waiting_notification();
        assert_eq!(notification.title, "pi-agent-ask");
        assert_eq!(notification.message, "Question waiting: Database");
    }

    #[test]
    fn the_waiting_notification_falls_back_to_the_prompt_without_a_label() {
        assert_eq!(
            ask_user(None).waiting_notification().message,
            "Question waiting: Which database?"
        );
        let request = parse_ask_user_question(&json!({"questions": [{"question": "Auth?"}]}))
            .expect("valid arguments");
        assert_eq!(
            FormRequest::AskUserQuestion(request)
                .waiting_notification()
                .message,
            "Question waiting: Auth?"
        );
    }
}
