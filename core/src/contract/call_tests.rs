use serde_json::json;

use super::*;
use crate::contract::ask_user::{NoPreviewFiles, ParseOptions};

fn call(tool: Tool, arguments: &Value) -> Call {
    Call::parse_saved(tool, arguments, ParseOptions::default(), "req-1").expect("valid arguments")
}

fn database(label: Option<&str>) -> Call {
    let mut question =
        json!({"id": "db", "prompt": "Which database?", "options": [{"value": "pg"}]});
    if let Some(label) = label {
        question["label"] = json!(label);
    }
    call(Tool::AskUser, &json!({"questions": [question]}))
}

#[test]
fn the_waiting_subject_is_the_first_question_label() {
    assert_eq!(database(Some("Database")).waiting_subject(), "Database");
}

#[test]
fn the_waiting_subject_falls_back_to_the_prompt_without_a_label() {
    assert_eq!(database(None).waiting_subject(), "Which database?");
    let question = call(
        Tool::AskUserQuestion,
        &json!({"questions": [{"question": "Auth?"}]}),
    );
    assert_eq!(question.waiting_subject(), "Auth?");
}

#[test]
fn only_an_ask_user_call_takes_a_request_id() {
    let mut asked = 0;
    let arguments = json!({"questions": [{"question": "Auth?"}]});
    Call::parse(
        Tool::AskUserQuestion,
        &arguments,
        ParseOptions::default(),
        &mut NoPreviewFiles,
        || {
            asked += 1;
            String::new()
        },
    )
    .expect("valid arguments");
    assert_eq!(asked, 0);
    assert_eq!(
        database(None).submit(&[]).to_json()["details"]["requestId"],
        "req-1"
    );
}

#[test]
fn a_presentation_change_shows_in_the_result_only_where_the_rules_allow_it() {
    let mut asked = database(None);
    asked.present(0, QuestionType::Multi);
    let details = asked.submit(&[Draft::default()]).to_json()["details"].clone();
    assert_eq!(details["questions"][0]["presentedType"], "multi");
    let arguments = json!({"questions": [{"question": "Ship?", "options": [
        {"label": "Yes"}, {"label": "No"}]}]});
    let mut question = call(Tool::AskUserQuestion, &arguments);
    question.present(0, QuestionType::Multi);
    assert!(!question.request().questions[0].is_multi());
}

#[test]
fn a_clone_shares_the_questions_until_one_of_the_two_changes_a_type() {
    let kept = database(None);
    let mut asked = kept.clone();
    assert!(std::ptr::eq(kept.request(), asked.request()));
    asked.present(0, QuestionType::Single);
    assert!(
        std::ptr::eq(kept.request(), asked.request()),
        "presenting a question as it is shown already copies nothing"
    );
    asked.present(0, QuestionType::Multi);
    assert!(asked.request().questions[0].is_multi());
    assert!(!kept.request().questions[0].is_multi());
    let presented = |call: &Call| {
        call.submit(&[Draft::default()]).to_json()["details"]["questions"][0]["presentedType"]
            .clone()
    };
    assert_eq!(presented(&asked), "multi");
    assert_eq!(presented(&kept), Value::Null);
}

#[test]
fn ask_user_question_without_any_ui_is_unavailable_not_cancelled() {
    let arguments = json!({"questions": [{"question": "Auth?"}]});
    let result = call(Tool::AskUserQuestion, &arguments).no_ui().to_json();
    assert_eq!(result["isError"], true);
    assert_eq!(result["details"]["unavailable"], true);
    assert_eq!(result["details"]["cancelled"], false);
}

#[test]
fn a_refused_remote_answer_is_an_error_result_naming_why() {
    let result = database(None).answered_by(&json!({"kind": "answer", "answers": {"x": {}}}));
    assert!(result.is_error());
    assert_eq!(
        result.text().lines().next(),
        Some("External ask UI returned an invalid response: Unknown question id \"x\".")
    );
}

#[test]
fn an_invalid_question_tool_call_reports_one_issue_without_a_path() {
    let invalid = Call::parse(
        Tool::AskUserQuestion,
        &json!({"questions": []}),
        ParseOptions::default(),
        &mut NoPreviewFiles,
        String::new,
    )
    .expect_err("no questions");
    assert_eq!(invalid.issues().len(), 1);
    assert_eq!(invalid.issues()[0].path, None);
    assert!(invalid.result().is_error());
}

#[test]
fn the_request_id_a_call_is_known_by_is_the_one_its_results_carry() {
    let call = database(None);
    assert_eq!(call.request_id(), Some("req-1"));
    assert_eq!(
        call.cancelled(None).to_json()["details"]["requestId"],
        "req-1"
    );
    let question = self::call(
        Tool::AskUserQuestion,
        &json!({"questions": [{"question": "Auth?"}]}),
    );
    assert_eq!(question.request_id(), None);
}

#[test]
fn the_unsent_text_of_drafts_reads_as_their_answers_would_and_is_none_for_nothing_entered() {
    let call = database(Some("Database"));
    let mut written = Draft::default();
    written.custom_text = "a local LRU".to_owned();
    written.custom_selected = true;
    assert_eq!(
        call.unsent_text(&[written]).as_deref(),
        Some("Database: a local LRU")
    );
    assert_eq!(call.unsent_text(&[Draft::default()]), None);
    let mut noted = Draft::default();
    noted.option_notes.insert(0, "too heavy".to_owned());
    assert_eq!(
        call.unsent_text(&[noted]).as_deref(),
        Some("Database: (no answer)\nDatabase / Pg note: too heavy"),
        "a note on an option not chosen is told too"
    );
}

#[test]
fn unsent_notes_on_options_not_chosen_stand_with_their_question_and_their_next_lines_are_indented()
{
    let call = call(
        Tool::AskUser,
        &json!({"questions": [
            {"id": "db", "label": "Database", "prompt": "Which database?",
             "options": [{"value": "pg", "label": "Pg"}, {"value": "lite", "label": "Lite"}]},
            {"id": "cache", "label": "Cache", "prompt": "Which cache?",
             "options": [{"value": "redis", "label": "Redis"}]}
        ]}),
    );
    let mut database = Draft::default();
    database.toggle(1);
    database
        .option_notes
        .insert(0, "too heavy\nfor a laptop".to_owned());
    database.note = "decide soon\nplease".to_owned();
    let mut cache = Draft::default();
    cache.custom_text = "a local LRU\nwith a TTL".to_owned();
    cache.custom_selected = true;
    assert_eq!(
        call.unsent_text(&[database, cache]).as_deref(),
        Some(
            "Database: Lite\n\
             Database note: decide soon\n  please\n\
             Database / Pg note: too heavy\n  for a laptop\n\
             Cache: a local LRU\n  with a TTL"
        )
    );
}
