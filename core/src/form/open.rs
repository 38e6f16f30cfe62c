//! What a form asks for as it opens: one "question waiting" notification, so the user learns
//! that an agent waits for them even when the terminal is not in view.

use super::Form;
use crate::effect::Effect;
use crate::settings::Notification;

impl Form {
    /// The effects of showing the form: the notification naming the first question by its
    /// label, or by its prompt when the label is only the `Q1` fallback.
    pub(super) fn opening_effects(&self) -> Vec<Effect> {
        let (label, prompt) = self
            .questions()
            .first()
            .map(|question| (question.label.as_str(), question.prompt.as_str()))
            .unwrap_or_default();
        let subject = if label == "Q1" { prompt } else { label };
        vec![Effect::Notify(Notification::question_waiting(subject))]
    }
}

#[cfg(test)]
mod tests {
    use serde_json::{Value, json};

    use crate::contract::ask_user::{NoPreviewFiles, ParseOptions, parse_ask_user};
    use crate::contract::question_tool::parse_ask_user_question;
    use crate::effect::{Effect, Surface};
    use crate::form::{FlowIds, Form, FormConfig, FormRequest};

    fn ask_user(question: &Value, present_single_as_multi: bool) -> FormRequest {
        let arguments = json!({"questions": [question]});
        let options = ParseOptions {
            present_single_as_multi,
        };
        let call =
            parse_ask_user(&arguments, options, &mut NoPreviewFiles).expect("valid arguments");
        FormRequest::AskUser(call.request)
    }

    /// What the form asks for as it opens, beside what its request announces.
    fn opening(request: FormRequest) -> (Vec<Effect>, Vec<Effect>) {
        let announced = vec![Effect::Notify(request.waiting_notification())];
        let mut form = Form::new(request, &FormConfig::default(), FlowIds::default());
        (form.open(), announced)
    }

    #[test]
    fn an_opening_form_announces_its_first_question_by_label() {
        let question = json!({"id": "db", "label": "Database", "prompt": "Which database?",
            "options": [{"value": "pg"}]});
        let (opened, announced) = opening(ask_user(&question, false));
        assert_eq!(opened, announced);
        let [Effect::Notify(notification)] = opened.as_slice() else {
            panic!("one notification, got {opened:?}");
        };
        assert_eq!(notification.message, "Question waiting: Database");
    }

    #[test]
    fn an_opening_form_announces_the_prompt_when_the_label_is_the_q1_fallback() {
        let question = json!({"id": "db", "prompt": "Which database?", "type": "single",
            "options": [{"value": "pg"}, {"value": "sqlite"}]});
        let (opened, announced) = opening(ask_user(&question, true));
        assert_eq!(opened, announced);
        assert!(
            matches!(&opened[..], [Effect::Notify(n)] if n.message.ends_with("Which database?"))
        );
        let request = parse_ask_user_question(&json!({"questions": [{"question": "Auth?"}]}))
            .expect("valid arguments");
        let (opened, announced) = opening(FormRequest::AskUserQuestion(request));
        assert_eq!(opened, announced);
        assert!(
            matches!(&opened[..], [Effect::Notify(n)] if n.message == "Question waiting: Auth?")
        );
    }
}
