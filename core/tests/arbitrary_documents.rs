//! Arbitrary and mutated JSON documents never make the contract panic, and every refusal says
//! why: `ask_user` arguments, `ask_user_question` arguments and remote responses.

mod documents;

use documents::{
    apply_all, arbitrary_json, mutations, valid_ask_user, valid_question_tool, valid_response,
};
use pi_agent_ask_core::contract::ask_user::{
    FileProblem, ParseOptions, PreviewFile, PreviewSource, parse_ask_user,
};
use pi_agent_ask_core::contract::question_tool::{self, parse_ask_user_question};
use pi_agent_ask_core::contract::remote::{
    AnswerSpec, CustomTextRule, RemoteResponse, validate_remote_response,
};
use pi_agent_ask_core::contract::request::{QuestionType, Request};
use pi_agent_ask_core::contract::result::{
    cancelled_result, elaborate_result, no_ui_result, submit_result,
};
use proptest::prelude::*;
use serde_json::{Value, json};

/// Preview files decided by name, covering every verdict without touching a disk.
struct FakeFiles;

impl PreviewSource for FakeFiles {
    fn load(&mut self, path: &str, _room: u64) -> PreviewFile {
        let content = match path {
            "ok.txt" => Ok(b"  a preview\n".to_vec()),
            "dir" => Err(FileProblem::NotRegularFile),
            "big.txt" => Err(FileProblem::TooLarge),
            "nul.txt" => Ok(b"a\0b".to_vec()),
            "latin1.txt" => Ok(vec![0x63, 0x61, 0x66, 0xe9]),
            "empty.txt" => Ok(b" \n".to_vec()),
            _ => Err(FileProblem::Io("No such file or directory".into())),
        };
        PreviewFile {
            resolved_path: format!("/cwd/{path}"),
            content,
        }
    }
}

fn check_ask_user(document: &Value, present_single_as_multi: bool) {
    let options = ParseOptions {
        present_single_as_multi,
    };
    match parse_ask_user(document, options, &mut FakeFiles) {
        Err(invalid) => {
            assert!(!invalid.issues.is_empty(), "no issue for {document}");
            for issue in &invalid.issues {
                assert!(!issue.message.is_empty(), "an empty message for {document}");
            }
        }
        Ok(call) => {
            let request = &call.request;
            assert!(!request.questions.is_empty());
            let mut ids = std::collections::HashSet::new();
            for question in &request.questions {
                assert!(!question.id.is_empty() && question.id.trim() == question.id);
                assert!(ids.insert(question.id.clone()), "duplicate id accepted");
                assert!(!question.label.is_empty() && !question.prompt.is_empty());
                assert!(!question.options.is_empty());
                let mut values = std::collections::HashSet::new();
                for option in &question.options {
                    assert!(
                        values.insert(option.value.clone()),
                        "duplicate value accepted"
                    );
                    assert!(!option.label.trim().is_empty());
                    if question.requested == QuestionType::Preview {
                        assert!(option.preview.is_some(), "a preview option without text");
                    }
                }
            }
            assert!(
                !call.arguments.to_string().contains("\"previewFile\""),
                "saved arguments kept a previewFile: {}",
                call.arguments
            );
            let _ = no_ui_result(request, "id");
        }
    }
}

fn check_question_tool(document: &Value) {
    match parse_ask_user_question(document) {
        Err(error) => assert!(!error.message.is_empty(), "no message for {document}"),
        Ok(request) => {
            assert!((1..=4).contains(&request.questions.len()));
            let mut headers = std::collections::HashSet::new();
            for (index, question) in request.questions.iter().enumerate() {
                assert_eq!(question.id, format!("q{}", index + 1));
                let length = question.header.chars().count();
                assert!((1..=12).contains(&length), "header {:?}", question.header);
                assert!(headers.insert(question.header.to_lowercase()));
                assert!(question.options.is_empty() || (2..=4).contains(&question.options.len()));
                assert_eq!(question.allow_other, !question.options.is_empty());
            }
            let _ = question_tool::unavailable_result(&request);
        }
    }
}

/// The request remote responses are validated against: single, multi and preview questions.
fn remote_request() -> Request {
    let arguments = json!({"questions": [
        {"id": "db", "prompt": "Which database?", "options": [
            {"value": "pg", "label": "Postgres"}, {"value": "lite", "label": "SQLite"}]},
        {"id": "features", "prompt": "Which features?", "type": "multi", "options": [
            {"value": "auth"}, {"value": "billing"}, {"value": "search"}]},
        {"id": "layout", "prompt": "Which layout?", "type": "preview", "options": [
            {"value": "grid", "label": "Grid", "preview": "[ ][ ]"}]}
    ]});
    parse_ask_user(&arguments, ParseOptions::default(), &mut FakeFiles)
        .expect("the remote request is valid")
        .request
}

fn check_remote(response: &Value, request: &Request) {
    let specs = AnswerSpec::for_request(request);
    match validate_remote_response(response, &specs, CustomTextRule::CombinesOnMulti) {
        Err(error) => assert!(!error.message.is_empty(), "no message for {response}"),
        Ok(RemoteResponse::Cancel) => {
            let _ = cancelled_result(request, "id", None);
        }
        Ok(RemoteResponse::Answer { drafts, .. }) => {
            assert_eq!(drafts.len(), specs.len());
            for (spec, draft) in specs.iter().zip(&drafts) {
                assert!(spec.multi || draft.selected().len() <= 1);
            }
            let submitted = submit_result(request, "id", &drafts);
            assert!(
                submitted
                    .details
                    .answers
                    .keys()
                    .all(|id| specs.iter().any(|spec| &spec.id == id))
            );
            let _ = elaborate_result(request, "id", &drafts);
        }
    }
}

fn check_question_tool_response(response: &Value) {
    let arguments = json!({"questions": [
        {"question": "Which auth?", "header": "Auth", "options": [{"label": "OAuth"}, {"label": "Cookies"}]},
        {"question": "Which scopes?", "multiSelect": true, "options": [{"label": "repo"}, {"label": "gist"}]},
        {"question": "Anything else?"}
    ]});
    let request = parse_ask_user_question(&arguments).expect("the question request is valid");
    let specs = AnswerSpec::for_request(&request.to_request());
    match validate_remote_response(response, &specs, CustomTextRule::Exclusive) {
        Err(error) => assert!(!error.message.is_empty(), "no message for {response}"),
        Ok(RemoteResponse::Cancel) => {
            let _ = question_tool::cancelled_result(&request, &[]);
        }
        Ok(RemoteResponse::Answer { drafts, .. }) => {
            let _ = question_tool::answered_result(&request, &drafts);
        }
    }
}

fn config(cases: u32) -> ProptestConfig {
    ProptestConfig {
        cases,
        failure_persistence: None,
        ..ProptestConfig::default()
    }
}

proptest! {
    #![proptest_config(config(1500))]

    #[test]
    fn arbitrary_json_never_panics_and_every_refusal_says_why(document in arbitrary_json()) {
        check_ask_user(&document, false);
        check_question_tool(&document);
        check_remote(&document, &remote_request());
        check_question_tool_response(&document);
    }

    #[test]
    fn mutated_ask_user_arguments_are_accepted_or_carry_issues(
        document in valid_ask_user(),
        changes in mutations(),
        present_single_as_multi in any::<bool>(),
    ) {
        let document = apply_all(document, &changes);
        check_ask_user(&document, present_single_as_multi);
    }

    #[test]
    fn mutated_question_tool_arguments_are_accepted_or_carry_a_message(
        document in valid_question_tool(),
        changes in mutations(),
    ) {
        check_question_tool(&apply_all(document, &changes));
    }

    #[test]
    fn mutated_remote_responses_are_accepted_or_carry_a_message(
        response in valid_response(),
        changes in mutations(),
    ) {
        let response = apply_all(response, &changes);
        check_remote(&response, &remote_request());
        check_question_tool_response(&response);
    }
}

#[test]
fn unmutated_valid_documents_are_accepted() {
    let mut runner = proptest::test_runner::TestRunner::new(config(200));
    runner
        .run(&valid_ask_user(), |document| {
            let parsed = parse_ask_user(&document, ParseOptions::default(), &mut FakeFiles);
            prop_assert!(parsed.is_ok(), "{document} was refused: {parsed:?}");
            Ok(())
        })
        .expect("every generated ask_user document is valid");
    runner
        .run(&valid_question_tool(), |document| {
            let parsed = parse_ask_user_question(&document);
            prop_assert!(parsed.is_ok(), "{document} was refused: {parsed:?}");
            Ok(())
        })
        .expect("every generated ask_user_question document is valid");
    let request = remote_request();
    runner
        .run(&valid_response(), |response| {
            let checked = validate_remote_response(
                &response,
                &AnswerSpec::for_request(&request),
                CustomTextRule::CombinesOnMulti,
            );
            prop_assert!(checked.is_ok(), "{response} was refused: {checked:?}");
            Ok(())
        })
        .expect("every generated remote response is valid");
}
