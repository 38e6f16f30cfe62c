//! Strategies for the contract's property tests: arbitrary JSON, valid documents of each kind,
//! and mutations that break them in the ways a model or a remote UI might.

use proptest::prelude::*;
use proptest::sample::Index;
use serde_json::{Map, Value, json};

/// Field names the contract reads, so arbitrary objects often look almost right.
const KEYS: &[&str] = &[
    "questions",
    "id",
    "label",
    "prompt",
    "type",
    "required",
    "options",
    "value",
    "description",
    "preview",
    "previewFile",
    "recommended",
    "title",
    "background",
    "question",
    "header",
    "multiSelect",
    "kind",
    "mode",
    "answers",
    "values",
    "customText",
    "note",
    "optionNotes",
    "db",
    "features",
    "layout",
    "q1",
    "q2",
    "pg",
    "auth",
    "grid",
];

/// Strings the contract treats specially, and arbitrary ones.
fn text() -> impl Strategy<Value = String> {
    prop_oneof![
        prop::sample::select(vec![
            "",
            "  ",
            "\n\t",
            "single",
            "multi",
            "preview",
            "answer",
            "cancel",
            "submit",
            "elaborate",
            "pg",
            "lite",
            "auth",
            "search",
            "grid",
            "OAuth",
            "repo",
            "q1",
            "db",
            "ok.txt",
            "dir",
            "big.txt",
            "nul.txt",
            "latin1.txt",
            "empty.txt",
            "missing.txt",
            "-_-",
            "use-bun_now",
        ])
        .prop_map(str::to_owned),
        "\\PC{0,16}",
    ]
}

fn leaf() -> impl Strategy<Value = Value> {
    prop_oneof![
        Just(Value::Null),
        any::<bool>().prop_map(Value::Bool),
        any::<i64>().prop_map(Value::from),
        (-1.0e9f64..1.0e9).prop_map(Value::from),
        text().prop_map(Value::String),
    ]
}

fn key() -> impl Strategy<Value = String> {
    prop_oneof![
        4 => prop::sample::select(KEYS).prop_map(str::to_owned),
        1 => "[a-zA-Z ]{0,8}",
    ]
}

fn json_of_depth(depth: u32) -> impl Strategy<Value = Value> {
    leaf().prop_recursive(depth, 48, 6, |inner| {
        prop_oneof![
            prop::collection::vec(inner.clone(), 0..6).prop_map(Value::Array),
            prop::collection::vec((key(), inner), 0..6)
                .prop_map(|entries| Value::Object(entries.into_iter().collect())),
        ]
    })
}

/// Any JSON value, nested a few levels deep.
pub fn arbitrary_json() -> impl Strategy<Value = Value> {
    json_of_depth(5)
}

fn option(index: usize, preview: bool) -> impl Strategy<Value = Value> {
    (
        prop::option::of(prop::sample::select(vec!["Label", "  Spaced  ", "", " "])),
        prop::option::of(prop::sample::select(vec!["More", "  "])),
        prop::option::of(any::<bool>()),
        any::<bool>(),
    )
        .prop_map(move |(label, description, recommended, from_file)| {
            let mut option = Map::new();
            option.insert("value".into(), json!(format!(" value-{index}_x ")));
            if let Some(label) = label {
                option.insert("label".into(), json!(label));
            }
            if let Some(description) = description {
                option.insert("description".into(), json!(description));
            }
            if let Some(recommended) = recommended {
                option.insert("recommended".into(), json!(recommended));
            }
            if preview || from_file {
                if from_file {
                    option.insert("previewFile".into(), json!(" ok.txt "));
                } else {
                    option.insert("preview".into(), json!("  [ ][ ]  "));
                }
            }
            Value::Object(option)
        })
}

fn question(index: usize) -> impl Strategy<Value = Value> {
    (
        prop::sample::select(vec![None, Some("single"), Some("multi"), Some("preview")]),
        1usize..=4,
        prop::option::of(any::<bool>()),
        prop::option::of(prop::sample::select(vec!["Label", "  "])),
    )
        .prop_flat_map(move |(kind, count, required, label)| {
            let options: Vec<_> = (0..count)
                .map(|option_index| option(option_index, kind == Some("preview")))
                .collect();
            options.prop_map(move |options| {
                let mut question = Map::new();
                question.insert("id".into(), json!(format!(" id{index} ")));
                question.insert("prompt".into(), json!(format!("Question {index}?")));
                if let Some(kind) = kind {
                    question.insert("type".into(), json!(kind));
                }
                if let Some(required) = required {
                    question.insert("required".into(), json!(required));
                }
                if let Some(label) = label {
                    question.insert("label".into(), json!(label));
                }
                question.insert("options".into(), Value::Array(options));
                Value::Object(question)
            })
        })
}

/// A valid `ask_user` document: one to three questions of every type.
pub fn valid_ask_user() -> impl Strategy<Value = Value> {
    (
        1usize..=3,
        prop::option::of(prop::sample::select(vec!["Title", "  "])),
    )
        .prop_flat_map(|(count, title)| {
            let questions: Vec<_> = (0..count).map(question).collect();
            questions.prop_map(move |questions| {
                let mut document = Map::new();
                if let Some(title) = title {
                    document.insert("title".into(), json!(title));
                }
                document.insert("questions".into(), Value::Array(questions));
                Value::Object(document)
            })
        })
}

/// A valid `ask_user_question` document: one to four questions with 0 or 2–4 options.
pub fn valid_question_tool() -> impl Strategy<Value = Value> {
    let question = (
        prop::option::of(any::<bool>()),
        prop::sample::select(vec![0usize, 2, 3, 4]),
        any::<bool>(),
    );
    prop::collection::vec(question, 1..=4).prop_map(|questions| {
        let questions: Vec<Value> = questions
            .into_iter()
            .enumerate()
            .map(|(index, (multi, options, header))| {
                let mut question = Map::new();
                question.insert("question".into(), json!(format!(" Question {index}? ")));
                if header {
                    question.insert("header".into(), json!(format!("Header number {index}")));
                }
                if options > 0 {
                    let options: Vec<Value> = (0..options)
                        .map(|option| json!({"label": format!("Option {option}"), "description": "Why"}))
                        .collect();
                    question.insert("options".into(), Value::Array(options));
                }
                if let Some(multi) = multi {
                    question.insert("multiSelect".into(), json!(multi));
                }
                Value::Object(question)
            })
            .collect();
        json!({ "questions": questions })
    })
}

/// A valid response to the property tests' remote request (`db`, `features`, `layout`).
pub fn valid_response() -> impl Strategy<Value = Value> {
    (
        prop::sample::select(vec![None, Some("submit"), Some("elaborate")]),
        prop::sample::select(vec![
            json!(null),
            json!({"values": ["pg"]}),
            json!({"customText": "Mongo", "note": "why?"}),
            json!({"values": ["lite"], "optionNotes": {"pg": "and this?", "lite": " "}}),
            json!({"note": "not sure"}),
        ]),
        prop::sample::subsequence(vec!["auth", "billing", "search"], 0..=3),
        prop::option::of(prop::sample::select(vec!["Audit", "  "])),
        any::<bool>(),
        any::<bool>(),
    )
        .prop_map(|(mode, db, features, custom, layout, cancel)| {
            if cancel {
                return json!({"kind": "cancel"});
            }
            let mut answers = Map::new();
            if !db.is_null() {
                answers.insert("db".into(), db);
            }
            let mut answer = json!({ "values": features });
            if let Some(custom) = custom {
                answer["customText"] = json!(custom);
            }
            answers.insert("features".into(), answer);
            if layout {
                answers.insert("layout".into(), json!({"values": ["grid"]}));
            }
            let mut response = json!({"kind": "answer", "answers": answers});
            if let Some(mode) = mode {
                response["mode"] = json!(mode);
            }
            response
        })
}

/// One way to break a document, at a node chosen by index among all its nodes.
#[derive(Clone, Debug)]
pub enum Mutation {
    /// Remove the node from its parent (the root becomes `null`).
    Delete(Index),
    /// Put another value, usually of another type, in its place.
    Replace(Index, Value),
    /// Make a string blank, anything else an empty string.
    Blank(Index),
    /// Empty an array or object; anything else becomes `[]`.
    Empty(Index),
    /// Repeat an array element right after itself.
    Duplicate(Index),
}

/// One to three mutations.
pub fn mutations() -> impl Strategy<Value = Vec<Mutation>> {
    let mutation = prop_oneof![
        any::<Index>().prop_map(Mutation::Delete),
        (any::<Index>(), json_of_depth(2)).prop_map(|(at, value)| Mutation::Replace(at, value)),
        any::<Index>().prop_map(Mutation::Blank),
        any::<Index>().prop_map(Mutation::Empty),
        any::<Index>().prop_map(Mutation::Duplicate),
    ];
    prop::collection::vec(mutation, 1..=3)
}

#[derive(Clone, Debug)]
enum Step {
    Key(String),
    Item(usize),
}

fn collect_paths(value: &Value, prefix: &mut Vec<Step>, out: &mut Vec<Vec<Step>>) {
    out.push(prefix.clone());
    match value {
        Value::Object(object) => {
            for (key, child) in object {
                prefix.push(Step::Key(key.clone()));
                collect_paths(child, prefix, out);
                prefix.pop();
            }
        }
        Value::Array(items) => {
            for (index, child) in items.iter().enumerate() {
                prefix.push(Step::Item(index));
                collect_paths(child, prefix, out);
                prefix.pop();
            }
        }
        _ => {}
    }
}

fn node_mut<'a>(value: &'a mut Value, path: &[Step]) -> Option<&'a mut Value> {
    path.iter().try_fold(value, |node, step| match step {
        Step::Key(key) => node.get_mut(key.as_str()),
        Step::Item(index) => node.get_mut(*index),
    })
}

fn apply(document: &mut Value, mutation: &Mutation) {
    let (Mutation::Delete(at)
    | Mutation::Replace(at, _)
    | Mutation::Blank(at)
    | Mutation::Empty(at)
    | Mutation::Duplicate(at)) = mutation;
    let mut paths = Vec::new();
    collect_paths(document, &mut Vec::new(), &mut paths);
    let path = at.get(&paths).clone();
    let (parent_path, last) = match path.split_last() {
        Some((last, parent)) => (parent.to_vec(), Some(last.clone())),
        None => (Vec::new(), None),
    };
    match mutation {
        Mutation::Delete(_) => match (node_mut(document, &parent_path), last) {
            (Some(Value::Object(object)), Some(Step::Key(key))) => {
                object.shift_remove(&key);
            }
            (Some(Value::Array(items)), Some(Step::Item(index))) => {
                items.remove(index);
            }
            _ => *document = Value::Null,
        },
        Mutation::Duplicate(_) => {
            if let (Some(Value::Array(items)), Some(Step::Item(index))) =
                (node_mut(document, &parent_path), last)
            {
                let copy = items[index].clone();
                items.insert(index + 1, copy);
            }
        }
        Mutation::Replace(_, value) => {
            if let Some(node) = node_mut(document, &path) {
                *node = value.clone();
            }
        }
        Mutation::Blank(_) => {
            if let Some(node) = node_mut(document, &path) {
                *node = Value::String(if node.is_string() { "   " } else { "" }.into());
            }
        }
        Mutation::Empty(_) => {
            if let Some(node) = node_mut(document, &path) {
                *node = match node {
                    Value::Object(_) => Value::Object(Map::new()),
                    _ => Value::Array(Vec::new()),
                };
            }
        }
    }
}

/// The document after every mutation, in order.
pub fn apply_all(mut document: Value, mutations: &[Mutation]) -> Value {
    for mutation in mutations {
        apply(&mut document, mutation);
    }
    document
}
