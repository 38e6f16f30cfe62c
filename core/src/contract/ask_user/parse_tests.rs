//! Parsing details the golden cases cannot show directly: which files are read and what is saved.

use serde_json::{Value, json};

use super::parse::{ParseOptions, parse_ask_user};
use super::{AskUserCall, FileProblem, PreviewFile, PreviewSource};
use crate::contract::{InvalidInput, Issue};

/// Preview files that exist only in memory; every other path is missing.
struct MemoryFiles(Vec<(&'static str, &'static [u8])>);

impl PreviewSource for MemoryFiles {
    fn load(&mut self, path: &str, _room: u64) -> PreviewFile {
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
fn a_preview_is_saved_as_written_and_read_trimmed_however_its_option_is_saved() {
    let options = json!([
        {"value": "a", "label": "A", "preview": "    fn a() {}\n\n"},
        {"value": "b", "label": "B", "preview": "\tb\n", "source": "kept as written"},
        {"value": "c", "label": "C ", "preview": "c", "description": null},
        {"value": "d", "label": "D", "preview": " ", "previewFile": "d.txt"}
    ]);
    let args = json!({"questions": [{"id": "a", "prompt": "A?", "type": "preview",
        "options": options}]});
    let call = parse(&args, &mut MemoryFiles(vec![("d.txt", b"\n  d\n")])).expect("valid");
    let saved = &call.arguments["questions"][0]["options"];
    for index in 0..3 {
        assert_eq!(saved[index], options[index], "option {index}");
    }
    assert_eq!(
        saved[3],
        json!({"value": "d", "label": "D", "preview": "\n  d\n"})
    );
    let previews: Vec<(&str, &str)> = call.request.questions[0]
        .options
        .iter()
        .map(|option| {
            let preview = option.preview.as_ref().expect("a preview");
            (&**preview, preview.as_written())
        })
        .collect();
    assert_eq!(
        previews,
        [
            ("fn a() {}", "    fn a() {}\n\n"),
            ("b", "\tb\n"),
            ("c", "c"),
            ("d", "\n  d\n")
        ]
    );
    assert_eq!(&*call.request.questions[0].options[2].label, "C");
}

#[test]
fn preview_files_are_not_read_while_the_structure_is_invalid() {
    struct Refuse;
    impl PreviewSource for Refuse {
        fn load(&mut self, path: &str, _room: u64) -> PreviewFile {
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

proptest::proptest! {
    /// Whatever the values and however often they repeat, each option whose trimmed value an
    /// earlier option has is reported once, in the options' order: the same as comparing every
    /// option with every earlier one.
    #[test]
    fn each_repeated_value_is_reported_once_at_every_later_option(
        values in proptest::collection::vec("[ab ]{1,3}", 1..40)
    ) {
        let options: Vec<Value> = values
            .iter()
            .map(|value| json!({"value": value, "label": "Some option"}))
            .collect();
        let args = json!({"questions": [{"id": "a", "prompt": "A?", "options": options}]});
        let trimmed: Vec<&str> = values.iter().map(|value| value.trim()).collect();
        let expected: Vec<Issue> = trimmed
            .iter()
            .enumerate()
            .filter_map(|(index, value)| {
                if value.is_empty() {
                    Some(Issue::new(
                        format!("questions[0].options[{index}].value"),
                        format!("Question 1, option {}: value is required", index + 1),
                    ))
                } else if trimmed[..index].contains(value) {
                    Some(Issue::new(
                        format!("questions[0].options[{index}].value"),
                        format!(
                            "Question 1, option {}: duplicate option value \"{value}\"",
                            index + 1
                        ),
                    ))
                } else {
                    None
                }
            })
            .collect();
        let found = parse(&args, &mut MemoryFiles(vec![])).map_or_else(|invalid| invalid.issues, |_| Vec::new());
        proptest::prop_assert_eq!(found, expected);
    }
}

#[test]
fn the_preview_files_of_one_call_take_at_most_sixteen_mib_in_all() {
    let mib: &'static [u8] = Box::leak(vec![b'a'; 1024 * 1024].into_boxed_slice());
    let mut files = MemoryFiles(vec![("big.txt", mib)]);
    let options: Vec<Value> = (0..20)
        .map(|n| json!({"value": format!("v{n}"), "previewFile": "big.txt"}))
        .collect();
    let args = json!({"questions": [{"id": "a", "prompt": "Which?", "type": "preview",
        "options": options}]});
    let invalid = parse(&args, &mut files).expect_err("twenty MiB of previews");
    let paths: Vec<&str> = invalid
        .issues
        .iter()
        .map(|issue| issue.path.as_str())
        .collect();
    assert_eq!(
        paths,
        (16..20)
            .map(|n| format!("questions[0].options[{n}].previewFile"))
            .collect::<Vec<_>>()
    );
    assert_eq!(
        invalid.issues[0].message,
        "Cannot load preview file \"/cwd/big.txt\": Preview files of one call total more than 16 MiB"
    );
}
