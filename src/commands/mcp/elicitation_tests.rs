use pi_agent_ask_core::contract::ask_user::ParseOptions;
use pi_agent_ask_core::contract::{Call, Tool};
use serde_json::{Value, json};

use super::{Shape, form, response};

fn call(tool: Tool, arguments: &Value) -> Call {
    Call::parse_saved(tool, arguments, ParseOptions::default(), "id-1").expect("valid arguments")
}

fn service_setup() -> Call {
    call(
        Tool::AskUser,
        &json!({"title": "Service setup", "questions": [
            {"id": "db", "label": "Database", "prompt": "Which database?", "required": true,
             "options": [{"value": "postgres", "label": "Postgres", "recommended": true,
                          "description": "Managed"}, {"value": "sqlite"}]},
            {"id": "features", "label": "Features", "prompt": "Which features?", "type": "multi",
             "options": [{"value": "auth", "label": "Auth"}, {"value": "billing", "label": "Billing"}]},
            {"id": "layout", "label": "Layout", "prompt": "Which layout?", "type": "preview",
             "options": [{"value": "a", "label": "A", "preview": "1\n2\n3\n4\n5\n6\n7\n8"},
                         {"value": "b", "label": "B", "preview": "short"}]}
        ]}),
    )
}

fn content(value: &Value) -> serde_json::Map<String, Value> {
    value.as_object().expect("an object").clone()
}

/// The remote response an accepted form's `content` stands for, which it must.
fn read(call: &Call, content: &serde_json::Map<String, Value>) -> Value {
    response(call, content).expect("a form's answer")
}

/// The text of the result the form's `accepted` content gives `call`.
fn answer_text(call: &Call, accepted: &Value) -> String {
    call.answered_by(&read(call, &content(accepted)))
        .text()
        .to_owned()
}

#[test]
fn a_single_choice_question_is_a_titled_enum_with_the_recommendation_in_its_title() {
    let schema = form(&service_setup(), Shape::Titled).schema;
    let db = &schema["properties"]["q1"];
    assert_eq!(db["type"], "string");
    assert_eq!(db["title"], "Database");
    assert_eq!(db["description"], "Which database?");
    assert_eq!(
        db["oneOf"],
        json!([
            {"const": "postgres", "title": "Postgres (recommended) | Managed"},
            {"const": "sqlite", "title": "Sqlite"}
        ])
    );
    assert_eq!(schema["properties"]["q1_own"]["type"], "string");
    assert_eq!(
        schema["properties"]["q1_own"]["title"],
        "Database: Type your own"
    );
    assert_eq!(schema["properties"]["q1_note"]["type"], "string");
}

#[test]
fn a_multiple_choice_question_is_a_titled_array() {
    let schema = form(&service_setup(), Shape::Titled).schema;
    let features = &schema["properties"]["q2"];
    assert_eq!(features["type"], "array");
    assert_eq!(
        features["items"]["anyOf"],
        json!([{"const": "auth", "title": "Auth"}, {"const": "billing", "title": "Billing"}])
    );
}

#[test]
fn previews_are_shortened_into_the_description() {
    let schema = form(&service_setup(), Shape::Titled).schema;
    assert_eq!(
        schema["properties"]["q3"]["description"],
        "Which layout?\n\nA:\n1\n2\n3\n4\n5\n6…\n\nB:\nshort"
    );
}

#[test]
fn text_the_client_shows_carries_no_escape_sequence_or_override_and_values_stay_as_given() {
    let hostile = call(
        Tool::AskUser,
        &json!({"title": "Setup\u{1b}]0;owned\u{7}", "questions": [
            {"id": "db", "label": "Data\u{1b}[2Jbase", "prompt": "Which\u{202e} database?",
             "options": [{"value": "pg\u{1b}", "label": "Postgres\u{9b}31m",
                          "description": "Managed\u{7}"}, {"value": "sqlite"}]}]}),
    );
    for shape in [Shape::Titled, Shape::Primitive] {
        let form = form(&hostile, shape);
        // The schema as sent, the value sent back left out.
        let sent = form.schema.to_string().replace(r#""pg\u001b""#, "");
        for control in [r"\u001b", r"\u0007", "\u{9b}", "\u{202e}"] {
            assert!(!sent.contains(control), "{control} in {shape:?}: {sent}");
            assert!(!form.message.contains(control), "{}", form.message);
        }
        assert!(
            form.message.starts_with("Setup␛]0;owned␇"),
            "{}",
            form.message
        );
        assert!(
            form.schema.to_string().contains(r#""pg\u001b""#),
            "the value is sent back as given: {}",
            form.schema
        );
    }
}

#[test]
fn ask_user_ends_with_submit_or_elaborate_and_required_never_blocks() {
    let built = form(&service_setup(), Shape::Titled);
    assert_eq!(
        built.schema["properties"]["finish"]["oneOf"],
        json!([{"const": "submit", "title": "Submit"}, {"const": "elaborate", "title": "Elaborate"}])
    );
    assert_eq!(built.schema.get("required"), None);
    assert_eq!(
        built.message,
        "Service setup\n\nThe agent asks 3 questions."
    );
}

#[test]
fn ask_user_question_requires_every_question_and_has_no_notes_or_finish() {
    let question = call(
        Tool::AskUserQuestion,
        &json!({"questions": [
            {"question": "Which auth?", "header": "Auth",
             "options": [{"label": "OAuth"}, {"label": "Cookies"}]},
            {"question": "Log format?", "header": "Format"}
        ]}),
    );
    let schema = form(&question, Shape::Titled).schema;
    assert_eq!(schema["required"], json!(["q1", "q2_own"]));
    assert_eq!(
        schema["properties"]["q1_own"]["title"],
        "Auth: Other (type something)"
    );
    assert_eq!(schema["properties"]["q2_own"]["title"], "Format");
    assert_eq!(schema["properties"].get("q2"), None);
    assert_eq!(schema["properties"].get("q1_note"), None);
    assert_eq!(schema["properties"].get("finish"), None);
}

#[test]
fn accepted_content_becomes_the_remote_response_of_the_same_answers() {
    let call = service_setup();
    let accepted = content(&json!({
        "q1": "postgres", "q1_note": "keep it managed",
        "q2": ["billing", "auth"], "q2_own": "Audit log",
        "q3": "b", "q3_own": "  ", "finish": "submit"
    }));
    assert_eq!(
        read(&call, &accepted),
        json!({"kind": "answer", "answers": {
            "db": {"values": ["postgres"], "note": "keep it managed"},
            "features": {"values": ["billing", "auth"], "customText": "Audit log"},
            "layout": {"values": ["b"]}
        }, "mode": "submit"})
    );
}

#[test]
fn a_written_answer_on_a_single_choice_question_wins_over_the_chosen_option() {
    let call = service_setup();
    let accepted = content(&json!({"q1": "sqlite", "q1_own": "MariaDB"}));
    let result = call
        .answer_remote(&read(&call, &accepted))
        .expect("a valid response")
        .to_json();
    assert_eq!(
        result["details"]["answers"]["db"],
        json!({"values": ["MariaDB"], "labels": ["MariaDB"], "indices": [], "customText": "MariaDB"})
    );
}

#[test]
fn elaborate_from_the_form_asks_the_agent_to_elaborate() {
    let call = service_setup();
    let accepted = content(&json!({"q1_note": "why postgres?", "finish": "elaborate"}));
    let result = call.answered_by(&read(&call, &accepted)).to_json();
    assert_eq!(result["details"]["mode"], "elaborate");
}

#[test]
fn content_the_contract_refuses_is_refused_as_an_answer_would_be() {
    let call = service_setup();
    let accepted = content(&json!({"q1": "mysql"}));
    let result = call.answered_by(&read(&call, &accepted));
    assert!(result.is_error());
    assert_eq!(
        result.text(),
        "External ask UI returned an invalid response: Unknown option value \"mysql\" for question \"db\".\nRequest ID: id-1"
    );
}

fn auth_question() -> Call {
    call(
        Tool::AskUserQuestion,
        &json!({"questions": [
            {"question": "Which auth?", "header": "Auth",
             "options": [{"label": "OAuth"}, {"label": "Cookies"}]}
        ]}),
    )
}

#[test]
fn a_required_single_choice_offers_other_so_a_written_answer_needs_no_option_picked() {
    let question = auth_question();
    let schema = form(&question, Shape::Titled).schema;
    assert_eq!(
        schema["properties"]["q1"]["oneOf"],
        json!([
            {"const": "OAuth", "title": "OAuth"},
            {"const": "Cookies", "title": "Cookies"},
            {"const": "Other (type something)", "title": "Other (type something)"}
        ])
    );
    assert_eq!(
        schema["properties"]["q1_own"]["description"],
        "Written instead of a choice above (choose \"Other (type something)\" there); when \
         filled in, it is the answer."
    );
    let written = content(&json!({"q1": "Other (type something)", "q1_own": "SAML"}));
    let result = question.answered_by(&read(&question, &written));
    assert_eq!(result.text(), "Auth: user wrote: SAML");
    let nothing_written = content(&json!({"q1": "Other (type something)", "q1_own": " "}));
    let unanswered = question.answered_by(&read(&question, &content(&json!({}))));
    assert_eq!(
        question
            .answered_by(&read(&question, &nothing_written))
            .text(),
        unanswered.text(),
        "Other with nothing written is no answer, as a form left empty"
    );
}

#[test]
fn other_is_not_offered_where_no_answer_is_required_or_an_option_has_its_value() {
    let optional = service_setup();
    let choices = &form(&optional, Shape::Titled).schema["properties"]["q1"]["oneOf"];
    assert!(
        choices
            .as_array()
            .expect("choices")
            .iter()
            .all(|choice| choice["const"] != "Type your own"),
        "{choices}"
    );
    let taken = call(
        Tool::AskUserQuestion,
        &json!({"questions": [
            {"question": "Which auth?", "header": "Auth",
             "options": [{"label": "OAuth"}, {"label": "Other (type something)"}]}
        ]}),
    );
    let schema = form(&taken, Shape::Titled).schema;
    assert_eq!(
        schema["properties"]["q1"]["oneOf"].as_array().map(Vec::len),
        Some(2)
    );
    let chosen = content(&json!({"q1": "Other (type something)"}));
    assert_eq!(
        taken.answered_by(&read(&taken, &chosen)).text(),
        "Auth: user selected: 2. Other (type something)"
    );
}

#[test]
fn other_chosen_in_a_multiple_choice_stands_for_the_written_answer_beside_the_options_chosen() {
    let question = call(
        Tool::AskUserQuestion,
        &json!({"questions": [
            {"question": "Which features?", "header": "Feat", "multiSelect": true,
             "options": [{"label": "A"}, {"label": "B"}]}
        ]}),
    );
    let choices = &form(&question, Shape::Titled).schema["properties"]["q1"]["items"]["anyOf"];
    assert_eq!(
        choices.as_array().and_then(|choices| choices.last()),
        Some(&json!({"const": "Other (type something)", "title": "Other (type something)"}))
    );
    let text = |accepted: Value| answer_text(&question, &accepted);
    assert_eq!(
        text(json!({"q1": ["A", "Other (type something)"]})),
        "Feat: user selected: 1. A"
    );
    assert_eq!(
        text(json!({"q1": ["Other (type something)"]})),
        text(json!({})),
        "Other alone with nothing written is no answer"
    );
    assert_eq!(
        text(json!({"q1": ["A", "Other (type something)"], "q1_own": "C"})),
        "Feat: user wrote: C"
    );
}

#[test]
fn before_2025_11_25_a_single_choice_is_a_plain_enum_with_its_titles_as_enum_names() {
    let schema = form(&service_setup(), Shape::Primitive).schema;
    let db = &schema["properties"]["q1"];
    assert_eq!(db["type"], "string");
    assert_eq!(db["enum"], json!(["postgres", "sqlite"]));
    assert_eq!(
        db["enumNames"],
        json!(["Postgres (recommended) | Managed", "Sqlite"])
    );
    assert_eq!(db.get("oneOf"), None);
    let finish = &schema["properties"]["finish"];
    assert_eq!(finish["enum"], json!(["submit", "elaborate"]));
    assert_eq!(finish["enumNames"], json!(["Submit", "Elaborate"]));
    assert_eq!(finish.get("default"), None, "no defaults before 2025-11-25");
}

#[test]
fn before_2025_11_25_a_multiple_choice_is_a_checkbox_per_option_read_back_in_option_order() {
    let call = service_setup();
    let schema = form(&call, Shape::Primitive).schema;
    let properties = schema["properties"].as_object().expect("properties");
    assert_eq!(properties.get("q2"), None, "no arrays");
    assert_eq!(
        properties["q2_option1"],
        json!({"type": "boolean", "title": "Features: Auth", "description": "Which features?"})
    );
    assert_eq!(
        properties["q2_option2"],
        json!({"type": "boolean", "title": "Features: Billing"})
    );
    for property in properties.values() {
        let kind = property["type"].as_str().expect("a type");
        assert!(
            ["string", "boolean"].contains(&kind),
            "primitive properties only: {property}"
        );
    }
    let accepted = content(&json!({
        "q1": "postgres", "q2_option1": true, "q2_option2": true, "q3": "b"
    }));
    assert_eq!(
        read(&call, &accepted)["answers"]["features"],
        json!({"values": ["auth", "billing"]})
    );
}

#[test]
fn before_2025_11_25_a_required_multiple_choice_offers_other_as_a_checkbox_and_requires_nothing_it_cannot()
 {
    let question = call(
        Tool::AskUserQuestion,
        &json!({"questions": [
            {"question": "Which features?", "header": "Feat", "multiSelect": true,
             "options": [{"label": "A"}, {"label": "B"}]},
            {"question": "Which auth?", "header": "Auth",
             "options": [{"label": "OAuth"}, {"label": "Cookies"}]}
        ]}),
    );
    let schema = form(&question, Shape::Primitive).schema;
    assert_eq!(schema["required"], json!(["q2"]));
    assert_eq!(
        schema["properties"]["q1_option3"]["title"],
        "Feat: Other (type something)"
    );
    let text = |accepted: Value| answer_text(&question, &accepted);
    assert_eq!(
        text(json!({"q1_option2": true, "q1_option3": true, "q1_own": "C", "q2": "OAuth"})),
        "Feat: user wrote: C\nAuth: user selected: 1. OAuth"
    );
}

#[test]
fn a_checkbox_that_is_no_boolean_is_no_forms_answer() {
    let call = service_setup();
    for ticked in [json!("true"), json!(1)] {
        let accepted = content(&json!({"q2_option1": ticked}));
        assert_eq!(
            response(&call, &accepted),
            Err("The form's field q2_option1 must be true or false, as a checkbox is.".to_owned())
        );
    }
    let unticked = content(&json!({"q2_option1": null, "q2_option2": false}));
    assert_eq!(read(&call, &unticked)["answers"], json!({}));
}
