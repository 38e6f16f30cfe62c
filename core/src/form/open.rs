//! What a form asks for as it opens: one "question waiting" notification, so the user learns
//! that an agent waits for them even when the terminal is not in view.

use super::Form;
use crate::effect::Effect;
use crate::settings::Notification;

impl Form {
    /// The effects of showing the form: the notification naming what the call says it waits
    /// for.
    pub(super) fn opening_effects(&self) -> Vec<Effect> {
        let subject = self.call.waiting_subject();
        vec![Effect::Notify(Notification::question_waiting(subject))]
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::contract::ask_user::{NoPreviewFiles, ParseOptions};
    use crate::contract::{Call, Tool};
    use crate::effect::{Effect, Surface};
    use crate::form::{Form, FormConfig};

    /// The one notification a form for this call asks for as it opens.
    fn announced(tool: Tool, arguments: &Value, present_single_as_multi: bool) -> String {
        let options = ParseOptions {
            present_single_as_multi,
        };
        let call = Call::parse(tool, arguments, options, &mut NoPreviewFiles, String::new)
            .expect("valid arguments");
        let opened = Form::new(call, &FormConfig::default()).open();
        let [Effect::Notify(notification)] = opened.as_slice() else {
            panic!("one notification, got {opened:?}");
        };
        assert_eq!(notification.title, "pi-agent-ask");
        notification.message.clone()
    }

    #[test]
    fn an_opening_form_announces_its_first_question_by_label() {
        let arguments = json!({"questions": [{"id": "db", "label": "Database",
            "prompt": "Which database?", "options": [{"value": "pg"}]}]});
        assert_eq!(
            announced(Tool::AskUser, &arguments, false),
            "Question waiting: Database"
        );
    }

    #[test]
    fn an_opening_form_announces_the_prompt_when_the_label_is_the_q1_fallback() {
        let arguments = json!({"questions": [{"id": "db", "prompt": "Which database?",
            "type": "single", "options": [{"value": "pg"}, {"value": "sqlite"}]}]});
        assert_eq!(
            announced(Tool::AskUser, &arguments, true),
            "Question waiting: Which database?"
        );
        let arguments = json!({"questions": [{"question": "Auth?"}]});
        assert_eq!(
            announced(Tool::AskUserQuestion, &arguments, false),
            "Question waiting: Auth?"
        );
    }
}
