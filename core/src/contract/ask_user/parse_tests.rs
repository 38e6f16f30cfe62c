//! Parsing details the golden cases cannot show directly: which files are read and what is saved.

use serde_json::{Value, json};

use super::parse::{ParseOptions, parse_ask_user};
use super::{AskUserCall, FileProblem, PreviewFile, PreviewSource};
use crate::contract::{InvalidInput, Issue};

/// Preview files that exist only in memory; every other path is missing.
struct MemoryFiles(Vec<(&'static str, &'static [u8])>);

impl PreviewSource for MemoryFiles {
    fn load(&mut self, path: &str) -> PreviewFile {
        let content = self
            .0
            .iter()
            .find(|(name, _)| *name == path)
            .map(|(_, bytes)| bytes.to_vec())
            .ok_or_else(|| FileProblem::Io("No such file or directory".into()));
        PreviewFile {
            resolved_path: format!("/cwd/{path}"),
            content,
        }
    }
}

fn parse(args: &Value, files: &mut MemoryFiles) -> Result<AskUserCall, InvalidInput> {
    parse_ask_user(args, ParseOptions::default(), files)
}

#[test]
fn a_label_derived_from_only_separators_is_missing() {
    let args = json!({"questions": [{"id": "a", "prompt": "A?", "options": [{"value": "-_-"}]}]});
    let invalid = parse(&args, &mut MemoryFiles(vec![])).expect_err("the label is blank");
    assert_eq!(
        invalid.issues,
        vec![Issue::new(
            "questions[0].options[0].label",
            "Question 1, option 1: label is required"
        )]
    );
}

#[test]
fn a_derived_label_is_trimmed() {
    let args =
        json!({"questions": [{"id": "a", "prompt": "A?", "options": [{"value": "use-bun_"}]}]});
    let call = parse(&args, &mut MemoryFiles(vec![])).expect("valid");
    assert_eq!(call.request.questions[0].options[0].label, "Use bun");
    assert_eq!(
        call.arguments["questions"][0]["options"][0]["label"],
        "Use bun"
    );
}

#[test]
fn saved_arguments_never_keep_a_preview_file() {
    let args = json!({"questions": [{"id": "a", "prompt": "A?", "type": "preview", "options": [
        {"value": "x", "label": "X", "previewFile": " x.txt "},
        {"value": "y", "label": "Y", "preview": "why", "previewFile": "  "}
    ]}]});
    let call = parse(&args, &mut MemoryFiles(vec![("x.txt", b" text\n")])).expect("valid");
    let options = &call.arguments["questions"][0]["options"];
    assert_eq!(
        options[0],
        json!({"value": "x", "label": "X", "preview": " text\n"})
    );
    assert_eq!(
        options[1],
        json!({"value": "y", "label": "Y", "preview": "why"})
    );
    assert_eq!(
        call.request.questions[0].options[0].preview.as_deref(),
        Some("text")
    );
}

#[test]
fn preview_files_are_not_read_while_the_structure_is_invalid() {
    struct Refuse;
    impl PreviewSource for Refuse {
        fn load(&mut self, path: &str) -> PreviewFile {
            panic!("{path} was read although the arguments are invalid")
        }
    }
    let args = json!({"questions": [{"id": "a", "prompt": " ", "options": [
        {"value": "x", "label": "X", "previewFile": "x.txt"}
    ]}]});
    let invalid = parse_ask_user(&args, ParseOptions::default(), &mut Refuse)
        .expect_err("the prompt is blank");
    assert_eq!(invalid.issues.len(), 1);
}
